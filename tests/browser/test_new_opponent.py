"""*New opponent* in Chromium against a real Daphne: when an online game ends, each player may
seek another game like it. The first to tap waits in the lobby with a seek of the same game,
control and rating mode; the second is paired with that seek at once, and both are taken to the
new game. A spectator is offered nothing."""

import re

from playwright.sync_api import expect

from games.domain.clock import TimeControl
from games.models import Game
from tests.browser.board_helpers import log_in, off_the_loop, shot, tap
from tests.factories import make_user
from tests.games.conftest import start_game


def test_both_players_of_a_finished_game_are_paired_again(new_page) -> None:
    alice_user, bob_user = make_user("alice"), make_user("bob")
    alice, bob, visitor = new_page(), new_page(375, 812), new_page()
    for page, name in ((alice, "alice"), (bob, "bob")):
        log_in(page, name)
        page.goto("about:blank")  # off the site while the game starts (it would go there)
    clock = TimeControl(initial=180, increment=2)
    game = off_the_loop(lambda: start_game(alice_user, bob_user, clock=clock))
    for page in (alice, bob, visitor):
        page.goto(f"/game/{game.public_id}/")
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    expect(alice.get_by_test_id("new-opponent")).to_be_hidden()  # not while the game is on
    tap(alice, "e2", "e4")
    expect(bob.locator("#hint")).to_have_text("Your move.")
    tap(bob, "e7", "e5")
    expect(alice.locator("#hint")).to_have_text("Your move.")
    bob.click("[data-action=resign]")
    bob.click("[data-action=resign]")
    for page in (alice, bob):
        expect(page.get_by_test_id("new-opponent")).to_be_visible()
    expect(visitor.get_by_test_id("result-banner")).to_be_visible()
    expect(visitor.get_by_test_id("new-opponent")).to_be_hidden()
    shot(bob, "new-opponent")

    alice.get_by_test_id("new-opponent").click()
    alice.wait_for_url(re.compile(r"/play/$"))  # the address cleaned: a reload seeks no more
    quick = alice.get_by_test_id("quick-32")  # 3+2
    expect(quick).to_have_attribute("aria-pressed", "true")  # her seek stands
    bob.get_by_test_id("new-opponent").click()
    for page in (alice, bob):
        page.wait_for_url(re.compile(r"/game/(?!" + game.public_id + r")[^/]+/$"))
    assert alice.url == bob.url
    new_id = alice.url.rstrip("/").rsplit("/", 1)[1]
    new = off_the_loop(lambda: Game.objects.select_related("white", "black").get(public_id=new_id))
    assert (new.variant, new.clock_initial, new.clock_increment, new.rated) == (
        "chesskers", 180, 2, True,
    )  # fmt: skip
    assert {new.white.username, new.black.username} == {"alice", "bob"}
