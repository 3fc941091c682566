"""The demo page (`diffable-demo`) as the browser tests see it: its DOM, its debug hook
(window.diffableDebug) and the server's own account of the list, asked for with the demo's
`report` command over the page's socket."""

import json
import re

from selenium.common.exceptions import JavascriptException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

VIEW = "window.diffableDebug.views.demo"
CONNECTION = VIEW + ".connection"

# Listens on the page's own connection, so the test sees what the server said to this tab:
# `state` replies to `report`, the server's lastBatch text, and `error` messages.
INSTALL_PROBES = """
const view = window.diffableDebug.views.demo;
if (!window.__e2e) {
  const probes = window.__e2e = {states: [], errors: [], serverBatches: [], appErrors: [], reorders: []};
  view.connection.onApp('state', (payload) => probes.states.push(payload.list));
  view.connection.onApp('lastBatch', (payload) => probes.serverBatches.push(payload.text));
  view.connection.onApp('error', (payload) => probes.appErrors.push(payload));
  view.connection.addEventListener('servererror', (event) => probes.errors.push(event.detail));
  view.addEventListener('reorder', (event) => probes.reorders.push(event.detail));
  // Counts the page's Web Animations, so a test can tell that slides and fades really ran
  // (or, under reduced motion, that none did).
  probes.animations = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    probes.animations++;
    return animate.apply(this, args);
  };
}
"""

# Every live (not fading-out) cell node of a section, in DOM order, as plain data.
SECTION_CELLS = """
const section = document.querySelector('.dcv-section[data-section-id="' + arguments[0] + '"]');
if (!section) return null;
const cells = Array.from(section.querySelectorAll('.dcv-cell:not(.dcv-ghost)'));
return cells.map((el) => {
  const text = el.querySelector('.dcv-text');
  const rect = el.getBoundingClientRect();
  return {
    id: el.getAttribute('data-item-id'),
    role: el.getAttribute('role'),
    // Where the row sits in its whole section: a list's row by aria-rowindex of its grid's
    // aria-rowcount, an option or treeitem by aria-posinset of aria-setsize.
    posinset: Number(el.getAttribute('aria-posinset') || el.getAttribute('aria-rowindex')),
    setsize: Number(el.getAttribute('aria-setsize') ||
      (el.getAttribute('role') === 'row' ? el.closest('[aria-rowcount]').getAttribute('aria-rowcount') : 0)),
    level: el.getAttribute('aria-level'),
    expanded: el.getAttribute('aria-expanded'),
    text: text ? text.textContent : null,
    placeholder: el.classList.contains('dcv-placeholder'),
    stale: el.classList.contains('dcv-stale'),
    heart: !!el.querySelector('.dcv-accessories [data-symbol="heart.fill"]'),
    top: rect.top,
    bottom: rect.bottom,
  };
});
"""

ENTRY_TEXT = re.compile(r"^Entry (\d+)(?: \(revision (\d+)\))?$")


def debug_state(browser) -> dict:
    """The page's debug hook (window.diffableDebug), as JSON-safe data."""
    return json.loads(browser.execute_script(
        "return JSON.stringify(window.diffableDebug && window.diffableDebug.snapshot ? "
        "window.diffableDebug.snapshot() : null)"))


class DemoPage:
    def __init__(self, driver, server):
        self.driver = driver
        self.server = server

    # --- plumbing -----------------------------------------------------------------------------

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait_for(self, condition, message, timeout=10):
        """Waits until condition(self) is truthy and returns its value."""
        def probe(_):
            try:
                return condition(self)
            except JavascriptException:
                return False
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(probe, message)

    def open(self):
        self.driver.get(self.server.url)
        self.wait_for(lambda p: p.js(
            "return !!(window.diffableDebug && window.diffableDebug.views.demo && "
            + VIEW + ".seq !== null && " + CONNECTION + ".isOpen())"),
            "the page never connected and received the view's structure")
        self.js(INSTALL_PROBES)
        self.wait_settled()
        return self

    def snapshot(self) -> dict:
        return debug_state(self.driver)

    def stats(self) -> dict:
        return self.snapshot()["stats"]

    def view_state(self) -> dict:
        return self.snapshot()["views"]["demo"]

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    # --- talking to the server ----------------------------------------------------------------

    def send_command(self, command: str):
        """Sends a demo command over the page's socket without touching focus."""
        assert self.js(f"return {CONNECTION}.sendApp('command', {{command: arguments[0]}})", command)

    def click_command(self, command: str):
        """Clicks the demo's own button for a command."""
        self.driver.find_element(By.CSS_SELECTOR, f'button[data-command="{command}"]').click()

    def send_raw(self, text: str):
        """Sends a frame through the page's own WebSocket, bypassing the page's checks."""
        self.js(f"{CONNECTION}.socket.send(arguments[0])", text)

    def server_list(self):
        """The list section's ids (the first 200) as the server's data source holds them.

        The server answers a connection's messages in order, so this reflects every command
        sent before it.
        """
        count = self.js("return window.__e2e.states.length")
        self.send_command("report")
        self.wait_for(lambda p: p.js("return window.__e2e.states.length") > count,
                      "the server never answered the report command")
        return self.js("return window.__e2e.states[arguments[0]]", count)

    def server_errors(self):
        return self.js("return window.__e2e.errors")

    def wait_for_errors(self, count: int):
        def enough(p):
            errors = p.server_errors()
            return errors if len(errors) >= count else None
        return self.wait_for(enough, f"expected {count} error messages from the server")

    # --- the DOM --------------------------------------------------------------------------------

    def cells(self, section: str):
        return self.js(SECTION_CELLS, section)

    def cell_element(self, item_id: str):
        return self.driver.find_element(
            By.CSS_SELECTOR, f'.dcv-cell:not(.dcv-ghost)[data-item-id="{item_id}"]')

    def wait_settled(self):
        """Until every cell node shows contents (no placeholder, nothing waiting for a
        reconfigure's contents), no node is fading out, and rows have their final places."""
        def settled(p):
            return p.js("""
              const cells = Array.from(document.querySelectorAll('.dcv-cell'));
              return cells.length > 0 && cells.every((el) => !el.classList.contains('dcv-ghost') &&
                !el.classList.contains('dcv-placeholder') && !el.classList.contains('dcv-stale') &&
                el.getAnimations({subtree: true}).length === 0);
            """)
        self.wait_for(settled, "the view never settled (placeholders, stale rows or animations left)")

    def list_matches(self, expected, total):
        """The list section's cell nodes, if they are exactly a run of `expected` (the server's
        order) at their positions (aria-rowindex), in DOM order, with matching text and a row
        count of `total`; else None."""
        cells = self.cells("list")
        if not cells:
            return None
        positions = [cell["posinset"] for cell in cells]
        if positions != list(range(positions[0], positions[0] + len(positions))):
            return None
        for cell in cells:
            index = cell["posinset"] - 1
            if cell["placeholder"] or cell["stale"] or index >= len(expected):
                return None
            if cell["id"] != expected[index] or cell["role"] != "row" or cell["setsize"] != total:
                return None
            match = ENTRY_TEXT.match(cell["text"] or "")
            if not match or f"entry-{match.group(1)}" != cell["id"]:
                return None
        return cells

    def wait_list_matches(self, expected, total=None):
        """Waits until the DOM shows the server's order (see list_matches) with no mismatch
        reported, then until animations end (so that the next click lands where the test
        means it to), and returns the cells, as they are then."""
        total = len(expected) if total is None else total
        try:
            self.wait_for(lambda p: p.list_matches(expected, total),
                          "the list's DOM never showed the server's order")
        except TimeoutException:
            raise AssertionError(
                "the list's DOM never showed the server's order\n"
                f"DOM {[(c['posinset'], c['id'], c['setsize']) for c in self.cells('list')]}\n"
                f"server ({total}) {expected[:60]}") from None
        self.wait_settled()
        cells = self.list_matches(expected, total)
        assert cells, "the list's DOM changed after it showed the server's order"
        assert self.stats()["mismatches"] == 0
        return cells

    def scroll_to_section(self, section: str):
        """Scrolls the collection so that the section's top is at the top of the view."""
        self.js("""
          const view = window.diffableDebug.views.demo;
          const el = document.querySelector('.dcv-section[data-section-id="' + arguments[0] + '"]');
          view.element.scrollTop = el.offsetTop;
        """, section)
        self.wait_settled()
