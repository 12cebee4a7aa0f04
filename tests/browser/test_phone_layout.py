"""In Chromium at a phone's 375 px: every page that lists games, players or ratings fits the
screen with the longest game names and 20-character usernames (no sideways scrolling, of the page
or of a table's box), shows a long name whole, and keeps the Play, Watch and Accept buttons of a
long-named row on the screen, tall enough to tap and clickable; a game's page, which cuts a long
name short, keeps it whole in the name's title. The same pages on a laptop."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Locator, Page, expect

from accounts.models import Rating
from games.domain.clock import TimeControl
from games.services.core import Actor
from games.services.lobby import challenge_create, seek_create
from games.services.play import game_resign
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.factories import make_user
from tests.games.conftest import opened, start_game

SEEKER = "Konstantinopolitanus"  # 20 characters, none a line may break at
RIVAL = "Wilhelmina_Wolfgangs"
VIEWER = "Maximiliana-Ottoline"
LONGEST = "byelorussian-cheskers"
LONGEST_NAME = "Byelorussian Cheskers"
WIDEST = "international"  # "International Checkers", the longest name of all
PHONE = (375, 812)

# (path, name of the screenshot): each page that lists games, players or ratings.
PAGES = [
    ("/play/", "lobby"),
    ("/watch/", "watch"),
    ("/games/", "archive"),
    (f"/@/{SEEKER}", "profile"),
    (f"/players/?category={LONGEST}", "leaderboard"),
]

# How far the page, and any box of the main content that scrolls (a .table-scroll), reach past
# their width; and the first few elements that stick out past the screen's right edge.
OVERFLOW = """() => {
  const boxes = [document.documentElement, ...document.querySelectorAll('main .table-scroll')];
  return {
    over: boxes.filter(box => box.scrollWidth > box.clientWidth)
      .map(box => `${box.tagName.toLowerCase()}.${box.className}: ${box.scrollWidth}`),
    wide: [...document.querySelectorAll('main *')]
      .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map(e => `${e.tagName.toLowerCase()}.${e.className}`).slice(0, 5),
  };
}"""


def seed() -> None:
    """Two open seeks of the longest names, a live game and a finished one between 20-character
    usernames, established ratings in those games, and a challenge waiting for the viewer."""
    seeker, rival, viewer = make_user(SEEKER), make_user(RIVAL), make_user(VIEWER)
    # The games first, each past both first moves: a game that starts withdraws its players'
    # seeks, and while it is starting they may post none.
    opened(start_game(viewer, seeker, variant=LONGEST))
    finished = opened(start_game(seeker, rival, variant=WIDEST))
    game_resign(game_id=finished.public_id, actor=Actor.of(rival))
    seek_create(user=seeker, variant=LONGEST, clock=TimeControl(days=14))
    seek_create(user=rival, variant=WIDEST, clock=TimeControl(initial=600, increment=5))
    played = timezone.now() - timedelta(days=1)
    for user in (seeker, rival):
        for category in (LONGEST, WIDEST):
            Rating.objects.update_or_create(
                user=user,
                category=category,
                defaults={"rating": 2345, "deviation": 60, "games": 120, "last_game_at": played},
            )
    challenge_create(user=rival, to=VIEWER, variant=LONGEST, rated=True)


@pytest.fixture
def seeded(live_db) -> None:
    off_the_loop(seed)


def overflow(page: Page, name: str) -> list[str]:
    """Returns ``[]``, or the page's name and what scrolls sideways or sticks out."""
    layout = page.evaluate(OVERFLOW)
    return [f"{name}: {layout}"] if layout["over"] else []


def visit_every_page(page: Page, size: str) -> list[str]:
    """Opens every listing page, screenshots it, and returns what overflows on any."""
    wide = []
    for path, name in PAGES:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        shot(page, f"{size}-{name}")
        wide += overflow(page, name)
    return wide


def open_lobby(page: Page) -> None:
    """Opens the lobby and waits for its socket's first list of seeks. The rows are drawn again
    when it comes, and a button measured meanwhile would be measured off the page."""
    lists: list[str] = []

    def listen(socket) -> None:
        if "/ws/lobby/" in socket.url:
            socket.on("framereceived", lambda payload: lists.append(json.loads(payload)["type"]))

    page.on("websocket", listen)
    page.goto("/play/")
    for _ in range(200):
        if "seeks" in lists:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the lobby's socket sent no seeks: {lists}")


def assert_on_screen(button: Locator, width: int) -> None:
    """Scrolls the page (only down: nothing may scroll sideways) to ``button`` and checks that it
    lies inside the screen's width and is a tap target."""
    expect(button).to_be_visible()
    button.evaluate("b => window.scrollTo(0, b.getBoundingClientRect().top + scrollY - 200)")
    box = button.bounding_box()
    for _ in range(3):  # its row drawn again as it was measured: measure the new one
        if box is not None:
            break
        button.page.wait_for_timeout(100)
        box = button.bounding_box()
    assert box is not None, "the button went from the page"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["height"] >= 44, box


def test_every_list_fits_a_phone_with_the_longest_names(new_page, seeded) -> None:
    page = new_page(*PHONE)
    log_in(page, VIEWER)
    assert visit_every_page(page, "phone") == []


def test_the_lobby_keeps_a_long_seeks_play_button_on_a_phones_screen(new_page, seeded) -> None:
    page = new_page(*PHONE)
    log_in(page, VIEWER)
    open_lobby(page)
    play = page.get_by_test_id(f"accept-{SEEKER}")
    row = page.locator("#seeks tr", has=play)
    expect(row).to_have_count(1)
    game = row.get_by_test_id(f"seek-game-{SEEKER}")
    expect(game).to_contain_text(LONGEST_NAME)
    expect(game).to_be_visible()
    expect(row.get_by_role("link", name=SEEKER)).to_be_visible()
    # The challenge of that game waits with its Accept button on the screen too.
    incoming = page.get_by_test_id("incoming")
    expect(incoming).to_contain_text(LONGEST_NAME)
    assert_on_screen(incoming.get_by_role("button", name="Accept"), PHONE[0])
    assert_on_screen(play, PHONE[0])
    assert overflow(page, "lobby") == []
    play.click(no_wait_after=True)
    page.wait_for_url("**/game/*/")


def test_the_watch_page_keeps_a_long_games_watch_button_on_a_phones_screen(
    new_page, seeded
) -> None:
    page = new_page(*PHONE)
    page.goto("/watch/")
    row = page.get_by_test_id("live-games").locator("[data-game]")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(LONGEST_NAME)
    expect(row).to_contain_text(SEEKER)
    assert_on_screen(row.get_by_role("link", name="Watch"), PHONE[0])
    assert overflow(page, "watch") == []


def test_a_games_page_keeps_a_long_name_it_cuts_short_in_its_title(new_page, seeded) -> None:
    page = new_page(*PHONE)
    log_in(page, VIEWER)
    page.goto("/play/")
    page.get_by_test_id("games-in-progress").get_by_role("link").click()
    names = page.locator(".player-bar .player-name")
    expect(names).to_have_count(2)
    expect(names.filter(has_text=SEEKER)).to_have_attribute("title", SEEKER)
    expect(names.filter(has_text=VIEWER)).to_have_attribute("title", f"{VIEWER} (you)")
    assert overflow(page, "game") == []


def test_the_lists_still_read_on_a_laptop(new_page, seeded) -> None:
    page = new_page(1280, 900)
    log_in(page, VIEWER)
    assert visit_every_page(page, "laptop") == []
    open_lobby(page)
    assert_on_screen(page.get_by_test_id(f"accept-{SEEKER}"), 1280)
