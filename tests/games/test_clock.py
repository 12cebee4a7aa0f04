"""The clock's arithmetic with the time given to it: time controls and their speed, deduction
and increment, the first move's allowance, the lag credit's bounds, and what running out
means (a loss, a draw when the side with time could never win, an abort before a first move).
"""

from datetime import UTC, datetime, timedelta

import pytest

from games.domain import clock
from games.domain.clock import ClockError, TimeControl
from games.domain.errors import GameError
from games.domain.schemas import MoveRequest
from games.edges.consumers import load_state
from games.models import Game
from games.services.core import Actor
from games.services.play import game_give_time
from games.services.presence import settle_absence
from games.services.round import game_play
from games.services.timeout import end_on_time, flag_overdue
from tests.games.conftest import start_game

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def seconds(n: float) -> timedelta:
    return timedelta(seconds=n)


@pytest.mark.parametrize(
    ("initial", "increment", "speed"),
    [
        (15, 0, "ultrabullet"),
        (29, 0, "ultrabullet"),
        (30, 0, "bullet"),
        (60, 0, "bullet"),
        (120, 1, "bullet"),  # 160 s
        (180, 0, "blitz"),
        (180, 2, "blitz"),
        (300, 3, "blitz"),  # 420 s
        (480, 0, "rapid"),
        (600, 5, "rapid"),  # 800 s
        (900, 10, "rapid"),  # 1300 s
        (900, 15, "classical"),  # 1500 s
        (1800, 0, "classical"),
    ],
)
def test_the_speed_follows_the_estimated_duration(initial, increment, speed) -> None:
    assert TimeControl(initial=initial, increment=increment).speed == speed


def test_correspondence_and_unlimited_are_their_own_speeds() -> None:
    assert TimeControl(days=3).speed == "correspondence"
    assert TimeControl().speed == "unlimited"


@pytest.mark.parametrize(
    ("value", "control"),
    [
        (None, TimeControl()),
        ({"initial": 180, "increment": 2}, TimeControl(initial=180, increment=2)),
        ({"initial": 15}, TimeControl(initial=15, increment=0)),
        ({"initial": 10800, "increment": 180}, TimeControl(initial=10800, increment=180)),
        ({"days": 14}, TimeControl(days=14)),
    ],
)
def test_a_control_is_read_from_the_api_and_written_back(value, control) -> None:
    assert TimeControl.from_json(value) == control
    assert TimeControl.from_json(control.as_json()) == control


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ({"initial": 14}, "initial time is 15 to 10800"),
        ({"initial": 10801}, "initial time is 15 to 10800"),
        ({"initial": 60, "increment": 181}, "increment is 0 to 180"),
        ({"initial": 60, "increment": -1}, "increment is 0 to 180"),
        ({"initial": "60"}, "initial time is 15 to 10800"),
        ({"initial": True}, "initial time is 15 to 10800"),
        ({"days": 4}, "days are one of 1, 2, 3, 5, 7, 14"),
        ({"days": 3, "initial": 60}, "days are one of"),
        ({"initial": 60, "moves": 40}, "only initial and increment"),
        ("3+2", "A clock is"),
    ],
)
def test_a_control_out_of_range_is_refused_saying_why(value, says) -> None:
    with pytest.raises(ClockError, match=says):
        TimeControl.from_json(value)


def test_labels_and_pgn_tags() -> None:
    assert TimeControl(initial=180, increment=2).label == "3+2"
    assert TimeControl(initial=30, increment=0).label == "½+0"
    assert TimeControl(initial=15, increment=0).label == "¼+0"
    assert TimeControl(initial=90, increment=1).label == "1½+1"
    assert TimeControl(initial=20, increment=0).label == "0.33+0"
    assert TimeControl(days=1).label == "1 day"
    assert TimeControl(days=3).label == "3 days"
    assert TimeControl(initial=180, increment=2).pgn_tag == "180+2"
    assert TimeControl(days=3).pgn_tag == "1/259200"
    assert TimeControl().pgn_tag == "-"


# --- a game's clock, in memory ----------------------------------------------------------------
def clocked_game(control: TimeControl, *, ply: int = 0) -> Game:
    game = Game(mode=Game.Mode.ONLINE)
    clock.start(game, control, T0)
    game.ply = ply
    return game


def move_at(game: Game, now: datetime, lag_ms: int = 0) -> None:
    """Charges the side to move for a move at ``now`` and passes the turn, as the move
    service does."""
    clock.charge(game, now, lag_ms)
    game.ply += 1


def test_a_new_game_gives_each_side_its_time_and_the_first_move_its_allowance() -> None:
    game = clocked_game(TimeControl(initial=180, increment=2))
    assert (game.white_ms, game.black_ms) == (180_000, 180_000)
    assert game.clock_deadline == T0 + seconds(30)
    assert clock.clock_payload(game, T0 + seconds(10)) == {
        "initial": 180,
        "increment": 2,
        "days": None,
        "white": 180_000,
        "black": 180_000,
        "running": None,  # the allowance, not the clock
        "deadline": None,
        "first_move_deadline": (T0 + seconds(30)).isoformat(),
    }


def test_first_moves_cost_nothing_and_then_the_clock_runs_with_its_increment() -> None:
    game = clocked_game(TimeControl(initial=180, increment=2))
    move_at(game, T0 + seconds(29))  # White's first move: free
    assert game.white_ms == 180_000
    assert game.clock_deadline == T0 + seconds(29 + 30)  # Black's allowance
    move_at(game, T0 + seconds(40))  # Black's first move: free
    assert game.black_ms == 180_000
    assert game.clock_deadline == T0 + seconds(40 + 180)  # White's clock now runs
    move_at(game, T0 + seconds(50))  # 10 s, plus 2
    assert game.white_ms == 172_000
    assert game.clock_deadline == T0 + seconds(50 + 180)
    move_at(game, T0 + seconds(53.5))  # 3.5 s, plus 2
    assert game.black_ms == 178_500
    assert game.clock_deadline == T0 + seconds(53.5) + timedelta(milliseconds=172_000)


def test_the_state_shows_the_running_clock_only_on_its_sides_turn() -> None:
    game = clocked_game(TimeControl(initial=60, increment=0), ply=2)
    game.status = Game.Status.LIVE
    game.clock_since = T0
    game.clock_deadline = T0 + seconds(60)
    shown = clock.clock_payload(game, T0 + seconds(7.25))
    assert (shown["white"], shown["black"], shown["running"]) == (52_750, 60_000, "white")
    move_at(game, T0 + seconds(8))
    shown = clock.clock_payload(game, T0 + seconds(9))
    assert (shown["white"], shown["black"], shown["running"]) == (52_000, 59_000, "black")


def test_the_lag_credit_is_at_most_300_ms_a_move_and_draws_on_a_slowly_refilling_reserve() -> None:
    game = clocked_game(TimeControl(initial=60, increment=0), ply=2)
    assert game.white_lag_ms == clock.LAG_RESERVE_MAX_MS == 1000
    now = T0
    spent = []
    for _ in range(4):  # White claims 5 s of lag on each of its moves, each taking 1 s
        before = game.white_ms
        game.clock_since = now
        now += seconds(1)
        move_at(game, now, lag_ms=5000)  # White
        spent.append(before - game.white_ms)
        game.clock_since = now
        move_at(game, now)  # Black, instantly
    # Reserve 1000 → 700+100 → 500+100 → 300+100 → 100+100: credits 300, 300, 300, 300,
    # and then only what is left.
    assert spent == [700, 700, 700, 700]
    assert game.white_lag_ms == 200
    game.clock_since = now
    move_at(game, now + seconds(1), lag_ms=5000)
    assert game.white_ms == 60_000 - 4 * 700 - 800
    assert game.white_lag_ms == 100  # empty, then refilled by one move's share


def test_a_lag_claim_never_makes_a_move_cost_less_than_nothing() -> None:
    game = clocked_game(TimeControl(initial=60, increment=0), ply=2)
    game.clock_since = T0
    move_at(game, T0 + timedelta(milliseconds=100), lag_ms=300)
    assert game.white_ms == 60_000


def test_correspondence_gives_each_turn_its_days() -> None:
    game = clocked_game(TimeControl(days=3))
    day_ms = 86_400_000
    assert (game.white_ms, game.black_ms) == (3 * day_ms, 3 * day_ms)
    assert game.clock_deadline == T0 + timedelta(days=3)
    for ply in range(4):
        now = T0 + timedelta(days=ply + 1, hours=5)
        move_at(game, now)
        assert game.clock_deadline == now + timedelta(days=3)
    game.status = Game.Status.LIVE
    shown = clock.clock_payload(game, now + timedelta(days=1))
    assert shown["running"] == "white" and shown["white"] == 2 * day_ms
    assert shown["deadline"] == (now + timedelta(days=3)).isoformat()


def test_out_of_time_is_reached_at_the_deadline_itself() -> None:
    game = clocked_game(TimeControl(initial=15, increment=0))
    assert not clock.out_of_time(game, T0 + seconds(29.999))
    assert clock.out_of_time(game, T0 + seconds(30))
    assert not clock.out_of_time(Game(), T0)  # unlimited: never


@pytest.mark.parametrize(
    ("variant", "fen", "color", "can"),
    [
        ("chesskers", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white", False),
        ("chesskers", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "white", False),
        ("chesskers", "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1", "white", True),
        ("chesskers", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "white", True),
        ("chesskers", "r3k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "black", True),
        ("chesskers", "r3k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "white", False),
    ],
)
def test_who_can_still_win_by_the_rules_material_test(variant, fen, color, can) -> None:
    assert clock.can_win(variant, fen, color) is can


def test_in_draughts_any_piece_left_can_win() -> None:
    fen = "W:W31:B20"
    assert clock.can_win("international", fen, "white") is True


# --- running out, on the record -----------------------------------------------------------------
@pytest.mark.django_db
def test_a_side_that_does_not_make_its_first_move_aborts_the_game_unrated(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"initial": 180, "increment": 2})
    now = game.clock_since + seconds(30)
    assert end_on_time(game, now - timedelta(milliseconds=1)) is False
    assert end_on_time(game, now) is True
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("aborted", None, None)
    assert game.clock_deadline is None
    assert not game.rating_changes.exists()


@pytest.mark.django_db
def test_running_out_loses_and_rates_the_game(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"initial": 60, "increment": 0})
    now = play_first_moves(game)
    game.refresh_from_db()
    assert flag_overdue(now + seconds(59)) == 0
    assert flag_overdue(now + seconds(60)) == 1
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")
    assert (game.white_ms, game.black_ms) == (0, 60_000)
    assert game.rating_changes.count() == 2


@pytest.mark.django_db
def test_running_out_against_a_lone_king_draws(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"initial": 60, "increment": 0})
    now = play_first_moves(game)
    # White to move, with a rook; Black has its king alone: White's flag is a draw.
    Game.objects.filter(pk=game.pk).update(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 3")
    game.refresh_from_db()
    assert end_on_time(game, now + seconds(60)) is True
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "1/2-1/2", "timeout")


@pytest.mark.django_db
def test_a_move_after_the_flag_is_refused_and_the_game_ends_on_time(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"initial": 60, "increment": 0})
    now = play_first_moves(game)
    late = MoveRequest(ply=2, text="Nf3")
    with pytest.raises(Exception, match="time ran out"):
        game_play(
            game_id=game.public_id, actor=Actor(user_id=alice.pk), move=late, now=now + seconds(61)
        )
    game.refresh_from_db()
    assert (game.status, game.result, game.termination, game.ply) == (
        "finished",
        "0-1",
        "timeout",
        2,
    )


@pytest.mark.django_db
def test_a_move_in_time_is_charged_in_the_same_write(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"initial": 60, "increment": 3})
    now = play_first_moves(game)
    move = MoveRequest(ply=2, text="Nf3")
    game_play(
        game_id=game.public_id, actor=Actor(user_id=alice.pk), move=move, now=now + seconds(12)
    )
    game.refresh_from_db()
    assert (game.ply, game.white_ms, game.black_ms) == (3, 51_000, 60_000)
    assert game.clock_since == now + seconds(12)
    assert game.clock_deadline == now + seconds(12 + 60)


@pytest.mark.django_db
def test_a_correspondence_deadline_is_enforced_after_its_days(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"days": 2})
    now = play_first_moves(game, gap=timedelta(hours=20))
    assert flag_overdue(now + timedelta(days=2) - seconds(1)) == 0
    assert flag_overdue(now + timedelta(days=2)) == 1
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")


# --- helpers -----------------------------------------------------------------------------------
def clocked_online_game(white, black, clock_json) -> Game:
    control = TimeControl.from_json(clock_json)
    game = start_game(white, black, clock=control)
    return game


def play_first_moves(game: Game, gap: timedelta = timedelta(seconds=5)) -> datetime:
    """Plays both first moves (e4, e5), each ``gap`` after the last; returns the time of the
    second, when White's clock starts."""
    now = game.clock_since
    for ply, (player, text) in enumerate(((game.white_id, "e4"), (game.black_id, "e5"))):
        now += gap
        move = MoveRequest(ply=ply, text=text)
        game_play(game_id=game.public_id, actor=Actor(user_id=player), move=move, now=now)
    return now


# --- giving time ---------------------------------------------------------------------------
@pytest.mark.django_db
def test_giving_15_seconds_moves_the_opponents_clock_and_deadline(alice, bob, committed) -> None:
    game = clocked_online_game(alice, bob, {"initial": 60, "increment": 0})
    now = play_first_moves(game)  # White's clock runs from now
    game.refresh_from_db()
    deadline = game.clock_deadline
    state = game_give_time(game_id=game.public_id, actor=Actor(user_id=bob.pk), now=now)
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms) == (75_000, 60_000)
    assert game.clock_deadline == deadline + seconds(15)
    assert state["clock"]["white"] == 75_000  # (sent before White's turn began, at ``now``)
    # White gives Black 15 s while White's own clock runs: Black's deadline is not running.
    game_give_time(game_id=game.public_id, actor=Actor(user_id=alice.pk), now=now)
    game.refresh_from_db()
    assert (game.black_ms, game.clock_deadline) == (75_000, deadline + seconds(15))


@pytest.mark.django_db
def test_a_move_from_a_record_kept_before_time_was_given_keeps_the_time(
    alice, bob, committed
) -> None:
    game = clocked_online_game(alice, bob, {"initial": 60, "increment": 0})
    now = committed(play_first_moves, game)
    load_state(game.public_id)  # a socket reads the game: this process keeps its record
    committed(game_give_time, game_id=game.public_id, actor=Actor(user_id=bob.pk), now=now)
    move = MoveRequest(ply=2, text="Nf3")
    committed(
        game_play,
        game_id=game.public_id,
        actor=Actor(user_id=alice.pk),
        move=move,
        now=now + seconds(5),
    )
    game.refresh_from_db()
    assert (game.ply, game.white_ms) == (3, 70_000)  # 60 + 15 given - 5 spent


@pytest.mark.django_db
def test_time_is_given_only_in_real_time_games(alice, bob) -> None:
    for control in ({"days": 3}, None):
        game = clocked_online_game(alice, bob, control)
        with pytest.raises(GameError, match="real-time games only"):
            game_give_time(game_id=game.public_id, actor=Actor(user_id=alice.pk))


def test_a_moves_lag_is_read_from_the_socket_message_within_bounds() -> None:
    message = {"type": "move", "move": "e4", "ply": 0, "lag": 120}
    assert MoveRequest.from_message(message).lag_ms == 120
    assert MoveRequest.from_message({"type": "move", "move": "e4", "ply": 0}).lag_ms == 0
    for bad in (-1, 60_001, "120", 1.5, True):
        with pytest.raises(GameError, match="lag is a number of milliseconds, 0 to 60000"):
            MoveRequest.from_message({**message, "lag": bad})


@pytest.mark.django_db
def test_the_lag_a_socket_reports_is_credited_to_the_move(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"initial": 60, "increment": 0})
    now = play_first_moves(game)
    move = MoveRequest.from_message({"type": "move", "move": "Nf3", "ply": 2, "lag": 250})
    game_play(
        game_id=game.public_id, actor=Actor(user_id=alice.pk), move=move, now=now + seconds(4)
    )
    game.refresh_from_db()
    assert (game.white_ms, game.white_lag_ms) == (60_000 - 4000 + 250, 1000 - 250 + 100)


@pytest.mark.django_db
def test_in_a_clocked_game_the_clock_decides_not_the_leave_rule(alice, bob) -> None:
    game = clocked_online_game(alice, bob, {"days": 3})
    play_first_moves(game)
    game.refresh_from_db()
    away = {"white": True, "black": False}  # Black left the table
    settle_absence(game, away, game.clock_since)
    settle_absence(game, away, game.clock_since + timedelta(minutes=11))
    game.refresh_from_db()
    assert (game.status, game.absence_side) == ("live", None)
    unlimited = clocked_online_game(alice, bob, None)  # the leave rule, as before
    settle_absence(unlimited, away, T0)
    settle_absence(unlimited, away, T0 + timedelta(minutes=11))
    unlimited.refresh_from_db()
    assert (unlimited.status, unlimited.termination) == ("finished", "abandonment")
