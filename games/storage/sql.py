"""The statements of a move, written out: the hot path's reads and writes without the ORM's
query building.

A move played with its game locked locks the game, reads who is at the table, inserts the
move and updates the game. Built by the ORM, these four cost about 6 ms of CPU a move here
(``bench/ws_load.py``), more than the engine's work and more than all the WebSocket traffic of
the move. The same statements with their SQL prepared once per model cost about a fifth of
that. They still go through Django's connection (its transaction, its cursor wrapper) and
through the fields' own conversions to and from the database, so they behave exactly as the
ORM's would.

On PostgreSQL the four are two statements, so a move's transaction is four round trips with
its BEGIN and COMMIT: the locking read counts who is at the table (``game_row``'s
``table_since``), and the move's insert is a ``WITH`` of the game's update
(``insert_and_update``). An ordinary move takes no lock and no transaction
(``games.services.moves.game_play``): its insert selects from the game's update, guarded by what
the move was validated against (``update_if_and_insert``), one statement that can also count
who is at the table; with the read before it when one is needed, one or two round trips.
"""

from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection, transaction
from django.db.models import Model

from accounts.models import User
from games.models import Color, Connection, Game


def _qn(name: str) -> str:
    return connection.ops.quote_name(name)


@cache
def _columns(model: type[Model], vendor: str) -> tuple[list, str]:
    """Returns the model's concrete fields and their quoted, table-qualified column list."""
    fields = list(model._meta.concrete_fields)
    table = _qn(model._meta.db_table)
    return fields, ", ".join(f"{table}.{_qn(field.column)}" for field in fields)


@cache
def _converters(model: type[Model], vendor: str) -> list[tuple[Any, list]]:
    """Returns each concrete field's column expression and its converters from the database."""
    out = []
    for field in _columns(model, vendor)[0]:
        expression = field.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(expression)
        out.append((expression, converters + field.get_db_converters(connection)))
    return out


def _from_row(model: type[Model], values: tuple) -> Model:
    """Returns a model instance from a row, each value converted by its field as the ORM does."""
    fields, _ = _columns(model, connection.vendor)
    converted = []
    for (expression, converters), value in zip(
        _converters(model, connection.vendor), values, strict=True
    ):
        for converter in converters:
            value = converter(value, expression, connection)
        converted.append(value)
    return model.from_db(connection.alias, [field.attname for field in fields], converted)


@cache
def _game_sql(vendor: str, for_update: bool, with_table: bool) -> str:
    _, columns = _columns(Game, vendor)
    game, user = _qn(Game._meta.db_table), _qn(User._meta.db_table)
    user_pk, username = _qn(User._meta.pk.column), _qn(User._meta.get_field("username").column)
    white, black = (_qn(Game._meta.get_field(name).column) for name in ("white", "black"))
    public_id = _qn(Game._meta.get_field("public_id").column)
    table = _table_counts_sql(f"{game}.{_qn(Game._meta.pk.column)}") if with_table else ""
    return (
        f"SELECT {columns}, w.{username}, b.{username}{table} FROM {game}"
        f" LEFT JOIN {user} w ON w.{user_pk} = {game}.{white}"
        f" LEFT JOIN {user} b ON b.{user_pk} = {game}.{black}"
        f" WHERE {game}.{public_id} = %s" + (f" FOR UPDATE OF {game}" if for_update else "")
    )


def _connection_columns() -> tuple[str, str, str, str]:
    """Returns the quoted table of ``Connection`` and its colour, last-seen and game columns."""
    meta = Connection._meta
    color, seen, game = (
        _qn(meta.get_field(name).column) for name in ("color", "last_seen", "game")
    )
    return _qn(meta.db_table), color, seen, game


def _seen_since(since: datetime) -> Any:
    """Returns a last-seen bound as the database takes it."""
    return Connection._meta.get_field("last_seen").get_db_prep_value(since, connection)


def _table_count_sql(game_pk: str, seat: str) -> str:
    """A scalar subquery: a game's connections seen since a time (the one parameter) whose
    colour satisfies ``seat``."""
    table, color, seen, game = _connection_columns()
    return (
        f"(SELECT COUNT(*) FROM {table} c"
        f" WHERE c.{game} = {game_pk} AND c.{seen} >= %s AND c.{color} {seat})"
    )


# Who is at the table, per seat: white, black, spectators (no colour).
SEATS = (Color.WHITE, Color.BLACK, None)


def _table_counts_sql(game_pk: str) -> str:
    """``, count, count, count``: a game's fresh connections per seat (``SEATS``), each
    taking the time they are fresh since as its parameter."""
    tests = ["IS NULL" if seat is None else f"= '{seat}'" for seat in SEATS]
    return "".join(f", {_table_count_sql(game_pk, test)}" for test in tests)


def game_row(
    public_id: str, *, lock: bool = False, table_since: datetime | None = None
) -> Game | None:
    """Returns the game, its players' usernames loaded (a player's other fields load on first
    use), locked for update if ``lock`` (inside a transaction); None if there is no such game.

    With ``table_since``, the same statement counts the game's connections seen since then, per
    seat, kept on the instance for ``games.reads.state.table_of`` (for work that reads who is at the
    table and leaves the connections as they are)."""
    for_update = lock and connection.features.has_select_for_update
    with_table = table_since is not None
    params: list[Any] = [public_id]
    if with_table:
        fresh = _seen_since(table_since)
        params = [fresh, fresh, fresh, public_id]
    with connection.cursor() as cursor:
        cursor.execute(_game_sql(connection.vendor, for_update, with_table), params)
        row = cursor.fetchone()
    if row is None:
        return None
    fields, _ = _columns(Game, connection.vendor)
    game = _from_row(Game, row[: len(fields)])
    names = row[len(fields) : len(fields) + 2]
    for color, username in zip(("white", "black"), names, strict=True):
        user_id = getattr(game, f"{color}_id")
        if user_id is not None:
            user = User.from_db(connection.alias, ["id", "username"], [user_id, username])
            setattr(game, color, user)
    if with_table:
        game.table_counts = dict(zip(SEATS, row[len(fields) + 2 :], strict=True))
    return game


def _db_value(instance: Model, field: Any, add: bool) -> Any:
    return field.get_db_prep_save(field.pre_save(instance, add), connection)


@cache
def _insert_fields(model: type[Model], vendor: str) -> tuple[list, str]:
    """Returns the fields an insert writes (all but the automatic primary key) and the start
    of its SQL, up to the list of columns."""
    meta = model._meta
    fields = [field for field in meta.concrete_fields if field is not meta.pk]
    columns = ", ".join(_qn(field.column) for field in fields)
    return fields, f"INSERT INTO {_qn(meta.db_table)} ({columns})"


@cache
def _insert_sql(model: type[Model], vendor: str) -> tuple[list, str]:
    """Returns the fields an insert writes and its SQL, returning the new primary key where the
    database can."""
    fields, into = _insert_fields(model, vendor)
    sql = f"{into} VALUES ({', '.join(['%s'] * len(fields))})"
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {_qn(model._meta.pk.column)}"
    return fields, sql


@cache
def _update_sql(model: type[Model], names: tuple[str, ...], vendor: str) -> tuple[list, str]:
    meta = model._meta
    fields = [meta.get_field(name) for name in names]
    assignments = ", ".join(f"{_qn(field.column)} = %s" for field in fields)
    return fields, f"UPDATE {_qn(meta.db_table)} SET {assignments} WHERE {_qn(meta.pk.column)} = %s"


def _inserted(instance: Model, pk: Any) -> None:
    setattr(instance, instance._meta.pk.attname, pk)
    instance._state.adding = False
    instance._state.db = connection.alias


def insert(instance: Model) -> None:
    """Inserts a new model instance (every field but the automatic primary key) and sets its
    primary key."""
    fields, sql = _insert_sql(type(instance), connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [_db_value(instance, field, True) for field in fields])
        returning = connection.features.can_return_columns_from_insert
        pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    _inserted(instance, pk)


def _update_params(saved: Model, fields: list) -> list:
    """The parameters of ``_update_sql``: the fields' values, then the primary key."""
    return [*(_db_value(saved, field, False) for field in fields), saved.pk]


def update(instance: Model, names: list[str]) -> int:
    """Writes the named fields of a saved instance (and any ``auto_now`` field among them);
    returns how many rows it changed (0 if the row is gone)."""
    fields, sql = _update_sql(type(instance), tuple(names), connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, _update_params(instance, fields))
        return cursor.rowcount


def insert_and_update(new: Model, saved: Model, names: list[str]) -> None:
    """``insert(new)`` then ``update(saved, names)``: on PostgreSQL in one statement (the insert
    a data-modifying ``WITH`` of the update), so one round trip to the server."""
    if connection.vendor != "postgresql":
        insert(new)
        if not update(saved, names):
            raise saved.DoesNotExist(f"{saved._meta.object_name} {saved.pk} no longer exists.")
        return
    insert_fields, insert_sql = _insert_sql(type(new), connection.vendor)
    update_fields, update_sql = _update_sql(type(saved), tuple(names), connection.vendor)
    pk = _qn(new._meta.pk.column)
    sql = f"WITH inserted AS ({insert_sql}) {update_sql} RETURNING (SELECT {pk} FROM inserted)"
    params = [
        *(_db_value(new, field, True) for field in insert_fields),
        *_update_params(saved, update_fields),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:  # the saved instance's row is gone: nothing was written
        raise saved.DoesNotExist(f"{saved._meta.object_name} {saved.pk} no longer exists.")
    _inserted(new, row[0])


@cache
def _guarded_update_sql(
    model: type[Model], names: tuple[str, ...], guards: tuple[tuple[str, bool], ...], vendor: str
) -> tuple[list, str, list]:
    """``_update_sql`` that changes the row only if its guarded fields (name, whether the value
    read was null) still hold the values read. Returns the fields it sets, its SQL and the
    fields whose values follow the primary key as parameters."""
    fields, sql = _update_sql(model, names, vendor)
    compared = []
    for name, null in guards:
        field = model._meta.get_field(name)
        sql += f" AND {_qn(field.column)} " + ("IS NULL" if null else "= %s")
        if not null:
            compared.append(field)
    return fields, sql, compared


@cache
def _insert_if_updated_sql(
    new: type[Model], update_sql: str, with_table: bool, vendor: str
) -> tuple[list, str]:
    """PostgreSQL: the insert of a ``new`` row selected from a guarded update, so it is written
    only if the update changed its row; with ``with_table`` it also counts who is at the table
    of the row's game (``new`` has a ``game``)."""
    fields, into = _insert_fields(new, vendor)
    # Typed: a SELECT's parameters have no column to take their type from.
    values = ", ".join(f"%s::{field.cast_db_type(connection)}" for field in fields)
    returning = _qn(new._meta.pk.column)
    if with_table:
        game = f"{_qn(new._meta.db_table)}.{_qn(new._meta.get_field('game').column)}"
        returning += _table_counts_sql(game)
    sql = (
        f"WITH updated AS ({update_sql} RETURNING 1)"
        f" {into} SELECT {values} FROM updated RETURNING {returning}"
    )
    return fields, sql


def update_if_and_insert(
    saved: Model,
    names: list[str],
    guards: dict[str, Any],
    new: Model,
    *,
    table_since: datetime | None = None,
) -> bool:
    """``update(saved, names)`` only if its row still holds ``guards`` (field name: the value it
    was read with), and then ``insert(new)``; returns whether both were written (neither was
    if not). Outside a transaction this is the check and the write at once: on PostgreSQL one
    statement (the insert selects from the update, a data-modifying ``WITH``), elsewhere a
    transaction of two. The update locks the row and checks the guards against the row as it is
    then, even one changed after this statement began.

    With ``table_since`` (``saved`` a game), it also counts who is at the game's table, as
    ``game_row`` does, into ``saved.table_counts`` (on PostgreSQL in the same statement)."""
    shape = tuple((name, value is None) for name, value in guards.items())
    vendor = connection.vendor
    fields, update_sql, compared = _guarded_update_sql(type(saved), tuple(names), shape, vendor)
    params = _update_params(saved, fields)
    params += [field.get_db_prep_value(guards[field.name], connection) for field in compared]
    with_table = table_since is not None
    if vendor != "postgresql":
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(update_sql, params)
            if cursor.rowcount != 1:
                return False
            insert(new)
            if with_table:
                counts = table_counts(saved.pk, table_since)
                saved.table_counts = {seat: counts.get(seat, 0) for seat in SEATS}
        return True
    insert_fields, sql = _insert_if_updated_sql(type(new), update_sql, with_table, vendor)
    params += [_db_value(new, field, True) for field in insert_fields]
    if with_table:
        params += [_seen_since(table_since)] * len(SEATS)
    with _prepared_cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return False
    _inserted(new, row[0])
    if with_table:
        saved.table_counts = dict(zip(SEATS, row[1:], strict=True))
    return True


def _prepared_cursor() -> Any:
    # The site's PostgreSQL backend prepares this cursor's statements on the server
    # (``chesskers_site.postgresql``); another backend's plain cursor does as well.
    prepared = getattr(connection, "prepared_cursor", None)
    return prepared() if prepared is not None else connection.cursor()


def delete_stale_connections(fresh_since: datetime) -> list[int]:
    """Deletes the connections not seen since a time; returns the game of each row deleted.

    One ``DELETE ... RETURNING`` (PostgreSQL, and SQLite since 3.35): each row is reported by the
    statement that deleted it, so sweeps running at once in several processes share the rows
    out instead of each one settling every game whose rows it saw."""
    table, _, seen, game = _connection_columns()
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {table} WHERE {seen} < %s RETURNING {game}", [_seen_since(fresh_since)]
        )
        return [row[0] for row in cursor.fetchall()]


def table_counts(game_id: int, fresh_since: datetime) -> dict[str | None, int]:
    """Returns how many fresh connections a game has per colour (None: spectators)."""
    table, color, seen, game = _connection_columns()
    sql = (
        f"SELECT {color}, COUNT(*) FROM {table} WHERE {game} = %s AND {seen} >= %s GROUP BY {color}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id, _seen_since(fresh_since)])
        return dict(cursor.fetchall())
