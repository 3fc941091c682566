"""The first paint: three sections with the roles and positions a screen reader relies on,
and the page's own model tests."""

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot

OUTLINE_START = [
    # (id, aria-level, aria-expanded, posinset, setsize): "Lists" starts expanded.
    ("node-Lists", "1", "true", 1, 3),
    ("node-Plain", "2", None, 1, 4),
    ("node-Grouped", "2", None, 2, 4),
    ("node-Inset Grouped", "2", None, 3, 4),
    ("node-Sidebar", "2", None, 4, 4),
    ("node-Grids", "1", "false", 2, 3),
    ("node-Outlines", "1", "false", 3, 3),
]


def test_sections_render_with_roles_ids_and_positions(demo):
    screenshot(demo.driver, "01-initial")
    assert demo.driver.find_element(By.ID, "status").get_attribute("data-state") == "open"

    sections = demo.js("""
      return Array.from(document.querySelectorAll('#collection .dcv-section')).map((el) => ({
        id: el.getAttribute('data-section-id'),
        role: el.querySelector('.dcv-items, .dcv-hcontent').getAttribute('role'),
      }));
    """)
    assert sections == [
        {"id": "row", "role": "listbox"},
        {"id": "outline", "role": "tree"},
        {"id": "list", "role": "grid"},
    ]
    assert [s["count"] for s in demo.view_state()["sections"]] == [12, 7, 40]

    cards = demo.cells("row")
    assert len(cards) >= 4, "the horizontal row shows at least the cards on screen"
    for cell in cards:
        assert cell["role"] == "option"
        assert cell["id"] == f"card-{cell['posinset']}"
        assert cell["text"] == f"Card {cell['posinset']}"
        assert cell["setsize"] == 12
    # Cards lie side by side: same top, one row.
    assert len({round(cell["top"]) for cell in cards}) == 1

    outline = demo.cells("outline")
    assert [(c["id"], c["level"], c["expanded"], c["posinset"], c["setsize"]) for c in outline] \
        == OUTLINE_START
    assert all(c["role"] == "treeitem" for c in outline)
    assert [c["text"] for c in outline] == [c[0].removeprefix("node-") for c in OUTLINE_START]

    entries = demo.cells("list")
    assert len(entries) >= 8
    for cell in entries:
        assert cell["role"] == "row"
        assert cell["id"] == f"entry-{cell['posinset']}"
        assert cell["text"] == f"Entry {cell['posinset']}"
        assert cell["setsize"] == 40
    assert entries[0]["posinset"] == 1
    assert demo.server_list() == [f"entry-{n}" for n in range(1, 41)]

    # Rows are laid out top to bottom in index order, without overlapping.
    for above, below in zip(entries, entries[1:]):
        assert above["bottom"] <= below["top"] + 0.5

    # The roving tab stop: exactly one cell is in the tab order.
    assert demo.js("return document.querySelectorAll('.dcv-cell[tabindex=\"0\"]').length") == 1
    assert demo.stats()["mismatches"] == 0 and demo.stats()["malformed"] == 0
    assert demo.console_errors() == []


def test_selftest_page_passes(driver, demo_server):
    driver.get(demo_server.url + "selftest.html")
    result = WebDriverWait(driver, 30, poll_frequency=0.1).until(
        lambda d: re.fullmatch(r"(\d+) passed, (\d+) failed",
                               d.find_element(By.ID, "result").text.strip()),
        "selftest.html never printed its summary")
    screenshot(driver, "09-selftest")
    passed, failed = int(result.group(1)), int(result.group(2))
    failures = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#cases li.fail")]
    assert failed == 0, failures
    assert passed >= 10
    assert len(driver.find_elements(By.CSS_SELECTOR, "#cases li.pass")) == passed


# What DiffableWeb's files would have made global before they were modules.
OLD_GLOBALS = ["DiffableConnection", "DiffableCollectionView", "DiffableModel", "DiffableLayout",
               "DiffableCells", "DiffableAnimation", "DiffableInput", "DiffableToggles"]


def test_the_page_is_one_module_and_leaves_no_globals(demo):
    scripts = demo.js("""return Array.from(document.scripts, (s) => ({type: s.type, src: s.getAttribute('src'),
                                                                   inline: !s.src}))""")
    assert scripts == [{"type": "module", "src": "demo.js", "inline": False}], scripts
    leaked = demo.js("return arguments[0].filter((name) => name in window)", OLD_GLOBALS)
    assert leaked == [], f"globals left: {leaked}"
    # The page opted in to the debug hook; the entry exports what a page builds on.
    assert demo.js("return typeof window.diffableDebug.snapshot") == "function"
    exported = demo.driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      import('/diffable.js').then((m) => done(Object.keys(m).sort()), (e) => done(String(e)));""")
    assert {"DiffableConnection", "DiffableCollectionView", "exposeDebug"} <= set(exported), exported
    mime = demo.driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      fetch('/diffable-view.js').then((r) => done(r.headers.get('content-type')), (e) => done(String(e)));""")
    assert mime.split(";")[0].strip() in ("text/javascript", "application/javascript"), mime
