"""What a person does to the list's rows with a pointer or keys (drag to reorder while
editing, swipe to delete) must reach the server's data source."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot


def moved(order, source, destination):
    order = list(order)
    order.insert(destination, order.pop(source))
    return order


def row_height(demo):
    return demo.view_state()["sections"][2]["rowHeight"]


def test_drag_to_reorder_reaches_the_server(demo):
    demo.scroll_to_section("list")
    before = demo.server_list()
    handles = demo.driver.find_elements(By.CSS_SELECTOR, '.dcv-section[data-section-id="list"] .dcv-acc-reorder')
    assert handles == [], "reorder handles show only while editing"

    demo.driver.find_element(By.ID, "editing").click()
    demo.wait_for(lambda p: p.js("""
      const cells = document.querySelectorAll('.dcv-section[data-section-id="list"] .dcv-cell');
      return cells.length > 0 && Array.from(cells).every((el) => el.querySelector('.dcv-acc-reorder'));
    """), "editing mode did not show a reorder handle on every row")
    assert demo.view_state()["editing"] is True
    demo.wait_settled()
    screenshot(demo.driver, "06-editing")

    # Drag entry-2's handle down by three rows, in small steps as a hand would.
    handle = demo.cell_element("entry-2").find_element(By.CSS_SELECTOR, ".dcv-acc-reorder")
    distance = 3 * row_height(demo)
    # 50 ms per pointer move instead of Selenium's 250: still separate events, a faster test.
    drag = ActionChains(demo.driver, duration=50).click_and_hold(handle)
    moved_so_far = 0
    for k in range(1, 13):
        step = round(distance * k / 12) - moved_so_far
        drag.move_by_offset(0, step)
        moved_so_far += step
    drag.release().perform()

    demo.wait_for(lambda p: p.js("return window.__e2e.reorders.length") == 1,
                  "the page never reported a reorder")
    reorder = demo.js("return window.__e2e.reorders[0]")
    assert reorder == {"from": [2, 1], "to": [2, 4]}
    expected = moved(before, 1, 4)
    assert demo.server_list() == expected
    demo.wait_list_matches(expected)
    assert demo.js("return document.activeElement.getAttribute('data-item-id')") == "entry-2"

    # The keyboard alternative on the focused row: Alt+Up moves it back up one.
    ActionChains(demo.driver).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    demo.wait_for(lambda p: p.js("return window.__e2e.reorders.length") == 2,
                  "Alt+ArrowUp did not reorder")
    assert demo.js("return window.__e2e.reorders[1]") == {"from": [2, 4], "to": [2, 3]}
    expected = moved(expected, 4, 3)
    assert demo.server_list() == expected
    demo.wait_list_matches(expected)

    assert demo.server_errors() == [], "the server refused a reorder"
    assert demo.stats()["mismatches"] == 0


def test_swipe_to_delete_by_pointer_and_by_keys(demo):
    demo.scroll_to_section("list")
    before = demo.server_list()

    # Swipe entry-3 to the left far enough to open its actions, not so far as to delete.
    row = demo.cell_element("entry-3")
    swipe = ActionChains(demo.driver, duration=50).click_and_hold(row.find_element(By.CSS_SELECTOR, ".dcv-text"))
    for _ in range(6):
        swipe.move_by_offset(-20, 0)
    swipe.release().perform()
    demo.wait_for(lambda p: "dcv-swipe-open-trailing" in row.get_attribute("class"),
                  "the swipe did not open the row's trailing actions")
    delete = row.find_element(By.CSS_SELECTOR, '.dcv-swipe-trailing [data-action="Delete"]')
    assert delete.is_displayed() and delete.text == "Delete"
    assert demo.server_list() == before, "opening the actions alone must not delete"
    demo.wait_settled()
    screenshot(demo.driver, "07-swipe-open")

    delete.click()
    expected = [x for x in before if x != "entry-3"]
    assert demo.server_list() == expected
    demo.wait_list_matches(expected)

    # Keys: Ctrl+Left on a focused row opens its actions with focus on Delete; Enter taps it.
    demo.cell_element("entry-5").find_element(By.CSS_SELECTOR, ".dcv-text").click()
    ActionChains(demo.driver).key_down(Keys.CONTROL).send_keys(Keys.ARROW_LEFT).key_up(Keys.CONTROL).perform()
    demo.wait_for(lambda p: p.js("return document.activeElement.getAttribute('data-action')") == "Delete",
                  "Ctrl+ArrowLeft did not open the actions with focus on Delete")
    demo.driver.switch_to.active_element.send_keys(Keys.ENTER)
    expected = [x for x in expected if x != "entry-5"]
    demo.wait_for(lambda p: p.server_list() == expected, "the keyboard delete never reached the server")
    demo.wait_list_matches(expected)
    assert demo.server_errors() == []
