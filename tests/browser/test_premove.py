"""Premoves entered on the board: on the opponent's turn a player taps a piece of theirs and its
landing; the path is shown on the board, can be cancelled, is played the instant the turn comes
when the new legal moves hold it, and is dropped without a move when they do not."""

from datetime import timedelta

from django.db.models import F
from playwright.sync_api import expect

from accounts.models import User
from games.domain.clock import UNLIMITED
from games.models import Game
from tests.browser.board_helpers import cls, off_the_loop, square, tap, wait_moves
from tests.browser.test_board_online import alice_and_bob, alices_seek_accepted
from tests.games.conftest import start_game


def premove_squares(page) -> list[str]:
    """The squares the board marks as the held premove's path."""
    return page.eval_on_selector_all(
        "#board .sq.is-premove", "els => els.map(e => e.dataset.square).sort()"
    )


def test_a_premove_tapped_on_the_board_is_played_or_dropped(new_page) -> None:
    alice, bob = alice_and_bob(new_page)
    alice.goto("/play/")
    alices_seek_accepted(alice, bob)
    expect(bob.locator("body[data-live=open]")).to_have_count(1)

    # Bob (Black) picks his e-pawn while Alice thinks, then taps it again: cancelled.
    tap(bob, "e7")
    expect(square(bob, "e7")).to_have_class(cls("is-premove"))
    expect(bob.get_by_test_id("premove")).to_contain_text("on e7, tap its landing")
    tap(bob, "e7")
    expect(bob.get_by_test_id("premove")).to_be_hidden()
    assert premove_squares(bob) == []

    # He taps e7 then e5: the path is held and shown; Alice's e4 brings it, played at once.
    tap(bob, "e7", "e5")
    expect(bob.get_by_test_id("premove")).to_contain_text(
        "Premove: e7-e5 (played when your turn comes)"
    )
    assert premove_squares(bob) == ["e5", "e7"]
    tap(alice, "e2", "e4")
    wait_moves(alice, 2)
    wait_moves(bob, 2)
    expect(bob.get_by_test_id("premove")).to_be_hidden()
    expect(bob.locator("#board .sq.is-premove")).to_have_count(0)
    assert list(Game.objects.get().moves.values_list("text", flat=True)) == ["e4", "e5"]

    # Alice moves, taps a knight's move and cancels it with the button.
    tap(alice, "g1", "f3")
    wait_moves(alice, 3)
    tap(alice, "b1", "c3")
    expect(alice.get_by_test_id("premove")).to_contain_text("Premove: b1-c3")
    alice.get_by_test_id("premove-cancel").click()
    expect(alice.get_by_test_id("premove")).to_be_hidden()
    expect(alice.locator("#board .sq.is-premove")).to_have_count(0)

    # She premoves d2 to d5, a path no legal move has: when her turn comes it is dropped, no
    # move is sent, nothing is refused, and it is still her move.
    tap(alice, "d2", "d5")
    assert premove_squares(alice) == ["d2", "d5"]
    tap(bob, "b8", "c6")
    wait_moves(alice, 4)
    expect(alice.get_by_test_id("premove")).to_be_hidden()
    expect(alice.locator("#board .sq.is-premove")).to_have_count(0)
    expect(alice.locator("#hint")).to_have_text("Your move.")
    expect(alice.get_by_test_id("move-error")).to_have_text("")
    game = Game.objects.get()
    assert (game.ply, game.status) == (4, "live")

    # Her turn now: the board plays as ever (no premove taps on one's own turn).
    tap(alice, "d2", "d4")
    wait_moves(bob, 5)
    assert Game.objects.get().moves.last().text == "d4"


def test_the_player_who_stayed_claims_the_win_in_a_clocked_game(new_page) -> None:
    alice, bob = alice_and_bob(new_page)
    alice.goto("/play/")
    alice.get_by_test_id("clock-kind").select_option("fischer")
    alice.get_by_test_id("clock-minutes").fill("60")
    alice.get_by_test_id("clock-increment").fill("0")
    alices_seek_accepted(alice, bob)
    expect(bob.locator("body[data-live=open]")).to_have_count(1)
    tap(alice, "e2", "e4")
    wait_moves(bob, 1)
    tap(bob, "e7", "e5")
    wait_moves(alice, 2)

    # Bob leaves: Alice is told when she may claim, and no button shows before then.
    bob.close()
    absence = alice.get_by_test_id("absence")
    expect(absence).to_contain_text("Black left the table; you may claim the win at")
    expect(alice.get_by_test_id("claim-win")).to_have_count(0)
    # Ten minutes pass (the count moved back, as the server keeps it; a fresh state shows it).
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(
        absence_since=game.absence_since - timedelta(minutes=11), revision=F("revision") + 1
    )
    alice.reload()
    alice.get_by_test_id("claim-win").click()
    expect(alice.get_by_test_id("result-banner")).to_contain_text(
        "White wins — Black left the game"
    )
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "1-0", "abandonment")


def test_a_premove_chain_is_tapped_landing_by_landing_on_a_numbered_board(new_page) -> None:
    """Checkers (squares numbered): Black taps c7, e5, g3 while White thinks; White's e5-d6
    (15-10) offers exactly that double jump, and it is played at once, as 6x15x24."""
    alice, bob = alice_and_bob(new_page)
    for page in (alice, bob):  # off the site: no page is taken to the new game on its own
        page.goto("about:blank")
    game = off_the_loop(
        start_game,
        User.objects.get(username="alice"),
        User.objects.get(username="bob"),
        "W:W15,19,29:B4,6",
        UNLIMITED,
        "checkers",
    )
    for page in (alice, bob):
        page.goto(f"/game/{game.public_id}/")
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    tap(bob, "c7", "e5", "g3")
    assert premove_squares(bob) == ["c7", "e5", "g3"]
    # The note names the squares as the game numbers them.
    expect(bob.get_by_test_id("premove")).to_contain_text("Premove: 6-15-24")
    tap(alice, "e5", "d6")
    wait_moves(bob, 2)
    expect(bob.get_by_test_id("premove")).to_be_hidden()
    assert list(Game.objects.get().moves.values_list("text", flat=True)) == ["15-10", "6x15x24"]
