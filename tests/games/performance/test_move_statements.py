"""Performance contracts of a move: the statements the hot path sends, their number and their
text. ``bench/ws_load.py`` measures what a move costs; these pin how it gets there (no lock
for an ordinary move, one statement from a kept record, no read of the moves back), so a change
that costs a round trip fails here first. What the states say is ``tests/games/test_hot_path``.
"""

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.edges.consumers import load_state
from games.models import Game, GameMove
from games.services import round as game_round
from games.services.play import game_draw
from games.services.round import Round, game_play
from games.storage import kept, sql
from tests.games.conftest import FOOLS_MATE
from tests.games.test_hot_path import act, as_json, first_move_row, play, seat, state_from_database

pytestmark = pytest.mark.django_db


def test_insert_and_update_together(online_game) -> None:
    row = first_move_row(online_game, "a fen")
    online_game.ply, online_game.fen, online_game.revision = 1, "a fen", 1
    with CountQueries() as queries:
        sql.insert_and_update(row, online_game, ["ply", "revision", "fen", "updated_at"])
    # One statement on PostgreSQL (the insert a WITH of the update); two elsewhere.
    assert len(queries.sql) == (1 if connection.vendor == "postgresql" else 2)
    assert GameMove.objects.get(pk=row.pk).fen_after == "a fen"
    stored = Game.objects.get(pk=online_game.pk)
    assert (stored.ply, stored.fen, stored.revision) == (1, "a fen", 1)

    gone = Game.objects.get(pk=online_game.pk)
    Game.objects.filter(pk=gone.pk).delete()
    another = GameMove(game=gone, ply=1, text="e5", kind="quiet", path=["e7", "e5"],
                       captured=[], captured_pieces=[], fen_after="x")  # fmt: skip
    with pytest.raises((Game.DoesNotExist, IntegrityError)), transaction.atomic():
        sql.insert_and_update(another, gone, ["ply"])
    assert not GameMove.objects.filter(text="e5").exists()


def test_an_ordinary_move_is_two_statements_and_takes_no_lock(
    online_game, alice, bob, django_capture_on_commit_callbacks
) -> None:
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        play(gid, alice, "e4")
    with django_capture_on_commit_callbacks(execute=True), CountQueries() as queries:
        game_play(game_id=gid, actor=act(bob), move=MoveRequest.of(ply=1, text="e5"))
    # The game with who is at the table (no lock), then the move's insert guarded by the
    # game's update (savepoints: the test's own transaction).
    statements = [q for q in queries.sql if "SAVEPOINT" not in q]
    assert "COUNT(*)" in statements[0] and "FOR UPDATE" not in statements[0]
    if connection.vendor == "postgresql":
        assert len(statements) == 2, statements
        assert statements[1].startswith("WITH updated AS (UPDATE")
    else:
        assert len(statements) == 3, statements
        assert statements[1].startswith("UPDATE") and statements[2].startswith("INSERT")
    assert as_json(state_from_database(gid))["moves"][-1]["text"] == "e5"


def test_a_locked_move_is_two_statements_on_postgresql(
    online_game, alice, bob, django_capture_on_commit_callbacks
) -> None:
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        play(gid, alice, "e4")
    game_round.forget()  # no history kept here: the move is played with the game locked
    with django_capture_on_commit_callbacks(execute=True), CountQueries() as queries:
        game_play(game_id=gid, actor=act(bob), move=MoveRequest.of(ply=1, text="e5"))
    # The game's lock with who is at the table, its moves, then the move's insert with the
    # game's update.
    statements = [q for q in queries.sql if "SAVEPOINT" not in q]
    # Locked where the database can lock a row (SQLite locks the whole database instead).
    assert ("FOR UPDATE" in statements[0]) == (connection.vendor == "postgresql")
    assert "COUNT(*)" in statements[0] and "games_gamemove" in statements[1]
    if connection.vendor == "postgresql":
        assert len(statements) == 3, statements
        assert statements[2].startswith("WITH inserted AS (INSERT")
    else:
        assert len(statements) == 4, statements
    assert as_json(state_from_database(gid))["moves"][-1]["text"] == "e5"


def test_a_move_keeps_the_history_and_the_next_state_matches_the_database(
    online_game, alice, bob, django_capture_on_commit_callbacks
) -> None:
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        play(gid, alice, "e4")
        live = play(gid, bob, "e5")
    held = kept._kept.get(gid)
    assert held is not None and held.revision == 2 and len(held.moves) == 2
    # The next move read no moves back: only the game's lock, the table, the insert and update.
    with django_capture_on_commit_callbacks(execute=True), CountQueries() as queries:
        live = play(gid, alice, "Nf3")
    assert not [q for q in queries.sql if "games_gamemove" in q and q.lstrip().startswith("SELECT")]
    assert as_json(live) == as_json(state_from_database(gid))


def test_moving_instead_declines_the_opponents_offer_without_the_lock(
    online_game, alice, bob, django_capture_on_commit_callbacks
) -> None:
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        play(gid, alice, "e4")
        game_draw(game_id=gid, actor=act(alice), action="offer")
        game = Game.objects.get(public_id=gid)
        Round(gid).history(game)  # kept: the move goes unlocked
        with CountQueries() as queries:
            live = play(gid, bob, "e5")
    assert not [q for q in queries.sql if "FOR UPDATE" in q]
    assert live["draw_offer"] is None
    assert Game.objects.get(pk=online_game.pk).draw_offer is None


def test_an_illegal_move_is_refused_and_the_history_kept(
    online_game, alice, bob, django_capture_on_commit_callbacks, committed
) -> None:
    gid = online_game.public_id
    committed(play, gid, alice, "e4")
    with pytest.raises(GameError) as refused:
        game_play(
            game_id=gid, actor=act(bob), move=MoveRequest.of(ply=1, text="e4")
        )  # White's square
    assert refused.value.code == ErrorCode.ILLEGAL_MOVE
    assert kept._kept.get(gid).revision == 1  # given back, unchanged
    with django_capture_on_commit_callbacks(execute=True), CountQueries() as queries:
        live = play(gid, bob, "e5")
    assert not [q for q in queries.sql if "games_gamemove" in q and q.lstrip().startswith("SELECT")]
    assert as_json(live) == as_json(state_from_database(gid))


def test_a_move_that_ends_the_game_is_played_with_the_game_locked(
    online_game, alice, bob, django_capture_on_commit_callbacks
) -> None:
    gid = online_game.public_id
    with django_capture_on_commit_callbacks(execute=True):
        for ply, text in enumerate(FOOLS_MATE[:3]):
            play(gid, alice if ply % 2 == 0 else bob, text)
        with CountQueries() as queries:
            live = play(gid, bob, FOOLS_MATE[3])
    # The unlocked attempt saw the mate and wrote nothing; the locked path ended and rated it.
    assert not [q for q in queries.sql if q.startswith("WITH updated")]
    if connection.vendor == "postgresql":
        assert [q for q in queries.sql if "FOR UPDATE" in q]
    assert (live["status"], live["termination"], live["result"]) == ("finished", "checkmate", "0-1")
    assert live["rating_changes"] is not None
    assert [m["text"] for m in live["moves"]] == ["f3", "e5", "g4", "Qh4#"]
    assert as_json(live) == as_json(state_from_database(gid))


def test_after_a_move_without_the_lock_the_next_is_one_statement(
    online_game, alice, bob, committed
) -> None:
    gid = online_game.public_id
    committed(play, gid, alice, "e4")  # locked: nothing kept yet
    committed(play, gid, bob, "e5")  # read, then written: keeps the record it wrote
    with CountQueries() as queries:
        live = committed(play, gid, alice, "Nf3")
    statements = [q for q in queries.sql if "SAVEPOINT" not in q]
    statements = statements[1:]  # the test's own read of the ply
    assert_one_guarded_write(statements)
    if connection.vendor == "postgresql":
        # The guarded write alone, counting who is at the table in its RETURNING.
        assert "COUNT(*)" in statements[0]
    assert as_json(live) == as_json(state_from_database(gid))


def assert_one_guarded_write(statements: list[str]) -> None:
    """Asserts a move's statements are its guarded write alone (on PostgreSQL one statement;
    elsewhere the update, the insert and the count of who is at the table)."""
    if connection.vendor == "postgresql":
        assert len(statements) == 1, statements
        assert statements[0].startswith("WITH updated AS (UPDATE")
    else:
        assert [q.split()[0] for q in statements] == ["UPDATE", "INSERT", "SELECT"], statements


def test_after_a_socket_read_the_state_the_first_move_is_one_statement(
    online_game, alice, bob, committed
) -> None:
    gid = online_game.public_id
    committed(play, gid, alice, "e4")
    game_round.forget()  # this process has seen nothing of the game (a new server)
    load_state(gid)  # a socket connects and reads the state
    with CountQueries() as queries:
        live = committed(play, gid, bob, "e5")
    statements = [q for q in queries.sql if "SAVEPOINT" not in q][1:]  # after the test's read
    assert_one_guarded_write(statements)
    assert as_json(live) == as_json(state_from_database(gid))


def test_who_is_at_the_table_is_counted_by_the_one_statement(
    online_game, alice, bob, committed
) -> None:
    gid = online_game.public_id
    now = timezone.now()
    committed(play, gid, alice, "e4")
    live = committed(play, gid, bob, "e5")
    assert (live["presence"], live["spectators"]) == ({"white": False, "black": False}, 0)
    seat(online_game, now, [("w", "white", True), ("s1", None, True), ("s2", None, True)])
    with CountQueries() as queries:
        live = committed(play, gid, alice, "Nf3")  # from the kept record: the write counts them
    assert not [q for q in queries.sql if "LEFT JOIN" in q]  # the game was not read
    assert (live["presence"], live["spectators"]) == ({"white": True, "black": False}, 2)
    assert as_json(live) == as_json(state_from_database(gid))


def test_a_kept_record_another_process_moved_past_is_read_again(
    online_game, alice, bob, committed
) -> None:
    gid = online_game.public_id
    committed(play, gid, alice, "e4")
    committed(play, gid, bob, "e5")  # this process keeps the record at revision 2
    # Another process plays 2. Nf3 (its own caches: none of this process's).
    held = kept.take(gid)
    assert held.record is not None and held.record.revision == 2
    committed(play, gid, alice, "Nf3")
    kept._kept.put(gid, held)  # as the other process left it: older than the game
    with CountQueries() as queries:
        live = committed(play, gid, bob, "Nc6")
    # The kept record's write found the game moved on and wrote nothing; the game read again
    # is newer than the kept history, so the move was played with the game locked.
    assert [q for q in queries.sql if "games_gamemove" in q and q.lstrip().startswith("SELECT")]
    assert any("FOR UPDATE" in q for q in queries.sql) == (connection.vendor == "postgresql")
    assert [m["text"] for m in live["moves"]] == ["e4", "e5", "Nf3", "Nc6"]
    assert as_json(live) == as_json(state_from_database(gid))


def test_a_draw_offer_made_since_the_kept_record_still_stands(
    online_game, alice, bob, committed
) -> None:
    gid = online_game.public_id
    committed(play, gid, alice, "e4")
    committed(play, gid, bob, "e5")
    committed(play, gid, alice, "Nf3")  # the kept record has no draw offer
    committed(game_draw, game_id=gid, actor=act(bob), action="offer")
    with CountQueries() as queries:
        live = committed(play, gid, bob, "Nc6")  # Black's own offer: it stands
    writes = [q for q in queries.sql if q.startswith(("WITH updated", "UPDATE"))]
    assert len(writes) == 2  # the kept record's write (refused), then the one after the read
    assert live["draw_offer"] == "black"
    assert as_json(live) == as_json(state_from_database(gid))


@pytest.mark.services
def test_the_one_statement_of_an_ordinary_move_is_prepared_on_postgresql(
    online_game, alice, bob, committed
) -> None:
    # Parsed and planned once per connection, not at every move; still seen by Django's
    # execute wrappers (the statement counts above) and written exactly as before.
    gid = online_game.public_id
    for user, text in [(alice, "e4"), (bob, "e5"), (alice, "Nf3"), (bob, "Nc6")]:
        committed(play, gid, user, text)
    assert [m["text"] for m in as_json(state_from_database(gid))["moves"]] == [
        "e4",
        "e5",
        "Nf3",
        "Nc6",
    ]
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ["WITH updated AS (UPDATE%"],
        )
        assert cursor.fetchone()[0] >= 1


class CountQueries:
    """Records the SQL run on the default connection inside a ``with`` block."""

    def __enter__(self) -> "CountQueries":
        self.sql: list[str] = []
        self._wrapper = connection.execute_wrapper(self._record)
        self._wrapper.__enter__()
        return self

    def _record(self, execute, sql_text, params, many, context):
        self.sql.append(sql_text)
        return execute(sql_text, params, many, context)

    def __exit__(self, *exc) -> None:
        self._wrapper.__exit__(*exc)
