"""Tournaments in the browser: a player makes one from the list's form, players join it from its
page and see the standings live, each is taken to the board when paired, the game page names
the tournament's round and offers berserk, and a player whose game ended is taken from it to the
next; a finished Swiss shows its podium, and the pages fit a phone."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.models import Game
from games.services.core import Actor
from games.services.play import game_resign
from tests.browser.board_helpers import log_in, off_the_loop, shot, wait_moves
from tests.browser.test_phone_layout import PHONE, overflow
from tests.conftest import DaphneServer
from tests.factories import make_user
from tests.games.conftest import opened
from tournaments.models import Tournament
from tournaments.schemas import TournamentRequest
from tournaments.services.entries import tournament_create, tournament_join
from tournaments.services.rounds import advance

GAME_URL = re.compile(r"/game/([^/]+)/$")


@pytest.fixture(scope="module")
def daphne_server(django_db_setup):
    """The site with its tournament director passing every fifth of a second."""
    server = DaphneServer({"TOURNAMENT_TICK": "0.2"})
    yield server
    server.stop()


def game_of(page: Page) -> str:
    page.wait_for_url(GAME_URL)
    return GAME_URL.search(page.url).group(1)


def test_players_make_and_join_an_arena_and_are_taken_to_each_game(new_page) -> None:
    for name in ("alice", "bob", "carol"):
        make_user(name)
    alice, bob, carol = new_page(), new_page(), new_page(*PHONE)
    for page, name in ((alice, "alice"), (bob, "bob"), (carol, "carol")):
        log_in(page, name)

    # Alice makes an arena that starts now, from the list's form.
    alice.goto("/tournaments/")
    form = alice.get_by_test_id("tournament-form")
    form.get_by_test_id("tournament-name").fill("Friday Night Arena")
    form.get_by_test_id("tournament-variant").select_option("international")
    form.get_by_test_id("tournament-clock-minutes").fill("3")
    form.get_by_test_id("tournament-clock-increment").fill("2")
    form.get_by_test_id("tournament-minutes").fill("30")
    form.get_by_test_id("tournament-starts-in").fill("0")
    form.get_by_test_id("tournament-create").click()
    alice.wait_for_url(re.compile(r"/tournaments/[^/]+/$"))
    expect(alice.get_by_test_id("tournament-name")).to_have_text("Friday Night Arena")
    expect(alice.get_by_test_id("tournament-kind")).to_contain_text("International Checkers")
    alice.get_by_test_id("join").click()
    expect(alice.get_by_test_id("standings")).to_contain_text("alice")
    expect(alice.get_by_test_id("withdraw")).to_be_visible()

    # Bob finds it among the running tournaments and joins: the two are paired and taken to
    # the board.
    bob.goto("/tournaments/")
    bob.get_by_test_id("tournaments-running").get_by_role("link", name="Friday Night Arena").click()
    expect(bob.get_by_test_id("standings")).to_contain_text("alice")
    bob.get_by_test_id("join").click()
    first = game_of(alice)
    assert game_of(bob) == first
    expect(alice.get_by_test_id("game-tournament")).to_have_text("Round 1 of Friday Night Arena")
    # Berserk, before the first move: half the time, and the button goes.
    expect(bob.get_by_test_id("berserk")).to_be_visible()
    bob.get_by_test_id("berserk").click()
    expect(bob.get_by_test_id("berserk")).to_be_hidden()
    shot(bob, "tournament-game-berserk")

    # Carol joins from her phone while they play; the standings show the three of them.
    tournament = alice.get_by_test_id("game-tournament").get_by_role("link")
    carol.goto(tournament.get_attribute("href"))
    carol.get_by_test_id("join").click()
    expect(carol.get_by_test_id("standings")).to_contain_text("carol")
    expect(carol.get_by_test_id("boards").locator("[data-game]")).to_have_count(1)
    shot(carol, "tournament-phone")
    assert overflow(carol, "tournament") == []

    # Both make their first move (before it a game is aborted, not resigned). They are played
    # from this process: only a shared channel layer (Redis, under .ci/run) would push them to
    # the server's sockets, so the pages load them afresh.
    off_the_loop(opened, Game.objects.get(public_id=first))
    for page in (alice, bob):
        page.reload()
        wait_moves(page, 2)
        # Its socket open, as a player's taps need (the first of them was lost once, under CI
        # load, when made before it).
        expect(page.locator("body[data-live=open]")).to_have_count(1)
    # Alice resigns: Bob (3 points: a win gone berserk) meets Carol, both taken to the new
    # board at once (Bob from the page of the game just over); Alice, who has just met Bob,
    # waits.
    resign_button = alice.locator("[data-action='resign']")
    resign_button.click()
    expect(resign_button).to_have_text("Confirm resign")
    resign_button.click()
    second = game_of(carol)
    assert second != first
    bob.wait_for_url(f"**/game/{second}/")
    expect(bob.get_by_test_id("game-tournament")).to_have_text("Round 2 of Friday Night Arena")
    alice.goto(tournament.get_attribute("href"))
    expect(alice.get_by_test_id("score-bob")).to_have_text("3")
    expect(alice.get_by_test_id("own-game")).to_be_hidden()
    shot(alice, "tournament-standings")


THEME = "W:Wa1,c1,e1,g1,c3,d4:Be5,a7,c7,g7,h8:H0:F1"  # Russian draughts, six against five


def test_a_thematic_arena_is_made_from_the_form_and_its_games_start_there(new_page) -> None:
    for name in ("dora", "eve"):
        make_user(name)
    dora, eve = new_page(), new_page(*PHONE)
    log_in(dora, "dora")
    log_in(eve, "eve")
    dora.goto("/tournaments/")
    form = dora.get_by_test_id("tournament-form")
    form.get_by_test_id("tournament-name").fill("Russian Theme Arena")
    form.get_by_test_id("tournament-variant").select_option("russian")
    form.get_by_test_id("tournament-starts-in").fill("0")
    expect(form.get_by_test_id("tournament-rated")).to_be_checked()
    form.get_by_test_id("tournament-fen").fill(THEME)
    # A position makes the games casual: Rated is unticked and locked, and the form says so.
    expect(form.get_by_test_id("tournament-rated")).not_to_be_checked()
    expect(form.get_by_test_id("tournament-rated")).to_be_disabled()
    expect(form.get_by_text("A game from a position is casual.")).to_be_visible()
    form.get_by_test_id("tournament-fen").fill("")  # cleared: Rated as it was asked
    expect(form.get_by_test_id("tournament-rated")).to_be_checked()
    expect(form.get_by_test_id("tournament-rated")).to_be_enabled()
    form.get_by_test_id("tournament-fen").fill(THEME)
    expect(form.get_by_test_id("tournament-rated")).not_to_be_checked()
    form.get_by_test_id("tournament-create").click()
    dora.wait_for_url(re.compile(r"/tournaments/[^/]+/$"))
    expect(dora.get_by_test_id("tournament-kind")).to_contain_text("casual · from a position")
    position = dora.get_by_test_id("tournament-position")
    expect(position.locator(".pc[data-piece]")).to_have_count(11)
    shot(dora, "tournament-thematic")
    dora.get_by_test_id("join").click()
    eve.goto(dora.url)
    eve.get_by_test_id("join").click()
    game = game_of(dora)
    assert game_of(eve) == game
    for page in (dora, eve):
        expect(page.get_by_test_id("game-kind")).to_contain_text("Casual · From a position")
        expect(page.locator("#board .pc[data-piece]")).to_have_count(11)
    assert Game.objects.get(public_id=game).initial_fen == THEME


def finished_swiss() -> str:
    """A Swiss of three players with names of twenty characters, played to its end.

    It starts in an hour, and is started here on its clock once its players have joined: the
    module's server passes over the tournaments every fifth of a second, and would finish a Swiss
    that is due with fewer than two players (as it must) before the third had joined."""
    names = ["a_twenty_char_name_1", "a_twenty_char_name_2", "a_twenty_char_name_3"]
    users = [make_user(name) for name in names]
    starts = timezone.now() + timedelta(hours=1)
    asked = TournamentRequest.from_body({
        "name": "A Sunday Swiss Whose Name Runs To Sixty Characters, Nearly!",
        "variant": "byelorussian-cheskers", "clock": {"initial": 300, "increment": 3},
        "system": "swiss", "rounds": 3, "starts_at": starts.isoformat(),
    })  # fmt: skip
    tournament = tournament_create(user=users[0], asked=asked)
    for user in users:
        tournament_join(public_id=tournament.public_id, user=user)
    while Tournament.objects.get(pk=tournament.pk).status != "finished":
        advance(tournament.public_id, now=starts)
        for game in Game.objects.filter(tournament=tournament.public_id, status="live"):
            game_resign(game_id=game.public_id, actor=Actor.of(game.black))
    return tournament.public_id


def test_a_finished_swiss_shows_its_podium_and_fits_a_phone(new_page, live_db) -> None:
    tid = off_the_loop(finished_swiss)
    page = new_page(*PHONE)
    page.goto(f"/tournaments/{tid}/")
    expect(page.get_by_test_id("tournament-status")).to_have_text("Finished")
    podium = page.get_by_test_id("podium")
    expect(podium).to_be_visible()
    expect(podium.locator("li")).to_have_count(3)
    expect(page.get_by_test_id("join")).to_be_hidden()
    shot(page, "tournament-podium-phone")
    assert overflow(page, "tournament") == []
    page.goto("/tournaments/")
    expect(page.get_by_test_id("tournaments-finished")).to_contain_text("Sixty Characters")
    shot(page, "tournaments-phone")
    assert overflow(page, "tournaments") == []
