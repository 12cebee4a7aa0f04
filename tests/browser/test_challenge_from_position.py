"""Challenging a friend from a position, in Chromium against a real Daphne, as players do it: a
position set up in the board editor is sent to a friend by name from the lobby, which the editor
fills in; a position on the analysis board becomes an invite link, reached by a visitor through
the log-in page; the friend sees the position before accepting; both are taken to a casual game
that starts there and is played from there."""

import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.board_helpers import (
    assert_matches_server,
    dom_board,
    fen_pieces,
    log_in,
    shot,
    tap,
)
from tests.browser.test_board_online import alice_and_bob, both_at_the_game, wait_until
from tests.factories import PASSWORD, make_user

CHESSKERS = "4k3/pppp4/8/8/8/8/4PPPP/4K2R b K - 0 1"  # Black to move first
INTERNATIONAL = "B:W28,32,33,K46:B8,12,13:H0:F1"


def lobby_holds(page: Page, variant: str, fen: str) -> None:
    """Asserts the lobby's challenge form holds the position: the game chosen, the FEN filled
    in, *Rated* unticked and locked, the note and its link to the position shown."""
    page.wait_for_url(re.compile(r"/play/\?"))
    assert parse_qs(urlparse(page.url).query) == {"variant": [variant], "fen": [fen]}
    expect(page.get_by_test_id("challenge-fen")).to_have_value(fen)
    expect(page.get_by_test_id("challenge-variant")).to_have_value(variant)
    expect(page.get_by_test_id("challenge-rated")).not_to_be_checked()
    expect(page.get_by_test_id("challenge-rated")).to_be_disabled()
    note = page.get_by_test_id("challenge-position-note")
    expect(note).to_contain_text("A game from a position is casual.")
    expect(note.get_by_role("link", name="See the position")).to_have_attribute(
        "href", f"/analysis/{variant}/{fen.replace(' ', '_')}"
    )


def test_a_position_set_up_in_the_editor_is_played_against_a_friend(new_page) -> None:
    alice, bob = alice_and_bob(new_page, bob_size=(375, 812))
    bob.goto("/play/")
    alice.goto(f"/editor/chesskers/{CHESSKERS.replace(' ', '_')}")
    expect(alice.get_by_test_id("editor-verdict")).to_have_attribute("data-state", "accepted")
    alice.get_by_test_id("editor-challenge").click()
    lobby_holds(alice, "chesskers", CHESSKERS)
    shot(alice, "challenge-from-position-lobby")

    alice.get_by_label("Username").fill("bob")
    alice.get_by_label("You play").select_option("white")
    alice.get_by_role("button", name="Challenge", exact=True).click()
    expect(alice.get_by_text("Challenge sent to bob.")).to_be_visible()
    expect(alice.get_by_test_id("outgoing")).to_contain_text(
        "You challenged bob to Chesskers from a position, unlimited, casual"
    )
    incoming = bob.get_by_test_id("incoming")
    expect(incoming).to_contain_text(
        "alice challenges you (unlimited, from a position, casual, they play White)"
    )
    expect(incoming.get_by_test_id("challenge-position")).to_have_attribute(
        "href", f"/analysis/chesskers/{CHESSKERS.replace(' ', '_')}"
    )
    shot(bob, "challenge-from-position-incoming")
    incoming.get_by_role("button", name="Accept").click()
    url = both_at_the_game(bob, alice)
    game_id = url.rstrip("/").rsplit("/", 1)[1]

    header = "Casual · From a position · Unlimited"
    for page in (alice, bob):
        expect(page.get_by_test_id("game-kind")).to_have_text(header)
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    assert dom_board(alice) == fen_pieces(CHESSKERS)
    expect(bob.locator("#hint")).to_have_text("Your move.")  # Black moves first here
    tap(bob, "a7", "a6")
    # The page shows its own move at once: compare it with the server once the move is in.
    wait_until(lambda: Game.objects.get(public_id=game_id).ply == 1)
    for page in (alice, bob):
        state = assert_matches_server(page, game_id)
    assert [move["text"] for move in state["moves"]] == ["a6"]
    game = Game.objects.get(public_id=game_id)
    assert (game.initial_fen, game.rated) == (CHESSKERS, False)
    shot(alice, "challenge-from-position-game")


def test_a_visitor_turns_an_analysis_position_into_an_invite_link(new_page) -> None:
    make_user("alice")
    make_user("bob")
    alice = new_page()
    alice.goto(f"/analysis/international/{INTERNATIONAL}")
    alice.get_by_test_id("play-friend").click()
    alice.wait_for_url(re.compile(r"/play/\?"))
    # Signed out: the lobby asks her to log in, and brings her back to the position after.
    alice.locator("#main").get_by_role("link", name="Log in", exact=True).click()
    alice.get_by_label("Username").fill("alice")
    alice.get_by_label("Password").fill(PASSWORD)
    alice.get_by_role("button", name="Log in").click()
    lobby_holds(alice, "international", INTERNATIONAL)

    alice.get_by_role("button", name="Challenge", exact=True).click()  # no username: a link
    link = alice.locator("#outgoing a[href^='/invite/']")
    expect(link).to_be_visible()
    link.click()  # her link's page keeps her in the lobby and draws the position
    expect(alice.get_by_test_id("invite-status")).to_contain_text("Waiting for someone")

    bob = new_page(375, 812)
    log_in(bob, "bob")
    bob.goto(alice.url)
    expect(bob.get_by_test_id("invite-position")).to_contain_text(
        "From a position, casual: see it on the analysis board. Black to move."
    )
    board = bob.locator("[data-invite-board] .cb-board")
    expect(board).to_be_visible()
    box = board.bounding_box()  # a board drawn as one, square, within the card
    assert 200 < box["width"] <= 320 and abs(box["width"] - box["height"]) < 2
    pieces = bob.locator("[data-invite-board] .pc[data-piece]")
    expect(pieces).to_have_count(7)  # the position's seven pieces, its white king among them
    expect(bob.locator("[data-invite-board] .pc[data-piece$='K']")).to_have_count(1)
    shot(bob, "challenge-from-position-invite")
    bob.get_by_role("button", name="Accept and play").click()
    url = both_at_the_game(bob, alice)
    game = Game.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
    assert (game.variant, game.initial_fen, game.fen, game.rated) == (
        "international",
        INTERNATIONAL,
        INTERNATIONAL,
        False,
    )
    expect(bob.get_by_test_id("game-kind")).to_contain_text("From a position")


def test_a_profiles_challenge_starts_from_a_position(new_page) -> None:
    """On a player's profile: a FEN typed in the Challenge form unticks and locks *Rated* and
    links the position; cleared, *Rated* comes back; sent, the challenge starts there."""
    make_user("alice"), make_user("bob")
    page = new_page(375, 812)
    log_in(page, "alice")
    page.goto("/@/bob")
    rated, fen = page.get_by_test_id("challenge-rated"), page.get_by_test_id("challenge-fen")
    expect(rated).to_be_checked()
    page.get_by_test_id("challenge-form").locator("select[name=variant]").select_option(
        "international"
    )
    fen.fill(INTERNATIONAL)
    expect(rated).not_to_be_checked()
    expect(rated).to_be_disabled()
    note = page.get_by_test_id("challenge-position-note")
    expect(note.get_by_role("link", name="See the position")).to_have_attribute(
        "href", f"/analysis/international/{INTERNATIONAL}"
    )
    fen.fill("")
    expect(rated).to_be_checked()  # given back as it was
    expect(note).to_be_hidden()
    fen.fill(INTERNATIONAL)
    shot(page, "profile-challenge-from-position")
    page.get_by_test_id("challenge-button").click()
    page.wait_for_url("**/play/")
    expect(page.get_by_test_id("outgoing")).to_contain_text(
        "You challenged bob to International Checkers from a position, unlimited, casual"
    )
