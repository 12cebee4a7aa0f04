"""Simuls in Chromium against a real Daphne: a host makes one from the list's form, players ask
to play from its page and the host, seeing them arrive live, accepts them; the start takes each
player to their board and the host to the first; the host plays a move and is taken on to the
next board waiting (or, with that turned off, stays and goes on with *Next board*); a visitor on
a phone follows the boards and the host's score on the simul's page, live, until the last game
ends it."""

import re

from playwright.sync_api import Page, expect

from tests.browser.board_helpers import log_in, shot, tap, wait_moves
from tests.browser.test_phone_layout import PHONE, overflow
from tests.factories import make_user

GAME_URL = re.compile(r"/game/([^/]+)/$")


def game_of(page: Page) -> str:
    page.wait_for_url(GAME_URL)
    expect(page.locator("body[data-live=open]")).to_have_count(1)
    return GAME_URL.search(page.url).group(1)


def on_board(page: Page, game_id: str) -> None:
    page.wait_for_url(f"**/game/{game_id}/")
    expect(page.locator("body[data-live=open]")).to_have_count(1)


def resign(page: Page) -> None:
    button = page.locator("[data-action='resign']")
    button.click()
    expect(button).to_have_text("Confirm resign")
    button.click()


def test_a_simul_is_hosted_joined_played_and_followed_live(new_page) -> None:
    for name in ("hostess", "ann", "bob"):
        make_user(name)
    host, ann, bob, visitor = new_page(), new_page(), new_page(), new_page(*PHONE)
    for page, name in ((host, "hostess"), (ann, "ann"), (bob, "bob")):
        log_in(page, name)

    # The host makes a simul from the list's form.
    host.get_by_role("link", name="Simuls").first.click()
    form = host.get_by_test_id("simul-form")
    form.get_by_test_id("simul-name").fill("Friday simul")
    form.get_by_test_id("simul-clock-minutes").fill("10")
    form.get_by_test_id("simul-clock-increment").fill("5")
    form.get_by_test_id("simul-host-extra").fill("2")
    form.get_by_test_id("simul-max-players").fill("4")
    form.get_by_test_id("simul-create").click()
    host.wait_for_url(re.compile(r"/simul/\w+/$"))
    expect(host.get_by_test_id("simul-name")).to_have_text("Friday simul")
    expect(host.get_by_test_id("simul-kind")).to_contain_text("Chesskers · 10+5")
    expect(host.get_by_test_id("start")).to_be_disabled()
    simul_url = host.url

    # Two players find it among those taking players and ask to play: the host sees them live.
    for page in (ann, bob):
        page.goto("/simul/")
        page.get_by_test_id("simuls-created").get_by_role("link", name="Friday simul").click()
        page.get_by_test_id("join").click()
        expect(page.get_by_test_id("own-board")).to_have_text(
            "You asked to play: the host has not chosen yet."
        )
    expect(host.get_by_test_id("status-ann")).to_have_text("Waiting")
    expect(host.get_by_test_id("status-bob")).to_have_text("Waiting")
    host.get_by_test_id("accept-ann").click()
    host.get_by_test_id("accept-bob").click()
    expect(ann.get_by_test_id("own-board")).to_have_text(
        "The host accepted you: your game starts with the simul."
    )
    expect(host.get_by_test_id("simul-status")).to_have_text(
        "Taking players: 2 of 4 boards chosen."
    )
    shot(host, "simul-players")

    # The start takes each player to their board, and the host to the first.
    host.get_by_test_id("start").click()
    first, second = game_of(ann), game_of(bob)
    assert first != second
    assert game_of(host) == first
    expect(host.get_by_test_id("game-simul")).to_contain_text("Friday simul, a simul by hostess")

    # The host plays board 1 and is taken on to the next board waiting for them, board 2; there,
    # with that turned off, a move leaves them where they are.
    expect(host.get_by_test_id("simul-auto")).to_be_checked()
    tap(host, "e2", "e4")
    wait_moves(ann, 1)
    on_board(host, second)
    host.get_by_test_id("simul-auto").uncheck()
    tap(host, "d2", "d4")
    wait_moves(bob, 1)

    # A visitor follows the boards and the host's score on the simul's page.
    visitor.goto(simul_url)
    boards = visitor.get_by_test_id("boards")
    expect(boards.locator("[data-game]")).to_have_count(2)
    expect(visitor.get_by_test_id("board-1")).to_contain_text("The player's move")
    expect(visitor.get_by_test_id("simul-score")).to_have_text(
        "hostess: 0 wins, 0 draws, 0 losses · 2 playing"
    )
    tap(ann, "e7", "e5")
    expect(visitor.get_by_test_id("board-1")).to_contain_text("The host's move")
    shot(visitor, "simul-boards")
    assert overflow(visitor, "simul") == []
    assert host.url.endswith(f"/game/{second}/")  # stayed, as asked
    # Next board takes the host to the one waiting for them, the choice remembered.
    host.get_by_test_id("simul-next").click()
    on_board(host, first)
    expect(host.get_by_test_id("simul-auto")).not_to_be_checked()

    # Ann resigns; Bob moves and the host resigns board 2: the last game ends the simul.
    resign(ann)
    expect(visitor.get_by_test_id("board-1")).to_contain_text("The host won")
    tap(bob, "d7", "d5")
    host.goto(f"/game/{second}/")
    wait_moves(host, 2)
    resign(host)
    expect(visitor.get_by_test_id("simul-status")).to_have_text("Finished.")
    expect(visitor.get_by_test_id("simul-score")).to_have_text("hostess: 1 win, 0 draws, 1 loss")
