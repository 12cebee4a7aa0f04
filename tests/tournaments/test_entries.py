"""Making, joining and leaving tournaments through the services, and the operator's schedule:
each refusal a sentence that changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.domain.errors import GameError
from tests.tournaments.conftest import make_tournament, request, step
from tournaments import policy
from tournaments.models import Entry, Schedule, Tournament
from tournaments.services import entries
from tournaments.services.entries import (
    schedule_due,
    tournament_create,
    tournament_join,
    tournament_withdraw,
)
from tournaments.services.rounds import finish

pytestmark = pytest.mark.django_db


def test_a_player_may_have_three_tournaments_open_and_a_fourth_once_one_finishes(
    players,
) -> None:
    (maker,) = players(1)
    made = [tournament_create(user=maker, asked=request()) for _ in range(3)]
    with pytest.raises(GameError, match="already have 3 tournaments"):
        tournament_create(user=maker, asked=request())
    assert Tournament.objects.count() == 3
    finish(made[0], timezone.now())
    assert tournament_create(user=maker, asked=request()).status == "created"


def test_joining_twice_is_once_and_withdrawing_then_joining_again_keeps_the_results(
    players,
) -> None:
    p1, p2 = players(2)
    tournament = make_tournament([p1])
    tournament_join(public_id=tournament.public_id, user=p1)
    assert Entry.objects.filter(tournament=tournament).count() == 1
    Entry.objects.filter(user=p1).update(points=6)
    tournament_withdraw(public_id=tournament.public_id, user=p1)
    assert Entry.objects.get(user=p1).active is False
    with pytest.raises(GameError, match="not playing in this tournament"):
        tournament_withdraw(public_id=tournament.public_id, user=p1)
    with pytest.raises(GameError, match="not playing in this tournament"):
        tournament_withdraw(public_id=tournament.public_id, user=p2)
    tournament_join(public_id=tournament.public_id, user=p1)
    entry = Entry.objects.get(user=p1)
    assert (entry.active, entry.points) == (True, 6)


def test_a_finished_or_full_tournament_takes_nobody(players, monkeypatch) -> None:
    p1, p2, p3 = players(3)
    tournament = make_tournament([p1])
    monkeypatch.setattr(entries, "MAX_PLAYERS", 2)
    tournament_join(public_id=tournament.public_id, user=p2)
    with pytest.raises(GameError, match="full: 2 players"):
        tournament_join(public_id=tournament.public_id, user=p3)
    finish(tournament, timezone.now())
    with pytest.raises(GameError, match="has finished"):
        tournament_join(public_id=tournament.public_id, user=p3)
    with pytest.raises(GameError, match="has finished"):
        tournament_withdraw(public_id=tournament.public_id, user=p1)
    with pytest.raises(GameError, match="no tournament nosuch"):
        tournament_join(public_id="nosuch", user=p1)


def test_a_withdrawn_player_is_not_paired(players, committed) -> None:
    p1, p2, p3 = players(3)
    tournament = make_tournament([p1, p2, p3])
    tournament_withdraw(public_id=tournament.public_id, user=p1)
    assert step(tournament, committed) == 1
    assert not Entry.objects.get(user=p1).colors  # p1 sat out
    assert policy.MAX_OPEN_PER_PLAYER == 3


def test_the_schedule_makes_each_tournament_once_ahead_of_its_start(db) -> None:
    now = timezone.now().replace(microsecond=0)
    hourly = Schedule.objects.create(
        name="Hourly Blitz Arena",
        variant="international",
        clock_initial=180,
        clock_increment=0,
        system="arena",
        minutes=50,
        berserk=True,
        first_at=now - timedelta(hours=5, minutes=30),
        every_minutes=60,
        announce_minutes=45,
    )
    assert schedule_due(now - timedelta(minutes=29)) == []  # the next, 59 min ahead: not yet
    made = schedule_due(now)
    assert len(made) == 1
    tournament = made[0]
    assert tournament.starts_at == now + timedelta(minutes=30)
    assert tournament.ends_at == tournament.starts_at + timedelta(minutes=50)
    assert (tournament.variant, tournament.schedule, tournament.created_by) == (
        "international",
        hourly,
        None,
    )
    assert schedule_due(now + timedelta(minutes=10)) == []  # made once, however often asked
    assert schedule_due(now + timedelta(minutes=40)) == []  # the next hour's: not yet
    (next_hour,) = schedule_due(now + timedelta(minutes=46))
    assert next_hour.starts_at == now + timedelta(minutes=90)
