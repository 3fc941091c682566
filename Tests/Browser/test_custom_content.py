"""Custom content configurations (a cell's `custom`: {renderer, payload}) on a live page: a
renderer the page registered draws the row, the row is named by it, and a real click on its
drawing selects the row, with the renderer called again for the press and the selection."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from demo_page import CONNECTION, VIEW

# Registers a renderer that records every state it is drawn in, then gives one loaded entry
# of the list a custom configuration, as the server would send it (a `cells` message).
INSTALL = f"""
const done = arguments[arguments.length - 1];
import('/diffable.js').then(({{registerContentRenderer}}) => {{
  const states = window.__e2e.customStates = [];
  registerContentRenderer('e2e-badge', (element, payload, state) => {{
    states.push(state);
    const badge = document.createElement('strong');
    badge.className = 'e2e-badge';
    badge.textContent = payload.word + (state.highlighted ? ' (pressed)' : '') + (state.selected ? ' (chosen)' : '');
    element.appendChild(badge);
    return 'Badge ' + payload.word;
  }});
  const v = {VIEW};
  const s = 2, i = v.renderRanges()[2][0] + 1;
  const cell = JSON.parse(JSON.stringify(v.cellAt([s, i])));
  cell.content = null;
  cell.custom = {{renderer: 'e2e-badge', payload: {{word: 'Hello'}}}};
  {CONNECTION}.receive(JSON.stringify({{v: 1, type: 'cells', view: 'demo', seq: v.seq, cells: [{{indexPath: [s, i], cell}}]}}));
  done(cell.id);
}}, (e) => done('failed: ' + e));
"""


def test_a_custom_row_is_drawn_named_and_selected_by_a_click(demo):
    demo.scroll_to_section("list")
    demo.wait_settled()
    item = demo.driver.execute_async_script(INSTALL)
    assert not str(item).startswith("failed"), item
    row = demo.wait_for(lambda p: p.driver.find_elements(By.CSS_SELECTOR, f'.dcv-cell[data-item-id="{item}"] .e2e-badge'),
                        "the renderer never drew the row")[0].find_element(By.XPATH, "ancestor::div[contains(@class, 'dcv-cell')]")
    assert row.get_attribute("aria-label") == "Badge Hello"
    assert row.find_element(By.CSS_SELECTOR, ".dcv-content").get_attribute("data-renderer") == "e2e-badge"
    assert row.get_attribute("aria-selected") == "false"

    # A real click on the drawing itself: the press redraws it, and the click still selects
    # the row.
    ActionChains(demo.driver).move_to_element(row.find_element(By.CSS_SELECTOR, ".e2e-badge")).click().perform()
    demo.wait_for(lambda p: row.get_attribute("aria-selected") == "true", "the click did not select the custom row")
    states = demo.js("return window.__e2e.customStates")
    assert any(s["highlighted"] for s in states), f"never drawn pressed: {states}"
    assert states[-1]["selected"] and not states[-1]["highlighted"] and states[-1]["focused"], states[-1]
    assert row.find_element(By.CSS_SELECTOR, ".e2e-badge").text == "Hello (chosen)"

    # Focus leaving the row draws it unfocused.
    ActionChains(demo.driver).send_keys(Keys.ARROW_DOWN).perform()
    demo.wait_for(lambda p: not p.js("return window.__e2e.customStates.at(-1).focused"), "never drawn unfocused")
    assert demo.stats()["mismatches"] == 0


def test_a_malformed_custom_configuration_is_refused(demo):
    before = demo.stats()["malformed"]
    text = demo.js(f"""
      const v = {VIEW};
      const i = v.renderRanges()[2][0];
      const cell = JSON.parse(JSON.stringify(v.cellAt([2, i])));
      cell.content = null;
      cell.custom = {{renderer: 'x'.repeat(65), payload: 1}};
      {CONNECTION}.receive(JSON.stringify({{v: 1, type: 'cells', view: 'demo', seq: v.seq, cells: [{{indexPath: [2, i], cell}}]}}));
      return Array.from(document.querySelectorAll('[data-renderer]'))
        .filter((el) => el.getAttribute('data-renderer') !== 'demo-card').length;""")
    assert text == 0, "a refused message drew nothing"
    assert demo.stats()["malformed"] == before + 1
    warnings = [e["message"] for e in demo.driver.get_log("browser") if e["level"] == "WARNING"]
    assert any("malformed" in w and "custom.renderer" in w for w in warnings), warnings


def test_the_demo_cards_are_drawn_by_their_own_renderer(demo):
    """The server sends the row section's cards as `DemoCard`, a custom content
    configuration; demo-card.js draws a title, a topic and a progress bar, names the row in
    words, and draws the selected card emphasized."""
    demo.wait_settled()
    cards = demo.driver.find_elements(By.CSS_SELECTOR, '.dcv-cell[data-item-id^="card-"]')
    assert len(cards) >= 4
    for card in cards[:4]:
        number = int(card.get_attribute("data-item-id").removeprefix("card-"))
        content = card.find_element(By.CSS_SELECTOR, ".dcv-content")
        assert content.get_attribute("data-renderer") == "demo-card"
        assert card.find_element(By.CSS_SELECTOR, ".dcv-text").text == f"Card {number}"
        topic = ["Layout", "Diffing", "Outline", "Reorder"][number % 4]
        done = min(number % 5, 4)
        assert card.get_attribute("aria-label") == f"Card {number}, {topic}, {done} of 4 done"
        width = demo.js("return arguments[0].style.inlineSize", card.find_element(By.CSS_SELECTOR, ".demo-card-fill"))
        assert width == f"{100 * done / 4:g}%"
    second = cards[1]
    assert not second.find_elements(By.CSS_SELECTOR, ".demo-card-emphasized")
    ActionChains(demo.driver).move_to_element(second).click().perform()
    demo.wait_for(lambda p: second.get_attribute("aria-selected") == "true", "the card was not selected")
    demo.wait_for(lambda p: second.find_elements(By.CSS_SELECTOR, ".demo-card-emphasized"),
                  "the selected card was not drawn emphasized")
    assert demo.stats()["mismatches"] == 0



def test_a_selection_refused_as_stale_is_sent_again(demo):
    """A `select` that met a batch on the wire (the server restyled a cell, say) is refused
    as stale; the page still shows the row selected, so it sends the choice again against
    the new state instead of leaving the server with the old selection."""
    demo.scroll_to_section("list")
    demo.wait_settled()
    sent = demo.driver.execute_script(f"""
      const v = {VIEW}, c = {CONNECTION};
      const i = v.renderRanges()[2][0] + 1;
      const row = v.sections[2].rows[i];
      v.selectRow(row);
      const out = [];
      const original = c.socket.send.bind(c.socket);
      c.socket.send = (text) => {{ out.push(JSON.parse(text)); return original(text); }};
      window.__e2e.sentAfterStale = out;
      // The refusal of that select, naming a seq the page has already left behind.
      c.receive(JSON.stringify({{v: 1, type: 'error', code: 'stale', view: 'demo', inReplyTo: 'select',
                                 seq: v.seq - 1, message: 'stale'}}));
      return [i, v.seq];""")
    index, seq = sent
    demo.wait_for(lambda p: any(m.get("type") == "select" for m in p.js("return window.__e2e.sentAfterStale")),
                  "the refused selection was not sent again")
    again = [m for m in demo.js("return window.__e2e.sentAfterStale") if m.get("type") == "select"][0]
    assert again["indexPath"] == [2, index] and again["seq"] == seq
    warnings = [e["message"] for e in demo.driver.get_log("browser") if e["level"] == "WARNING" and "refused select" in e["message"]]
    assert warnings == [], "a kept selection is not a warning"


def test_a_delete_control_with_a_handler_of_its_own_opens_no_swipe(demo):
    """UIKit runs a delete accessory's actionHandler instead of revealing the swipe
    actions; the server marks such an accessory `hasActionHandler`, and the page only
    reports the tap."""
    demo.scroll_to_section("list")
    demo.wait_settled()
    opened = demo.driver.execute_script(f"""
      const v = {VIEW};
      v.setEditing(true);
      const i = v.renderRanges()[2][0];
      const row = v.sections[2].rows[i];
      const plain = () => {{ v.activateAccessory(row, 'delete'); const open = !!v.openSwipe; v.closeSwipe(false); return open; }};
      const before = plain();
      row.cell = Object.assign({{}}, row.cell, {{accessories: [{{kind: 'delete', displayed: 'whenEditing', placement: 'leading', isHidden: false, hasActionHandler: true}}]}});
      v.activateAccessory(row, 'delete');
      const after = !!v.openSwipe;
      v.setEditing(false);
      return [before, after];""")
    assert opened == [True, False], opened
