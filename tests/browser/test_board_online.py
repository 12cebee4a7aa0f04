"""Online play in the browser: two signed-in players meet in the lobby and play to a
result; an anonymous spectator on the game page sees every move appear without reload."""

import re
import time
from collections.abc import Callable

from playwright.sync_api import Page, expect

from games.models import Challenge
from tests.browser.board_helpers import (
    assert_matches_server,
    cls,
    dom_board,
    dom_moves,
    log_in,
    shot,
    tap,
    wait_moves,
)
from tests.factories import make_user


def challenge_states(username: str) -> list[str]:
    """The states of the challenges ``username`` made, oldest first."""
    made = Challenge.objects.filter(challenger__username=username).order_by("created_at")
    return list(made.values_list("state", flat=True))


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Waits until ``condition()`` holds (polling the test database), at most ``timeout``."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.05)


def alice_and_bob(new_page, bob_size: tuple[int, int] = (1280, 800)) -> tuple[Page, Page]:
    """Two users, alice and bob, each signed in on a page of their own."""
    make_user("alice")
    make_user("bob")
    alice, bob = new_page(), new_page(*bob_size)
    log_in(alice, "alice")
    log_in(bob, "bob")
    return alice, bob


def both_at_the_game(first: Page, second: Page) -> str:
    """Waits until both pages show the same game (the first to get there first); returns its
    address."""
    game_url = re.compile(r"/game/[^/]+/$")
    first.wait_for_url(game_url)
    second.wait_for_url(game_url)
    assert first.url == second.url
    return first.url


def alices_seek_accepted(alice: Page, bob: Page) -> str:
    """Alice posts, as White, the seek her lobby form holds; Bob accepts it from the lobby; both
    are taken to the game, whose address is returned."""
    alice.get_by_test_id("seek-white").click()
    bob.goto("/play/")
    bob.get_by_test_id("accept-alice").click()
    return both_at_the_game(bob, alice)


def test_two_players_meet_in_the_lobby_and_play_while_a_spectator_watches(new_page) -> None:
    alice, bob = alice_and_bob(new_page, bob_size=(375, 812))

    alice.goto("/play/")
    alices_seek_accepted(alice, bob)
    game_id = alice.url.rstrip("/").rsplit("/", 1)[1]

    # A visitor finds the game on the watch page and opens it from there.
    spectator = new_page(1280, 800)
    spectator.goto("/watch/")
    listed = spectator.locator(f"[data-game='{game_id}']")
    expect(listed).to_contain_text("alice")
    expect(listed).to_contain_text("bob")
    listed.get_by_role("link", name="Watch").click()
    expect(spectator).to_have_url(alice.url)
    expect(spectator.locator("#hint")).to_contain_text("White to move")
    expect(alice.locator("#spectators")).to_have_text("1 watching")
    watch_list = new_page(1280, 800)  # and the list follows the game live
    watch_list.goto("/watch/")
    card = watch_list.locator(f"[data-game='{game_id}']")
    expect(card.locator("[data-field=watching]")).to_have_text("1 watching")

    # Orientation: each player sees their own side at the bottom; the spectator sees White's.
    assert bob.eval_on_selector("#board .cb-board", "el => el.dataset.orientation") == "black"
    assert spectator.eval_on_selector("#board .cb-board", "el => el.dataset.orientation") == (
        "white"
    )
    expect(alice.locator("[data-testid=presence-black]")).to_have_class(cls("is-online"))

    # Bob cannot move White's pieces.
    tap(bob, "e7")
    expect(bob.locator("#board .is-dest")).to_have_count(0)

    plies = [(alice, ("e2", "e4")), (bob, ("d7", "d5")), (alice, ("e4", "c6")), (bob, ("b7", "c6"))]
    for count, (player, squares) in enumerate(plies, start=1):
        tap(player, *squares)
        for page in (alice, bob, spectator):
            wait_moves(page, count)
        state = assert_matches_server(spectator, game_id)
        assert dom_moves(alice) == dom_moves(bob) == [m["text"] for m in state["moves"]]
        assert dom_board(alice) == dom_board(bob) == dom_board(spectator)
    assert dom_moves(spectator) == ["e4", "d5", "e4:c6", "bxc6"]
    expect(card.locator("[data-field=moves]")).to_have_text("2 moves")  # without a reload
    shot(spectator, "online-spectator-1280x800")
    shot(bob, "online-black-375x812")

    # A draw offer is declined, then White resigns: every page shows the result.
    alice.click("[data-action=draw-offer]")
    bob.click("[data-action=draw-decline]")
    expect(bob.locator(".draw-offer")).to_have_count(0)
    expect(alice.get_by_test_id("table-notice")).to_have_text("Your draw offer was declined.")
    expect(spectator.get_by_test_id("table-notice")).to_have_text("Black declined the draw offer.")
    expect(bob.get_by_test_id("table-notice")).to_have_count(0)
    # Black offers one; White answers by moving: the offer lapses, and Black is told.
    bob.click("[data-action=draw-offer]")
    expect(alice.locator(".draw-offer")).to_have_count(1)
    tap(alice, "g1", "f3")
    wait_moves(bob, 5)
    expect(bob.get_by_test_id("table-notice")).to_have_text(
        "Your draw offer lapsed: White moved instead."
    )
    alice.click("[data-action=resign]")
    alice.click("[data-action=resign]")
    for page in (alice, bob, spectator):
        banner = page.locator("[data-testid=result-banner]")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("Black wins")
        expect(banner).to_contain_text("White resigned")
        # A rated game (the lobby's default): both players' rating changes, from 1500 each.
        expect(banner.get_by_test_id("rating-changes")).to_have_text(
            re.compile(r"^White -\d+ · Black \+\d+$")
        )
    expect(spectator.locator("#board .is-dest")).to_have_count(0)
    expect(watch_list.locator(f"[data-game='{game_id}']")).to_have_count(0)  # no longer live
    expect(watch_list.locator("#no-live-games")).to_be_visible()
    shot(bob, "online-result-375x812")

    # White offers a rematch from the result; Black sees who asked and declines it; White
    # is told and asks again; Black accepts: both are taken to its game, colours swapped. The
    # spectator stays with the game they watched, and is offered a link to the rematch.
    alice.click("[data-action=rematch]")
    expect(bob.get_by_test_id("rematch-notice")).to_have_text(
        "alice (White) offers a rematch. Accept Decline"
    )
    expect(alice.get_by_test_id("rematch-notice")).to_have_text("You offered a rematch.")
    expect(spectator.get_by_test_id("rematch-notice")).to_have_text(
        "alice (White) offered a rematch."
    )
    bob.click("[data-action=rematch-decline]")
    expect(alice.get_by_test_id("rematch-notice")).to_have_text("Your rematch offer was declined.")
    expect(alice.locator("[data-action=rematch]")).to_have_text("Rematch")
    expect(bob.get_by_test_id("rematch-notice")).to_have_text("You declined the rematch.")
    alice.click("[data-action=rematch]")
    expect(bob.locator("[data-action=rematch]")).to_have_text("Accept the rematch")
    bob.click("[data-action=rematch]")
    rematch_url = re.compile(r"/game/(?!" + game_id + r"/)[^/]+/$")
    bob.wait_for_url(rematch_url)
    alice.wait_for_url(rematch_url)
    assert alice.url == bob.url
    for page, color in ((alice, "black"), (bob, "white")):
        expect(page.locator("body[data-live=open]")).to_have_count(1)
        assert page.eval_on_selector("#board .cb-board", "el => el.dataset.orientation") == color
    expect(bob.locator("#hint")).to_have_text("Your move.")
    expect(spectator).to_have_url(re.compile(f"/game/{game_id}/$"))
    expect(spectator.locator("[data-action=rematch]")).to_be_hidden()
    link = spectator.get_by_test_id("rematch-link")
    expect(link).to_have_attribute("href", re.sub(r"^https?://[^/]+", "", alice.url))
    link.click()
    expect(spectator).to_have_url(alice.url)


def test_a_seek_is_withdrawn_when_its_player_leaves_the_lobby(new_page) -> None:
    # Otherwise a player who posted a seek and went on to watch a game would be put in a game
    # they never see, and lose it by abandonment.
    alice, bob = alice_and_bob(new_page)
    bob.goto("/play/")
    alice.goto("/play/")
    alice.get_by_test_id("seek-white").click()
    expect(bob.get_by_test_id("accept-alice")).to_be_visible()
    alice.get_by_role("link", name="Watch").click()
    expect(alice).to_have_url(re.compile(r"/watch/$"))
    expect(bob.get_by_test_id("accept-alice")).to_have_count(0)
    expect(bob.locator("#no-seeks")).to_be_visible()
    alice.go_back()  # back in the lobby: her seek is not there any more
    expect(alice.locator("#no-seeks")).to_be_visible()
    expect(alice.get_by_test_id("seeks").locator("tr")).to_have_count(0)


def test_an_invite_links_page_keeps_its_maker_in_the_lobby_until_it_is_accepted(new_page) -> None:
    alice, bob = alice_and_bob(new_page)
    alice.goto("/play/")
    alice.get_by_role("button", name="Challenge", exact=True).click()  # no username: a link
    link = alice.locator("#outgoing a[href^='/invite/']")
    expect(link).to_be_visible()
    link.click()  # she leaves the lobby for the link's page, which keeps her in it
    expect(alice).to_have_url(re.compile(r"/invite/[^/]+/$"))
    expect(alice.get_by_test_id("invite-status")).to_contain_text("Waiting for someone")
    # Carol makes a link too and leaves the lobby for a page that does not keep her there,
    # after Alice left it: once hers is withdrawn, Alice's grace has run out as well.
    carol = new_page()
    make_user("carol")
    log_in(carol, "carol")
    carol.goto("/play/")
    carol.get_by_role("button", name="Challenge", exact=True).click()
    expect(carol.locator("#outgoing a[href^='/invite/']")).to_be_visible()
    carol.goto("/about/")
    wait_until(lambda: challenge_states("carol") == ["cancelled"])
    assert challenge_states("alice") == ["open"]
    bob.goto(alice.url)
    bob.get_by_role("button", name="Accept and play").click()
    both_at_the_game(bob, alice)  # she is taken there by the link's page
    expect(alice.locator("body[data-live=open]")).to_have_count(1)
    expect(alice.locator(".presence.is-online")).to_have_count(2)  # both at the table


def test_a_challenge_by_name_accepted_live_and_a_player_who_leaves_is_shown_away(
    new_page,
) -> None:
    alice, bob = alice_and_bob(new_page)
    bob.goto("/play/")
    alice.goto("/play/")
    alice.get_by_label("Username").fill("bob")
    alice.get_by_label("You play").select_option("white")
    alice.get_by_role("button", name="Challenge", exact=True).click()
    expect(alice.get_by_text("Challenge sent to bob.")).to_be_visible()
    incoming = bob.get_by_test_id("incoming")
    expect(incoming).to_contain_text("alice challenges you (unlimited, rated, they play White)")
    incoming.get_by_role("button", name="Accept").click()
    both_at_the_game(bob, alice)
    expect(alice.locator("[data-testid=presence-black]")).to_have_class(cls("is-online"))
    expect(alice.locator("#hint")).to_have_text("Your move.")

    bob.close()  # Black leaves the table: White sees it, and the clock Black has to come back
    expect(alice.locator("[data-testid=presence-black]")).not_to_have_class(cls("is-online"))
    expect(alice.locator("#notices")).to_contain_text("Black left the table and forfeits at")
    expect(alice.locator("#notices")).to_contain_text("unless they come back")


def test_a_challenge_reaches_a_player_away_from_the_lobby(new_page) -> None:
    # Bob is reading the archive; Alice challenges him from the lobby. The challenge shows on
    # his page at once, and accepting it there takes both to the game.
    alice, bob = alice_and_bob(new_page, bob_size=(375, 812))
    bob.goto("/games/")  # the archive
    notices = bob.get_by_test_id("challenge-notices")
    expect(notices).to_be_empty()
    alice.goto("/play/")
    alice.get_by_label("Username").fill("bob")
    alice.get_by_role("button", name="Challenge", exact=True).click()
    card = notices.locator(".challenge-card")
    expect(card).to_contain_text("alice challenges you (unlimited, rated, they play Random)")
    expect(card).to_be_in_viewport()
    shot(bob, "challenge-notice-375x812")
    card.get_by_role("button", name="Accept").click()
    both_at_the_game(bob, alice)
