"""The Recipes page as the tests see it: a page object over the DOM hooks of
Sources/RecipesWeb/Resources/recipes.html, and readers for the store's recipes.json.

The recipe list is virtualized (only rows near the viewport have nodes), so anything that
needs every row scrolls the list and gathers what each stretch shows.
"""

import json
import struct
from pathlib import Path

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 10

# Live rows only: a deleted row's node lingers as a fading `.dcv-ghost` for a moment.
LIVE_CELL = ".dcv-cell[data-item-id]:not(.dcv-ghost)"

# Everything a test wants to know about the rendered rows of a view, in one round trip, in
# document order, which the view keeps in index order (on screen, rows sliding into place
# overlap for a moment, so their positions say less).
ROWS_JS = """
const view = document.getElementById(arguments[0]);
return Array.from(view.querySelectorAll('.dcv-cell:not(.dcv-ghost)')).map((el) => {
  const img = el.querySelector('.dcv-content img');
  const text = el.querySelector('.dcv-text');
  const secondary = el.querySelector('.dcv-secondary-text');
  return {
    id: el.getAttribute('data-item-id'),
    placeholder: el.classList.contains('dcv-placeholder'),
    title: text ? text.textContent : null,
    subtitle: secondary ? secondary.textContent : null,
    role: el.getAttribute('role'),
    level: el.getAttribute('aria-level'),
    expanded: el.getAttribute('aria-expanded'),
    // Where the row sits in its whole section: a list's row by aria-rowindex of its grid's
    // aria-rowcount, an option or treeitem by aria-posinset of aria-setsize.
    posinset: Number(el.getAttribute('aria-posinset') || el.getAttribute('aria-rowindex')),
    setsize: Number(el.getAttribute('aria-setsize') ||
      (el.getAttribute('role') === 'row' ? el.closest('[aria-rowcount]').getAttribute('aria-rowcount') : 0)),
    selected: el.getAttribute('aria-selected') === 'true',
    heart: !!el.querySelector('[data-accessory="symbol"] [data-symbol="heart.fill"]'),
    image: img ? {src: img.getAttribute('src'), complete: img.complete, width: img.naturalWidth} : null,
  };
});
"""

# Whether the view has drawn rows where it is scrolled to (rendering follows a scroll on the
# next animation frame).
COVERED_JS = """
const view = arguments[0];
const box = view.getBoundingClientRect();
const y = box.top + Math.min(box.height, view.scrollHeight - view.scrollTop) / 2;
return Array.from(view.querySelectorAll('.dcv-cell:not(.dcv-ghost)')).some((el) => {
  const r = el.getBoundingClientRect();
  return r.top <= y && r.bottom >= y;
});
"""

SCROLL_ROW_JS = """
const row = document.querySelector(`#recipe-list ${arguments[0]}[data-item-id='${arguments[1]}']`);
if (row) row.scrollIntoView({block: 'nearest'});
return !!row;
"""

# Where focus is and whether a person could see it: the element matches :focus-visible and
# draws an outline or a ring (rows draw theirs on the body inside them).
FOCUS_JS = """
const el = document.activeElement;
if (!el || el === document.body) return {id: null, tag: el ? el.tagName : null, visible: false};
const ring = el.classList.contains('dcv-cell') ? el.querySelector('.dcv-cell-body') : el;
const style = getComputedStyle(ring);
const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
const shadow = style.boxShadow && style.boxShadow !== 'none';
const rect = el.getBoundingClientRect();
const onScreen = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.right > 0 &&
  rect.top < innerHeight && rect.left < innerWidth;
return {
  id: el.id || null,
  tag: el.tagName,
  itemId: el.getAttribute('data-item-id'),
  view: el.closest('[data-view]') ? el.closest('[data-view]').getAttribute('data-view') : null,
  action: el.getAttribute('data-action'),
  label: el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40),
  focusVisible: el.matches(':focus-visible'),
  indicator: outline || shadow,
  onScreen,
  visible: el.matches(':focus-visible') && (outline || shadow) && onScreen,
};
"""


def read_store(data_dir: Path) -> dict:
    return json.loads((Path(data_dir) / "recipes.json").read_text())


def stored_recipes(data_dir: Path) -> list:
    return read_store(data_dir)["recipes"]


def collection_names(recipes) -> list:
    # DataStore.collectionNames: unique, trimmed, sorted case-insensitively.
    names = {name.strip() for recipe in recipes for name in recipe["collections"] if name.strip()}
    return sorted(names, key=lambda name: (name.lower(), name))


def duration(seconds: int) -> str:
    # Recipe.formattedDuration.
    minutes = max(1, (seconds + 30) // 60)
    hours, rest = divmod(minutes, 60)
    if hours == 0:
        return f"{rest} min"
    return f"{hours} hr" if rest == 0 else f"{hours} hr {rest} min"


def subtitle(recipe: dict) -> str:
    parts = []
    if recipe["prepTime"] > 0:
        parts.append("Prep " + duration(recipe["prepTime"]))
    if recipe["cookTime"] > 0:
        parts.append("Cook " + duration(recipe["cookTime"]))
    return " · ".join(parts)


def png_size(path: Path) -> tuple:
    with open(path, "rb") as f:
        header = f.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


class RecipesPage:
    def __init__(self, driver, server, data_dir):
        self.driver = driver
        self.server = server
        self.data_dir = Path(data_dir)

    # --- plumbing ---------------------------------------------------------------------------

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, condition, message, timeout=WAIT):
        """Waits until `condition(driver)` is truthy (exceptions from stale nodes count as
        not yet); the failure names what was awaited and what the page showed then."""
        def check(driver):
            try:
                return condition(driver)
            except StaleElementReferenceException:
                return False
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(check)
        except TimeoutException:
            context = ""
            if self.server.process is not None and self.server.process.poll() is not None:
                fatal = [line for line in self.server.log().splitlines() if "Fatal error" in line]
                context = f"; the server died ({self.server.process.returncode}): {fatal or self.server.log()[-2000:]}"
            else:
                # The server's last lines (sessions opened, resumed, ended; requests refused)
                # tell whether the page reconnected while it waited.
                try:
                    context = "; the server's log ends: " + " | ".join(self.server.log().splitlines()[-12:])
                except OSError:
                    pass
            raise AssertionError(
                f"timed out waiting for {message}; page: {self.summary()}{context}{self.console_tail()}") from None

    def console_tail(self) -> str:
        """The console's last lines (a message the page dropped while it was offline is
        logged there), for a failure message; the log is read, so only on the way out."""
        try:
            entries = self.driver.get_log("browser")[-8:]
        except Exception:  # only decorates a failure message
            return ""
        return "; the console ends: " + " | ".join(f"{e['level']} {e['message']}" for e in entries) if entries else ""

    def summary(self) -> dict:
        try:
            return self.js("""
                const $ = (id) => document.getElementById(id);
                return {
                  connection: $('connection-status').dataset.state,
                  filter: $('filter-title').textContent, count: $('list-count').textContent,
                  detail: $('detail-pane').dataset.recipeId, formError: $('form-error').textContent,
                  dialogs: Array.from(document.querySelectorAll('dialog[open]'), (d) => d.id),
                  toast: $('toast').hidden ? null : $('toast-message').textContent,
                  saveStatus: $('save-status').textContent,
                  focus: document.activeElement && (document.activeElement.id || document.activeElement.className),
                };""")
        except Exception as error:  # the summary only decorates a failure message
            return {"unavailable": str(error)}

    def el(self, test_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-testid="{test_id}"]')

    def text(self, test_id) -> str:
        return self.js("return document.querySelector(`[data-testid='${arguments[0]}']`).textContent", test_id)

    def is_hidden(self, test_id) -> bool:
        return self.js("return document.querySelector(`[data-testid='${arguments[0]}']`).hidden", test_id)

    def press(self, *keys):
        """Keys go to whatever has focus, as a person's would."""
        ActionChains(self.driver).send_keys(*keys).perform()

    def chord(self, modifier, key):
        ActionChains(self.driver).key_down(modifier).send_keys(key).key_up(modifier).perform()

    def focus(self) -> dict:
        return self.js(FOCUS_JS)

    # --- loading ------------------------------------------------------------------------------

    def open(self):
        self.driver.get(self.server.url)
        self.wait_ready()
        return self

    def wait_ready(self):
        self.wait(lambda d: self.js("return document.getElementById('connection-status').dataset.state") == "open",
                  "the connection to open")
        self.wait(lambda d: self.text("list-count") != "", "the list's count")
        self.wait_loaded("sidebar")
        self.wait_loaded("recipe-list")

    def wait_loaded(self, view_id):
        """Every rendered row of a view has its contents and pictures (no placeholders), and
        a view with rows has rendered some."""
        def loaded(_):
            rows = self.rows(view_id)
            if not rows:
                return self.row_count(view_id) == 0
            return all(not r["placeholder"] and (r["image"] is None or (r["image"]["complete"] and r["image"]["width"] > 0))
                       for r in rows)
        self.wait(loaded, f"the rows of #{view_id} to load")

    # --- the views ----------------------------------------------------------------------------

    def rows(self, view_id="recipe-list") -> list:
        return self.js(ROWS_JS, view_id)

    def list_ids(self) -> list:
        """The recipe ids of the list's rendered rows, in the list's order."""
        return [int(r["id"]) for r in sorted(self.rows("recipe-list"), key=lambda r: r["posinset"])]

    def all_list_rows(self) -> list:
        """Every row of the recipe list in order, scrolling it a viewport at a time from the
        top to the bottom (then back to the top)."""
        view = self.el("recipe-list")
        seen = {}
        self.js("arguments[0].scrollTop = 0", view)
        while True:
            self.next_frames()
            self.wait(lambda d: self.js(COVERED_JS, view) or self.row_count() == 0,
                      "the list to render where it scrolled to")
            self.wait_loaded("recipe-list")
            for row in self.rows("recipe-list"):
                seen[row["posinset"]] = row
            height, client, top = self.js(
                "return [arguments[0].scrollHeight, arguments[0].clientHeight, arguments[0].scrollTop]", view)
            if top + client >= height - 1:
                break
            self.js("arguments[0].scrollTop += arguments[0].clientHeight", view)
        self.js("arguments[0].scrollTop = 0", view)
        return [seen[k] for k in sorted(seen)]

    def next_frames(self):
        """Returns after the page's next two animation frames: a view renders what a scroll
        brought in on the frame after it (COVERED_JS alone can pass on the rows of the
        previous stretch when they reach the middle of the new one)."""
        self.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")

    def row_count(self, view_id="recipe-list") -> int:
        """How many rows a view's data holds (the debug hook's section counts); -1 before
        the server described the view."""
        return self.js("""
            const name = document.getElementById(arguments[0]).dataset.view;
            const state = diffableDebug.snapshot().views[name];
            return state && state.seq !== null ? state.sections.reduce((n, s) => n + s.count, 0) : -1;""", view_id)

    def row(self, recipe_id, view_id="recipe-list"):
        return self.driver.find_element(
            By.CSS_SELECTOR, f'#{view_id} {LIVE_CELL}[data-item-id="{recipe_id}"]')

    def has_row(self, recipe_id) -> bool:
        return bool(self.js(
            "return !!document.querySelector(`#recipe-list ${arguments[0]}[data-item-id='${arguments[1]}']`)",
            LIVE_CELL, str(recipe_id)))

    def scroll_to_row(self, recipe_id):
        """Scrolls the list until the recipe's row has a node (it may be far down), from the
        top a viewport at a time, as a person would look for it."""
        view = self.el("recipe-list")

        # One script finds the node and scrolls it into view: between two commands the page
        # can recycle it (a batch from the server, or the list scrolling to a row just added,
        # as the two-process test saw), and then the search starts again.
        def scrolled(_):
            if self.js(SCROLL_ROW_JS, LIVE_CELL, str(recipe_id)):
                return True
            self._search_list(view, recipe_id)
            return False
        self.wait(scrolled, f"recipe {recipe_id}'s row to scroll into view")
        self.wait_loaded("recipe-list")
        return self.row(recipe_id)

    def _search_list(self, view, recipe_id):
        self.js("arguments[0].scrollTop = 0", view)
        while True:
            self.next_frames()  # as in all_list_rows: the rows of the stretch before can pass
            self.wait(lambda d: self.js(COVERED_JS, view), "the list to render where it scrolled to")
            self.wait_loaded("recipe-list")
            if self.has_row(recipe_id):
                return
            before = self.js("return arguments[0].scrollTop", view)
            after = self.js("arguments[0].scrollTop += arguments[0].clientHeight; return arguments[0].scrollTop", view)
            if after == before:
                raise AssertionError(f"recipe {recipe_id} is not in the list {self.list_ids()}")

    def sidebar_row(self, title):
        for element in self.driver.find_elements(By.CSS_SELECTOR, f"#sidebar {LIVE_CELL}"):
            if element.find_element(By.CSS_SELECTOR, ".dcv-text").get_attribute("textContent") == title:
                return element
        raise AssertionError(f"no sidebar row {title!r}; rows: {[r['title'] for r in self.rows('sidebar')]}")

    def select_filter(self, title):
        self.sidebar_row(title).click()
        self.wait(lambda d: self.text("filter-title") == title, f"the list to show {title}")
        self.wait_loaded("recipe-list")

    def select_recipe(self, recipe_id):
        self.scroll_to_row(recipe_id)
        self.wait(lambda d: self.row(recipe_id).click() or True, f"a click on recipe {recipe_id}'s row")
        self.wait(lambda d: self.js("return document.getElementById('detail-pane').dataset.recipeId") == str(recipe_id),
                  f"the detail pane to show recipe {recipe_id}")

    def detail_id(self):
        value = self.js("return document.getElementById('detail-pane').dataset.recipeId")
        return int(value) if value else None

    def count_text(self) -> str:
        return self.text("list-count")

    def record_batches(self, view="listView"):
        """From now on, every batch the view applies is kept in window.__batches[view], with
        how many animations were running in the view just after (the view starts its slides
        and fades before it dispatches the event)."""
        self.js("""
            window.__batches = window.__batches || {};
            const name = arguments[0];
            window.__batches[name] = [];
            const view = recipesPage[name];
            view.addEventListener('batch', (e) => window.__batches[name].push({
              animated: e.detail.animated, result: e.detail.result, update: e.detail.update,
              animations: view.element.getAnimations({subtree: true}).length}));""", view)

    def batches(self, view="listView") -> list:
        return self.js("return (window.__batches || {})[arguments[0]] || []", view)

    # --- the form -----------------------------------------------------------------------------

    def dialog_open(self, test_id) -> bool:
        return self.js("return document.querySelector(`[data-testid='${arguments[0]}']`).open", test_id)

    def fill_form(self, **fields):
        for name, value in fields.items():
            field = self.el(f"form-{name}")
            field.clear()
            if value:
                field.send_keys(value)


# --- widths, places and accessibility (test_recipes_widths.py, test_recipes_a11y.py) ----------

# The widths people use: a phone, a small tablet upright, a narrow window, a tablet on its
# side, a desktop. recipes.css collapses the split view at 1000 px (two columns) and 700 px
# (one column at a time).
VIEWPORTS = {390: (390, 844), 768: (768, 1024), 800: (800, 1280), 1024: (1024, 768), 1440: (1440, 900)}


def set_viewport(driver, width, height=None):
    """Emulates a window of that size (a phone's, with its viewport rules, under 700 px)."""
    height = height or VIEWPORTS.get(width, (width, 900))[1]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700})


def start_recipes_server(data_dir, *arguments):
    """A `recipes` server on its own data directory (seeded with the sample recipes), with
    any further command-line arguments (`--session-grace-seconds 1`, say)."""
    from conftest import Server
    server = Server("recipes", "--data-dir", str(data_dir), *arguments).start()
    server.data_dir = Path(data_dir)
    return server


def axe_source() -> tuple:
    """(version, path) of the axe-core the tests inject (axe_support picks the newest one a
    Python package here bundles); (None, None) when none is installed."""
    from axe_support import axe_script
    try:
        path, version = axe_script()
    except RuntimeError:
        return None, None
    return version, path


def run_axe(driver, context=None) -> dict:
    """axe_support.run_axe, with each node flattened for reports: its target as one string,
    whether it lies inside a collection view (`inView`: the library's markup, not the
    page's), and the first lines of why it failed."""
    from axe_support import run_axe as run
    results = run(driver, context)
    targets = [str(n["target"][-1]) for v in results["violations"] for n in v["nodes"]]
    inside = iter(driver.execute_script("""
        return arguments[0].map((target) => {
          try { const el = document.querySelector(target); return !!el && !!el.closest('.dcv'); }
          catch (e) { return false; }
        });""", targets))
    return {"violations": [
        {"id": v["id"], "impact": v.get("impact"), "help": v["help"],
         "nodes": [{"target": " ".join(str(t) for t in n["target"]), "html": n["html"][:160],
                    "inView": next(inside), "impact": n.get("impact"),
                    "summary": (n.get("failureSummary") or "")[:300]} for n in v["nodes"]]}
        for v in results["violations"]]}


# Everything on screen that sticks out sideways: the page's scroll width, and each drawn
# element's box clipped by its scrolling or clipping ancestors (a row's swipe actions, a
# translated overlay) whose right edge passes the viewport's (or left edge starts before 0).
OVERFLOW_JS = """
const doc = document.documentElement;
const width = doc.clientWidth;
const out = {scrollWidth: doc.scrollWidth, innerWidth: innerWidth, bodyScrollWidth: document.body.scrollWidth, elements: []};
const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
  (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '') +
  (el.getAttribute('data-testid') ? '[' + el.getAttribute('data-testid') + ']' : '');
for (const el of document.body.querySelectorAll('*')) {
  const style = getComputedStyle(el);
  if (style.visibility !== 'visible' || style.display === 'none') continue;
  if (el.closest('dialog:not([open])')) continue;
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) continue;
  let left = r.left, right = r.right, top = r.top, bottom = r.bottom;
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    const box = a.getBoundingClientRect();
    if (s.overflowX !== 'visible' || /paint|strict|content/.test(s.contain)) { left = Math.max(left, box.left); right = Math.min(right, box.right); }
    if (s.overflowY !== 'visible' || /paint|strict|content/.test(s.contain)) { top = Math.max(top, box.top); bottom = Math.min(bottom, box.bottom); }
  }
  if (right - left < 1 || bottom - top < 1) continue;
  if (right > width + 0.5 || left < -0.5) {
    out.elements.push({el: describe(el), left: Math.round(left), right: Math.round(right), text: (el.textContent || '').trim().slice(0, 40)});
    if (out.elements.length > 12) break;
  }
}
return out;
"""

# The bars of the panes on screen (and of an open sheet): each control and title inside its
# bar and its pane, none over another, none under anything (the point at its centre hits
# it), and the pane's content below its bar.
BARS_JS = """
const onTop = (el) => {
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  const s = getComputedStyle(el);
  if (s.visibility !== 'visible' || s.display === 'none' || el.closest('[inert]')) return false;
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit));
};
const name = (el) => (el.id || el.className || el.tagName) + (el.textContent ? ' "' + el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 24) + '"' : '');
const rect = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; };
const overlap = (a, b) => Math.max(0, Math.min(a.r, b.r) - Math.max(a.l, b.l)) * Math.max(0, Math.min(a.b, b.b) - Math.max(a.t, b.t));
const problems = [];
const report = [];
const dialog = document.querySelector('dialog[open]');
const bars = Array.from(document.querySelectorAll(dialog ? 'dialog[open] .sheet-bar' : '.pane-bar'))
  .filter((bar) => { const s = getComputedStyle(bar); return s.visibility === 'visible' && !bar.closest('[inert]') && bar.getBoundingClientRect().width > 0; });
// A modal sheet sits over the panes by design; only its own bar is checked then.
const panes = dialog ? [] : Array.from(document.querySelectorAll('.pane')).filter((p) => getComputedStyle(p).visibility === 'visible' && !p.closest('[inert]') && p.getBoundingClientRect().width > 0);
for (const bar of bars) {
  const pane = bar.closest('.pane, dialog');
  const barBox = rect(bar);
  const paneBox = rect(pane);
  const items = Array.from(bar.querySelectorAll('button, h1, h2, .list-count, .connection'))
    .filter((el) => { const s = getComputedStyle(el); const r = el.getBoundingClientRect(); return s.display !== 'none' && s.visibility === 'visible' && r.width >= 1 && r.height >= 1 && !el.closest('.visually-hidden'); })
    .filter((el) => !(el.classList.contains('list-count') && !el.textContent.trim()));
  report.push({bar: bar.className, items: items.map((el) => ({name: name(el), box: rect(el)}))});
  for (const el of items) {
    const box = rect(el);
    if (box.l < barBox.l - 1 || box.r > barBox.r + 1 || box.t < barBox.t - 1 || box.b > barBox.b + 1)
      problems.push('outside its bar: ' + name(el) + ' ' + JSON.stringify(box) + ' bar ' + JSON.stringify(barBox));
    if (box.l < paneBox.l - 1 || box.r > paneBox.r + 1)
      problems.push('outside its pane: ' + name(el));
    if (el.tagName === 'BUTTON' && !onTop(el)) problems.push('covered: ' + name(el));
    for (const other of panes) {
      if (other === pane || other.contains(pane) || pane.contains(other)) continue;
      if (overlap(box, rect(other)) > 1) problems.push(name(el) + ' reaches into ' + other.id);
    }
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      if (items[i].contains(items[j]) || items[j].contains(items[i])) continue;
      if (overlap(rect(items[i]), rect(items[j])) > 1) problems.push('overlap: ' + name(items[i]) + ' / ' + name(items[j]));
    }
  }
  // What follows the bar in its pane starts below it.
  for (let next = bar.nextElementSibling; next; next = next.nextElementSibling) {
    const s = getComputedStyle(next);
    if (s.display === 'none' || s.visibility !== 'visible' || s.position === 'absolute' || s.position === 'fixed') continue;
    const r = next.getBoundingClientRect();
    if (r.height > 0 && r.top < barBox.b - 1) problems.push('content under the bar: ' + name(next));
  }
}
// The offline line covers nothing: it is in the flow, above the panes.
const banner = document.getElementById('offline-banner');
if (banner && banner.getBoundingClientRect().height > 0) {
  for (const pane of panes) if (overlap(rect(banner), rect(pane)) > 1 && getComputedStyle(pane).position !== 'fixed') problems.push('the offline line covers ' + pane.id);
}
return {problems, bars: report};
"""

# The detail's title and facts: a title that wraps a letter a line is squeezed; a fact cut
# short (ellipsis, clipped) hides what it says.
DETAIL_TEXT_JS = """
const title = document.getElementById('detail-title');
const range = document.createRange();
range.selectNodeContents(title);
const lineTops = new Set(Array.from(range.getClientRects(), (q) => Math.round(q.top)));
const facts = Array.from(document.querySelectorAll('.detail-facts dd'), (dd) => {
  const s = getComputedStyle(dd);
  return {id: dd.id, text: dd.textContent, clipped: dd.scrollWidth > dd.clientWidth + 1 || dd.scrollHeight > dd.clientHeight + 1,
          ellipsis: s.textOverflow === 'ellipsis' && s.whiteSpace === 'nowrap'};
});
const words = title.textContent.trim().split(/\\s+/).filter(Boolean);
return {
  title: title.textContent, width: title.getBoundingClientRect().width, lines: lineTops.size,
  longestWord: Math.max(...words.map((w) => w.length)), words: words.length,
  pane: document.getElementById('detail-pane').getBoundingClientRect().width, facts,
};
"""

# What a person sees of the split view: the layout, the column on top of a phone's stack,
# which panes are drawn and reachable, and the place in the address.
SPLIT_JS = """
const app = document.getElementById('app');
const shown = (id) => {
  const el = document.getElementById(id);
  const r = el.getBoundingClientRect();
  return getComputedStyle(el).visibility === 'visible' && r.width > 0 && r.height > 0 &&
    r.right > 0 && r.left < innerWidth && !el.closest('[inert]');
};
const params = new URLSearchParams(location.search);
return {
  layout: app.dataset.layout, column: app.dataset.column,
  sidebar: shown('sidebar-pane'), list: shown('list-pane'), detail: shown('detail-pane'),
  sidebarOpen: app.classList.contains('sidebar-open'),
  filter: params.get('filter'), recipe: params.get('recipe'), search: location.search,
  historyLength: history.length, depth: history.state ? history.state.depth : null,
};
"""


def wait_settled(page):
    """No page animation (a column sliding in, the overlay, rows moving) is still running."""
    page.wait(lambda _: page.js(
        "return document.getAnimations().every((a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"),
        "animations to finish")


def split(page) -> dict:
    return page.js(SPLIT_JS)


def bar_problems(page) -> dict:
    return page.js(BARS_JS)


def overflow(page) -> dict:
    return page.js(OVERFLOW_JS)


def detail_text(page) -> dict:
    return page.js(DETAIL_TEXT_JS)


def console_problems(driver, allowed=()) -> list:
    """Warnings and errors in the browser's console since the last call (the log is read
    once), less those matching an `allowed` pattern."""
    import re as _re
    entries = driver.get_log("browser")
    return [e["message"] for e in entries
            if e["level"] in ("WARNING", "SEVERE") and not any(_re.search(p, e["message"]) for p in allowed)]


class PageBrowsers:
    """Browsers a test opens at given widths, closed after it; a warning or an error in any
    console fails the test (`allowed` holds the patterns a test expects, such as the
    socket errors of a server it stopped on purpose)."""

    def __init__(self):
        # DiffableWeb's own notice of a window or cells request that crossed a batch on the
        # wire (the page asks again): the library's to quiet, not the page's.
        self.drivers = []
        self.allowed = [r"server refused (window|cells): stale"]

    def new(self, width, height=None, reduced_motion=False):
        from conftest import make_driver
        driver = make_driver(reduced_motion)
        set_viewport(driver, width, height)
        self.drivers.append(driver)
        return driver

    def page(self, server, width, path="", height=None, reduced_motion=False) -> "RecipesPage":
        driver = self.new(width, height, reduced_motion)
        page = RecipesPage(driver, server, server.data_dir)
        driver.get(server.url.rstrip("/") + "/" + path.lstrip("/"))
        page.wait_ready()
        return page

    def close(self) -> list:
        problems = []
        try:
            for driver in self.drivers:
                problems += console_problems(driver, self.allowed)
        finally:
            for driver in self.drivers:
                driver.quit()
        return problems


ROW_HEIGHT = 68  # recipes.js RECIPE_ROW_HEIGHT


def drag_first_row_two_down(page, order):
    """In edit mode, drags the row of order[0] by its reorder handle two rows down, in small
    steps as a hand would; returns the order the drag should produce."""
    page.wait(lambda _: page.row(order[0]).find_elements(By.CSS_SELECTOR, ".dcv-acc-reorder"),
              "the reorder handles")
    handle = page.row(order[0]).find_element(By.CSS_SELECTOR, ".dcv-acc-reorder")
    actions = ActionChains(page.driver).move_to_element(handle).click_and_hold()
    for _ in range(10):
        actions.move_by_offset(0, (2 * ROW_HEIGHT + 6) // 10)
    actions.release().perform()
    return order[1:3] + order[:1] + order[3:]
