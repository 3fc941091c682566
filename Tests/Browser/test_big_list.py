"""100,000 rows: the page keeps a bounded number of nodes while it scrolls to the end, shows
the true positions there, and applies batches to a list that long."""

import re

import pytest

from conftest import screenshot

# A 702 px viewport with a quarter of a viewport of margin either side holds about 25 rows of 44 px;
# a few hundred leaves room for the cards, the outline and fading nodes, and still fails
# at once if the page ever materialized rows it does not show.
NODE_LIMIT = 300
BIG = 100_000


def list_tail(demo):
    """The last rendered rows of the list section."""
    return [c for c in demo.cells("list") if not c["placeholder"]]


def scroll_by_steps(demo, steps):
    """Scrolls the view from where it is to the bottom in `steps` jumps, checking the number of
    cell nodes after each frame; returns the largest count seen."""
    most = 0
    for k in range(1, steps + 1):
        nodes = demo.js("""
          const el = window.diffableDebug.views.demo.element;
          el.scrollTop = (el.scrollHeight - el.clientHeight) * arguments[0];
          return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
            () => done(window.diffableDebug.stats.cellNodes))));
        """, k / steps)
        assert nodes <= NODE_LIMIT, f"{nodes} cell nodes after scroll step {k}"
        most = max(most, nodes)
    return most


def wait_tail(demo, count):
    """Waits until the end of the list is on screen with contents; returns its rows."""
    def shows_end(p):
        cells = list_tail(p)
        last = cells[-1] if cells else None
        if not last or last["posinset"] != count or any(c["stale"] for c in cells):
            return None
        return cells
    return demo.wait_for(shows_end, f"row {count} never showed at the end of the list", timeout=20)


@pytest.mark.reduced_motion
def test_hundred_thousand_rows_scroll_to_the_end_with_a_bounded_dom(demo):
    assert demo.js("return matchMedia('(prefers-reduced-motion: reduce)').matches") is True
    demo.click_command("big")
    first = demo.server_list()
    assert first == [f"entry-{n}" for n in range(1, 201)]
    demo.wait_for(lambda p: p.view_state()["sections"][2]["count"] == BIG,
                  "the page never took the 100,000-row batch")
    assert demo.stats()["mismatches"] == 0

    most = scroll_by_steps(demo, 25)
    assert most >= 20, "the view showed rows while scrolling"
    cells = wait_tail(demo, BIG)
    demo.wait_settled()
    assert demo.stats()["cellNodes"] <= NODE_LIMIT
    last = cells[-1]
    assert (last["id"], last["text"], last["posinset"], last["setsize"]) == \
        ("entry-100000", "Entry 100000", BIG, BIG)
    for cell in cells:
        assert cell["id"] == f"entry-{cell['posinset']}" and cell["text"] == f"Entry {cell['posinset']}"
    # The last row is really on screen, at the bottom of the scroller.
    bottom = demo.js("return window.diffableDebug.views.demo.element.getBoundingClientRect().bottom")
    assert last["bottom"] <= bottom + 1 and last["bottom"] > bottom - 120
    screenshot(demo.driver, "08-big-list-end")

    # A batch on the long list (not animated by the server past 5,000 rows): one row goes.
    demo.click_command("delete")
    after = demo.server_list()
    demo.wait_for(lambda p: p.view_state()["sections"][2]["count"] == BIG - 1,
                  "the delete never reached the page")
    cells = wait_tail(demo, BIG - 1)
    deleted = re.fullmatch(r"BatchUpdate\(deletedItems: \[2-(\d+)\]\)",
                           demo.js("return window.__e2e.serverBatches.slice(-1)[0]"))
    assert deleted, "the server's batch is exactly one deletion"
    gone = int(deleted.group(1)) + 1  # entries were 1...100000 in order
    for cell in cells:
        n = cell["posinset"] + (1 if cell["posinset"] >= gone else 0)
        assert (cell["id"], cell["text"], cell["setsize"]) == (f"entry-{n}", f"Entry {n}", BIG - 1)
    assert after == [f"entry-{n}" for n in range(1, 202) if n != gone][:200]

    # An insert at a random place, then back to the top: the first rows are the server's.
    demo.click_command("insert")
    after = demo.server_list()
    demo.wait_for(lambda p: p.view_state()["sections"][2]["count"] == BIG,
                  "the insert never reached the page")
    wait_tail(demo, BIG)
    assert demo.stats()["cellNodes"] <= NODE_LIMIT
    demo.scroll_to_section("list")
    demo.wait_list_matches(after, total=BIG)
    assert demo.stats()["cellNodes"] <= NODE_LIMIT

    # Back to 40 rows: the long list's nodes all go.
    demo.click_command("small")
    small = demo.server_list()
    assert small == [f"entry-{n}" for n in range(1, 41)]
    demo.wait_for(lambda p: p.view_state()["sections"][2]["count"] == 40, "small never applied")
    demo.wait_settled()
    assert demo.stats()["cellNodes"] <= 12 + 7 + 40
    assert demo.snapshot()["lastBatch"]["animated"] is True
    assert demo.js("return window.__e2e.animations") == 0, "the page animated under reduced motion"
    assert demo.stats()["mismatches"] == 0
    assert demo.server_errors() == []
