"""Batches from the server's data source, as the page shows them: the DOM must follow the
server's order after every command, and nodes must live or die as UIKit's cells do."""

import re

from conftest import screenshot
from demo_page import CONNECTION

ALL_40 = [f"entry-{n}" for n in range(1, 41)]


def applied_update(demo):
    last = demo.snapshot()["lastBatch"]
    assert last["result"] == "ack", last
    return last["update"]


def run(demo, command):
    """Clicks a command's button; returns the server's list after it, the update the page
    applied and the list's cells once they show that list."""
    seq = demo.view_state()["seq"]
    demo.click_command(command)
    after = demo.server_list()
    demo.wait_for(lambda p: p.view_state()["seq"] == seq + 1, f"no batch arrived for {command}")
    cells = demo.wait_list_matches(after)
    return after, applied_update(demo), cells


def test_commands_keep_the_dom_in_the_servers_order(demo):
    """With animations on: every batch ends with the DOM in the server's order."""
    assert demo.js("return matchMedia('(prefers-reduced-motion: reduce)').matches") is False
    demo.scroll_to_section("list")
    before = demo.server_list()
    assert before == ALL_40
    assert len(demo.wait_list_matches(before)) >= 20

    after, update, _ = run(demo, "insert")
    assert len(after) == 41
    (new,) = set(after) - set(before)
    assert new == "entry-41"
    assert [x for x in after if x != new] == before
    assert update["insertedItems"] == [[2, after.index(new)]]
    before = after

    after, update, _ = run(demo, "delete")
    assert len(after) == 40
    (gone,) = set(before) - set(after)
    assert [x for x in before if x != gone] == after
    assert update["deletedItems"] == [[2, before.index(gone)]]
    before = after

    animations = demo.js("return window.__e2e.animations")
    after, update, _ = run(demo, "shuffle")
    assert sorted(after) == sorted(before) and after != before
    assert update["movedItems"] and not update["insertedItems"] and not update["deletedItems"]
    assert demo.snapshot()["lastBatch"]["animated"] is True
    assert demo.js("return window.__e2e.animations") > animations + 10, "the moved rows did not slide"
    screenshot(demo.driver, "03-after-shuffle")
    before = after

    after, update, cells = run(demo, "reload")
    assert after == before
    assert len(update["reloadedItems"]) == 3
    reloaded = {before[i] for _, i in update["reloadedItems"]}
    for cell in cells:
        # Reloaded rows that are on screen show their new revision; no other row does.
        assert ("(revision 1)" in cell["text"]) == (cell["id"] in reloaded), cell
    before = after

    after, update, cells = run(demo, "reconfigure")
    assert after == before
    assert len(update["reconfiguredItems"]) == 3
    starred = {before[i] for _, i in update["reconfiguredItems"]}
    for cell in cells:
        assert cell["heart"] == (cell["id"] in starred), cell
    server_text = demo.js("return window.__e2e.serverBatches.slice(-1)[0]")
    assert re.search(r"reconfiguredItems: \[2-\d+, 2-\d+, 2-\d+\]", server_text), server_text
    screenshot(demo.driver, "04-after-reconfigure")

    stats = demo.stats()
    assert stats["batchesApplied"] == 5 and stats["mismatches"] == 0
    assert demo.server_errors() == []
    assert demo.console_errors() == []


def shrink_to_three(demo):
    """Deletes entries until three are left, so that `reconfigure` and `reload` (which pick
    three entries at random) touch every one of them: the test knows which rows change."""
    for _ in range(37):
        demo.send_command("delete")
    three = demo.server_list()
    assert len(three) == 3
    demo.wait_list_matches(three)
    return three


def test_reconfigured_row_keeps_its_node_and_focus_a_reloaded_row_gets_a_new_node(demo):
    demo.scroll_to_section("list")
    three = shrink_to_three(demo)

    # Focus the middle row the way a person would: click the first, then arrow down.
    demo.cell_element(three[0]).click()
    demo.driver.switch_to.active_element.send_keys("\ue015")  # ArrowDown
    demo.wait_for(lambda p: p.js(
        "return document.activeElement.getAttribute('data-item-id')") == three[1],
        "ArrowDown did not move focus to the next row")
    demo.js("window.__e2e.focused = document.activeElement")

    for expect_heart in (True, False):
        seq = demo.view_state()["seq"]
        # Sent over the socket: clicking the button would take focus away from the row.
        demo.send_command("reconfigure")
        demo.wait_for(lambda p: p.view_state()["seq"] == seq + 1, "no reconfigure batch came")
        assert sorted(applied_update(demo)["reconfiguredItems"]) == [[2, 0], [2, 1], [2, 2]]
        demo.wait_for(lambda p: p.js(
            "return !!window.__e2e.focused.querySelector('[data-symbol=\"heart.fill\"]')")
            == expect_heart, "the focused row's heart did not toggle")
        assert demo.js("return document.activeElement === window.__e2e.focused")
        assert demo.js("return window.__e2e.focused.isConnected")
        assert demo.js("return window.__e2e.focused.getAttribute('data-item-id')") == three[1]
        assert demo.js("return window.__e2e.focused.getAttribute('aria-selected')") == "false"
        assert [c["heart"] for c in demo.wait_list_matches(three)] == [expect_heart] * 3
        if expect_heart:
            screenshot(demo.driver, "05-reconfigured-focused-row")

    nodes = demo.js("""
      return Array.from(document.querySelectorAll('.dcv-section[data-section-id="list"] .dcv-cell'));
    """)
    demo.js("window.__e2e.before = arguments[0]", nodes)
    seq = demo.view_state()["seq"]
    demo.send_command("reload")
    demo.wait_for(lambda p: p.view_state()["seq"] == seq + 1, "no reload batch came")
    assert sorted(applied_update(demo)["reloadedItems"]) == [[2, 0], [2, 1], [2, 2]]
    cells = demo.wait_list_matches(three)
    assert [c["text"] for c in cells] == [f"Entry {i.split('-')[1]} (revision 1)" for i in three]
    assert demo.js("""
      const fresh = Array.from(document.querySelectorAll('.dcv-section[data-section-id="list"] .dcv-cell'));
      return fresh.length === 3 && fresh.every((el) => !window.__e2e.before.includes(el)) &&
        window.__e2e.before.every((el) => !el.isConnected);
    """), "a reloaded row kept its old node"
    assert demo.stats()["mismatches"] == 0


# Wraps the view's applyBatch to record, once each batch is drawn: whether rows of an
# animated batch (this one or an earlier one) still slide, and every list row with a node,
# as where it was last placed against where its row is now.
SLIDE_PROBE = """
const view = window.diffableDebug.views.demo;
const probe = window.__slide = {batches: []};
const applyBatch = view.applyBatch;
view.applyBatch = function (message) {
  const result = applyBatch.call(this, message);
  // Read after the batch: the view asked the same while handling it, earlier, and a batch
  // without animation leaves lingerUntil alone, so true here means true there.
  const sliding = performance.now() < this.lingerUntil;
  const s = this.sections.findIndex((section) => section.id === 'list');
  const range = this.renderRanges()[s] || [0, 0];
  const rows = [];
  for (const el of document.querySelectorAll('.dcv-section[data-section-id="list"] .dcv-cell')) {
    const row = el.dcvRow;
    if (!row || row.dead) continue;
    // row.s and row.i are where placeRow last put the node (pathOf would correct them).
    const placedRight = row.s === s && this.sections[s].rows[row.i] === row;
    const now = this.sections[s].rows.indexOf(row);
    rows.push({key: row.key, placedRight, inRange: now >= range[0] && now < range[1]});
  }
  probe.batches.push({seq: message.seq, animated: !!message.animated, sliding, rows});
  return result;
};
"""


def test_a_batch_without_a_slide_places_the_rows_still_sliding(demo):
    """A batch without animation that comes while rows of an animated one still slide (kept
    on screen wherever they went, out of the render range too) must place those rows where
    they are now: a row left where the first batch put it would overlap another."""
    demo.scroll_to_section("list")
    assert demo.server_list() == ALL_40
    demo.js(SLIDE_PROBE)
    for _ in range(3):
        start = len(demo.js("return window.__slide.batches"))
        seq = demo.view_state()["seq"]
        # Sent together: the second batch (10,000 entries, not animated by the server) comes
        # well within the first one's 300 ms slide.
        demo.js(f"{CONNECTION}.sendApp('command', {{command: 'shuffle'}});"
                f"{CONNECTION}.sendApp('command', {{command: 'medium'}});")
        demo.wait_for(lambda p: p.view_state()["seq"] == seq + 2, "the two batches never came")
        first, second = demo.js("return window.__slide.batches")[start:start + 2]
        assert first["animated"] is True and second["animated"] is False, (first, second)
        assert first["sliding"], "the page did not slide the rows of the animated batch"
        outside = [row for row in second["rows"] if not row["inRange"]]
        if second["sliding"] and outside:
            break
        demo.send_command("small")  # the second came too late: back to 40 entries, again
        demo.wait_for(lambda p: p.view_state()["seq"] == seq + 3, "no batch for small")
        demo.scroll_to_section("list")
    assert second["sliding"], "the batch without animation never came during the slide"
    assert outside, "no sliding row was outside the render range: the case is not exercised"
    misplaced = [row["key"] for row in second["rows"] if not row["placedRight"]]
    assert misplaced == [], f"rows left where the animated batch put them: {misplaced}"
    demo.wait_settled()
    assert demo.stats()["mismatches"] == 0
