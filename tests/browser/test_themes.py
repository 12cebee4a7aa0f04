"""In Chromium: the footer's appearance switch changes the page's colours, the board's squares and
its coordinates at once; a reload keeps them (the server paints them from the cookies); a
signed-in user's choice is saved to the account and follows them to another browser; the system
theme follows prefers-color-scheme; the installed app's worker shows the offline page when the
network is down. Screenshots of a few pages in both themes land in artifacts/screenshots."""

import time

import pytest
from playwright.sync_api import Page, expect

from accounts.models import Preferences
from games.domain.clock import TimeControl
from tests.browser.board_helpers import log_in, off_the_loop
from tests.browser.conftest import screenshot
from tests.factories import make_user
from tests.games.archive_helpers import EVERYTHING, finished_game
from tests.games.conftest import opened, start_game

LIGHT_BG = "rgb(244, 241, 234)"
DARK_BG = "rgb(22, 21, 18)"


BLITZ = TimeControl(initial=300, increment=3)


def background(page: Page, selector: str = "body") -> str:
    return page.eval_on_selector(
        selector,
        "el => getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)'"
        " ? getComputedStyle(document.documentElement).backgroundColor"
        " : getComputedStyle(el).backgroundColor",
    )


def choose(page: Page, name: str, value: str) -> None:
    """Chooses in the footer's switch; signed in, waits until the account has saved it."""
    form = page.get_by_test_id("appearance")
    expect(form).to_have_attribute("data-ready", "yes")  # the page's script is listening
    select = form.locator(f"select[name={name}]")
    select.select_option(value)
    if form.get_attribute("data-account") == "yes":
        expect(form).to_have_attribute("data-state", "saved")


def test_the_theme_switch_changes_the_colours_at_once_and_a_reload_keeps_them(new_page) -> None:
    page = new_page()
    page.emulate_media(color_scheme="light")
    page.goto("/rules/")
    assert page.locator("html").get_attribute("data-theme") == "system"
    assert background(page) == LIGHT_BG
    choose(page, "theme", "dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page) == DARK_BG
    assert background(page, ".site-header") == "rgb(36, 34, 31)"
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page) == DARK_BG
    expect(page.get_by_test_id("theme-select")).to_have_value("dark")
    # Light, chosen, stays light whatever the system prefers.
    choose(page, "theme", "light")
    page.emulate_media(color_scheme="dark")
    assert background(page) == LIGHT_BG
    # As the system: dark while the system prefers dark.
    choose(page, "theme", "system")
    assert background(page) == DARK_BG
    page.emulate_media(color_scheme="light")
    assert background(page) == LIGHT_BG
    metas = page.locator("meta[name=theme-color]")
    expect(metas).to_have_count(2)


def test_board_themes_recolour_the_squares_and_coordinates_hide(new_page) -> None:
    page = new_page()
    page.goto("/analysis/")
    light_square = page.locator("#board .sq-light").first
    expect(light_square).to_be_visible()
    colours = {}
    for board, expected in [
        ("blue", "rgb(222, 227, 230)"),
        ("green", "rgb(238, 238, 210)"),
        ("grey", "rgb(220, 220, 220)"),
        ("brown", "rgb(240, 217, 181)"),
    ]:
        choose(page, "board_theme", board)
        colours[board] = light_square.evaluate("el => getComputedStyle(el).backgroundColor")
        assert colours[board] == expected, board
    coordinates = page.locator("#board .coord")
    assert coordinates.count() > 0
    expect(coordinates.first).to_be_visible()
    choose(page, "coordinates", "off")
    expect(coordinates.first).to_be_hidden()
    choose(page, "board_theme", "green")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-board", "green")
    expect(page.locator("html")).to_have_attribute("data-coordinates", "off")
    expect(page.locator("#board .sq-light").first).to_be_visible()
    assert page.locator("#board .coord").count() > 0
    expect(page.locator("#board .coord").first).to_be_hidden()
    assert (
        page.locator("#board .sq-light").first.evaluate(
            "el => getComputedStyle(el).backgroundColor"
        )
        == "rgb(238, 238, 210)"
    )


def wait_for(check, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_signed_in_choice_is_saved_to_the_account_and_follows_it(new_page) -> None:
    make_user("painter")
    page = new_page()
    log_in(page, "painter")
    choose(page, "theme", "dark")
    choose(page, "board_theme", "blue")
    choose(page, "coordinates", "off")

    def saved() -> bool:
        row = Preferences.objects.filter(user__username="painter").first()
        return row is not None and (row.theme, row.board_theme, row.coordinates) == (
            "dark",
            "blue",
            False,
        )

    wait_for(saved)
    # Another browser, light by its own cookie: signed in, the account's choice wins.
    other = new_page()
    other.context.add_cookies([{"name": "theme", "value": "light", "url": other_url(page)}])
    log_in(other, "painter")
    expect(other.locator("html")).to_have_attribute("data-theme", "dark")
    expect(other.locator("html")).to_have_attribute("data-board", "blue")
    expect(other.locator("html")).to_have_attribute("data-coordinates", "off")
    # ...and this browser now remembers it, signed out too (once the page's script, which
    # writes the cookies, has run: on a busy machine the log-out could come first).
    expect(other.get_by_test_id("appearance")).to_have_attribute("data-ready", "yes")
    other.get_by_test_id("account-menu").click()
    other.get_by_role("button", name="Log out").click()
    other.goto("/")
    expect(other.locator("html")).to_have_attribute("data-theme", "dark")


def other_url(page: Page) -> str:
    return page.url.split("/", 3)[0] + "//" + page.url.split("/", 3)[2] + "/"


# The dark theme's screenshots are `slow` (make test-slow): its colours are held to their contrast
# by tests/site/test_theme_contrast.py, and the switch to it by the tests above.
@pytest.mark.parametrize("theme", ["light", pytest.param("dark", marks=pytest.mark.slow)])
def test_screenshots_of_the_pages_in_both_themes(new_page, theme: str) -> None:
    page = new_page()
    page.goto("/")
    choose(page, "theme", theme)
    for name, path in [
        ("home", "/"),
        ("play", "/play/"),
        ("analysis", "/analysis/"),
        ("rules", "/rules/"),
        ("archive", "/games/"),
        ("login", "/accounts/login/"),
    ]:
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        screenshot(page, f"theme-{theme}-{name}")
    # Signed in: a live game (board, clocks, chat, move list), the settings, a profile, the
    # tournaments, the watch page; the account's choice, set by the switch, paints them.
    ada, bea = make_user(f"ada-{theme}"), make_user(f"bea-{theme}")
    game = off_the_loop(lambda: opened(start_game(ada, bea, clock=BLITZ)))
    log_in(page, ada.username)
    choose(page, "theme", theme)
    for name, path in [
        ("game", f"/game/{game.public_id}/"),
        ("settings", "/accounts/settings/"),
        ("profile", f"/@/{ada.username}"),
        ("tournaments", "/tournaments/"),
        ("watch", "/watch/"),
    ]:
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        page.wait_for_load_state("networkidle")
        screenshot(page, f"theme-{theme}-{name}")
    page.get_by_test_id("account-menu").click()
    screenshot(page, f"theme-{theme}-menu", full_page=False)
    phone = new_page(375, 812)
    phone.context.add_cookies([{"name": "theme", "value": theme, "url": other_url(page)}])
    phone.goto("/analysis/")
    expect(phone.locator("#board .sq-light").first).to_be_visible()
    screenshot(phone, f"theme-{theme}-analysis-phone")


def test_the_worker_shows_the_offline_page_when_the_network_is_down(new_page) -> None:
    page = new_page()
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # The worker controls the page once it has claimed it.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)
    page.context.set_offline(True)
    try:
        page.goto("/rules/")
        expect(page.get_by_test_id("offline")).to_be_visible()
        screenshot(page, "offline")
    finally:
        page.context.set_offline(False)
    page.goto("/rules/")
    expect(page.get_by_test_id("offline")).to_have_count(0)


def test_the_switch_is_named_and_works_from_the_keyboard(new_page) -> None:
    page = new_page()
    page.emulate_media(color_scheme="light")
    page.goto("/play/")
    theme = page.get_by_role("combobox", name="Theme")
    expect(theme).to_be_visible()
    expect(page.get_by_role("combobox", name="Board")).to_be_visible()
    expect(page.get_by_role("combobox", name="Coordinates")).to_be_visible()
    expect(page.get_by_test_id("appearance")).to_have_attribute("data-ready", "yes")
    # Reached by Tab from the language switch before it, changed with the arrow keys.
    page.get_by_test_id("language-switch").get_by_role("button").focus()
    page.keyboard.press("Tab")
    expect(theme).to_be_focused()
    page.keyboard.press("ArrowDown")  # As the system -> Light
    page.keyboard.press("ArrowDown")  # Light -> Dark
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert background(page) == DARK_BG


def test_the_settings_page_previews_and_saves_the_appearance(new_page) -> None:
    make_user("setter")
    page = new_page()
    log_in(page, "setter")
    page.goto("/accounts/settings/")
    expect(page.get_by_test_id("appearance")).to_have_attribute("data-ready", "yes")
    form = page.get_by_test_id("preferences-form")
    form.get_by_label("Theme", exact=True).select_option("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    form.get_by_label("Board theme").select_option("grey")
    expect(page.locator("html")).to_have_attribute("data-board", "grey")
    form.get_by_label("Coordinates on the board").uncheck()
    expect(page.locator("html")).to_have_attribute("data-coordinates", "off")
    form.get_by_role("button", name="Save settings").click()
    page.goto("/analysis/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("html")).to_have_attribute("data-board", "grey")
    expect(page.locator("#board .coord").first).to_be_hidden()
    expect(page.get_by_test_id("board-theme-select")).to_have_value("grey")


def test_the_archives_small_boards_take_the_board_theme(new_page) -> None:
    alice, bob = make_user("mini-a"), make_user("mini-b")
    off_the_loop(finished_game, alice, bob, EVERYTHING)
    page = new_page()
    page.goto("/games/")
    light = page.locator(".mini-board rect[fill='#f0d9b5']").first
    expect(light).to_be_attached()
    fill = "el => getComputedStyle(el).fill"
    assert light.evaluate(fill) == "rgb(240, 217, 181)"
    choose(page, "board_theme", "blue")
    assert light.evaluate(fill) == "rgb(222, 227, 230)"
    dark = page.locator(".mini-board rect[fill='#b58863']").first
    assert dark.evaluate(fill) == "rgb(140, 162, 173)"
