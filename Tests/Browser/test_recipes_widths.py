"""The Recipes page at the widths people use (issue 14): 390×844 (a phone), 768×1024 and
800×1280 (a small tablet upright, a narrow window), 1024×768 (a tablet on its side) and
1440×900 (a desktop). The split view collapses as UISplitViewController does — three
columns from 1000 px, list and detail with the sidebar as an overlay from 700 px, one column
at a time below — and the user's place (filter, recipe) lives in the address.

Every state visited (list, detail, a recipe with an unbroken word in every field, edit mode
with a Delete uncovered, the add form, the sidebar overlay) is checked for what goes wrong
at a width: the page or any drawn element sticking out sideways, bar buttons over each
other, under something or reaching into the next pane, content under a bar, a detail title
one letter a line, facts cut short.

Run:
    swift build --product recipes
    DIFFABLE_BIN_PATH=$(swift build --show-bin-path) python3 -m pytest -q Tests/Browser/test_recipes_widths.py

Screenshots of each width (a recipe shown) go to artifacts/screenshots/recipes-<width>.png;
DIFFABLE_UPDATE_SCREENSHOTS=1 also writes them to docs/screenshots/ for the README (through
pngquant when it is installed: `apt-get install pngquant`, a third of the size).
"""

import os
import shutil
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, screenshot
from recipes_helpers import (
    VIEWPORTS, PageBrowsers, RecipesPage, bar_problems, detail_text, overflow, png_size,
    set_viewport, split, start_recipes_server, stored_recipes, wait_settled,
)

DOCS = ROOT / "docs" / "screenshots"
UPDATE_SCREENSHOTS = os.environ.get("DIFFABLE_UPDATE_SCREENSHOTS") == "1"
WIDTHS = sorted(VIEWPORTS)

# A recipe made to break layouts: an unbroken word in the title, an ingredient and a
# collection, long times and servings.
LONG_WORD = "Supercalifragilisticexpialidocious" * 3
LONG_RECIPE = {
    "title": "Grandmother's Pneumonoultramicroscopicsilicovolcanoconiosis Pancakes",
    "prepMinutes": 95,
    "cookMinutes": 605,
    "servings": "8 (about 24 small pancakes, or 12 large ones for the hungry)",
    "ingredients": f"2 cups {LONG_WORD}\n1 pinch salt\nhttps://example.com/a/very/long/link/without/any/spaces/at/all/{LONG_WORD}",
    "directions": f"Whisk.\n{LONG_WORD}{LONG_WORD}\nServe.",
    "collections": "Breakfast, SundayBrunchWithTheWholeFamilyAndFriends",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = start_recipes_server(tmp_path_factory.mktemp("recipes-widths"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def long_server(tmp_path_factory):
    """A server of its own holding LONG_RECIPE (added through a page, as the add form would),
    so that the other tests and the README's pictures show the sample recipes alone."""
    server = start_recipes_server(tmp_path_factory.mktemp("recipes-long"))
    browsers = PageBrowsers()
    try:
        page = browsers.page(server, 1440)
        count = len(stored_recipes(server.data_dir))
        page.js("recipesPage.connection.sendApp('addRecipe', arguments[0])", LONG_RECIPE)
        page.wait(lambda _: len(stored_recipes(server.data_dir)) == count + 1, "the long recipe to be saved")
    finally:
        browsers.close()
    server.long_recipe = stored_recipes(server.data_dir)[-1]
    yield server
    server.stop()


def save_for_readme(path):
    """Copies a screenshot to docs/screenshots/, made small with pngquant when it is there."""
    DOCS.mkdir(parents=True, exist_ok=True)
    target = DOCS / path.name
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--quality", "70-95", "--speed", "1", "--strip", "--force",
                        "--output", str(target), str(path)], check=True)
    else:
        shutil.copyfile(path, target)


def recipe_named(server, title):
    return next(r for r in stored_recipes(server.data_dir) if r["title"] == title)


def assert_sound(page, state: str):
    """Nothing sticks out sideways and the bars hold together, in this state."""
    sizes = overflow(page)
    assert sizes["scrollWidth"] <= sizes["innerWidth"], f"{state}: the page scrolls sideways: {sizes}"
    assert not sizes["elements"], f"{state}: drawn past the viewport's edge: {sizes['elements']}"
    bars = bar_problems(page)
    assert not bars["problems"], f"{state}: {bars['problems']} (bars: {bars['bars']})"


def assert_detail_reads(page, state: str):
    text = detail_text(page)
    # A line of a title holds words, or at least a good piece of a word longer than the line.
    assert len(text["title"]) / text["lines"] >= min(8, len(text["title"])), f"{state}: the title wraps too often: {text}"
    if text["longestWord"] * 18 < text["width"]:
        assert text["lines"] <= max(2, text["words"]), f"{state}: the title wraps too often: {text}"
    # One letter a line means a title a few letters wide; a title gets at least half the
    # pane (or 200 px).
    assert text["width"] >= min(200, text["pane"] * 0.5), f"{state}: the title is squeezed: {text}"
    for fact in text["facts"]:
        assert not fact["ellipsis"] and not fact["clipped"], f"{state}: a fact is cut short: {fact}"


def wait_column(page, column):
    page.wait(lambda _: split(page)["column"] == column and split(page)[column], f"the {column} column on top")


def open_list(page, filter_title="All Recipes"):
    """The recipe list of a filter, on screen whatever the layout."""
    layout = split(page)["layout"]
    if layout == "compact":
        if split(page)["column"] == "detail":
            page.el("detail-back").click()
            wait_column(page, "list")
        if split(page)["column"] == "list" and page.text("filter-title") == filter_title:
            return
        if split(page)["column"] == "list":
            page.el("list-back").click()
            wait_column(page, "sidebar")
        page.select_filter(filter_title)
        wait_column(page, "list")
    elif page.text("filter-title") != filter_title:
        if layout == "medium":
            page.el("sidebar-toggle").click()
            page.wait(lambda _: split(page)["sidebarOpen"], "the sidebar overlay")
            wait_settled(page)
        page.select_filter(filter_title)
        page.wait(lambda _: not split(page)["sidebarOpen"], "the overlay to close after a choice")
    wait_settled(page)


def open_recipe(page, recipe_id):
    page.select_recipe(recipe_id)
    if split(page)["layout"] == "compact":
        wait_column(page, "detail")
    page.wait(lambda _: page.js("const i = document.getElementById('detail-image'); return i.complete && i.naturalWidth > 0"),
              "the detail's picture")
    wait_settled(page)


# --- every width, every state ----------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_every_state_fits(browsers, server, long_server, width):
    page = browsers.page(server, width)
    layout = split(page)
    expected = "wide" if width >= 1000 else "medium" if width >= 700 else "compact"
    assert layout["layout"] == expected, layout
    if expected == "compact":
        assert layout["column"] == "sidebar" and layout["sidebar"] and not layout["list"] and not layout["detail"], layout
    elif expected == "medium":
        assert not layout["sidebar"] and layout["list"] and layout["detail"], layout
    else:
        assert layout["sidebar"] and layout["list"] and layout["detail"], layout
    wait_settled(page)
    assert_sound(page, "first load")

    open_list(page, "Breakfast")
    assert_sound(page, "the Breakfast list")

    pancakes = recipe_named(server, "Buttermilk Pancakes")
    open_recipe(page, pancakes["id"])
    assert page.text("detail-servings") == pancakes["servings"]
    assert_sound(page, "Buttermilk Pancakes")
    assert_detail_reads(page, "Buttermilk Pancakes")
    path = screenshot(page.driver, f"recipes-{width}")
    assert png_size(path) == VIEWPORTS[width]
    if UPDATE_SCREENSHOTS:
        save_for_readme(path)

    # Unbroken words everywhere (on the server that has them): they wrap, nothing goes
    # sideways, in the detail and in the sidebar.
    long_recipe = long_server.long_recipe
    page = RecipesPage(page.driver, long_server, long_server.data_dir)
    page.driver.get(long_server.url + f"?filter=All+Recipes&recipe={long_recipe['id']}")
    page.wait_ready()
    page.wait(lambda _: page.detail_id() == long_recipe["id"], "the recipe of long words")
    wait_settled(page)
    assert page.text("detail-title") == LONG_RECIPE["title"]
    assert_sound(page, "the recipe of long words")
    assert_detail_reads(page, "the recipe of long words")
    page.js("document.getElementById('detail-scroll').scrollTop = 1e6")
    assert_sound(page, "the recipe of long words, scrolled down")

    # Edit mode, a row's Delete uncovered.
    open_list(page, "All Recipes")
    page.el("edit-button").click()
    first = page.list_ids()[0]
    page.wait(lambda _: page.row(first).find_elements(By.CSS_SELECTOR, '[data-accessory="delete"]'), "the delete controls")
    page.row(first).find_element(By.CSS_SELECTOR, '[data-accessory="delete"]').click()
    page.wait(lambda _: "dcv-swipe-open-trailing" in page.row(first).get_attribute("class"), "the row's Delete")
    wait_settled(page)
    assert_sound(page, "edit mode, Delete uncovered")
    page.el("edit-button").click()
    page.wait(lambda _: page.el("edit-button").get_attribute("data-editing") == "false", "edit mode to end")

    # The add form.
    page.el("add-button").click()
    page.wait(lambda _: page.dialog_open("recipe-form-dialog"), "the add form")
    wait_settled(page)
    assert_sound(page, "the add form")
    page.press(Keys.ESCAPE)
    page.wait(lambda _: not page.dialog_open("recipe-form-dialog"), "the form to close")

    if expected == "medium":
        page.el("sidebar-toggle").click()
        page.wait(lambda _: split(page)["sidebarOpen"] and split(page)["sidebar"], "the sidebar overlay")
        wait_settled(page)
        assert_sound(page, "the sidebar overlay")
        page.press(Keys.ESCAPE)
    elif expected == "compact":
        page.el("list-back").click()
        wait_column(page, "sidebar")
        wait_settled(page)
        assert_sound(page, "back at the sidebar, with a long collection name")


def test_layout_change_keeps_the_place(browsers, server):
    """A window narrowed to a phone's width collapses to the column it showed last (the
    recipe), and widened again shows all three."""
    page = browsers.page(server, 1440)
    recipe = stored_recipes(server.data_dir)[2]
    page.select_recipe(recipe["id"])
    set_viewport(page.driver, 390, 844)
    page.wait(lambda _: split(page)["layout"] == "compact", "the compact layout")
    assert split(page)["column"] == "detail" and split(page)["detail"]
    assert split(page)["recipe"] == str(recipe["id"])
    page.el("detail-back").click()
    wait_column(page, "list")
    assert split(page)["recipe"] is None, "a phone's list has no recipe in its address"
    set_viewport(page.driver, 1440, 900)
    page.wait(lambda _: split(page)["layout"] == "wide", "three columns again")
    state = split(page)
    assert state["sidebar"] and state["list"] and state["detail"] and state["recipe"] == str(recipe["id"]), state
    assert page.detail_id() == recipe["id"]


# --- the phone's navigation stack ---------------------------------------------------------------


def test_phone_navigation_stack_and_browser_history(browsers, server):
    page = browsers.page(server, 390)
    recipes = stored_recipes(server.data_dir)
    state = split(page)
    assert (state["column"], state["search"]) == ("sidebar", ""), state
    start = state["historyLength"]

    # sidebar → list: a new history entry, the list's title takes focus.
    page.select_filter("All Recipes")
    wait_column(page, "list")
    state = split(page)
    assert state["filter"] == "All Recipes" and state["recipe"] is None and state["historyLength"] == start + 1, state
    assert page.focus()["id"] == "filter-title"
    assert page.el("list-back").accessible_name == "Back to Recipes"
    # Targets are a thumb's size.
    for test_id in ("list-back", "edit-button", "add-button"):
        size = page.el(test_id).size
        assert size["width"] >= 44 and size["height"] >= 44, (test_id, size)

    # Far down the list, so that coming back can be seen to keep the place.
    target = recipes[20]
    page.select_recipe(target["id"])
    wait_column(page, "detail")
    list_scroll = page.js("return document.getElementById('recipe-list').scrollTop")
    assert list_scroll > 0
    state = split(page)
    assert state["recipe"] == str(target["id"]) and state["historyLength"] == start + 2, state
    page.wait(lambda _: page.focus()["id"] == "detail-title", "focus on the recipe's title")
    assert page.el("detail-back").accessible_name == "Back to All Recipes"
    assert not split(page)["list"], "one column at a time"

    # The bar's back button goes back through history: the list as it was, focus on the row.
    page.el("detail-back").click()
    wait_column(page, "list")
    assert split(page)["search"] == "?filter=All+Recipes"
    assert page.js("return document.getElementById('recipe-list').scrollTop") == list_scroll
    page.wait(lambda _: page.focus()["view"] == "recipes", "focus back in the list")
    page.el("list-back").click()
    wait_column(page, "sidebar")
    assert split(page)["search"] == ""

    # The browser's forward and back move through the same stack.
    page.driver.forward()
    wait_column(page, "list")
    page.driver.forward()
    wait_column(page, "detail")
    assert page.detail_id() == target["id"] and split(page)["recipe"] == str(target["id"])
    page.driver.back()
    wait_column(page, "list")
    page.driver.back()
    wait_column(page, "sidebar")
    assert split(page)["historyLength"] == start + 2

    # Another filter from the sidebar starts a new branch.
    page.select_filter("Favorites")
    wait_column(page, "list")
    assert split(page)["filter"] == "Favorites"
    favorite = next(r for r in recipes if r["isFavorite"])
    page.select_recipe(favorite["id"])
    wait_column(page, "detail")
    assert page.el("detail-back").accessible_name == "Back to Favorites"

    # Deleting the recipe shown pops back to the list, as UIKit does.
    page.el("detail-delete").click()
    page.wait(lambda _: page.dialog_open("confirm-dialog"), "the confirmation")
    page.el("confirm-delete").click()
    wait_column(page, "list")
    page.wait(lambda _: not page.is_hidden("toast"), "the undo toast")
    page.el("toast-undo").click()
    page.wait(lambda _: page.has_row(favorite["id"]), "the recipe back")


def test_phone_shared_link_opens_deep_and_back_still_works(browsers, server):
    recipe = next(r for r in stored_recipes(server.data_dir) if "Soups & Stews" in r["collections"])
    page = browsers.page(server, 390, f"?filter=Soups+%26+Stews&recipe={recipe['id']}")
    page.wait(lambda _: page.detail_id() == recipe["id"], "the linked recipe")
    wait_column(page, "detail")
    assert page.text("filter-title") == "Soups & Stews"
    # No entry of ours below: the back buttons replace the column instead of leaving.
    page.el("detail-back").click()
    wait_column(page, "list")
    assert split(page)["search"] == "?filter=Soups+%26+Stews"
    assert recipe["id"] in page.list_ids()
    page.el("list-back").click()
    wait_column(page, "sidebar")
    assert [r["title"] for r in page.rows("sidebar") if r["selected"]] == ["Soups & Stews"]


# --- medium: the sidebar overlay -------------------------------------------------------------------


@pytest.mark.parametrize("width", [768, 800])
def test_medium_sidebar_overlay(browsers, server, width):
    page = browsers.page(server, width)
    toggle = page.el("sidebar-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not split(page)["sidebar"]
    assert page.js("return document.getElementById('sidebar-pane').inert")

    # Opens with focus inside; Escape closes and focus comes back to the button.
    toggle.click()
    page.wait(lambda _: split(page)["sidebarOpen"] and split(page)["sidebar"], "the overlay")
    assert toggle.get_attribute("aria-expanded") == "true"
    page.wait(lambda _: page.focus()["view"] == "sidebar", "focus in the sidebar")
    assert page.js("return document.getElementById('content').inert"), "the rest waits while the overlay is up"
    page.press(Keys.ESCAPE)
    page.wait(lambda _: not split(page)["sidebarOpen"], "Escape to close it")
    assert page.focus()["id"] == "sidebar-toggle"
    wait_settled(page)
    assert not split(page)["sidebar"]

    # A click outside it closes it.
    toggle.click()
    page.wait(lambda _: split(page)["sidebarOpen"], "the overlay")
    wait_settled(page)
    page.js("document.elementFromPoint(innerWidth - 20, innerHeight / 2).click()")
    page.wait(lambda _: not split(page)["sidebarOpen"], "a click outside to close it")
    assert page.focus()["id"] == "sidebar-toggle"

    # Its close button, and a choice in it, close it too; the choice filters the list.
    toggle.click()
    page.wait(lambda _: split(page)["sidebarOpen"], "the overlay")
    wait_settled(page)
    page.el("sidebar-close").click()
    page.wait(lambda _: not split(page)["sidebarOpen"], "its close button to close it")
    wait_settled(page)
    toggle.click()
    page.wait(lambda _: split(page)["sidebarOpen"], "the overlay")
    wait_settled(page)
    page.select_filter("Favorites")
    page.wait(lambda _: not split(page)["sidebarOpen"], "a choice to close it")
    assert split(page)["filter"] == "Favorites"
    assert page.focus()["id"] == "sidebar-toggle"


# --- the place in the address ------------------------------------------------------------------------


def test_place_survives_reload_and_opens_from_a_shared_link(browsers, server):
    name = "Soups & Stews"
    members = [r for r in stored_recipes(server.data_dir) if name in r["collections"]]
    target = members[-1]
    page = browsers.page(server, 1440)
    page.select_filter(name)
    page.select_recipe(target["id"])
    page.wait(lambda _: split(page)["recipe"] == str(target["id"]), "the recipe in the address")
    state = split(page)
    assert state["filter"] == name, state
    address = page.driver.current_url

    def assert_place(p):
        p.wait(lambda _: p.detail_id() == target["id"], "the recipe restored")
        assert p.text("filter-title") == name
        assert [r["title"] for r in p.rows("sidebar") if r["selected"]] == [name]
        p.wait(lambda _: p.has_row(target["id"]) and p.row(target["id"]).get_attribute("aria-selected") == "true",
               "the recipe's row selected and in view")
        assert p.list_ids() == [r["id"] for r in members]

    page.driver.refresh()
    page.wait_ready()
    assert_place(page)
    assert page.driver.current_url == address

    # The same address in another browser (the shared link), wide and on a phone.
    other = browsers.new(1024)
    other_page = RecipesPage(other, server, server.data_dir)
    other.get(address)
    other_page.wait_ready()
    assert_place(other_page)
    phone = browsers.new(390)
    phone_page = RecipesPage(phone, server, server.data_dir)
    phone.get(address)
    phone_page.wait_ready()
    phone_page.wait(lambda _: phone_page.detail_id() == target["id"], "the recipe on the phone")
    wait_column(phone_page, "detail")

    # A collection that no longer exists, or a recipe it does not show, falls back.
    page.driver.get(server.url + "?filter=No+Such+Collection&recipe=99999")
    page.wait_ready()
    page.wait(lambda _: page.text("filter-title") == "All Recipes", "All Recipes instead")
    page.wait(lambda _: split(page)["search"] == "", "the address to say so")
    assert page.detail_id() is None


@pytest.mark.parametrize("width", [390, 1440])
def test_added_recipe_is_revealed(browsers, server, width):
    page = browsers.page(server, width)
    open_list(page, "All Recipes")
    page.js("document.getElementById('recipe-list').scrollTop = 0")
    count = len(stored_recipes(server.data_dir))
    page.el("add-button").click()
    page.wait(lambda _: page.dialog_open("recipe-form-dialog"), "the add form")
    title = f"Revealed Risotto {width}"
    page.fill_form(title=title, prep="5")
    page.el("form-submit").click()
    page.wait(lambda _: len(stored_recipes(server.data_dir)) == count + 1, "the recipe saved")
    added = stored_recipes(server.data_dir)[-1]
    page.wait(lambda _: page.detail_id() == added["id"], "the new recipe shown")
    if width < 700:
        wait_column(page, "detail")
        page.wait(lambda _: page.focus()["id"] == "detail-title", "focus on its title")
        page.el("detail-back").click()
        wait_column(page, "list")
    # Its row is selected and scrolled into view.
    page.wait(lambda _: page.has_row(added["id"]), "the new row drawn")
    page.wait(lambda _: page.js("""
        const row = document.querySelector(`#recipe-list .dcv-cell[data-item-id='${arguments[0]}']:not(.dcv-ghost)`);
        if (!row) return false;
        const list = document.getElementById('recipe-list').getBoundingClientRect();
        const r = row.getBoundingClientRect();
        return r.top >= list.top - 1 && r.bottom <= list.bottom + 1;""", str(added["id"])), "the new row in view")
    assert page.row(added["id"]).get_attribute("aria-selected") == "true"


# --- offline ----------------------------------------------------------------------------------------------


def test_offline_line_covers_nothing_and_goes_on_reconnect(browsers, tmp_path):
    server = start_recipes_server(tmp_path / "recipes-offline")
    try:
        browsers.allowed.append(r"WebSocket|ERR_CONNECTION_REFUSED|net::ERR")
        page = browsers.page(server, 800)
        open_list(page, "Breakfast")
        target = page.list_ids()[1]
        page.select_recipe(target)
        page.wait(lambda _: split(page)["recipe"] == str(target), "the place in the address")
        first_row = page.js("return document.querySelector('#recipe-list .dcv-cell').getBoundingClientRect().top")

        server.stop()
        page.wait(lambda _: page.js("return document.getElementById('offline-banner').getBoundingClientRect().height") > 0,
                  "the offline line")
        assert "Offline" in page.text("offline-banner")
        assert_sound(page, "offline")
        # The line pushes the panes down; nothing inside the list covers its first row.
        top = page.js("""const r = document.querySelector('#recipe-list .dcv-cell').getBoundingClientRect();
                         const hit = document.elementFromPoint(r.left + 40, r.top + r.height / 2);
                         return {top: r.top, onTop: !!hit && !!hit.closest('.dcv-cell')};""")
        assert top["onTop"], "something covers the first row offline"
        assert top["top"] >= first_row

        # An action offline says so; the notice goes once the page reconnects.
        page.el("detail-favorite").click()
        page.wait(lambda _: not page.is_hidden("toast") and "Not connected" in page.text("toast-message"), "the notice")

        server.start()
        page.wait(lambda _: page.js("return document.getElementById('connection-status').dataset.state") == "open",
                  "the page to reconnect", timeout=30)
        page.wait(lambda _: page.is_hidden("toast"), "the notice to go")
        page.wait(lambda _: page.js("return document.getElementById('offline-banner').getBoundingClientRect().height") == 0,
                  "the offline line to go")
        # The new session is back where the page was.
        page.wait(lambda _: page.detail_id() == target and page.text("filter-title") == "Breakfast", "the place restored")
        page.wait_loaded("recipe-list")
        assert [r["title"] for r in page.rows("sidebar") if r["selected"]] == ["Breakfast"]
        assert split(page)["recipe"] == str(target)
        time.sleep(0.2)
        assert page.is_hidden("toast"), "no refusal of the restore shows"
    finally:
        server.stop()
