"""The move's hot path: the statements of games.storage.sql, and the per-process history cache of
a game's round (games.storage.kept) that lets a move skip reading the game's moves back.

The cache may never make a state wrong: whatever changed the game (another process, a
takeback, a move that rolled back), the next state is the one the database holds.
"""

import json

import pytest
from django.db import transaction
from django.utils import timezone

import engine
from engine.chesskers import CHESSKERS
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import CONNECTION_STALE_AFTER
from games.domain.schemas import MoveRequest
from games.edges.consumers import load_state
from games.models import Connection, Game, GameMove
from games.reads.state import game_state, state_event, table_of
from games.services import round as game_round
from games.services.core import Actor, lock_game
from games.services.moves import MOVE_FIELDS, NeedsLock, Written
from games.services.play import game_create_local, game_draw, game_takeback
from games.services.round import Round, game_play
from games.storage import broadcast, kept, positions, sql
from games.storage.history import read_history

pytestmark = pytest.mark.django_db


def act(user) -> Actor:
    return Actor.of(user)


def play(game_id: str, user, text: str) -> dict:
    ply = Game.objects.get(public_id=game_id).ply
    return game_play(game_id=game_id, actor=act(user), move=MoveRequest.of(ply=ply, text=text))


def state_from_database(game_id: str) -> dict:
    """The state built with nothing cached in this process."""
    game_round.forget()
    return game_state(Game.objects.get(public_id=game_id))


def as_json(value: dict) -> dict:
    return json.loads(json.dumps(value))


# --- games.storage.sql ---------------------------------------------------------------------
def orm_fields(game: Game) -> dict:
    return {field.attname: getattr(game, field.attname) for field in Game._meta.concrete_fields}


def test_the_locked_row_has_every_field_the_orm_reads(online_game, alice, bob) -> None:
    # Fields of every kind: JSON (tags), datetimes, nullable text, booleans, floats.
    Game.objects.filter(pk=online_game.pk).update(
        tags=[["Event", "Test"], ["Round", "1"]],
        absence_side="black",
        absence_since=timezone.now(),
        white_absent_seconds=12.5,
        rated=False,
    )
    expected = Game.objects.get(pk=online_game.pk)
    with transaction.atomic():
        locked = sql.game_row(online_game.public_id, lock=True)
    assert orm_fields(locked) == orm_fields(expected)
    assert (locked.white.username, locked.black.username) == (alice.username, bob.username)
    assert locked.white.pk == alice.pk


def test_a_locked_game_without_players_and_a_missing_game(alice) -> None:
    game = game_create_local(actor=Actor(session_key="s" * 32))
    with transaction.atomic():
        locked = sql.game_row(game.public_id, lock=True)
        assert locked.white is None and locked.black is None
        assert sql.game_row("nosuchgame00", lock=True) is None


def first_move_row(game: Game, fen_after: str) -> GameMove:
    """An unsaved record of 1. e4 in ``game``."""
    return GameMove(
        game=game,
        ply=0,
        text="e4",
        kind="quiet",
        path=["e2", "e4"],
        captured=[],
        captured_pieces=[],
        fen_after=fen_after,
    )


def seat(game: Game, now, rows: list[tuple[str, str | None, bool]]) -> None:
    """Records connections to ``game``: (channel, colour or None, fresh or stale)."""
    for name, color, fresh in rows:
        seen = now if fresh else now - CONNECTION_STALE_AFTER * 2
        Connection.objects.create(game=game, channel_name=name, color=color, last_seen=seen)


def test_insert_and_update_write_what_the_orm_reads_back(online_game) -> None:
    row = first_move_row(online_game, "some fen")
    sql.insert(row)
    stored = GameMove.objects.get(pk=row.pk)
    assert (stored.ply, stored.text, stored.path, stored.fen_after) == (
        0,
        "e4",
        ["e2", "e4"],
        "some fen",
    )

    before = Game.objects.get(pk=online_game.pk).updated_at
    online_game.ply, online_game.fen, online_game.revision = 1, "another fen", 7
    online_game.draw_offer = None
    sql.update(online_game, ["ply", "revision", "fen", "draw_offer", "updated_at"])
    after = Game.objects.get(pk=online_game.pk)
    assert (after.ply, after.fen, after.revision) == (1, "another fen", 7)
    assert after.updated_at > before  # auto_now is honoured


def test_table_counts_fresh_connections_by_colour(online_game, alice) -> None:
    now = timezone.now()
    # d is stale: not counted
    seat(online_game, now, [("a", "white", True), ("b", None, True), ("c", None, True),
                            ("d", "black", False)])  # fmt: skip
    counts = sql.table_counts(online_game.pk, now - CONNECTION_STALE_AFTER)
    assert counts == {"white": 1, None: 2}


def test_the_locked_row_can_carry_who_is_at_the_table(online_game, alice) -> None:
    now = timezone.now()
    # c and d are stale: not counted
    seat(online_game, now, [("a", "white", True), ("b", None, True), ("c", None, False),
                            ("d", "black", False)])  # fmt: skip
    with transaction.atomic():
        locked = lock_game(online_game.public_id, with_table=now)
        assert locked.table_counts == {"white": 1, "black": 0, None: 1}
        assert table_of(locked, now) == ({"white": True, "black": False}, 1)
        plain = lock_game(online_game.public_id)
        assert not hasattr(plain, "table_counts")
    assert orm_fields(locked) == orm_fields(Game.objects.get(pk=online_game.pk))


def test_update_if_and_insert_writes_both_or_neither(online_game) -> None:
    game = Game.objects.get(pk=online_game.pk)
    row = first_move_row(game, "a fen")
    game.ply, game.fen, game.revision = 1, "a fen", 1
    read = {"revision": 0, "status": "live", "absence_side": None, "draw_offer": None}
    assert sql.update_if_and_insert(game, MOVE_FIELDS, read, row)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.ply, stored.fen, stored.revision) == (1, "a fen", 1)
    assert GameMove.objects.get(pk=row.pk).fen_after == "a fen"

    # Read at revision 0 again, but the row has moved on: nothing is written.
    second = GameMove(game=game, ply=1, text="e5", kind="quiet", path=["e7", "e5"],
                      captured=[], captured_pieces=[], fen_after="b fen")  # fmt: skip
    game.ply, game.fen, game.revision = 2, "b fen", 2
    assert not sql.update_if_and_insert(game, MOVE_FIELDS, read, second)
    # A guard with a value: a draw offer read as white's, now black's.
    Game.objects.filter(pk=game.pk).update(draw_offer="black")
    offer = {"revision": 1, "draw_offer": "white"}
    assert not sql.update_if_and_insert(game, MOVE_FIELDS, offer, second)
    assert second.pk is None and not GameMove.objects.filter(ply=1).exists()
    stored = Game.objects.get(pk=game.pk)
    assert (stored.ply, stored.fen, stored.revision, stored.draw_offer) == (1, "a fen", 1, "black")
    # The same guard with the value the row holds: written.
    assert sql.update_if_and_insert(game, MOVE_FIELDS, {"draw_offer": "black"}, second)
    assert Game.objects.get(pk=game.pk).ply == 2 and second.pk is not None


# --- the history cache ------------------------------------------------------------------------


def test_a_change_made_elsewhere_is_never_hidden_by_the_cache(online_game, alice, bob) -> None:
    gid = online_game.public_id
    play(gid, alice, "e4")
    game = Game.objects.get(public_id=gid)
    Round(gid).history(game)  # this process keeps revision 1
    # Another process plays 1... e5: a new row and revision in the database only.
    eg = engine.Game(CHESSKERS, online_game.initial_fen)
    eg.push_text("e4")
    move = eg.parse_move("e5")
    text = eg.move_text(move)
    eg.push(move)
    game = Game.objects.get(public_id=gid)
    GameMove.objects.create(
        game=game,
        ply=1,
        text=text,
        kind="quiet",
        path=["e7", "e5"],
        captured=[],
        fen_after=eg.fen(),
    )
    Game.objects.filter(pk=game.pk).update(ply=2, revision=2, fen=eg.fen())
    seen = game_state(Game.objects.get(public_id=gid))
    assert [m["text"] for m in seen["moves"]] == ["e4", "e5"]
    # A move on top of it is validated against the real position: White to move, Nf3 legal.
    after = play(gid, alice, "Nf3")
    assert [m["text"] for m in after["moves"]] == ["e4", "e5", "Nf3"]
    assert as_json(after) == as_json(state_from_database(gid))


def test_a_move_that_rolls_back_leaves_no_trace_in_the_cache(
    online_game, alice, bob, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        play(gid, alice, "e4")

    def broken_write(*args, **kwargs) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(sql, "insert_and_update", broken_write)
    monkeypatch.setattr(sql, "update_if_and_insert", broken_write)
    with pytest.raises(RuntimeError):
        play(gid, bob, "e5")
    monkeypatch.undo()
    # The engine game of the failed attempt had played e5; nothing of it may remain.
    with django_capture_on_commit_callbacks(execute=True):
        live = play(gid, bob, "d5")
    assert [m["text"] for m in live["moves"]] == ["e4", "d5"]
    assert as_json(live) == as_json(state_from_database(gid))


def test_a_takeback_changes_the_revision_and_the_history(
    alice, django_capture_on_commit_callbacks
) -> None:
    actor = Actor(session_key="k" * 32)
    game = game_create_local(actor=actor)
    gid = game.public_id

    def move(text: str) -> dict:
        ply = Game.objects.get(public_id=gid).ply
        return game_play(game_id=gid, actor=actor, move=MoveRequest.of(ply=ply, text=text))

    with django_capture_on_commit_callbacks(execute=True):
        move("e4")
        move("e5")
        game_takeback(game_id=gid, actor=actor)
        live = move("c5")
    assert [m["text"] for m in live["moves"]] == ["e4", "c5"]
    assert Game.objects.get(public_id=gid).revision == 4
    assert as_json(live) == as_json(state_from_database(gid))


def test_a_reader_does_not_keep_moves_newer_than_the_record_it_read(online_game, alice) -> None:
    gid = online_game.public_id
    stale_record = Game.objects.get(public_id=gid)  # read before the move below
    play(gid, alice, "e4")
    game_round.forget()
    history = Round(gid).history(stale_record)  # reads the move rows after the move: one too many
    assert len(history.moves) == 1
    assert kept._kept.get(gid) is None  # so it is not kept for revision 0


def test_cached_structures_hold_no_lists(online_game, alice) -> None:
    # Tuples of strings are dropped from the collector's view; lists in a full cache made every
    # full collection longer. The state hands out lists all the same.
    live = play(online_game.public_id, alice, "e4")
    game = Game.objects.get(public_id=online_game.public_id)
    history = Round(online_game.public_id).history(game)
    assert all(type(value) is not list for move in history.moves for value in move.values())
    key = positions.position_key(live["fen"], game.variant)
    described, text, tree = positions._legal_by_fen.get(key)
    assert described and all(
        type(value) is not list for entry in described for value in entry.values()
    )
    assert json.loads(text) == live["legal_moves"]
    assert type(tree) is str  # the tree kept as its JSON text only
    assert type(live["moves"][0]["path"]) is list and type(live["legal_moves"][0]["path"]) is list


# --- moves played without the game's lock ---------------------------------------------------
def changed_before_the_write(monkeypatch, change) -> list[bool]:
    """Makes ``change()`` happen between a move's unlocked read and its guarded write (as if
    another process changed the game then); returns what each guarded write returned."""
    written: list[bool] = []
    guarded = sql.update_if_and_insert

    def write(*args, **kwargs) -> bool:
        if not written:
            change()
        written.append(guarded(*args, **kwargs))
        return written[-1]

    monkeypatch.setattr(sql, "update_if_and_insert", write)
    return written


def test_a_move_the_game_changed_under_is_refused_once_by_the_locked_path(
    online_game, alice, bob, monkeypatch, django_capture_on_commit_callbacks, committed
) -> None:
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        play(gid, alice, "e4")
        play(gid, bob, "e5")

    def elsewhere() -> None:  # the same move sent again, played by another process first
        game_round.forget()
        game_play(game_id=gid, actor=act(alice), move=MoveRequest.of(ply=2, text="Nf3"))

    written = changed_before_the_write(monkeypatch, elsewhere)
    with pytest.raises(GameError) as refused, django_capture_on_commit_callbacks(execute=True):
        game_play(game_id=gid, actor=act(alice), move=MoveRequest.of(ply=2, text="Nf3"))
    assert refused.value.code == ErrorCode.STALE_PLY
    assert written == [False]  # the unlocked write found the game changed, and wrote nothing
    assert list(GameMove.objects.filter(game=online_game).values_list("ply", "text")) == [
        (0, "e4"), (1, "e5"), (2, "Nf3"),
    ]  # fmt: skip
    monkeypatch.undo()
    live = committed(play, gid, bob, "Nc6")
    assert as_json(live) == as_json(state_from_database(gid))


def test_a_draw_offer_made_before_the_write_still_stands(
    online_game, alice, bob, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    # White offers a draw from another tab while her move is on its way: the move must not
    # clear her own offer (only the opponent's move declines it).
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        play(gid, alice, "e4")
        play(gid, bob, "e5")

    def offer() -> None:
        game_draw(game_id=gid, actor=act(alice), action="offer")

    written = changed_before_the_write(monkeypatch, offer)
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play(game_id=gid, actor=act(alice), move=MoveRequest.of(ply=2, text="Nf3"))
    assert written == [False]  # played by the locked path instead
    assert live["draw_offer"] == "white" and live["moves"][-1]["text"] == "Nf3"
    assert Game.objects.get(pk=online_game.pk).draw_offer == "white"
    assert as_json(live) == as_json(state_from_database(gid))


# --- the record kept from the move before ------------------------------------------------------


def test_a_record_kept_by_a_socket_the_game_moved_past_costs_a_read_not_a_move(
    online_game, alice, bob, committed
) -> None:
    gid = online_game.public_id
    committed(play, gid, alice, "e4")
    load_state(gid)  # kept at revision 1
    held = kept.take(gid)
    assert held.record is not None and held.record.revision == 1
    committed(play, gid, bob, "e5")  # another process moves: this one's record is old
    kept._kept.put(gid, held)  # as the other process left it: older than the game
    live = committed(play, gid, alice, "Nf3")
    assert [m["text"] for m in live["moves"]] == ["e4", "e5", "Nf3"]
    assert as_json(live) == as_json(state_from_database(gid))
    with pytest.raises(GameError) as refused:
        committed(play_at, gid, bob, 2, "e5")  # the old ply: refused, not played again
    assert refused.value.code == ErrorCode.STALE_PLY


def play_at(game_id: str, user, ply: int, text: str) -> dict:
    return game_play(game_id=game_id, actor=act(user), move=MoveRequest.of(ply=ply, text=text))


def test_the_state_sent_is_the_state_built_from_the_database_move_after_move(
    online_game, alice, bob, committed
) -> None:
    # Each move's broadcast splices in the last move's JSON and the legal moves' JSON cached by
    # FEN; the list a client keeps from it (its moves from ``moves_from`` on) must be the state
    # built with nothing cached, up to the end of the game.
    gid = online_game.public_id
    players = [alice, bob]
    listed: list = []
    for index, text in enumerate(["f3", "e5", "g4", "Qh4#"]):
        outbox: broadcast.Outbox = []
        user = players[index % 2]
        answered = broadcast.collect(outbox, committed, play, gid, user, text)
        (sent,) = [message for group, message in outbox if group == f"game.{gid}"]
        received = json.loads(sent["text"])
        assert received.pop("type") == "state"
        assert received["moves_from"] == index and len(received["moves"]) == 1
        listed = listed[: received["moves_from"]] + received["moves"]
        received.update(moves=listed, moves_from=0)
        record = Game.objects.get(public_id=gid)  # its moves read again, the cache left alone
        expected = as_json(game_state(record, history=read_history(record)))
        assert received == expected == as_json(answered)
        assert received["ply"] == index + 1 and len(received["moves"]) == index + 1
    assert received["status"] == "finished" and received["legal_moves"] == []


def test_a_consumers_move_builds_no_state_to_answer(online_game, alice, committed) -> None:
    gid = online_game.public_id
    outbox: broadcast.Outbox = []
    answered = broadcast.collect(
        outbox,
        committed,
        game_play,
        game_id=gid,
        actor=act(alice),
        move=MoveRequest.of(ply=0, text="e4"),
        answer=False,
    )
    assert answered is None
    (sent,) = [message for group, message in outbox if group == f"game.{gid}"]
    assert json.loads(sent["text"])["moves"][0]["text"] == "e4"


def test_the_load_benchmark_reads_a_states_ply_as_decoding_it_would(
    online_game, alice, bob
) -> None:
    # bench/ws_load.py's client reads only the ply of the states it times; the state's own
    # fields must keep coming before its moves, whose plies start at 0.
    from bench.ws_load import state_ply

    gid = online_game.public_id
    for user, text in [(alice, "e4"), (bob, "e5"), (alice, "Nf3")]:
        play(gid, user, text)
    message = state_event(Game.objects.get(public_id=gid))["text"]
    assert json.loads(message)["moves"][0]["ply"] == 2  # the last move alone
    assert state_ply(message) == json.loads(message)["ply"] == 3
    assert state_ply(json.dumps({"type": "state", **game_state(online_game)})) == 0
    assert state_ply(json.dumps({"type": "error", "code": "stale_ply", "ply": 2})) is None


def test_the_lock_free_path_says_why_it_leaves_a_move_to_the_lock(
    online_game, alice, bob, committed
) -> None:
    gid = online_game.public_id

    def attempt(user, ply: int, text: str) -> Written | NeedsLock:
        move = MoveRequest.of(ply=ply, text=text)
        return Round(gid).play_unlocked(act(user), move, timezone.now())

    assert attempt(alice, 0, "f3") is NeedsLock.NO_HISTORY  # this process has seen nothing
    committed(play, gid, alice, "f3")  # played with the lock, which keeps the history
    committed(play, gid, bob, "e5")
    committed(play, gid, alice, "g4")
    before = list(GameMove.objects.filter(game=online_game).values_list("ply", "text"))
    assert attempt(alice, 3, "Qh4") is NeedsLock.NOT_ORDINARY  # not her turn
    assert attempt(bob, 2, "Qh4") is NeedsLock.NOT_ORDINARY  # a stale ply
    assert attempt(bob, 3, "Qd1") is NeedsLock.REFUSED  # illegal
    assert attempt(bob, 3, "Qh4") is NeedsLock.ENDS_GAME  # mate: finished and rated locked
    assert list(GameMove.objects.filter(game=online_game).values_list("ply", "text")) == before
    assert kept._kept.get(gid).revision == 3  # kept back each time, unchanged
    written = attempt(bob, 3, "Nc6")
    assert isinstance(written, Written) and written.history.revision == 4
    assert GameMove.objects.filter(game=online_game, ply=3, text="Nc6").exists()
