"""Sessions that survive (issue 17; Docs/WebProtocol.md, "Sessions"): a page whose connection
drops connects again with its token and each view's last seq, and the server answers with
what it missed. The rows keep their DOM nodes; selection, focus, scroll, edit mode and the
filter stay. Past the server's grace period the page gets a new session and says so.

Run:
    swift build
    DIFFABLE_BIN_PATH=$(swift build --show-bin-path) python3 -m pytest -q Tests/Browser/test_resume.py

The drops are the page's own (DiffableConnection.dropForTesting(): the socket closes, the
token is kept); with `options.autoReconnect = false` the page stays offline until the test
calls connect().
"""

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, screenshot
from demo_page import DemoPage
from recipes_helpers import axe_source, start_recipes_server, stored_recipes, wait_settled

ALL_40 = [f"entry-{n}" for n in range(1, 41)]
GRACE = 1  # seconds, for the servers whose sessions must expire during a test
# What a server logs when it lets a session go: the grace period's timer runs late on a
# busy machine, so a test that needs the session gone waits for this line, not for a time.
EXPIRED = "ended (not resumed in time)"

# What a page's connection says, from now on: every `session` message's detail and every
# state it goes through. `arguments[0]` is the script that names the connection.
RECORD_SESSIONS = """
const connection = eval(arguments[0]);
window.__resume = {sessions: [], states: []};
connection.addEventListener('session', (event) => window.__resume.sessions.push(event.detail));
connection.addEventListener('status', (event) => window.__resume.states.push(event.detail.state));
"""

# Every live cell node of a container, remembered by item id (a JS property on the node is
# the tag: only the same node object carries it).
TAG_ROWS = """
const root = document.querySelector(arguments[0]);
window.__tagged = new Map();
for (const el of root.querySelectorAll('.dcv-cell:not(.dcv-ghost)')) {
  el.__resumeTag = el.getAttribute('data-item-id');
  window.__tagged.set(el.__resumeTag, el);
}
return window.__tagged.size;
"""

# For each remembered id: whether a live node shows it now, and whether it is the same node.
TAGGED_NOW = """
const root = document.querySelector(arguments[0]);
const live = new Map();
for (const el of root.querySelectorAll('.dcv-cell:not(.dcv-ghost)')) live.set(el.getAttribute('data-item-id'), el);
const out = {};
for (const [id, el] of window.__tagged) {
  const now = live.get(id);
  out[id] = {shown: !!now, same: now === el && el.isConnected && el.__resumeTag === id};
}
return out;
"""


def sessions(page) -> list:
    return page.js("return window.__resume.sessions")


def wait_session(page, wait, count=1) -> dict:
    """Waits (with the page object's `wait(condition, message)`) for the `count`-th session
    message since RECORD_SESSIONS and returns it."""
    return wait(lambda _: (lambda s: s[count - 1] if len(s) >= count else None)(sessions(page)),
                f"session message {count}")


def changed_nodes(tagged: dict, ignore=()) -> list:
    """The remembered rows that show on a node other than their old one."""
    return [i for i, t in tagged.items() if i not in ignore and t["shown"] and not t["same"]]


def gone_nodes(tagged: dict, ignore=()) -> list:
    """The remembered rows that have no node now (scrolled or squeezed out of the viewport)."""
    return [i for i, t in tagged.items() if i not in ignore and not t["shown"]]


# --- the model: the `session` message's shape --------------------------------------------------


def test_session_messages_are_checked(demo):
    results = demo.driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      import('/diffable-model.js').then((M) => {
        const token = '0123456789abcdef0123456789abcdef';
        const base = {v: 1, type: 'session', token, resumed: false, graceSeconds: 60};
        const cases = {
          fresh: base,
          resumed: Object.assign({}, base, {resumed: true, views: {demo: 'replay', a: 'current', b: 'resync', c: 'restart'}}),
          refused: Object.assign({}, base, {refused: 'expired'}),
          inUse: Object.assign({}, base, {refused: 'inUse'}),
          upperToken: Object.assign({}, base, {token: token.toUpperCase()}),
          shortToken: Object.assign({}, base, {token: token.slice(1)}),
          noToken: Object.assign({}, base, {token: undefined}),
          resumedText: Object.assign({}, base, {resumed: 'true'}),
          negativeGrace: Object.assign({}, base, {graceSeconds: -1}),
          fractionGrace: Object.assign({}, base, {graceSeconds: 1.5}),
          badView: Object.assign({}, base, {resumed: true, views: {demo: 'again'}}),
          viewsList: Object.assign({}, base, {resumed: true, views: ['current']}),
          badRefusal: Object.assign({}, base, {refused: 'nope'}),
        };
        const out = {};
        for (const [name, message] of Object.entries(cases)) out[name] = M.parseServerMessage(JSON.stringify(message)).error || null;
        done(out);
      }, (e) => done({failed: String(e)}));
    """)
    for name in ("fresh", "resumed", "refused", "inUse"):
        assert results[name] is None, (name, results)
    for name in ("upperToken", "shortToken", "noToken", "resumedText", "negativeGrace", "fractionGrace",
                 "badView", "viewsList", "badRefusal"):
        assert results[name], f"{name} was accepted: {results}"


# --- the demo: a drop within the grace period -----------------------------------------------------


def test_demo_drop_resumes_with_the_same_nodes_selection_focus_and_scroll(demo):
    demo.scroll_to_section("list")
    demo.js("window.diffableDebug.views.demo.element.scrollTop += 170")
    demo.wait_settled()
    # Select a row by clicking it, then move focus one row down with the keyboard. The rows
    # are taken from those wholly inside the scroller, clear of its sticky header, once the
    # view has rendered for the new scroll position (it renders on the scroll event, which
    # can come after the settle check above).
    def rows_in_view(p):
        top, bottom = p.js("const r = window.diffableDebug.views.demo.element.getBoundingClientRect();"
                           "return [r.top, r.bottom];")
        rows = [c for c in p.cells("list") or [] if c["top"] >= top + 60 and c["bottom"] <= bottom]
        return rows if len(rows) >= 4 else None
    rows = demo.wait_for(rows_in_view, "four list rows inside the scroller")
    chosen, below = rows[2]["id"], rows[3]["id"]
    demo.cell_element(chosen).find_element(By.CSS_SELECTOR, ".dcv-text").click()
    ActionChains(demo.driver).send_keys(Keys.ARROW_DOWN).perform()
    demo.wait_for(lambda p: p.js("return document.activeElement.getAttribute('data-item-id')") == below,
                  "focus on the row below the selected one")
    demo.wait_settled()
    before = demo.view_state()
    assert before["selected"], "the click selected nothing"
    stats = demo.stats()
    scroll = demo.js("return window.diffableDebug.views.demo.element.scrollTop")
    tagged = demo.js(TAG_ROWS, "#collection")
    assert tagged > 10
    demo.js(RECORD_SESSIONS, "window.diffableDebug.views.demo.connection")
    token = demo.js("return window.diffableDebug.views.demo.connection.token")
    assert isinstance(token, str) and len(token) == 32

    demo.js("window.diffableDebug.views.demo.connection.dropForTesting()")
    session = wait_session(demo, demo.wait_for)
    assert session["resumed"] is True, session
    assert session["views"] == {"demo": "current"}, session
    assert not session["refused"] and not session["lost"], session
    assert session["token"] != token, "a resumed session gets a new token"
    assert "closed" in demo.js("return window.__resume.states"), "the connection never dropped"
    demo.wait_for(lambda p: p.js("return window.diffableDebug.views.demo.connection.isOpen()"), "the connection open")

    after = demo.view_state()
    assert after["seq"] == before["seq"]
    assert after["selected"] == before["selected"]
    assert after["focused"] == before["focused"]
    assert demo.js("return document.activeElement.getAttribute('data-item-id')") == below
    assert demo.js("return document.activeElement.__resumeTag") == below, "focus is on a new node"
    assert demo.js("return window.diffableDebug.views.demo.element.scrollTop") == scroll
    now = demo.js(TAGGED_NOW, "#collection")
    assert changed_nodes(now) == [] and gone_nodes(now) == [], "rows got new nodes"
    assert demo.js("return document.querySelectorAll('#collection .dcv-cell:not(.dcv-ghost)').length") == tagged
    assert not demo.js("return document.getElementById('collection').classList.contains('dcv-disconnected')")
    now = demo.stats()
    assert now["structures"] == stats["structures"], "the resume sent a structure"
    assert now["sessionsResumed"] == stats["sessionsResumed"] + 1
    assert now["mismatches"] == 0

    # The session goes on: a command's batch lands on the same nodes.
    demo.send_command("insert")
    expected = demo.server_list()
    demo.wait_list_matches(expected)
    assert demo.view_state()["seq"] == before["seq"] + 1
    assert changed_nodes(demo.js(TAGGED_NOW, "#collection")) == []


def test_demo_session_expires_and_the_page_says_so(driver):
    server = Server("diffable-demo", "--session-grace-seconds", str(GRACE)).start()
    try:
        page = DemoPage(driver, server).open()
        page.scroll_to_section("list")
        page.send_command("shuffle")
        shuffled = page.server_list()
        assert shuffled != ALL_40
        page.wait_list_matches(shuffled)
        page.js(RECORD_SESSIONS, "window.diffableDebug.views.demo.connection")
        structures = page.stats()["structures"]

        ended = server.log().count(EXPIRED)
        page.js("const c = window.diffableDebug.views.demo.connection; c.options.autoReconnect = false; c.dropForTesting();")
        page.wait_for(lambda p: p.js("return window.diffableDebug.views.demo.connection.state") == "closed", "the drop")
        server.wait_for_log(EXPIRED, count=ended + 1)
        page.js("window.diffableDebug.views.demo.connection.connect()")
        session = wait_session(page, page.wait_for)
        assert session["resumed"] is False and session["refused"] == "expired" and session["lost"] is True, session
        status = page.js("return document.getElementById('status').textContent")
        assert "new session" in status and "offline" in status, status
        screenshot(driver, "resume-demo-new-session")
        page.wait_for(lambda p: p.stats()["structures"] == structures + 1, "the new session's structure")
        assert page.server_list() == ALL_40
        page.wait_list_matches(ALL_40)
    finally:
        server.stop()


# --- Recipes: two tabs, one offline while the other changes things ---------------------------------


@pytest.fixture
def recipes_server(tmp_path):
    server = start_recipes_server(tmp_path / "recipes-resume")
    yield server
    server.stop()


@pytest.fixture
def short_grace_server(tmp_path):
    server = start_recipes_server(tmp_path / "recipes-grace", "--session-grace-seconds", str(GRACE))
    yield server
    server.stop()


def header_expanded(page):
    return next((r["expanded"] for r in page.rows("sidebar") if r["title"] == "Collections"), None)


def collapse_collections(page):
    page.sidebar_row("Collections").find_element(By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]').click()
    page.wait(lambda _: header_expanded(page) == "false", "Collections to collapse")


def go_offline(page):
    page.js("recipesPage.connection.options.autoReconnect = false; recipesPage.connection.dropForTesting();")
    page.wait(lambda _: page.js("return document.getElementById('connection-status').dataset.state") == "closed",
              "the page to go offline")
    page.wait(lambda _: page.js("return document.getElementById('offline-banner').getBoundingClientRect().height") > 0,
              "the offline line")
    # The line takes room from the list, whose resize renders it on a later frame.
    page.driver.execute_async_script(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)));")


def notice(page) -> dict:
    return page.js("""
        const box = document.getElementById('session-notice-box');
        const r = box.getBoundingClientRect();
        return {shown: !box.hidden && r.height > 0 && r.width > 0, text: box.textContent.trim(),
                region: box.closest('[role=status]') ? box.closest('[role=status]').id : null};""")


def test_offline_tab_replays_what_another_tab_changed(browsers, recipes_server):
    first = browsers.page(recipes_server, 1440)
    second = browsers.page(recipes_server, 1440)
    recipes = stored_recipes(recipes_server.data_dir)
    shown, favorite, deleted = recipes[0], recipes[2], recipes[4]

    first.select_recipe(shown["id"])
    first.el("edit-button").click()
    first.wait(lambda _: first.el("edit-button").get_attribute("data-editing") == "true", "edit mode")
    first.wait(lambda _: first.row(recipes[1]["id"]).find_elements(By.CSS_SELECTOR, ".dcv-acc-reorder"),
               "the reorder handles")
    first.wait_loaded("recipe-list")
    first.js(RECORD_SESSIONS, "recipesPage.connection")
    first.record_batches("listView")
    first.js("""
        window.__sentApps = [];
        const connection = recipesPage.connection;
        const send = connection.sendApp.bind(connection);
        connection.sendApp = (name, payload) => { window.__sentApps.push(name); return send(name, payload); };""")
    # Nodes that outlived a slide or a scroll go at the next render: the tags go on the rows
    # the list keeps.
    wait_settled(first)
    first.js("recipesPage.listView.render()")
    tagged = first.js(TAG_ROWS, "#recipe-list")
    assert tagged >= 10
    seq = first.js("return recipesPage.listView.seq")
    structures = first.js("return diffableDebug.stats.structures")

    go_offline(first)
    # While offline, the page keeps what it showed and remembers where it was.
    assert first.js("return recipesPage.listView.resumePoint()") == seq
    address = first.js("return recipesPage.connection.resumeURL()")
    assert "resume=" in address and f"seen=recipes:{seq}" in address and "seen=sidebar:" in address, address
    # (The offline line takes room from the list, so the last row or two may leave.)
    offline = first.js(TAGGED_NOW, "#recipe-list")
    assert changed_nodes(offline) == [] and len(gone_nodes(offline)) <= 2, offline

    # The other tab favorites one recipe and deletes another.
    second.select_recipe(favorite["id"])
    second.el("detail-favorite").click()
    second.select_recipe(deleted["id"])
    second.el("detail-delete").click()
    second.wait(lambda _: second.dialog_open("confirm-dialog"), "the confirmation")
    second.el("confirm-delete").click()
    first.wait(lambda _: (lambda s: len(s) == len(recipes) - 1 and
                          next(r for r in s if r["id"] == favorite["id"])["isFavorite"] != favorite["isFavorite"])(
        stored_recipes(recipes_server.data_dir)), "the other tab's changes saved")

    first.js("recipesPage.connection.connect()")
    session = wait_session(first, first.wait)
    assert session["resumed"] is True and not session["lost"], session
    assert session["views"].get("recipes") in ("replay", "resync"), session
    assert set(session["views"]) == {"sidebar", "recipes"}, session
    first.wait(lambda _: not first.has_row(deleted["id"]), "the deleted recipe to leave the offline tab")
    first.wait(lambda _: bool(first.row(favorite["id"]).find_elements(By.CSS_SELECTOR, '[data-symbol="heart.fill"]'))
               != favorite["isFavorite"], "the favorite's heart to follow")
    first.wait_loaded("recipe-list")

    batches = first.batches("listView")
    assert batches and all(b["result"] == "ack" for b in batches), batches
    assert any(b["animated"] and b["update"]["deletedItems"] for b in batches), batches
    now = first.js(TAGGED_NOW, "#recipe-list")
    touched = {str(deleted["id"]), str(favorite["id"])} | set(gone_nodes(offline))
    assert changed_nodes(now, ignore=touched) == [], f"rows the other tab did not touch got new nodes: {now}"
    assert len(gone_nodes(now, ignore=touched)) <= 2, now
    if session["views"]["recipes"] == "replay":
        assert first.js(TAGGED_NOW, "#recipe-list")[str(favorite["id"])]["same"], "a reconfigured row keeps its node"
    assert first.js("return diffableDebug.stats.structures") == structures, "the resume sent a structure"
    assert first.js("return diffableDebug.stats.mismatches") == 0
    assert "restore" not in first.js("return window.__sentApps"), "a resumed page asked for its place again"
    # The page's own state survived, and the server's.
    assert first.el("edit-button").get_attribute("data-editing") == "true" and first.js("return recipesPage.listView.editing")
    assert first.row(recipes[1]["id"]).find_elements(By.CSS_SELECTOR, ".dcv-acc-reorder")
    assert first.text("filter-title") == "All Recipes"
    assert first.detail_id() == shown["id"]
    assert first.row(shown["id"]).get_attribute("aria-selected") == "true"
    assert not notice(first)["shown"], "a resumed session needs no notice"
    assert first.js("return document.getElementById('offline-banner').getBoundingClientRect().height") == 0
    # The list is the server's.
    store = stored_recipes(recipes_server.data_dir)
    rows = first.all_list_rows()
    assert [int(r["id"]) for r in rows] == [r["id"] for r in store]
    assert [r["heart"] for r in rows] == [r["isFavorite"] for r in store]
    assert first.count_text() == f"{len(store)} recipes"


# --- Recipes: past the grace period ----------------------------------------------------------------------


def test_session_expires_offline_and_the_page_says_so_plainly(browsers, short_grace_server):
    page = browsers.page(short_grace_server, 1440)
    name = "Breakfast"
    members = [r["id"] for r in stored_recipes(short_grace_server.data_dir) if name in r["collections"]]
    assert len(members) >= 2
    page.select_filter(name)
    page.select_recipe(members[1])
    collapse_collections(page)
    page.js(RECORD_SESSIONS, "recipesPage.connection")
    structures = page.js("return diffableDebug.stats.structures")

    ended = short_grace_server.log().count(EXPIRED)
    go_offline(page)
    short_grace_server.wait_for_log(EXPIRED, count=ended + 1)
    page.js("recipesPage.connection.connect()")
    session = wait_session(page, page.wait)
    assert session["resumed"] is False and session["refused"] == "expired" and session["lost"] is True, session
    # It says so, plainly and politely, where it covers nothing.
    page.wait(lambda _: notice(page)["shown"], "the new-session notice")
    shown = notice(page)
    assert "new session" in shown["text"] and "offline" in shown["text"], shown
    assert shown["region"] == "session-notice"
    assert page.js("return document.getElementById('session-notice').getAttribute('role')") == "status"
    assert page.js("return document.getElementById('offline-banner').getBoundingClientRect().height") == 0
    screenshot(page.driver, "resume-new-session-notice")
    if axe_source()[0] is not None:
        from axe_support import blocking, describe, run_axe
        serious = blocking(run_axe(page.driver, "#session-notice"))
        assert not serious, describe(serious)

    # The new session was asked for the page's place, and shows the server's list.
    page.wait(lambda _: page.js("return diffableDebug.stats.structures") >= structures + 2, "the new structures")
    page.wait(lambda _: page.text("filter-title") == name and page.detail_id() == members[1], "the place restored")
    page.wait(lambda _: page.count_text() == f"{len(members)} recipes", "the collection's count")
    page.wait_loaded("recipe-list")
    assert [int(r["id"]) for r in page.all_list_rows()] == members
    page.wait(lambda _: page.has_row(members[1]) and page.row(members[1]).get_attribute("aria-selected") == "true",
              "the recipe selected again")
    # What lived only in the old session (the outline's state) started over.
    page.wait(lambda _: header_expanded(page) == "true", "the new session's sidebar")

    # The notice stays until dismissed; the next session resumes quietly.
    time.sleep(0.5)
    assert notice(page)["shown"]
    page.el("session-notice-close").click()
    page.wait(lambda _: not notice(page)["shown"], "the notice to go")
    page.js("recipesPage.connection.options.autoReconnect = true; recipesPage.connection.dropForTesting();")
    session = wait_session(page, page.wait, count=2)
    assert session["resumed"] is True and not session["lost"], session
    page.wait(lambda _: page.js("return recipesPage.connection.isOpen()"), "the page to reconnect")
    assert not notice(page)["shown"]


def test_a_new_session_takes_back_the_undo_of_the_lost_one(browsers, short_grace_server):
    """Undo is the deleting session's: a page that comes back to a new one must not offer it
    (the new session would answer it with "There is no deletion to undo.")."""
    page = browsers.page(short_grace_server, 1440)
    recipes = stored_recipes(short_grace_server.data_dir)
    target = recipes[2]
    page.select_recipe(target["id"])
    page.wait(lambda _: page.detail_id() == target["id"], "the recipe shown")
    page.el("detail-delete").click()
    page.wait(lambda _: page.dialog_open("confirm-dialog"), "the confirmation")
    page.el("confirm-delete").click()
    page.wait(lambda _: not page.is_hidden("toast") and not page.is_hidden("toast-undo"), "the undo toast")
    page.js(RECORD_SESSIONS, "recipesPage.connection")

    # Focus on Undo keeps the toast up (nobody loses Undo mid-reach), so only the new session
    # can take it away within the test.
    page.js("document.getElementById('toast-undo').focus()")

    ended = short_grace_server.log().count(EXPIRED)
    go_offline(page)
    short_grace_server.wait_for_log(EXPIRED, count=ended + 1)
    page.js("recipesPage.connection.connect()")
    session = wait_session(page, page.wait)
    assert session["lost"] is True, session
    page.wait(lambda _: page.is_hidden("toast"), "the undo toast to go with its session")
    # Ctrl+Z, which undoes while an undo toast is up, has nothing to undo either.
    page.press(Keys.CONTROL, "z")
    time.sleep(0.5)
    assert page.is_hidden("toast"), page.summary()
    assert target["id"] not in [r["id"] for r in stored_recipes(short_grace_server.data_dir)]


# --- Recipes: a reload resumes ------------------------------------------------------------------------------


def test_reload_resumes_the_session(browsers, recipes_server):
    page = browsers.page(recipes_server, 1440)
    favorites = [r["id"] for r in stored_recipes(recipes_server.data_dir) if r["isFavorite"]]
    assert len(favorites) >= 2
    page.select_filter("Favorites")
    page.select_recipe(favorites[1])
    collapse_collections(page)
    key, token = page.js("""
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('diffable-session '));
        return [key, key ? sessionStorage.getItem(key) : null];""")
    assert key and token == page.js("return recipesPage.connection.token"), (key, token)

    page.driver.refresh()
    page.wait_ready()
    last = page.js("return diffableDebug.snapshot().lastSession")
    assert last["resumed"] is True and not last["lost"], last
    assert last["views"] == {"sidebar": "restart", "recipes": "restart"}, last
    assert page.js("return sessionStorage.getItem(arguments[0])", key) not in (None, token), \
        "a resumed session gets a new token"
    # The session's own state is there: the collapsed outline and the selection.
    assert header_expanded(page) == "false", "the reload started a new session"
    assert [r["title"] for r in page.rows("sidebar") if r["selected"]] == ["Favorites"]
    page.wait(lambda _: page.detail_id() == favorites[1], "the recipe shown")
    page.wait(lambda _: page.has_row(favorites[1]) and page.row(favorites[1]).get_attribute("aria-selected") == "true",
              "the recipe's row selected")
    assert page.text("filter-title") == "Favorites"
    assert not notice(page)["shown"]
    assert [int(r["id"]) for r in page.all_list_rows()] == favorites


def test_a_copied_token_does_not_take_a_connected_session(browsers, recipes_server):
    first = browsers.page(recipes_server, 1440)
    collapse_collections(first)
    first.js(RECORD_SESSIONS, "recipesPage.connection")
    key, token = first.js("""
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('diffable-session '));
        return [key, sessionStorage.getItem(key)];""")

    # A duplicated tab carries the first one's sessionStorage, so its token.
    second = browsers.page(recipes_server, 1440)
    second.js("sessionStorage.setItem(arguments[0], arguments[1])", key, token)
    second.driver.refresh()
    second.wait_ready()
    last = second.js("return diffableDebug.snapshot().lastSession")
    assert last["resumed"] is False and last["refused"] == "inUse" and not last["lost"], last
    assert header_expanded(second) == "true", "the second tab got the first one's session"
    assert not notice(second)["shown"], "a new tab has no session to have lost"
    assert second.js("return sessionStorage.getItem(arguments[0])", key) != token

    # The first tab's session is untouched.
    assert first.js("return window.__resume.sessions") == []
    assert first.js("return recipesPage.connection.isOpen()")
    assert header_expanded(first) == "false"
    first.select_filter("Favorites")


def test_offline_tab_resyncs_when_it_missed_too_much(browsers, recipes_server):
    """More batches than a view keeps for its page (256): the resume is one batch from the
    page's state to now, and the rows it holds ask for their contents again."""
    first = browsers.page(recipes_server, 1440)
    second = browsers.page(recipes_server, 1440)
    recipes = stored_recipes(recipes_server.data_dir)
    target = recipes[1]
    wait_settled(first)
    first.js("recipesPage.listView.render()")
    first.js(RECORD_SESSIONS, "recipesPage.connection")
    first.record_batches("listView")
    tagged = first.js(TAG_ROWS, "#recipe-list")
    assert tagged >= 10
    seq = first.js("return recipesPage.listView.seq")
    structures = first.js("return diffableDebug.stats.structures")
    requests = first.js("return diffableDebug.stats.cellRequests")
    go_offline(first)
    offline = first.js(TAGGED_NOW, "#recipe-list")

    # 301 toggles: one batch each in the offline tab's session, and the favorite flipped.
    # Every one saved before the offline tab comes back (its first flips the stored favorite
    # already, and a resume in the middle would find fewer than 256 batches missed). Sent in
    # three rounds, each saved before the next: a tab may have at most 256 changes waiting
    # (RecipesSession.maximumPendingChanges), and the server refuses the rest.
    toggles = 301
    second.js("window.__saves = 0; recipesPage.connection.onApp('saved', () => { window.__saves += 1; });")
    sent = 0
    for round_size in (100, 100, 101):
        second.js("for (let i = 0; i < arguments[1]; i++) recipesPage.connection.sendApp('toggleFavorite', {id: arguments[0]});",
                  target["id"], round_size)
        sent += round_size
        second.wait(lambda _: second.js("return window.__saves") == sent, "the toggles saved", timeout=60)
    assert sent == toggles
    assert next(r for r in stored_recipes(recipes_server.data_dir)
                if r["id"] == target["id"])["isFavorite"] != target["isFavorite"]

    first.js("recipesPage.connection.connect()")
    session = wait_session(first, first.wait)
    assert session["resumed"] is True and session["views"].get("recipes") == "resync", session
    first.wait(lambda _: first.js("return recipesPage.listView.seq") == seq + 1, "the one catch-up batch")
    first.wait(lambda _: bool(first.row(target["id"]).find_elements(By.CSS_SELECTOR, '[data-symbol="heart.fill"]'))
               != target["isFavorite"], "the heart to follow")
    first.wait_loaded("recipe-list")
    first.wait(lambda _: first.js("return document.querySelectorAll('#recipe-list .dcv-stale').length") == 0,
               "the stale rows' contents")
    assert first.js("return diffableDebug.stats.cellRequests") > requests, "the stale rows never asked again"
    assert [b["result"] for b in first.batches("listView")] == ["ack"]
    assert first.js("return diffableDebug.stats.structures") == structures
    assert first.js("return diffableDebug.stats.mismatches") == 0
    now = first.js(TAGGED_NOW, "#recipe-list")
    assert changed_nodes(now, ignore=set(gone_nodes(offline))) == [], now
    store = stored_recipes(recipes_server.data_dir)
    rows = first.all_list_rows()
    assert [int(r["id"]) for r in rows] == [r["id"] for r in store]
    assert [r["heart"] for r in rows] == [r["isFavorite"] for r in store]
