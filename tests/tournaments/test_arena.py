"""An arena through the services, its games played through the games app: it starts at its
time and pairs who is free, scores each ending as it commits (streaks, berserk), never pairs
the last opponents again at once, withdraws a player who did not move, stops pairing in its
last moments and finishes, counting nothing that ends after it."""

import threading

import pytest
from django.db import connection
from django.utils import timezone

from community.services import block
from games.domain.events import game_ended
from games.models import Game
from games.services.core import Actor
from games.services.play import game_berserk
from games.services.timeout import flag_game
from tests.tournaments.conftest import (
    draw,
    later,
    live_game_of,
    lose,
    make_tournament,
    move,
    step,
)
from tournaments.models import Entry, Pairing, Tournament
from tournaments.reads import snapshot
from tournaments.services.entries import tournament_join
from tournaments.services.results import score_ended
from tournaments.services.rounds import advance, tick

pytestmark = pytest.mark.django_db


def scores(tournament: Tournament) -> dict[str, int]:
    return {row["user"]: row["score"] for row in snapshot(tournament).standings}


def test_an_arena_starts_at_its_time_and_pairs_every_free_player(players, committed) -> None:
    p1, p2, p3, p4, p5 = players(5)
    tournament = make_tournament([p1, p2, p3, p4, p5], starts_at=later(1).isoformat())
    assert step(tournament, committed) == 0  # not yet
    assert Tournament.objects.get(pk=tournament.pk).status == "created"
    assert step(tournament, committed, later(1.01)) == 2
    tournament.refresh_from_db()
    assert (tournament.status, tournament.round) == ("started", 1)
    games = Game.objects.filter(tournament=tournament.public_id)
    assert games.count() == 2
    assert {g.tournament_round for g in games} == {1}
    assert all(g.clock_initial == 180 and g.berserk_allowed and g.rated for g in games)
    # Nearest in the standings (all level: by rating, then who joined first): p1-p2, p3-p4.
    pairs = sorted(tuple(sorted((g.white.username, g.black.username))) for g in games)
    assert pairs == [("p1", "p2"), ("p3", "p4")]
    assert step(tournament, committed, later(1.02)) == 0  # p5 waits for someone to come free


def test_wins_are_two_and_after_two_in_a_row_four_with_berserk_a_point_more(
    players, committed
) -> None:
    p1, p2, p3, p4 = players(4)
    tournament = make_tournament([p1, p2, p3, p4])
    step(tournament, committed)
    lose(p2, tournament, committed)  # p1 beats p2: 2
    lose(p4, tournament, committed)  # p3 beats p4
    step(tournament, committed)  # p1-p3, p2-p4 (never the last opponent at once)
    game = live_game_of(p1, tournament)
    assert {game.white, game.black} == {p1, p3}
    lose(p3, tournament, committed)  # p1: 2 + 2, on fire
    draw(p2, tournament, committed)  # p2-p4 drawn: 1 each
    step(tournament, committed)  # p1 meets p2 (nearest free not just met: p3 met p1)
    game = live_game_of(p1, tournament)
    committed(game_berserk, game_id=game.public_id, actor=Actor.of(p1))
    loser = game.black if game.white == p1 else game.white
    lose(loser, tournament, committed)  # p1, on fire and berserk: 4 + 1
    assert scores(tournament)["p1"] == 2 + 2 + 5
    p1_line = snapshot(tournament).by_user[p1.pk]
    assert (p1_line["rank"], p1_line["games"], p1_line["fire"]) == (1, 3, True)
    last = Pairing.objects.get(game=game.public_id)
    berserk_side = "white" if game.white == p1 else "black"
    assert getattr(last, f"{berserk_side}_berserk") is True
    assert getattr(last, f"{berserk_side}_points") == 5


def test_a_draw_ends_the_fire_and_counts_one(players, committed) -> None:
    p1, p2, p3, p4 = players(4)
    tournament = make_tournament([p1, p2, p3, p4])
    for _ in range(2):  # p1 wins twice
        step(tournament, committed)
        game = live_game_of(p1, tournament)
        lose(game.black if game.white == p1 else game.white, tournament, committed)
        other = Game.objects.filter(tournament=tournament.public_id, status="live").first()
        lose(other.white, tournament, committed)
    assert Entry.objects.get(user=p1).streak == 2
    step(tournament, committed)
    draw(p1, tournament, committed)
    entry = Entry.objects.get(user=p1)
    assert (entry.points, entry.streak) == (2 + 2 + 1, 0)


def test_two_free_players_who_just_met_wait_for_someone_else(players, committed) -> None:
    p1, p2, p3 = players(3)
    tournament = make_tournament([p1, p2])
    step(tournament, committed)
    lose(p2, tournament, committed)
    assert step(tournament, committed) == 0
    committed(tournament_join, public_id=tournament.public_id, user=p3)
    assert step(tournament, committed) == 1
    game = live_game_of(p3, tournament)
    assert {game.white, game.black} in ({p1, p3}, {p2, p3})


def test_players_in_a_block_are_not_paired_in_an_arena(players, committed) -> None:
    p1, p2, p3, p4 = players(4)
    committed(block, user=p2, other=p1)  # p2 blocked p1: neither is paired with the other
    tournament = make_tournament([p1, p2, p3, p4])
    assert step(tournament, committed) == 2
    games = Game.objects.filter(tournament=tournament.public_id)
    pairs = sorted(tuple(sorted((g.white.username, g.black.username))) for g in games)
    assert pairs == [("p1", "p3"), ("p2", "p4")]


def test_a_player_who_does_not_move_is_withdrawn_and_the_game_counts_for_nobody(
    players, committed
) -> None:
    p1, p2 = players(2)
    tournament = make_tournament([p1, p2])
    step(tournament, committed)
    game = live_game_of(p1, tournament)
    move(game.white, game, "e4", 0)
    # Black never moves: the flag timer aborts the game at its first move's deadline.
    committed(flag_game, game.public_id, later(5))
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED
    pairing = Pairing.objects.get(game=game.public_id)
    assert (pairing.outcome, pairing.white_points, pairing.black_points) == ("void", 0, 0)
    absent = Entry.objects.get(user=game.black)
    present = Entry.objects.get(user=game.white)
    assert (absent.active, absent.games, present.active, present.games) == (False, 0, True, 0)
    assert snapshot(tournament).by_user[game.black.pk]["withdrawn"] is True


def test_pairing_stops_in_the_last_moments_and_the_arena_finishes_at_its_end(
    players, committed
) -> None:
    p1, p2, p3, p4 = players(4)
    tournament = make_tournament([p1, p2, p3, p4], minutes=10)
    step(tournament, committed)
    lose(p2, tournament, committed)
    # 3+2: no game starts in the last 90 s (half the initial time).
    assert step(tournament, committed, later(8.6)) == 0
    tournament.refresh_from_db()
    assert tournament.status == "started"
    assert step(tournament, committed, later(10.1)) == 0
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    # The game still being played ends after the arena: it goes on, and counts for nobody.
    before = scores(tournament)
    running = live_game_of(p4, tournament)
    lose(p4, tournament, committed)
    assert Pairing.objects.get(game=running.public_id).outcome == "void"
    assert scores(tournament) == before


def test_an_ending_nobody_scored_is_scored_by_the_next_pass(players, committed) -> None:
    p1, p2 = players(2)
    tournament = make_tournament([p1, p2])
    step(tournament, committed)
    receivers = game_ended.receivers
    game_ended.receivers = []  # the ending's process dies before telling
    try:
        lose(p2, tournament, committed)
    finally:
        game_ended.receivers = receivers
        game_ended.sender_receivers_cache.clear()
    assert Entry.objects.get(user=p1).points == 0
    assert committed(score_ended) == 1
    assert committed(score_ended) == 0  # once
    assert Entry.objects.get(user=p1).points == 2


def test_a_tick_starts_every_due_tournament_and_leaves_the_others(players, committed) -> None:
    p1, p2, p3, p4 = players(4)
    now_one = make_tournament([p1, p2])
    soon = make_tournament([p3, p4], starts_at=later(30).isoformat())
    done = committed(tick, timezone.now())
    assert (done["started"], done["games"]) == (1, 1)
    now_one.refresh_from_db()
    soon.refresh_from_db()
    assert (now_one.status, soon.status) == ("started", "created")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_processes_passing_over_one_arena_together_start_each_players_game_once(
    players,
) -> None:
    joined = players(40)
    tournament = make_tournament(joined)
    barrier = threading.Barrier(4)
    started: list[int] = []

    def director() -> None:
        barrier.wait()
        try:
            started.append(advance(tournament.public_id)["games"])
        finally:
            connection.close()

    threads = [threading.Thread(target=director) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(started) == 20
    seats = Pairing.objects.filter(tournament=tournament).values_list("white_id", "black_id")
    seated = [player for pair in seats for player in pair]
    assert sorted(seated) == sorted(user.pk for user in joined)
