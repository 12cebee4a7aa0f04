"""A Swiss through the services, its games played through the games app, against a worked
example: five players, three rounds, a bye each round, no pair twice, colours balanced, and the
standings' Buchholz and Sonneborn-Berger; late joining until round 2; a forfeit; an early end
when every pairing would repeat one."""

import pytest
from django.db.models import Q

from community.services import block
from games.domain.errors import GameError
from games.models import Game
from games.services.timeout import flag_game
from tests.tournaments.conftest import draw, later, live_game_of, lose, make_tournament, step
from tournaments.models import Entry, Pairing, Tournament
from tournaments.reads import snapshot
from tournaments.services.entries import tournament_join

pytestmark = pytest.mark.django_db


def boards(tournament: Tournament, round_number: int) -> tuple[list[tuple[str, str]], str | None]:
    """The round's games as (white, black) usernames in board order, and who had the bye."""
    pairings = Pairing.objects.filter(tournament=tournament, round=round_number).order_by("pk")
    games = [(p.white.username, p.black.username) for p in pairings if p.black_id]
    bye = next((p.white.username for p in pairings if p.outcome == "bye"), None)
    return games, bye


def test_five_players_three_rounds_as_the_worked_example(players, committed) -> None:
    p1, p2, p3, p4, p5 = players(5)
    tournament = make_tournament([p1, p2, p3, p4, p5], system="swiss", rounds=3)
    assert step(tournament, committed) == 2
    # Round 1: all level, by rating then joining: top half meets bottom half, p5 the bye.
    assert boards(tournament, 1) == ([("p1", "p3"), ("p4", "p2")], "p5")
    lose(p3, tournament, committed)
    assert step(tournament, committed) == 0  # a game of the round is still being played
    draw(p2, tournament, committed)
    assert step(tournament, committed) == 2
    # Round 2: p1 and p5 lead (p5 by the bye's point), p2 and p4 (who drew) may not meet
    # again: p1 meets p2, p5 meets p4; p3, lowest, has the bye. Each had White less gets it.
    assert boards(tournament, 2) == ([("p2", "p1"), ("p5", "p4")], "p3")
    lose(p2, tournament, committed)
    lose(p4, tournament, committed)
    assert step(tournament, committed) == 2
    assert boards(tournament, 3) == ([("p1", "p5"), ("p3", "p2")], "p4")
    draw(p1, tournament, committed)
    lose(p2, tournament, committed)
    assert step(tournament, committed) == 0
    tournament.refresh_from_db()
    assert (tournament.status, tournament.round) == ("finished", 3)
    standings = [
        (row["user"], row["score"], row["tiebreak"], row["sonneborn_berger"], row["games"])
        for row in snapshot(tournament).standings
    ]
    # Scores: p1 1+1+½, p5 1 (bye)+1+½, p3 0+1 (bye)+1, p4 ½+0+1 (bye), p2 ½+0+0.
    # Buchholz (a bye adds nothing): p1 p3+p2+p5 = 2+½+2½; p5 p4+p1 = 1½+2½; p3 p1+p2 = 2½+½;
    # p4 p2+p5 = ½+2½; p2 p4+p1+p3 = 1½+2½+2. p1 and p5 tie on points: Buchholz ranks them.
    # Sonneborn-Berger: p1 p3+p2+½·p5 = 2+½+1¼; p5 p4+½·p1 = 1½+1¼; p3 p2 = ½;
    # p4 ½·p2 = ¼; p2 ½·p4 = ¾.
    assert standings == [
        ("p1", 2.5, 5.0, 3.75, 3),
        ("p5", 2.5, 4.0, 2.75, 2),
        ("p3", 2.0, 3.0, 0.5, 2),
        ("p4", 1.5, 3.0, 0.25, 2),
        ("p2", 0.5, 6.0, 0.75, 3),
    ]
    # Nobody met anybody twice, and nobody had the bye twice.
    met = [
        frozenset((p.white_id, p.black_id))
        for p in Pairing.objects.filter(tournament=tournament, black__isnull=False)
    ]
    assert len(met) == len(set(met)) == 6
    byes = list(Pairing.objects.filter(tournament=tournament, outcome="bye").values_list("white"))
    assert len(byes) == len(set(byes)) == 3


def test_players_in_a_block_never_meet_in_a_swiss(players, committed) -> None:
    p1, p2, p3, p4 = players(4)
    committed(block, user=p3, other=p1)
    tournament = make_tournament([p1, p2, p3, p4], system="swiss")
    step(tournament, committed)
    games, bye = boards(tournament, 1)
    assert bye is None
    # Top half against bottom half would be p1-p3 and p2-p4; p1 and p3 are kept apart.
    assert sorted(tuple(sorted(pair)) for pair in games) == [("p1", "p4"), ("p2", "p3")]


def test_a_swiss_takes_new_players_until_its_second_round_is_paired(players, committed) -> None:
    p1, p2, p3, p4, late, later_still = players(6)
    tournament = make_tournament([p1, p2, p3, p4], system="swiss", rounds=3)
    step(tournament, committed)
    committed(tournament_join, public_id=tournament.public_id, user=late)
    lose(p3, tournament, committed)
    lose(p2, tournament, committed)
    step(tournament, committed)  # round 2: the late player is paired (0 points so far)
    games, bye = boards(tournament, 2)
    assert "p5" in [name for game in games for name in game] + [bye]
    with pytest.raises(GameError, match="takes no new players"):
        tournament_join(public_id=tournament.public_id, user=later_still)


def test_a_player_who_does_not_move_loses_by_forfeit_and_is_withdrawn(players, committed) -> None:
    p1, p2 = players(2)
    tournament = make_tournament([p1, p2], system="swiss", rounds=3)
    step(tournament, committed)
    game = live_game_of(p1, tournament)
    committed(flag_game, game.public_id, later(5))  # White never moved
    pairing = Pairing.objects.get(game=game.public_id)
    assert (pairing.outcome, pairing.white_points, pairing.black_points) == ("black", 0, 2)
    assert Entry.objects.get(user=game.white).active is False
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED  # unrated as any abort


def test_a_swiss_ends_early_when_every_pairing_would_repeat_a_game(players, committed) -> None:
    p1, p2 = players(2)
    tournament = make_tournament([p1, p2], system="swiss", rounds=5)
    step(tournament, committed)
    lose(p2, tournament, committed)
    assert step(tournament, committed) == 0
    tournament.refresh_from_db()
    assert (tournament.status, tournament.round) == ("finished", 1)
    assert not Game.objects.filter(Q(white=p1) | Q(black=p1), status="live").exists()
