"""The outline section: expand and collapse by mouse (the disclosure) and by keys (Right and
Left on a focused treeitem), through the server's section snapshot."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import screenshot
from demo_page import CONNECTION

CHILDREN = {
    "Lists": ["Plain", "Grouped", "Inset Grouped", "Sidebar"],
    "Grids": ["Columns", "Adaptive"],
    "Outlines": ["Expand", "Collapse", "Lazy Children"],
}


def visible_outline(expanded):
    """The outline's rows, pre-order, for the set of expanded parents."""
    rows = []
    for parent in ("Lists", "Grids", "Outlines"):
        rows.append(parent)
        if parent in expanded:
            rows.extend(CHILDREN[parent])
    return rows


def wait_outline(demo, expanded):
    """Waits until the DOM's tree shows exactly the expanded parents' children, with
    aria-expanded, aria-level and sibling positions to match; returns the cells."""
    want = visible_outline(expanded)

    def shows(p):
        cells = p.cells("outline")
        if [c["text"] for c in cells] != want or any(c["placeholder"] or c["stale"] for c in cells):
            return None
        return cells
    cells = demo.wait_for(shows, f"the outline never showed {want}")
    parents = [c for c in cells if c["text"] in CHILDREN]
    for position, cell in enumerate(parents, start=1):
        assert cell["level"] == "1"
        assert cell["expanded"] == ("true" if cell["text"] in expanded else "false"), cell
        assert (cell["posinset"], cell["setsize"]) == (position, 3)
    for parent, children in CHILDREN.items():
        shown = [c for c in cells if c["text"] in children]
        if parent not in expanded:
            assert shown == []
            continue
        assert [c["id"] for c in shown] == [f"node-{name}" for name in children]
        for position, cell in enumerate(shown, start=1):
            assert cell["role"] == "treeitem" and cell["level"] == "2" and cell["expanded"] is None
            assert (cell["posinset"], cell["setsize"]) == (position, len(children))
    assert demo.stats()["mismatches"] == 0
    return cells


def outline_row(demo, name):
    return demo.cell_element(f"node-{name}")


def test_expand_and_collapse_with_the_mouse(demo):
    wait_outline(demo, {"Lists"})
    batches = demo.stats()["batchesApplied"]

    demo.wait_settled()  # rows slide when others expand: click where they end
    outline_row(demo, "Grids").find_element(By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]').click()
    wait_outline(demo, {"Lists", "Grids"})
    update = demo.snapshot()["lastBatch"]["update"]
    assert len(update["insertedItems"]) == 2
    assert update["reconfiguredItems"] == [[1, 5]], "the parent row is reconfigured so its disclosure turns"
    assert demo.js("return document.activeElement.getAttribute('data-item-id')") == "node-Grids"
    assert "dcv-expanded" in outline_row(demo, "Grids").find_element(
        By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]').get_attribute("class")

    demo.wait_settled()  # rows slide when others expand: click where they end
    outline_row(demo, "Outlines").find_element(By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]').click()
    wait_outline(demo, {"Lists", "Grids", "Outlines"})
    demo.wait_settled()
    screenshot(demo.driver, "02-outline-expanded")

    outline_row(demo, "Lists").find_element(By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]').click()
    wait_outline(demo, {"Grids", "Outlines"})
    assert len(demo.snapshot()["lastBatch"]["update"]["deletedItems"]) == 4
    assert demo.stats()["batchesApplied"] == batches + 3
    assert demo.server_errors() == []


def test_expand_and_collapse_with_the_keyboard(demo):
    wait_outline(demo, {"Lists"})
    # A click on the row's text selects and focuses it; from then on only keys are used.
    demo.wait_settled()  # rows slide when others expand: click where they end
    outline_row(demo, "Grids").find_element(By.CSS_SELECTOR, ".dcv-text").click()
    demo.wait_for(lambda p: p.js("return document.activeElement.getAttribute('data-item-id')")
                  == "node-Grids", "the Grids row did not take focus")
    keys = ActionChains(demo.driver)

    keys.send_keys(Keys.ARROW_RIGHT).perform()
    wait_outline(demo, {"Lists", "Grids"})
    # Right on an expanded parent steps into its first child.
    keys.send_keys(Keys.ARROW_RIGHT).perform()
    demo.wait_for(lambda p: p.js("return document.activeElement.getAttribute('data-item-id')")
                  == "node-Columns", "Right on an expanded parent did not focus its first child")
    # Left on a child goes back to its parent; Left again collapses it.
    keys.send_keys(Keys.ARROW_LEFT).perform()
    demo.wait_for(lambda p: p.js("return document.activeElement.getAttribute('data-item-id')")
                  == "node-Grids", "Left on a child did not focus its parent")
    keys.send_keys(Keys.ARROW_LEFT).perform()
    wait_outline(demo, {"Lists"})

    # Up walks to the previous visible row, a child of Lists; Left there goes to Lists and
    # Left again collapses it.
    keys.send_keys(Keys.ARROW_UP).perform()
    demo.wait_for(lambda p: p.js("return document.activeElement.getAttribute('data-item-id')")
                  == "node-Sidebar", "Up did not reach the previous row")
    keys.send_keys(Keys.ARROW_LEFT).send_keys(Keys.ARROW_LEFT).perform()
    wait_outline(demo, set())
    assert demo.js("return document.activeElement.getAttribute('data-item-id')") == "node-Lists"
    assert demo.js("return document.activeElement.getAttribute('aria-expanded')") == "false"
    assert demo.server_errors() == []


def test_a_click_that_meets_a_batch_is_not_lost(demo):
    """A disclosure click names the page's seq. When a batch is already on its way the server
    has moved on and refuses the click as stale; the page then sends the user's intent again
    against the new state, so the parent still expands, with no warning."""
    wait_outline(demo, {"Lists"})
    demo.wait_settled()
    errors = len(demo.server_errors())
    kept = demo.stats().get("togglesKept", 0)
    disclosure = outline_row(demo, "Grids").find_element(By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]')
    # The command and the click leave in one task, in this order: the server applies the
    # shuffle (its seq moves on, the batch goes out) before it reads the click, which names
    # the seq before. Deterministic, unlike two clicks a moment apart.
    demo.js(f"{CONNECTION}.sendApp('command', {{command: 'shuffle'}}); arguments[0].click();", disclosure)
    wait_outline(demo, {"Lists", "Grids"})
    # (The window and cells requests the click's render sent may be refused as stale too;
    # the page has moved on from those by itself.)
    refused = [e for e in demo.server_errors()[errors:] if e["inReplyTo"] == "setExpanded"]
    assert [(e["code"], e["seq"]) for e in refused] == [("stale", demo.view_state()["seq"] - 2)], \
        f"the click did not meet the batch, so this tested nothing: {refused}"
    assert demo.stats()["togglesKept"] == kept + 1
    warnings = [e["message"] for e in demo.driver.get_log("browser") if e["level"] in ("WARNING", "SEVERE")]
    assert warnings == [], warnings
    assert demo.stats()["mismatches"] == 0
