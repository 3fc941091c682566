"""Two `recipes` processes on one PostgreSQL database (`--database`), a Chromium page on
each: what a person does in one page, the other animates in, as another tab of the same
process would (test_recipes.py's test_two_tabs_stay_in_sync): a favorite is the same row
reconfigured, an add a new row faded in, a delete a row faded out, a drag rows sliding, and
every row that stays keeps its DOM node. Nothing reloads.

One private PostgreSQL server for the module (Tests/postgres_support.py; skipped where it is
not installed), a fresh database per test.

Run: DIFFABLE_BIN_PATH=$(swift build --show-bin-path) python3 -m pytest -q Tests/Browser/test_postgres.py
"""

import uuid

import pytest
from selenium.webdriver.common.by import By

# conftest puts Tests/ on sys.path: postgres_support is shared with the network suite.
from conftest import Server
from postgres_support import postgres_fixture
from recipes_helpers import drag_first_row_two_down

postgres = postgres_fixture()

WIDTH = 1280  # three columns: the list and the detail pane side by side


@pytest.fixture
def two_servers(postgres, tmp_path):
    """Two `recipes` processes on one new database, each with a data directory of its own
    (so a lock the file store would take there never couples them)."""
    url = postgres.url(postgres.create_database())
    servers = []
    try:
        for name in ("a", "b"):
            server = Server("recipes", "--database", url, "--data-dir", str(tmp_path / f"data-{name}"))
            server.data_dir = tmp_path / f"data-{name}"
            servers.append(server)
            server.start()
        yield servers
        died = [f"{s.log_path}:\n{s.log()[-2000:]}" for s in servers if not s.is_running()]
        assert not died, "a recipes process died during the test:\n" + "\n".join(died)
    finally:
        for server in servers:
            server.stop()


def unique_title(prefix: str) -> str:
    return f"{prefix} {uuid.uuid4().hex[:6]}"


def remember_node(page, name: str, recipe_id):
    page.js("window[arguments[0]] = arguments[1];", name, page.row(recipe_id))


def same_node(page, name: str, recipe_id) -> bool:
    return page.js(
        "const el = document.querySelector(`#recipe-list .dcv-cell[data-item-id='${arguments[1]}']:not(.dcv-ghost)`);"
        "return window[arguments[0]] === el && el.isConnected;", name, str(recipe_id))


def has_heart(page, recipe_id) -> bool:
    return bool(page.row(recipe_id).find_elements(By.CSS_SELECTOR, '[data-symbol="heart.fill"]'))


def scroll_list(page, where: str):
    """Scrolls the recipe list to its "top" or "bottom" and waits for the rows drawn there."""
    script = "arguments[0].scrollTop = 0" if where == "top" else "arguments[0].scrollTop = arguments[0].scrollHeight"
    page.js(script, page.el("recipe-list"))
    page.next_frames()
    page.wait_loaded("recipe-list")


def only(batches, kind: str, what: str) -> dict:
    """The one batch of these that has `kind` items (insertedItems, ...), animated by the
    server and by the page (the page starts its animations before it reports the batch)."""
    found = [b for b in batches if b["update"][kind]]
    assert len(found) == 1, f"{what}: expected one batch with {kind}, got {batches}"
    batch = found[0]
    assert batch["animated"], f"{what}: the server did not animate it: {batch}"
    assert batch["animations"] > 0, f"{what}: the page did not animate it: {batch}"
    return batch


# Servers before browsers: teardown runs the other way round, so the pages close before
# the servers stop (a server waits for its pages' close handshakes on SIGTERM).
def test_changes_in_one_process_animate_in_the_other(two_servers, browsers):
    server_a, server_b = two_servers
    a = browsers.page(server_a, WIDTH)
    b = browsers.page(server_b, WIDTH)
    for page in (a, b):
        page.js("window.__notReloaded = true")
    order = [int(r["id"]) for r in b.all_list_rows()]
    assert len(order) >= 10, "the database was not seeded"
    assert [int(r["id"]) for r in a.all_list_rows()] == order, "the two processes show different lists"

    # Favorite in A: B's row gets the heart on the same DOM node, and B's detail pane,
    # showing that recipe, follows.
    target = next(int(r["id"]) for r in b.rows()[:6] if not r["heart"])
    b.select_recipe(target)
    remember_node(b, "__favoriteRow", target)
    # Once: each call adds a listener. Each step reads the batches after its own mark.
    b.record_batches("listView")
    mark = 0
    a.select_recipe(target)
    a.el("detail-favorite").click()
    b.wait(lambda _: has_heart(b, target), "the heart in B's row")
    b.wait(lambda _: b.el("detail-favorite").get_attribute("aria-pressed") == "true", "B's detail pane to show it")
    assert same_node(b, "__favoriteRow", target), "a reconfigure keeps the row's DOM node"
    changes = [x["update"] for x in b.batches("listView")[mark:]]
    assert any(u["reconfiguredItems"] for u in changes), changes
    assert not any(u["deletedItems"] or u["insertedItems"] or u["movedItems"] for u in changes), changes

    # Add in A: a new row fades in at the end of B's list, scrolled there so it is drawn;
    # the rows above it keep their nodes.
    scroll_list(b, "bottom")
    remember_node(b, "__lastRow", order[-1])
    mark = len(b.batches("listView"))
    title = unique_title("Two-Process Tart")
    a.el("add-button").click()
    a.wait(lambda _: a.dialog_open("recipe-form-dialog"), "the add form")
    a.fill_form(title=title, prep="5")
    a.el("form-submit").click()
    a.wait(lambda _: not a.dialog_open("recipe-form-dialog"), "the form to close once saved")
    b.wait(lambda _: b.count_text() == f"{len(order) + 1} recipes", "B's count to grow")
    insert = only(b.batches("listView")[mark:], "insertedItems", "the add in B")
    assert insert["update"]["insertedItems"] == [[0, len(order)]], insert["update"]
    b.wait(lambda _: any(r["title"] == title for r in b.rows()), "the new row drawn in B")
    assert same_node(b, "__lastRow", order[-1]), "the row above the new one keeps its node"
    order.append(int(next(r["id"] for r in b.rows() if r["title"] == title)))

    # Delete in A: the row fades out of B's list; its neighbours keep their nodes.
    scroll_list(b, "top")
    index = next(i for i in range(1, 5) if order[i] != target)
    victim = order[index]
    neighbours = (order[index - 1], order[index + 1])
    for n, recipe_id in enumerate(neighbours):
        remember_node(b, f"__neighbour{n}", recipe_id)
    mark = len(b.batches("listView"))
    a.select_recipe(victim)
    a.el("detail-delete").click()
    a.wait(lambda _: a.dialog_open("confirm-dialog"), "the confirmation")
    a.el("confirm-delete").click()
    b.wait(lambda _: not b.has_row(victim), "the row to leave B")
    delete = only(b.batches("listView")[mark:], "deletedItems", "the delete in B")
    assert delete["update"]["deletedItems"] == [[0, index]], delete["update"]
    for n, recipe_id in enumerate(neighbours):
        assert same_node(b, f"__neighbour{n}", recipe_id), f"row {recipe_id} lost its node"
    order.remove(victim)
    assert b.detail_id() == target, "B's selection is not the deleted recipe's: it stays"

    # Reorder in A, by dragging the first row two rows down: B's rows slide, same nodes.
    scroll_list(a, "top")
    for n, recipe_id in enumerate(order[:4]):
        remember_node(b, f"__row{n}", recipe_id)
    mark = len(b.batches("listView"))
    a.el("edit-button").click()
    a.wait(lambda _: a.el("edit-button").get_attribute("data-editing") == "true", "edit mode in A")
    dragged = drag_first_row_two_down(a, order)
    a.wait(lambda _: a.list_ids()[:4] == dragged[:4], "A's rows in the dragged order")
    b.wait(lambda _: b.list_ids()[:4] == dragged[:4], "B's rows in the dragged order")
    only(b.batches("listView")[mark:], "movedItems", "the reorder in B")
    for n, recipe_id in enumerate(order[:4]):
        assert same_node(b, f"__row{n}", recipe_id), f"row {recipe_id} lost its node in the move"

    # Both end on the same list, and neither page reloaded on the way.
    assert [int(r["id"]) for r in b.all_list_rows()] == dragged
    assert [int(r["id"]) for r in a.all_list_rows()] == dragged
    for page in (a, b):
        assert page.js("return window.__notReloaded === true"), "a page reloaded"
