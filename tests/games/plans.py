"""What PostgreSQL does for a query on the games table, counted rather than timed: the rows and
index entries its plan reads there (``EXPLAIN ANALYZE``), and whether it reads the whole table.
Shared by the archive's plan tests and ``bench/archive_bench.py``."""

import json
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import connection

from games.models import Game


@dataclass(frozen=True)
class Plan:
    """One query's plan on the games table: ``examined`` rows and index entries read there
    (those kept and those a condition removed), whether it scanned the whole table, the
    indexes it read."""

    sql: str
    examined: int
    seq_scan: bool
    indexes: tuple[str, ...]


def games_indexes() -> set[str]:
    """Returns the names of the games table's indexes."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = %s", [table()])
        return {name for (name,) in cursor.fetchall()}


def table() -> str:
    return Game._meta.db_table


def nodes(node: dict) -> Iterator[dict]:
    yield node
    for child in node.get("Plans", ()):
        yield from nodes(child)


def plan_of(sql: str, indexes: set[str]) -> Plan:
    """Returns what ``sql`` (a query with its values written in) reads of the games table when
    run (PostgreSQL only: it runs the query under ``EXPLAIN ANALYZE``)."""
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}")
        (raw,) = cursor.fetchone()
    root = (json.loads(raw) if isinstance(raw, str) else raw)[0]["Plan"]
    examined, seq_scan, used = 0, False, []
    for node in nodes(root):
        on_games = node.get("Relation Name") == table() or node.get("Index Name") in indexes
        if not on_games or node.get("Actual Loops", 0) == 0:
            continue
        read = node.get("Actual Rows", 0) + node.get("Rows Removed by Filter", 0)
        read += node.get("Rows Removed by Index Recheck", 0)
        examined += round(read * node["Actual Loops"])
        seq_scan = seq_scan or node["Node Type"] == "Seq Scan"
        if "Index Name" in node:
            used.append(node["Index Name"])
    return Plan(sql=sql, examined=examined, seq_scan=seq_scan, indexes=tuple(used))


def plans_of(queries: list[dict]) -> list[Plan]:
    """Returns the plans of the captured queries (``CaptureQueriesContext``) that read the
    games table."""
    indexes = games_indexes()
    quoted = f'"{table()}"'
    return [
        plan_of(query["sql"], indexes)
        for query in queries
        if quoted in query["sql"] and query["sql"].lstrip().upper().startswith("SELECT")
    ]
