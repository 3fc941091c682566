"""End-to-end tests of the Recipes sample (`swift run recipes`): every user story of the app,
driven through headless Chromium the way a person would use it, checked on the page and in
the store's recipes.json.

Run (Debian's /usr/bin/chromium and /usr/bin/chromedriver, `pip install pytest selenium`):

    swift build --product recipes
    DIFFABLE_BIN_PATH=$(swift build --show-bin-path) python3 -m pytest -q Tests/Browser/test_recipes.py

Screenshots go to artifacts/screenshots/. The README's pictures (docs/screenshots/recipes.png
and docs/screenshots/recipes-editing.png, 1280×800) are rewritten only when asked:

    DIFFABLE_UPDATE_SCREENSHOTS=1 DIFFABLE_BIN_PATH=$(swift build --show-bin-path) \\
        python3 -m pytest -q Tests/Browser/test_recipes.py -k screenshots

Most tests share one server (and data directory) for the module and state their
expectations from recipes.json as it is when they start, so they hold in any order and with
-k. Tests that need the seeded store, or restart the server, get a server of their own.
"""

import os
import re
import uuid
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, Server, make_driver, screenshot
from recipes_helpers import (
    RecipesPage, collection_names, drag_first_row_two_down, png_size, read_store, stored_recipes,
    subtitle,
)

SCREENSHOTS = ROOT / "docs" / "screenshots"
UPDATE_SCREENSHOTS = os.environ.get("DIFFABLE_UPDATE_SCREENSHOTS") == "1"


def make_desktop_driver():
    """conftest's browser, as a desktop with a mouse and a 1280×800 viewport, for the README:
    headless Chromium otherwise reports a touch screen (no hover, coarse pointer), and the
    page then shows every row's swipe affordance, as it should on a phone."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--force-prefers-no-reduced-motion",
                     # Blink's enums: hover 2 = hover; pointer 4 = fine.
                     "--blink-settings=primaryHoverType=2,availableHoverTypes=2,"
                     "primaryPointerType=4,availablePointerTypes=4"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    return driver


def start_server(data_dir: Path) -> Server:
    server = Server("recipes", "--data-dir", str(data_dir)).start()
    server.data_dir = data_dir
    return server


@pytest.fixture(scope="module")
def recipes_server(tmp_path_factory):
    server = start_server(tmp_path_factory.mktemp("recipes-data"))
    yield server
    server.stop()


@pytest.fixture
def fresh_server(tmp_path):
    """A server on a new data directory: the seeded sample recipes, nobody else's changes."""
    server = start_server(tmp_path / "recipes-data")
    yield server
    server.stop()


def crash_report(server) -> str:
    """Why a server is gone, from its log: the fatal error line and what led to it."""
    lines = server.log().splitlines()
    fatal = [i for i, line in enumerate(lines) if "Fatal error" in line or "crashed" in line]
    return "\n".join(lines[max(0, fatal[0] - 3):fatal[0] + 40]) if fatal else "\n".join(lines[-20:])


def assert_alive(server):
    assert server.process.poll() is None, f"the recipes server died:\n{crash_report(server)}"


class Browsers:
    """Browsers opened by a test, closed after it; a console error in any fails the test,
    except those the test says it expects (a server it stopped on purpose, say), and so
    does a server that died under it."""

    def __init__(self):
        self.drivers = []
        self.servers = []
        self.allowed_errors = []

    def new(self, desktop=False):
        driver = make_desktop_driver() if desktop else make_driver()
        self.drivers.append(driver)
        return driver

    def page(self, server) -> RecipesPage:
        assert_alive(server)
        self.servers.append(server)
        return RecipesPage(self.new(), server, server.data_dir).open()

    def unexpected_errors(self) -> list:
        errors = []
        for driver in self.drivers:
            for entry in driver.get_log("browser"):
                if entry["level"] == "SEVERE" and not any(re.search(p, entry["message"]) for p in self.allowed_errors):
                    errors.append(entry["message"])
        return errors


@pytest.fixture
def browsers():
    opened = Browsers()
    yield opened
    try:
        errors = opened.unexpected_errors()
    finally:
        for driver in opened.drivers:
            driver.quit()
    # A server its fixture already stopped has a return code; one still meant to run must be.
    for server in opened.servers:
        if server.process and server.process.returncode is None:
            assert_alive(server)
    assert not errors, f"console errors: {errors}"


@pytest.fixture
def page(browsers, recipes_server) -> RecipesPage:
    return browsers.page(recipes_server)


def wait_stored(page, predicate, message):
    """Waits for recipes.json to satisfy `predicate(store)`; the store saves on every change,
    but the page may show a change a moment before the file has it."""
    return page.wait(lambda _: (lambda store: store if predicate(store) else None)(read_store(page.data_dir)),
                     f"recipes.json: {message}")


def unique_title(prefix: str) -> str:
    return f"{prefix} {uuid.uuid4().hex[:6]}"


def same_node(page, name: str, recipe_id) -> bool:
    return page.js(
        "const el = document.querySelector(`#recipe-list .dcv-cell[data-item-id='${arguments[1]}']:not(.dcv-ghost)`);"
        "return window[arguments[0]] === el && el.isConnected;", name, str(recipe_id))


def remember_node(page, name: str, recipe_id):
    page.js("window[arguments[0]] = arguments[1];", name, page.row(recipe_id))


# --- 1. first load --------------------------------------------------------------------------------


def test_first_load_shows_sidebar_and_every_recipe(page):
    recipes = stored_recipes(page.data_dir)
    collections = collection_names(recipes)
    assert len(recipes) >= 30 and collections, "the seeded store should hold the sample recipes"

    assert page.text("connection-status") == "Connected"
    sidebar = page.rows("sidebar")
    assert [r["title"] for r in sidebar] == ["All Recipes", "Favorites", "Recents", "Collections", *collections]
    assert [r["title"] for r in sidebar if r["selected"]] == ["All Recipes"]
    header = sidebar[3]
    assert (header["role"], header["level"], header["expanded"]) == ("treeitem", "1", "true")
    for row in sidebar[4:]:
        assert (row["role"], row["level"], row["setsize"]) == ("treeitem", "2", len(collections)), row

    assert page.text("filter-title") == "All Recipes"
    assert page.count_text() == f"{len(recipes)} recipes"
    assert page.is_hidden("list-empty")
    rows = page.all_list_rows()
    assert [int(r["id"]) for r in rows] == [r["id"] for r in recipes]
    assert [r["posinset"] for r in rows] == list(range(1, len(recipes) + 1))
    for row, recipe in zip(rows, recipes):
        assert (row["role"], row["setsize"]) == ("row", len(recipes)), row
        assert row["title"] == recipe["title"]
        assert row["subtitle"] == subtitle(recipe) != "", recipe["title"]
        assert row["image"]["src"] == f"/images/{recipe['imageName']}.svg"
        assert row["image"]["complete"] and row["image"]["width"] > 0, f"picture of {recipe['title']} did not load"
        assert row["heart"] == recipe["isFavorite"], recipe["title"]

    assert not page.is_hidden("detail-empty") and page.is_hidden("detail")
    assert page.detail_id() is None


# --- 2. filters -----------------------------------------------------------------------------------


def test_sidebar_filters_the_list(page):
    recipes = stored_recipes(page.data_dir)
    favorites = [r["id"] for r in recipes if r["isFavorite"]]
    assert 0 < len(favorites) < len(recipes)

    page.select_filter("Favorites")
    assert page.count_text() == f"{len(favorites)} recipes"
    rows = page.all_list_rows()
    assert [int(r["id"]) for r in rows] == favorites
    assert all(r["heart"] for r in rows), "every row under Favorites carries the heart"
    assert [r["title"] for r in page.rows("sidebar") if r["selected"]] == ["Favorites"]

    # Recents: the ten newest by date added (a later id wins a tie), newest first.
    newest = sorted((r for r in recipes if r.get("addedOn")), key=lambda r: (r["addedOn"], r["id"]), reverse=True)[:10]
    page.select_filter("Recents")
    assert page.list_ids() == [r["id"] for r in newest]

    name = "Soups & Stews"
    members = [r["id"] for r in recipes if name in r["collections"]]
    assert members and len(members) < len(recipes)
    page.select_filter(name)
    assert [int(r["id"]) for r in page.all_list_rows()] == members
    assert page.count_text() == f"{len(members)} recipes"
    assert [r["title"] for r in page.rows("sidebar") if r["selected"]] == [name]
    assert page.js("return document.title") == f"{name} — Recipes"

    page.select_filter("All Recipes")
    assert page.count_text() == f"{len(recipes)} recipes"


# --- 3. the Collections outline -------------------------------------------------------------------


def collection_rows(page):
    return [r["title"] for r in page.rows("sidebar") if r["level"] == "2"]


def header_expanded(page):
    return next(r["expanded"] for r in page.rows("sidebar") if r["title"] == "Collections")


def test_collections_expand_and_collapse(page):
    collections = collection_names(stored_recipes(page.data_dir))
    assert collection_rows(page) == collections

    # By pointer, on the disclosure.
    page.sidebar_row("Collections").find_element(By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]').click()
    page.wait(lambda _: header_expanded(page) == "false" and collection_rows(page) == [], "Collections to collapse")
    assert page.text("filter-title") == "All Recipes", "the header expands, it does not filter"
    page.sidebar_row("Collections").find_element(By.CSS_SELECTOR, '[data-accessory="outlineDisclosure"]').click()
    page.wait(lambda _: header_expanded(page) == "true" and collection_rows(page) == collections, "Collections to expand")

    # By keyboard: from All Recipes down to the header, then Left/Right as in a tree.
    page.sidebar_row("All Recipes").click()
    page.press(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    page.wait(lambda _: page.focus()["label"] == "Collections", "focus on the Collections header")
    page.press(Keys.ARROW_LEFT)
    page.wait(lambda _: header_expanded(page) == "false" and collection_rows(page) == [], "Left to collapse")
    assert page.focus()["label"] == "Collections"
    page.press(Keys.ARROW_LEFT)  # collapsed already: nothing more to do
    page.press(Keys.ARROW_RIGHT)
    page.wait(lambda _: header_expanded(page) == "true" and collection_rows(page) == collections, "Right to expand")
    page.press(Keys.ARROW_RIGHT)  # expanded: Right steps into the first child
    page.wait(lambda _: page.focus()["label"] == collections[0], "focus on the first collection")
    page.press(Keys.ARROW_LEFT)  # on a child: Left goes back to the parent
    page.wait(lambda _: page.focus()["label"] == "Collections", "focus back on the header")
    assert header_expanded(page) == "true"


# --- 4. add -------------------------------------------------------------------------------------


def test_add_recipe_validates_and_inserts(page):
    before = read_store(page.data_dir)
    count = len(before["recipes"])
    page.record_batches("listView")
    page.record_batches("sidebarView")

    page.el("add-button").click()
    page.wait(lambda _: page.dialog_open("recipe-form-dialog"), "the add form")
    assert page.el("recipe-form-dialog").get_attribute("data-mode") == "add"
    assert page.focus()["id"] == "form-title"
    assert page.text("recipe-form-title") == "New Recipe" and page.text("form-submit") == "Add"

    # An empty title is refused here before anything is sent...
    page.el("form-submit").click()
    page.wait(lambda _: not page.is_hidden("form-error"), "the form's error")
    assert page.text("form-error") == "Give the recipe a title."
    assert page.el("form-title").get_attribute("aria-invalid") == "true"
    assert page.dialog_open("recipe-form-dialog")

    # ...and the server refuses one too, with its own words, while the form stays open.
    page.js("recipesPage.connection.sendApp('addRecipe', {title: ' '})")
    page.wait(lambda _: "needs a title" in page.text("form-error"), "the server's refusal in the form")
    assert page.dialog_open("recipe-form-dialog")
    assert read_store(page.data_dir) == before, "a refused recipe must not be saved"

    title = unique_title("Sunday Shakshuka")
    collection = unique_title("Brunch Club")
    # New recipes go at the end: scrolled there, the insert happens where it can be seen.
    page.js("arguments[0].scrollTop = arguments[0].scrollHeight", page.el("recipe-list"))
    page.fill_form(title=title, prep="12", cook="18", servings="2", collections=f"{collection}, Breakfast")
    page.el("form-ingredients").send_keys("4 eggs", Keys.ENTER, "1 can tomatoes")
    page.el("form-directions").send_keys("Simmer the sauce.", Keys.ENTER, "Crack in the eggs.")
    page.el("form-submit").click()
    page.wait(lambda _: not page.dialog_open("recipe-form-dialog"), "the form to close once saved")

    page.wait(lambda _: page.count_text() == f"{count + 1} recipes", "the count to grow")
    store = wait_stored(page, lambda s: len(s["recipes"]) == count + 1, "the new recipe")
    added = store["recipes"][-1]
    assert added["title"] == title
    assert (added["prepTime"], added["cookTime"], added["servings"]) == (12 * 60, 18 * 60, "2")
    assert added["ingredients"] == "4 eggs\n1 can tomatoes"
    assert added["collections"] == [collection, "Breakfast"]
    assert added["id"] == before["nextId"] and store["nextId"] == before["nextId"] + 1

    inserts = [b for b in page.batches("listView") if b["update"]["insertedItems"]]
    assert inserts and inserts[0]["animated"], f"the server should animate the insert: {page.batches('listView')}"
    assert inserts[0]["animations"] > 0, "the page should animate the insert"
    assert inserts[0]["update"]["insertedItems"] == [[0, count]]
    assert not inserts[0]["update"]["deletedItems"]
    # The insert's batch brings no cell for a row past the server's window: the page draws
    # a placeholder and asks for it.
    page.wait(lambda _: page.has_row(added["id"]), "the new row drawn where the list is scrolled")
    row = next(r for r in page.all_list_rows() if r["id"] == str(added["id"]))
    assert (row["posinset"], row["title"], row["subtitle"]) == (count + 1, title, "Prep 12 min · Cook 18 min")

    expected = collection_names(store["recipes"])
    page.wait(lambda _: collection_rows(page) == expected, "the new collection in the sidebar")
    assert collection in expected
    assert any(b["update"]["insertedItems"] for b in page.batches("sidebarView"))
    page.select_filter(collection)
    assert page.list_ids() == [added["id"]]


def test_the_page_is_one_module_and_leaves_no_globals(page):
    scripts = page.js("return Array.from(document.scripts, (s) => ({type: s.type, src: s.getAttribute('src')}))")
    assert scripts == [{"type": "module", "src": "/recipes.js"}], scripts
    leaked = page.js("""return ['DiffableConnection', 'DiffableCollectionView', 'DiffableModel', 'DiffableCells']
                          .filter((name) => name in window)""")
    assert leaked == [], f"globals left: {leaked}"
    # What this page puts on window for tests and the console, by its own choice.
    assert page.js("return typeof window.recipesPage.listView.setEditing + typeof window.diffableDebug.snapshot") \
        == "functionfunction"


# --- 5. favorite ------------------------------------------------------------------------------------


def test_favorite_reconfigures_the_same_row(page):
    recipes = stored_recipes(page.data_dir)
    target = next(r for r in recipes[:6] if not r["isFavorite"])
    page.select_recipe(target["id"])
    favorite = page.el("detail-favorite")
    assert favorite.get_attribute("aria-pressed") == "false"
    assert not page.row(target["id"]).find_elements(By.CSS_SELECTOR, '[data-symbol="heart.fill"]')
    remember_node(page, "__favoriteRow", target["id"])
    page.record_batches("listView")

    favorite.click()
    page.wait(lambda _: page.row(target["id"]).find_elements(By.CSS_SELECTOR, '[data-symbol="heart.fill"]'),
              "the heart in the row")
    page.wait(lambda _: favorite.get_attribute("aria-pressed") == "true", "the detail's toggle to show it")
    assert favorite.get_attribute("data-favorite") == "true"
    assert same_node(page, "__favoriteRow", target["id"]), "a reconfigure keeps the row's DOM node"
    assert page.row(target["id"]).get_attribute("aria-selected") == "true"
    changes = [b["update"] for b in page.batches("listView")]
    assert any(u["reconfiguredItems"] for u in changes), changes
    assert not any(u["deletedItems"] or u["insertedItems"] for u in changes), changes
    wait_stored(page, lambda s: next(r for r in s["recipes"] if r["id"] == target["id"])["isFavorite"], "isFavorite")

    page.select_filter("Favorites")
    assert target["id"] in page.list_ids()
    assert page.detail_id() == target["id"], "the selection survives the filter change"

    # Unfavorited under Favorites, it leaves the list, and the detail pane with it.
    page.el("detail-favorite").click()
    page.wait(lambda _: not page.has_row(target["id"]), "the row to leave Favorites")
    page.wait(lambda _: page.detail_id() is None and not page.is_hidden("detail-empty"), "the detail to empty")
    wait_stored(page, lambda s: not next(r for r in s["recipes"] if r["id"] == target["id"])["isFavorite"], "not favorite")


# --- 6. edit ----------------------------------------------------------------------------------------


def test_edit_updates_row_detail_and_file(page):
    original = stored_recipes(page.data_dir)[1]
    page.select_recipe(original["id"])
    remember_node(page, "__editedRow", original["id"])

    page.el("detail-edit").click()
    page.wait(lambda _: page.dialog_open("recipe-form-dialog"), "the edit form")
    assert page.el("recipe-form-dialog").get_attribute("data-mode") == "edit"
    assert page.text("recipe-form-title") == "Edit Recipe" and page.text("form-submit") == "Save"
    assert page.el("form-title").get_attribute("value") == original["title"]
    assert page.el("form-prep").get_attribute("value") == str(original["prepTime"] // 60)

    title = unique_title("Edited Recipe")
    page.fill_form(title=title, cook="7")
    page.el("form-submit").click()
    page.wait(lambda _: not page.dialog_open("recipe-form-dialog"), "the form to close")

    page.wait(lambda _: page.row(original["id"]).find_element(By.CSS_SELECTOR, ".dcv-text").get_attribute("textContent") == title,
              "the row's title")
    page.wait(lambda _: page.text("detail-title") == title, "the detail's title")
    assert page.text("detail-cook") == "7 min"
    assert same_node(page, "__editedRow", original["id"])
    stored = wait_stored(page, lambda s: s["recipes"][1]["title"] == title, "the new title")["recipes"][1]
    assert stored["cookTime"] == 7 * 60
    for key in ("id", "prepTime", "isFavorite", "addedOn", "imageName", "collections", "ingredients"):
        assert stored[key] == original[key], key


# --- 7. delete and undo -------------------------------------------------------------------------------


def test_delete_with_confirmation_then_undo(page):
    # In a collection: a short list, which the page shows (and reports to the server) whole.
    # Deleting the selected row of such a list crashed the server (WebListView asked the data
    # source for rows of its stale window).
    name = "Soups & Stews"
    recipes = stored_recipes(page.data_dir)
    order = [r["id"] for r in recipes]
    members = [r for r in recipes if name in r["collections"]]
    target = members[2]
    page.select_filter(name)
    page.select_recipe(target["id"])

    page.el("detail-delete").click()
    page.wait(lambda _: page.dialog_open("confirm-dialog"), "the confirmation")
    assert target["title"] in page.text("confirm-message")
    assert page.focus()["id"] == "confirm-cancel", "Cancel has focus: a stray Enter must not delete"
    page.el("confirm-cancel").click()
    page.wait(lambda _: not page.dialog_open("confirm-dialog"), "the confirmation to close")
    assert page.has_row(target["id"]) and [r["id"] for r in stored_recipes(page.data_dir)] == order

    page.el("detail-delete").click()
    page.wait(lambda _: page.dialog_open("confirm-dialog"), "the confirmation")
    page.el("confirm-delete").click()
    page.wait(lambda _: not page.has_row(target["id"]), "the row to go")
    wait_stored(page, lambda s: target["id"] not in [r["id"] for r in s["recipes"]], "the recipe gone")
    page.wait(lambda _: page.detail_id() is None and page.is_hidden("detail"), "the detail pane to empty")
    assert page.count_text() == f"{len(members) - 1} recipes"
    # `deleted`, which shows the toast, follows the emptied detail pane.
    page.wait(lambda _: not page.is_hidden("toast"), "the undo toast")
    assert page.el("toast").get_attribute("data-kind") == "undo"
    assert page.text("toast-message") == f"Deleted “{target['title']}”"
    assert page.list_ids() == [r["id"] for r in members if r is not target]

    page.el("toast-undo").click()
    page.wait(lambda _: page.has_row(target["id"]), "the row to come back")
    wait_stored(page, lambda s: [r["id"] for r in s["recipes"]] == order, "the recipe back in its place")
    assert page.list_ids() == [r["id"] for r in members]
    assert page.row(target["id"]).get_attribute("aria-rowindex") == "3"
    assert page.is_hidden("toast")
    assert page.text("filter-title") == name


def test_delete_by_swipe_then_undo(page):
    recipes = stored_recipes(page.data_dir)
    order = [r["id"] for r in recipes]
    target = recipes[1]
    row = page.scroll_to_row(target["id"])

    # A pointer swipe to the left uncovers the trailing actions (Delete, Favorite).
    actions = ActionChains(page.driver).move_to_element(row).click_and_hold()
    for _ in range(6):
        actions.move_by_offset(-30, 0)
    actions.release().perform()
    page.wait(lambda _: "dcv-swipe-open-trailing" in page.row(target["id"]).get_attribute("class"), "the swipe actions")
    labels = [b.get_attribute("aria-label") for b in row.find_elements(By.CSS_SELECTOR, ".dcv-swipe-trailing button")]
    assert sorted(labels) == ["Delete", "Favorite" if not target["isFavorite"] else "Unfavorite"]
    assert page.detail_id() is None, "a swipe is not a selection"

    row.find_element(By.CSS_SELECTOR, '.dcv-swipe-trailing button[aria-label="Delete"]').click()
    page.wait(lambda _: not page.has_row(target["id"]), "the row to go")
    wait_stored(page, lambda s: target["id"] not in [r["id"] for r in s["recipes"]], "the recipe gone")
    page.wait(lambda _: not page.is_hidden("toast"), "the undo toast")
    assert page.text("toast-message") == f"Deleted “{target['title']}”"

    page.el("toast-undo").click()
    page.wait(lambda _: page.has_row(target["id"]), "the row to come back")
    wait_stored(page, lambda s: [r["id"] for r in s["recipes"]] == order, "the recipe back in its place")
    assert page.row(target["id"]).get_attribute("aria-rowindex") == "2"


# --- 8. reorder, persisted ------------------------------------------------------------------------------


def test_reorder_by_drag_persists_across_restart(browsers, fresh_server):
    page = browsers.page(fresh_server)
    order = [r["id"] for r in stored_recipes(page.data_dir)]

    page.el("edit-button").click()
    page.wait(lambda _: page.el("edit-button").get_attribute("data-editing") == "true", "edit mode")
    assert page.text("edit-button") == "Done"

    # Drag the first recipe by its handle two rows down.
    dragged = drag_first_row_two_down(page, order)
    wait_stored(page, lambda s: [r["id"] for r in s["recipes"]] == dragged, f"the dragged order {dragged[:4]}")
    page.wait(lambda _: page.list_ids()[:4] == dragged[:4], "the rows in their new order")

    # Alt+Down moves the focused row one place down, too.
    page.row(dragged[3]).click()
    page.chord(Keys.ALT, Keys.ARROW_DOWN)
    final = dragged[:3] + [dragged[4], dragged[3]] + dragged[5:]
    wait_stored(page, lambda s: [r["id"] for r in s["recipes"]] == final, "the keyboard move")

    browsers.allowed_errors.append(r"WebSocket|ERR_CONNECTION_REFUSED")
    fresh_server.stop()
    page.wait(lambda _: page.js("return document.getElementById('connection-status').dataset.state") != "open",
              "the page to notice the server went away")
    fresh_server.start()
    page.driver.refresh()
    page.wait_ready()
    assert page.text("edit-button") == "Edit", "a reload starts out of edit mode"
    assert [int(r["id"]) for r in page.all_list_rows()] == final
    assert [r["id"] for r in stored_recipes(page.data_dir)] == final


# --- 9. two tabs ----------------------------------------------------------------------------------------


def test_two_tabs_stay_in_sync(browsers, recipes_server):
    first = browsers.page(recipes_server)
    second = browsers.page(recipes_server)
    for tab in (first, second):
        tab.js("window.__notReloaded = true")
    recipes = stored_recipes(first.data_dir)

    # Add in the first tab; the second shows it.
    title = unique_title("Two-Tab Tart")
    first.el("add-button").click()
    first.wait(lambda _: first.dialog_open("recipe-form-dialog"), "the add form")
    first.fill_form(title=title, prep="5")
    first.el("form-submit").click()
    store = wait_stored(first, lambda s: len(s["recipes"]) == len(recipes) + 1, "the added recipe")
    added = store["recipes"][-1]["id"]
    second.wait(lambda _: second.count_text() == f"{len(recipes) + 1} recipes", "the second tab's count")
    assert next(r for r in second.all_list_rows() if r["id"] == str(added))["title"] == title

    # Favorite in the second tab; the first tab's row gets the heart.
    target = next(r for r in recipes[:6] if not r["isFavorite"])
    second.select_recipe(target["id"])
    second.el("detail-favorite").click()
    first.scroll_to_row(target["id"])
    first.wait(lambda _: first.row(target["id"]).find_elements(By.CSS_SELECTOR, '[data-symbol="heart.fill"]'),
               "the heart in the first tab")

    # Delete in the first tab; it leaves the second, which shows it under Favorites, selected.
    second.select_filter("Favorites")
    assert target["id"] in second.list_ids() and second.detail_id() == target["id"]
    first.select_recipe(target["id"])
    first.el("detail-delete").click()
    first.wait(lambda _: first.dialog_open("confirm-dialog"), "the confirmation")
    first.el("confirm-delete").click()
    second.wait(lambda _: not second.has_row(target["id"]), "the row to leave the second tab")
    second.wait(lambda _: second.detail_id() is None, "the second tab's detail to empty")
    assert second.is_hidden("toast"), "only the tab that deleted offers Undo"
    for tab in (first, second):
        assert tab.js("return window.__notReloaded === true"), "no reload happened"


# --- 10. keyboard only ----------------------------------------------------------------------------------


def assert_focus(page, expected, message):
    """Focus got where it should and a person can see it."""
    state = page.wait(lambda _: (lambda f: f if all(f.get(k) == v for k, v in expected.items()) else None)(page.focus()),
                      f"focus on {expected} ({message})")
    assert state["visible"], f"focus on {state} is not visible ({message})"
    return state


def test_keyboard_only_flow(browsers, fresh_server):
    page = browsers.page(fresh_server)
    recipes = stored_recipes(page.data_dir)
    order = [r["id"] for r in recipes]
    target = recipes[1]
    assert not target["isFavorite"]

    page.press(Keys.TAB)
    assert_focus(page, {"view": "sidebar", "label": "All Recipes"}, "Tab lands on the sidebar's selected row")
    page.press(Keys.TAB)
    assert_focus(page, {"id": "edit-button"}, "then Edit")
    page.press(Keys.TAB)
    assert_focus(page, {"id": "add-button"}, "then Add")
    page.press(Keys.TAB)
    assert_focus(page, {"view": "recipes", "itemId": str(order[0])}, "then the list's first row")
    page.press(Keys.END)
    assert_focus(page, {"view": "recipes", "itemId": str(order[-1])}, "End goes to the last row")
    page.press(Keys.HOME, Keys.ARROW_DOWN)
    assert_focus(page, {"view": "recipes", "itemId": str(target["id"])}, "Home, then Down")
    page.press(Keys.ENTER)
    page.wait(lambda _: page.detail_id() == target["id"], "Enter to select the recipe")
    assert page.row(target["id"]).get_attribute("aria-selected") == "true"

    # The row's swipe actions from the keyboard: Ctrl+Left, Left to walk them, Escape back.
    page.chord(Keys.CONTROL, Keys.ARROW_LEFT)
    assert_focus(page, {"view": "recipes", "tag": "BUTTON", "label": "Delete"}, "Ctrl+Left opens the actions")
    page.press(Keys.ARROW_LEFT)
    assert_focus(page, {"label": "Favorite"}, "Left walks to the next action")
    page.press(Keys.ESCAPE)
    assert_focus(page, {"view": "recipes", "itemId": str(target["id"])}, "Escape closes them")

    page.press(Keys.TAB)
    assert_focus(page, {"id": "detail-favorite"}, "Tab goes on to the detail's buttons")
    page.press(Keys.SPACE)
    page.wait(lambda _: page.el("detail-favorite").get_attribute("aria-pressed") == "true", "Space to favorite")
    wait_stored(page, lambda s: s["recipes"][1]["isFavorite"], "the favorite")
    assert_focus(page, {"id": "detail-favorite"}, "focus stays on the toggle")

    page.press(Keys.TAB)
    assert_focus(page, {"id": "detail-edit"}, "then Edit")
    page.press(Keys.ENTER)
    page.wait(lambda _: page.dialog_open("recipe-form-dialog"), "Enter to open the edit form")
    assert_focus(page, {"id": "form-title"}, "the form starts at the title")
    page.press(Keys.ESCAPE)
    page.wait(lambda _: not page.dialog_open("recipe-form-dialog"), "Escape to close the form")
    assert_focus(page, {"id": "detail-edit"}, "focus returns to the button that opened it")
    page.press(Keys.ENTER)
    page.wait(lambda _: page.dialog_open("recipe-form-dialog"), "the edit form again")
    title = unique_title("Keyboard Oats")
    page.chord(Keys.CONTROL, "a")
    page.press(title, Keys.ENTER)
    page.wait(lambda _: not page.dialog_open("recipe-form-dialog"), "Enter to save")
    page.wait(lambda _: page.text("detail-title") == title, "the detail's new title")
    wait_stored(page, lambda s: s["recipes"][1]["title"] == title, "the new title")
    assert_focus(page, {"id": "detail-edit"}, "focus back on Edit after saving")

    page.press(Keys.TAB)
    assert_focus(page, {"id": "detail-delete"}, "then Delete")
    page.press(Keys.ENTER)
    page.wait(lambda _: page.dialog_open("confirm-dialog"), "the confirmation")
    assert_focus(page, {"id": "confirm-cancel"}, "the confirmation starts on Cancel")
    page.press(Keys.TAB)
    assert_focus(page, {"id": "confirm-delete"}, "Tab to Delete")
    page.press(Keys.ENTER)
    page.wait(lambda _: not page.has_row(target["id"]), "the row to go")
    wait_stored(page, lambda s: target["id"] not in [r["id"] for r in s["recipes"]], "the recipe gone")
    focus = assert_focus(page, {"view": "recipes"}, "focus moves to the list, not to the page")
    assert focus["itemId"] in {str(i) for i in order}

    page.chord(Keys.CONTROL, "z")
    page.wait(lambda _: page.has_row(target["id"]), "Ctrl+Z to bring the row back")
    stored = wait_stored(page, lambda s: [r["id"] for r in s["recipes"]] == order, "the recipe back in place")
    assert stored["recipes"][1]["title"] == title and stored["recipes"][1]["isFavorite"]
    assert page.is_hidden("toast")
    assert_focus(page, {"view": "recipes"}, "focus still in the list")


# --- 11. the README's screenshots ----------------------------------------------------------------------


def capture(page, name: str) -> Path:
    """Saves a 1280×800 picture once nothing on the page is still loading or moving."""
    page.wait_loaded("sidebar")
    page.wait_loaded("recipe-list")
    assert not page.js("return document.querySelector('.dcv-placeholder, .dcv-ghost, .dcv-stale')"), "loading rows"
    assert page.js("return document.getAnimations().every((a) => a.playState !== 'running')") or \
        page.wait(lambda _: page.js("return document.getAnimations().every((a) => a.playState !== 'running')"),
                  "animations to finish")
    if UPDATE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.driver.save_screenshot(str(path))
    else:
        path = screenshot(page.driver, name)
    assert png_size(path) == (1280, 800)
    return path


def test_readme_screenshots(browsers, fresh_server):
    driver = browsers.new(desktop=True)
    page = RecipesPage(driver, fresh_server, fresh_server.data_dir).open()
    assert page.js("return matchMedia('(hover: hover) and (pointer: fine)').matches"), "a desktop pointer"
    recipes = stored_recipes(page.data_dir)
    shown = next(r for r in recipes if r["title"] == "Lemon Garlic Chicken Thighs")

    page.select_recipe(shown["id"])
    page.wait(lambda _: page.js("const i = document.getElementById('detail-image');"
                                "return i.complete && i.naturalWidth > 0"), "the detail's picture")
    assert page.js("return document.getElementById('recipe-list').scrollTop") == 0, "the list starts at its top"
    ActionChains(driver).move_to_element_with_offset(page.el("detail-pane"), 0, 300).perform()
    assert page.text("detail-title") == shown["title"] and page.text("filter-title") == "All Recipes"
    assert page.is_hidden("toast")
    capture(page, "recipes")

    page.el("edit-button").click()
    page.wait(lambda _: page.row(shown["id"]).find_elements(By.CSS_SELECTOR, ".dcv-acc-reorder"), "edit mode")
    ActionChains(driver).move_to_element_with_offset(page.el("detail-pane"), 0, 300).perform()
    capture(page, "recipes-editing")
