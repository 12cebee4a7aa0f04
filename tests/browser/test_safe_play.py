"""Safe play in the browser, on a desktop and at 375 px: quick pairing toggles (searching… /
cancel) and pairs, withdrawing the players' other seeks; the first-move countdown and Abort; the
header's ratings and control; takeback requests offered, declined, offered again and accepted; a
declined challenge told to its challenger; a rematch accepted from its notice."""

import re

from playwright.sync_api import Page, expect

from accounts.models import User
from games.models import Challenge, Game, Seek
from games.services.core import Actor
from games.services.play import game_resign
from tests.browser.board_helpers import dom_moves, off_the_loop, shot, tap, wait_moves
from tests.browser.test_board_online import alice_and_bob, both_at_the_game, wait_until
from tests.games.conftest import start_game

PHONE = (375, 812)


def pages_by_color(alice: Page, bob: Page, game: Game) -> tuple[Page, Page]:
    """The White player's page, then Black's."""
    return (alice, bob) if game.white.username == "alice" else (bob, alice)


def test_quick_pairing_toggles_pairs_and_the_game_is_aborted_before_both_moved(new_page) -> None:
    alice, bob = alice_and_bob(new_page, bob_size=PHONE)
    alice.set_viewport_size({"width": 1366, "height": 800})
    alice.goto("/play/")
    # An unlimited game has no clock, but leaving it forfeits: the form says so.
    note = alice.get_by_test_id("unlimited-note")
    expect(note).to_have_text("No clock: a player who leaves forfeits after 10 minutes away.")
    alice.get_by_test_id("clock-kind").select_option("fischer")
    expect(note).to_be_hidden()
    alice.get_by_test_id("clock-kind").select_option("unlimited")
    expect(note).to_be_visible()
    quick = alice.get_by_test_id("quick-32")  # 3+2
    searching = quick.locator("[data-searching]")
    expect(quick).to_have_attribute("aria-pressed", "false")
    expect(searching).to_be_hidden()

    quick.click()
    expect(quick).to_have_attribute("aria-pressed", "true")
    expect(searching).to_have_text("Searching… tap to cancel")
    wait_until(lambda: Seek.objects.filter(owner__username="alice").count() == 1)
    shot(alice, "quick-pairing-searching-1366x800")
    quick.click()  # cancels
    expect(quick).to_have_attribute("aria-pressed", "false")
    wait_until(lambda: not Seek.objects.filter(owner__username="alice").exists())
    quick.click()
    expect(quick).to_have_attribute("aria-pressed", "true")
    alice.get_by_test_id("seek-white").click()  # and a seek of another control
    wait_until(lambda: Seek.objects.filter(owner__username="alice").count() == 2)

    bob.goto("/play/")
    expect(bob.get_by_test_id("accept-alice")).to_have_count(2)
    bob.get_by_test_id("quick-32").click()  # takes alice's 3+2 seek
    both_at_the_game(bob, alice)
    wait_until(lambda: not Seek.objects.filter(owner__username="alice").exists())
    game = Game.objects.get()
    white, black = pages_by_color(alice, bob, game)

    # The header: rated, the control, and both provisional ratings.
    for page in (white, black):
        expect(page.get_by_test_id("game-kind")).to_have_text("Rated · 3+2 · blitz")
        expect(page.get_by_test_id("rating-white")).to_have_text("1500?")
        expect(page.get_by_test_id("rating-black")).to_have_text("1500?")
        expect(page.get_by_test_id("abort")).to_be_visible()
        expect(page.locator("[data-action=resign]")).to_be_hidden()
    # The countdown: White is told to move, Black that White must; it counts down.
    countdown = white.get_by_test_id("first-move-countdown")
    expect(countdown).to_have_text(re.compile(r"^Make your first move within \d+ s, or the game"))
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first)
    expect(black.get_by_test_id("first-move-countdown")).to_have_text(
        re.compile(r"^White must make a first move within \d+ s")
    )
    shot(black, "first-move-countdown-375x812")

    tap(white, "e2", "e4")
    wait_moves(black, 1)
    expect(black.get_by_test_id("first-move-countdown")).to_contain_text("Make your first move")
    expect(white.get_by_test_id("abort")).to_be_visible()  # Black has not moved yet
    black.get_by_test_id("abort").click()

    for page in (white, black):
        banner = page.get_by_test_id("result-banner")
        expect(banner).to_contain_text("Game aborted")
        expect(banner).to_contain_text("before both sides had moved")
        expect(page.get_by_test_id("abort")).to_be_hidden()
        expect(page.get_by_test_id("first-move-countdown")).to_have_count(0)
    shot(alice, "aborted-1366x800")
    game.refresh_from_db()
    assert (game.status, game.result) == ("aborted", None)
    assert not game.rating_changes.exists()


def test_a_takeback_is_declined_then_asked_again_and_accepted(new_page) -> None:
    alice, bob = alice_and_bob(new_page, bob_size=PHONE)
    game = started(alice, bob, rated=False)
    url = f"/game/{game.public_id}/"
    alice.goto(url)
    bob.goto(url)
    for page in (alice, bob):
        expect(page.locator("body[data-live=open]")).to_have_count(1)
        expect(page.get_by_test_id("game-kind")).to_have_text("Casual · Unlimited")
        expect(page.get_by_test_id("takeback")).to_be_hidden()  # nothing of theirs to take back

    tap(alice, "e2", "e4")
    wait_moves(bob, 1)
    ask = alice.get_by_test_id("takeback")
    expect(ask).to_have_text("↶ Propose takeback")
    ask.click()
    notice = bob.get_by_test_id("takeback-notice")
    expect(notice).to_contain_text("alice (White) asks to take back their last move.")
    expect(alice.get_by_test_id("takeback-notice")).to_contain_text(
        "You asked to take back your last move."
    )
    expect(alice.locator("[data-action=takeback-decline]")).to_have_text("Withdraw")
    shot(bob, "takeback-asked-375x812")
    notice.locator("[data-action=takeback-decline]").click()
    expect(alice.get_by_test_id("table-notice")).to_have_text(
        "Your takeback request was declined: you may ask again after the next move."
    )
    expect(ask).to_be_hidden()  # not again until the next move
    expect(bob.get_by_test_id("takeback-notice")).to_have_count(0)

    tap(bob, "e7", "e5")
    wait_moves(alice, 2)
    tap(alice, "g1", "f3")
    wait_moves(bob, 3)
    expect(ask).to_be_visible()
    ask.click()
    expect(notice).to_contain_text("asks to take back")
    notice.locator("[data-action=takeback-accept]").click()
    for page in (alice, bob):
        wait_moves(page, 2)
        expect(page.get_by_test_id("takeback-notice")).to_have_count(0)
    assert dom_moves(alice) == dom_moves(bob) == ["e4", "e5"]
    shot(alice, "takeback-accepted-1280x800")
    game.refresh_from_db()
    assert (game.ply, game.takeback_offer) == (2, None)


def test_a_declined_challenge_is_told_and_a_rematch_is_accepted_from_its_notice(new_page) -> None:
    alice, bob = alice_and_bob(new_page)
    alice.goto("/play/")
    alice.locator("#challenge-form input[name=to]").fill("bob")
    alice.locator("#challenge-form button[type=submit]").click()
    expect(alice.locator("#lobby-notice")).to_have_text("Challenge sent to bob.")
    bob.goto("/games/")
    card = bob.locator(".challenge-card[data-challenge]")
    card.get_by_role("button", name="Decline").click()
    expect(alice.locator("#lobby-notice")).to_have_text("bob declined your challenge.")
    wait_until(lambda: Challenge.objects.get().state == "declined")

    game = started(alice, bob)
    alice.goto(f"/game/{game.public_id}/")
    bob.goto(f"/game/{game.public_id}/")
    off_the_loop(lambda: game_resign(game_id=game.public_id, actor=Actor.of(game.black)))
    # Resigned from this process: only a shared channel layer (Redis, under .ci/run) would push
    # it to the server's sockets, so the pages load it afresh.
    for page in (alice, bob):
        page.reload()
        expect(page.get_by_test_id("result-banner")).to_contain_text("White wins")
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    alice.locator("[data-action=rematch]").click()
    rematch = bob.get_by_test_id("rematch-notice")
    expect(rematch).to_contain_text("alice (White) offers a rematch.")
    expect(rematch.locator("[data-action=rematch-accept]")).to_be_in_viewport()
    rematch.locator("[data-action=rematch-accept]").click()
    wait_until(lambda: Game.objects.exclude(pk=game.pk).exists())
    rematch_game = Game.objects.exclude(pk=game.pk).get()
    for page in (alice, bob):  # both go to it
        page.wait_for_url(re.compile(f"/game/{rematch_game.public_id}/$"))
    assert (rematch_game.white.username, rematch_game.black.username) == ("bob", "alice")


def started(alice: Page, bob: Page, rated: bool = True) -> Game:
    """Starts a game of alice's (White) and bob's through a challenge, the pages away from the
    site (a page of it would go to the game by itself, racing the test's own navigation)."""
    for page in (alice, bob):
        page.goto("about:blank")
    players = [User.objects.get(username=name) for name in ("alice", "bob")]
    return off_the_loop(lambda: start_game(*players, rated=rated))
