"""Each connection is its own session: one tab's commands never reach another tab."""

from demo_page import DemoPage

ALL_40 = [f"entry-{n}" for n in range(1, 41)]


def test_two_tabs_are_independent(demo, second_driver, demo_server):
    other = DemoPage(second_driver, demo_server).open()
    other.scroll_to_section("list")
    demo.scroll_to_section("list")
    other_batches = other.stats()["batchesApplied"]

    demo.click_command("shuffle")
    demo.click_command("insert")
    mine = demo.server_list()
    assert len(mine) == 41 and mine[:40] != ALL_40
    demo.wait_list_matches(mine)

    assert other.server_list() == ALL_40
    other.wait_list_matches(ALL_40)
    assert other.stats()["batchesApplied"] == other_batches
    assert other.js("return window.__e2e.serverBatches") == []

    other.click_command("delete")
    theirs = other.server_list()
    assert len(theirs) == 39 and set(theirs) < set(ALL_40)
    other.wait_list_matches(theirs)
    assert demo.server_list() == mine
    demo.wait_list_matches(mine)

    # A reconnect is a new session: it starts again from the app's initial state.
    demo.js("window.diffableDebug.views.demo.connection.reconnect()")
    demo.wait_for(lambda p: p.js("return window.diffableDebug.stats.structures") == 2,
                  "the reconnect brought no new structure")
    assert demo.server_list() == ALL_40
    demo.wait_list_matches(ALL_40)
    assert other.server_list() == theirs
