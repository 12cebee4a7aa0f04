"""Simuls through their services: making one, asking to play, the host's choices, the start (a
game a board, in the simul's game and clock, the host's extra time and colours), the rules of a
simul's games (no first-move deadline, no absence counted, no takebacks), the host's next board,
the score and the end with the last game; every refusal changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from community.models import Block
from games.domain.errors import GameError
from games.domain.schemas import MoveRequest
from games.models import Color, Game
from games.services.core import Actor
from games.services.play import game_abort, game_draw, game_resign
from games.services.presence import settle_absence
from games.services.round import game_play
from games.services.takebacks import game_takeback_online
from players.closing import close_account
from simuls import policy
from simuls.models import Entry, Simul
from simuls.reads import simul_object
from simuls.services import (
    next_board,
    simul_accept,
    simul_cancel,
    simul_create,
    simul_join,
    simul_remove,
    simul_start,
    simul_withdraw,
)
from tests.factories import make_user
from tests.simuls.conftest import asked, make_simul, started

pytestmark = pytest.mark.django_db


def refused(call, *args, **kwargs) -> str:
    with pytest.raises(GameError) as refusal:
        call(*args, **kwargs)
    return refusal.value.message


def test_players_ask_the_host_chooses_and_the_object_says_so(people) -> None:
    host, ann, bob, cy = people(3)
    simul = make_simul(host, [ann, bob, cy], accept=False)
    simul_accept(public_id=simul.public_id, host=host, username="ann")
    simul_accept(public_id=simul.public_id, host=host, username="BOB")  # any case
    simul_accept(public_id=simul.public_id, host=host, username="bob", accepted=False)
    simul_remove(public_id=simul.public_id, host=host, username="cy")
    shown = simul_object(simul.public_id)
    assert [(p["user"], p["accepted"]) for p in shown["players"]] == [
        ("ann", True),
        ("bob", False),
    ]
    assert (shown["accepted"], shown["status"], shown["boards"]) == (1, "created", [])
    assert shown["players"][0]["rating"] == 1500 and shown["players"][0]["provisional"]
    simul_withdraw(public_id=simul.public_id, user=bob)
    assert [p["user"] for p in simul_object(simul.public_id)["players"]] == ["ann"]


def test_the_start_makes_a_casual_game_a_board_with_the_hosts_extra_time(people, committed) -> None:
    host, ann, bob = people(2)
    simul, games = started(host, [ann, bob], committed, host_extra=2)
    assert Simul.objects.get(pk=simul.pk).status == Simul.Status.STARTED
    assert [(g.white, g.black) for g in games] == [(host, ann), (host, bob)]
    for game in games:
        assert (game.simul, game.rated, game.mode) == (simul.public_id, False, Game.Mode.ONLINE)
        assert (game.clock_initial, game.clock_increment) == (600, 5)
        assert (game.white_ms, game.black_ms) == (720_000, 600_000)
        assert game.clock_deadline is None  # no first-move deadline
    boards = simul_object(simul.public_id)["boards"]
    assert [(b["board"], b["user"], b["color"], b["host_to_move"]) for b in boards] == [
        (1, "ann", "black", True),
        (2, "bob", "black", True),
    ]


def test_a_host_playing_black_or_random_gets_those_colours(people, committed) -> None:
    host, ann, bob = people(2)
    _, games = started(host, [ann, bob], committed, host_color="black")
    assert [(g.white, g.black) for g in games] == [(ann, host), (bob, host)]
    for game in games:
        committed(game_abort, game_id=game.public_id, actor=Actor.of(host))
    players = [make_user(f"r{n}") for n in range(12)]
    simul, games = started(host, players, committed, host_color="random", max_players=12)
    colours = {Color.WHITE if g.white == host else Color.BLACK for g in games}
    assert colours == {Color.WHITE, Color.BLACK}  # 12 boards: both, but for 1 in 2,048
    for entry in Entry.objects.filter(simul=simul):
        game = Game.objects.get(public_id=entry.game)
        assert getattr(game, entry.color) == entry.user


def test_only_accepted_players_not_blocked_get_a_board(people, committed) -> None:
    host, ann, bob, cy = people(3)
    simul = make_simul(host, [ann, bob, cy], accept=False)
    for name in ("ann", "cy"):
        simul_accept(public_id=simul.public_id, host=host, username=name)
    Block.objects.create(blocker=cy, blocked=host)  # after being accepted
    committed(simul_start, public_id=simul.public_id, host=host)
    assert list(Entry.objects.filter(simul=simul).values_list("user__username", flat=True)) == [
        "ann"
    ]
    assert Game.objects.filter(simul=simul.public_id).count() == 1


def test_refusals_say_why_and_change_nothing(people, committed) -> None:
    host, ann, bob = people(2)
    simul = make_simul(host, [ann], accept=False)
    before = simul_object(simul.public_id)
    assert "host" in refused(simul_accept, public_id=simul.public_id, host=ann, username="ann")
    assert "host" in refused(simul_start, public_id=simul.public_id, host=ann)
    assert "host" in refused(simul_cancel, public_id=simul.public_id, host=bob)
    assert "Accept at least one" in refused(simul_start, public_id=simul.public_id, host=host)
    assert "has not asked" in refused(
        simul_accept, public_id=simul.public_id, host=host, username="bob"
    )
    assert "every board" in refused(simul_join, public_id=simul.public_id, user=host)
    assert "no simul" in refused(simul_join, public_id="nope", user=bob)
    assert "already" in refused(simul_create, host=host, asked=asked())
    Block.objects.create(blocker=host, blocked=bob)
    assert "cannot play" in refused(simul_join, public_id=simul.public_id, user=bob)
    assert simul_object(simul.public_id) == before
    simul_accept(public_id=simul.public_id, host=host, username="ann")
    committed(simul_start, public_id=simul.public_id, host=host)
    after = simul_object(simul.public_id)
    Block.objects.all().delete()
    assert "started" in refused(simul_join, public_id=simul.public_id, user=bob)
    assert "resign" in refused(simul_withdraw, public_id=simul.public_id, user=ann)
    assert "started" in refused(simul_cancel, public_id=simul.public_id, host=host)
    assert simul_object(simul.public_id) == after


def test_the_simul_is_as_large_as_its_host_says(people) -> None:
    host, ann, bob = people(2)
    simul = make_simul(host, [ann], max_players=1)
    simul_join(public_id=simul.public_id, user=bob)
    assert "full" in refused(simul_accept, public_id=simul.public_id, host=host, username="bob")
    simul_accept(public_id=simul.public_id, host=host, username="ann", accepted=False)
    simul_accept(public_id=simul.public_id, host=host, username="bob")
    assert simul_object(simul.public_id)["accepted"] == 1


def test_a_player_waits_for_a_bounded_number_of_simuls(people, monkeypatch) -> None:
    monkeypatch.setattr("simuls.services.MAX_APPLICATIONS", 2)
    hosts = people(0) + [make_user(f"h{n}") for n in range(2)]
    player = make_user("ann")
    ids = [simul_create(host=host, asked=asked()).public_id for host in hosts]
    simul_join(public_id=ids[0], user=player)
    simul_join(public_id=ids[1], user=player)
    simul_join(public_id=ids[1], user=player)  # asking twice is asking once
    assert "waiting for 2 simuls" in refused(simul_join, public_id=ids[2], user=player)
    assert Entry.objects.filter(user=player).count() == 2


def test_the_bodies_are_checked_with_a_sentence() -> None:
    def problem(**fields) -> str:
        with pytest.raises(GameError) as refusal:
            asked(**fields)
        return refusal.value.message

    assert "2 to 60 characters" in problem(name="x")
    assert "1 to 50 players" in problem(max_players=51)
    assert "1 to 50 players" in problem(max_players=True)
    assert "0 to 60 minutes" in problem(host_extra=61)
    assert "white, black or random" in problem(host_color="green")
    assert "clock" in problem(clock={"days": 3})
    assert "clock" in problem(clock=None)
    assert "at most 400" in problem(text="x" * 401)
    assert "punctuation only" in problem(name="bad\x00name")
    assert "Unknown game" in problem(variant="chess")
    assert asked(variant="russian", text="  hi  ").text == "hi"


def test_a_simuls_games_have_no_first_move_deadline_and_count_no_absence(people, committed) -> None:
    host, ann = people(1)
    _, (game,) = started(host, [ann], committed)
    game_play(game_id=game.public_id, actor=Actor.of(host), move=MoveRequest.of(ply=0, text="e4"))
    game.refresh_from_db()
    assert game.clock_deadline is None  # the player's first move: none either
    now = timezone.now()
    settle_absence(game, {Color.WHITE: False, Color.BLACK: True}, now)
    settle_absence(game, {Color.WHITE: False, Color.BLACK: True}, now + timedelta(minutes=20))
    game.refresh_from_db()
    assert (game.absence_side, game.white_absent_seconds) == (None, 0.0)
    game_play(game_id=game.public_id, actor=Actor.of(ann), move=MoveRequest.of(ply=1, text="e5"))
    game.refresh_from_db()
    assert game.clock_deadline is not None  # the clocks run from here, as in any game
    assert "no takebacks in simul" in refused(
        game_takeback_online, game_id=game.public_id, actor=Actor.of(ann), action="offer"
    )


def test_the_host_goes_round_the_boards_waiting_for_them(people, committed) -> None:
    host, ann, bob, cy = people(3)
    simul, games = started(host, [ann, bob, cy], committed)
    ids = [game.public_id for game in games]

    def after(game_id: str | None) -> str | None:
        return next_board(public_id=simul.public_id, user_id=host.pk, after=game_id)

    assert (after(None), after(ids[0]), after(ids[1]), after(ids[2])) == (
        ids[0],
        ids[1],
        ids[2],
        ids[0],
    )
    game_play(game_id=ids[1], actor=Actor.of(host), move=MoveRequest.of(ply=0, text="d4"))
    assert after(ids[0]) == ids[2]  # board 2 waits for bob now
    assert next_board(public_id=simul.public_id, user_id=ann.pk, after=None) is None
    assert next_board(public_id="nope", user_id=host.pk, after=None) is None


def test_the_score_follows_the_games_and_the_last_one_finishes_it(people, committed) -> None:
    host, ann, bob, cy = people(3)
    simul, games = started(host, [ann, bob, cy], committed)
    committed(game_resign, game_id=games[0].public_id, actor=Actor.of(ann))
    committed(game_resign, game_id=games[1].public_id, actor=Actor.of(host))
    shown = simul_object(simul.public_id)
    assert shown["score"] == {"win": 1, "draw": 0, "loss": 1, "aborted": 0, "playing": 1}
    assert [b["outcome"] for b in shown["boards"]] == ["win", "loss", None]
    assert shown["status"] == "started"
    game = games[2]
    committed(game_draw, game_id=game.public_id, actor=Actor.of(host), action="offer")
    committed(game_draw, game_id=game.public_id, actor=Actor.of(cy), action="accept")
    shown = simul_object(simul.public_id)
    assert shown["status"] == "finished" and shown["finished_at"] is not None
    assert shown["score"] == {"win": 1, "draw": 1, "loss": 1, "aborted": 0, "playing": 0}
    # Finished, the host may host another.
    assert simul_create(host=host, asked=asked()).status == Simul.Status.CREATED


def test_a_called_off_simul_is_gone(people) -> None:
    host, ann = people(1)
    simul = make_simul(host, [ann])
    simul_cancel(public_id=simul.public_id, host=host)
    assert not Simul.objects.filter(pk=simul.pk).exists()
    assert not Entry.objects.exists()


def test_closing_an_account_calls_off_its_simuls_and_takes_back_its_asks(people, committed) -> None:
    host, ann, bob = people(2)
    hosted = make_simul(host, [ann])
    other = make_simul(bob, [host, ann], accept=False)
    playing, (game,) = started(make_user("cy"), [host], committed)
    committed(close_account, user=host)
    assert not Simul.objects.filter(pk=hosted.pk).exists()
    assert [p["user"] for p in simul_object(other.public_id)["players"]] == ["ann"]
    game.refresh_from_db()  # resigned, as every live game of a closed account
    assert (game.status, game.result) == (Game.Status.FINISHED, Game.Result.WHITE)
    assert simul_object(playing.public_id)["status"] == "finished"


def test_the_limits_are_the_policys() -> None:
    assert policy.MAX_PLAYERS == (1, 50) and policy.MAX_OPEN_PER_HOST == 1
