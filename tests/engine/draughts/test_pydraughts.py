"""Cross-check of six draughts games against pydraughts, an outside implementation, move for move.

pydraughts (0.6.7, GPL-3.0, pinned in requirements-dev.txt; tests and bench only) names the games
``standard`` (our ``international``), ``english`` (``checkers``), ``russian``, ``brazilian``,
``italian`` and ``turkish``; ``pydraughts_bridge`` translates its squares. Its other games
(``frisian``, ``frysk!``, ``antidraughts`` — International's board, unlike our Anti Checkers —
and ``breakthrough``) are not ours.

Seeded random games are played on both implementations at once. At every position:

- both list the same paths (origin, then every square the piece stops on), each taking the same
  squares in the same order; pydraughts lists each path of a capture as a move of its own, and
  so does this comparison (ours, ``movegen.sequences``);
- every path is played on both: the resulting positions are the same (so the crowning of men
  agrees), and the paths that our moves merge (§1.7: one move per resulting position) are
  exactly those that lead pydraughts to the same position;
- after the move the random game plays, both boards and sides to move are the same.

Where pydraughts' rules differ from ours (docs/rules/draughts.md decides ours), only in Turkish:

1. **Turkish kings' quiet moves**: pydraughts lets a king move to any empty square of its rank or
   file, across any piece of either side (§9: a king slides over empty squares). Such lines are
   taken out of its list, one by one, by ``_turkish_king_crossings`` (a quiet king move whose
   squares between origin and target are not all empty) and counted: over 3,000 positions of
   the slow run, about 1,500 lines, one in seven of them across an enemy piece.
2. **Turkish men crowned mid-capture**: pydraughts lets a man that lands on its last row go on
   capturing as a man; ours is crowned and stops there (§9, ``stop``), and maximum capture then
   chooses among the stopped captures. Where pydraughts' complete sequences (before its priority
   rule) include such a man, ``_turkish_crowning_stops`` cuts each sequence at its first landing
   on the last row and applies maximum capture to the cut sequences: that is the move list our
   rule gives from pydraughts' own search, and it is compared in full. (Once in the 3,000
   positions of the slow run.)

Other differences that never reach a move list: pydraughts' draw rules are its federations'
(FMJD's 25 king moves and its endgame counts, the Russian endgame rules, Turkish one against one),
not our no-progress limits (§1.9); they decide when a game ends, never which moves exist, and are
not compared. Game ends by no legal move are compared (both lists empty).

Every test run compares the positions of ``FAST`` (150 to 400 a game, a few seconds each);
``make test-slow`` compares those of ``SLOW`` (3,000 a game). Section numbers refer to
docs/rules/draughts.md.
"""

import ast
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.draughts import movegen
from engine.draughts.position import DraughtsPosition
from engine.draughts.rules import Power, Priority
from engine.moves import MoveKind

from .helpers import fen_of, position
from .pydraughts_bridge import PYDRAUGHTS_NAMES, Bridge, Line, Listing

ROOT = Path(__file__).resolve().parents[3]
KING = Power.KING.value
MAN = Power.MAN.value
PLY_LIMIT = 150  # a random game longer than this is cut: later positions add little

# Positions compared per game: (first seed, number of positions).
FAST = {
    "international": (1, 150),
    "checkers": (101, 400),
    "russian": (201, 200),
    "brazilian": (301, 200),
    "italian": (401, 400),
    "turkish": (501, 150),
}
SLOW = {game: (1000, 3000) for game in PYDRAUGHTS_NAMES}


@dataclass
class Tally:
    """What a cross-check compared."""

    positions: int = 0
    games: int = 0
    paths: int = 0
    moves: int = 0
    captures: int = 0
    king_captures: int = 0
    merged_paths: int = 0  # paths beyond the first of a move (§1.7)
    crowned: int = 0  # moves that crown a man
    known: Counter = field(default_factory=Counter)  # known differences, by name


# --- our side ------------------------------------------------------------------------------------
def our_paths(pos: DraughtsPosition) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Returns every path of every legal move of ``pos``, mapped to its captured squares in
    order: each complete capture sequence the priority rules keep, or the quiet moves."""
    tables = pos.tables
    board = list(pos.board)
    seqs = movegen.sequences(board, pos.side, tables)
    if seqs:
        return {path: caps for path, caps, _ in movegen.choose(board, seqs, tables.rules.priority)}
    return {move.path: () for move in pos.legal_moves()}


def placement(pos: DraughtsPosition) -> tuple[int, dict[int, int]]:
    """Returns (side to move, {square: signed code}) of ``pos``, as ``Bridge.placement``."""
    return pos.side, {sq: code for sq, code in enumerate(pos.board) if code}


# --- the known differences (module docstring) ----------------------------------------------
def _turkish_king_crossings(pos: DraughtsPosition, lines: list[Line], tally: Tally) -> list[Line]:
    # Difference 1: a quiet king move of pydraughts that crosses a piece is not a move of ours.
    board = pos.board
    rank_of, file_of = pos.tables.board.rank_of, pos.tables.board.file_of
    kept = []
    for line in lines:
        origin, target = line.path[0], line.path[-1]
        if not line.captured and abs(board[origin]) == KING:
            step = _step(origin, target, file_of, rank_of)
            between = range(origin + step, target, step)
            crossed = [board[sq] for sq in between if board[sq]]
            if crossed:
                enemy = any(code * board[origin] < 0 for code in crossed)
                tally.known[f"turkish king moves across {'enemy' if enemy else 'own'} pieces"] += 1
                continue
        kept.append(line)
    return kept


def _step(origin: int, target: int, file_of, rank_of) -> int:
    # The square step of an orthogonal move on the 8x8 board of 64 squares (a1 = 0, b1 = 1).
    if rank_of(origin) == rank_of(target):
        return 1 if target > origin else -1
    assert file_of(origin) == file_of(target), "a Turkish king moves along ranks and files"
    return 8 if target > origin else -8


def _turkish_crowning_stops(
    bridge: Bridge, pos: DraughtsPosition, board, lines: list[Line], tally: Tally
) -> list[Line]:
    # Difference 2: where pydraughts lets a man go on from its last row, cut its sequences there
    # and choose among the cut ones by maximum capture, as §9 does.
    if not any(line.captured for line in lines):
        return lines  # no capture: nothing to cut
    promotes = pos.tables.promotes[pos.side]
    sequences = bridge.capture_sequences(board)

    def first_crowning(line: Line) -> int | None:
        if abs(pos.board[line.path[0]]) != MAN:
            return None
        return next((i for i, sq in enumerate(line.path[1:-1], 1) if promotes[sq]), None)

    if all(first_crowning(line) is None for line in sequences):
        return lines
    assert pos.tables.rules.priority == (Priority.MAX,)
    cut = []
    for line in sequences:
        stop = first_crowning(line)
        if stop is not None:
            line = Line(line.path[: stop + 1], line.captured[:stop])
        if line not in cut:
            cut.append(line)
    most = max(len(line.captured) for line in cut)
    tally.known["turkish men crowned mid-capture"] += 1
    return [line for line in cut if len(line.captured) == most]


# --- the comparison --------------------------------------------------------------------------
def pydraughts_lines(
    bridge: Bridge, pos: DraughtsPosition, board, listing: Listing, tally: Tally
) -> list[Line]:
    """Returns pydraughts' legal moves ``listing`` of ``board`` as our rules read them: its own
    list, with the known differences of the module docstring turned into ours."""
    lines = listing.lines
    if bridge.name == "turkish":
        lines = _turkish_king_crossings(pos, lines, tally)
        lines = _turkish_crowning_stops(bridge, pos, board, lines, tally)
    return lines


def _key(placed: tuple[int, dict[int, int]]) -> tuple[int, frozenset]:
    return placed[0], frozenset(placed[1].items())


def compare_position(
    bridge: Bridge, pos: DraughtsPosition, board, tally: Tally
) -> tuple[Listing, list[Line]]:
    """Compares the moves of ``pos`` with pydraughts' on ``board`` (the same position), path by
    path and result by result; returns pydraughts' listing and its lines as our rules read them
    (all of them ours too)."""
    where = f"{bridge.variant.id} {pos.fen()}"
    listing = bridge.legal_moves(board)
    lines = pydraughts_lines(bridge, pos, board, listing, tally)
    theirs = {line.path: line.captured for line in lines}
    assert len(theirs) == len(lines), f"{where}: pydraughts lists a path twice"
    ours = our_paths(pos)
    names = pos.tables.board.names

    def text(path: tuple[int, ...]) -> str:
        return "-".join(names[sq] for sq in path)

    assert sorted(map(text, ours)) == sorted(map(text, theirs)), where
    for path, caps in ours.items():
        assert caps == theirs[path], f"{where}: {text(path)} takes {text(caps)}, pydraughts " + (
            text(theirs[path])
        )
    # Play every path on both sides: the same result, and our moves are its distinct results.
    moves = pos.legal_moves()
    by_path = pos.capture_paths() if any(theirs.values()) else {m.path: m for m in moves}
    results = set()
    for line in lines:
        move = by_path[line.path]
        after = placement(pos.play(move))
        if line in listing.lines:
            bridge.push(board, listing, line)
            got = bridge.placement(board)
            board.pop()
            assert got == after, f"{where}: {text(line.path)} leads elsewhere"
        else:  # a capture cut short by difference 2: pydraughts has no such move to play
            got = after
        results.add((line.path[0], line.path[-1], frozenset(line.captured), _key(got)))
        tally.merged_paths += move.path != line.path
    assert len(moves) == len(results), f"{where}: {len(moves)} moves, {len(results)} results"
    tally.positions += 1
    tally.paths += len(lines)
    tally.moves += len(moves)
    for move in moves:
        piece = abs(pos.board[move.path[0]])
        if move.kind is MoveKind.JUMP:
            tally.captures += 1
            tally.king_captures += piece == KING
        tally.crowned += piece == MAN and abs(pos.play(move).board[move.path[-1]]) == KING
    return listing, lines


def cross_check(variant_id: str, first_seed: int, positions: int) -> Tally:
    """Plays seeded random games from the start on both implementations until ``positions``
    positions are compared; returns the tally."""
    bridge = Bridge(variant_id)
    tally = Tally()
    seed = first_seed
    while tally.positions < positions:
        rng = random.Random(seed)
        pos = bridge.variant.start_position()
        board = bridge.board(pos)
        tally.games += 1
        for _ in range(PLY_LIMIT):
            listing, lines = compare_position(bridge, pos, board, tally)
            if not lines or tally.positions >= positions:
                break
            line = rng.choice(lines)
            moves = pos.capture_paths() if line.captured else {m.path: m for m in pos.legal_moves()}
            pos = pos.play(moves[line.path])
            if line in listing.lines:
                bridge.push(board, listing, line)
                assert bridge.placement(board) == placement(pos), f"{variant_id}: after {line}"
            else:  # a capture cut short by difference 2: pydraughts goes on from our position
                board = bridge.board(pos)
        seed += 1
    return tally


@pytest.mark.parametrize("variant_id", sorted(FAST))
def test_pydraughts_lists_the_same_moves_over_random_games(variant_id):
    tally = cross_check(variant_id, *FAST[variant_id])
    assert tally.positions == FAST[variant_id][1]
    # The games reached positions with captures, by kings too, and men were crowned.
    assert tally.captures > tally.positions // 10
    assert tally.king_captures > 0
    assert tally.crowned > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant_id", sorted(SLOW))
def test_pydraughts_lists_the_same_moves_over_many_random_games(variant_id):
    tally = cross_check(variant_id, *SLOW[variant_id])
    assert tally.positions == SLOW[variant_id][1]
    assert tally.king_captures > 0


# --- the known differences, each shown once --------------------------------------------------
@pytest.mark.parametrize(
    ("white", "black", "across", "name"),
    [
        ("Ka1,a3", "h8", {"a1-a4", "a1-a5", "a1-a6", "a1-a7", "a1-a8"}, "own"),
        ("Ka1", "a4,a5", {"a1-a6", "a1-a7", "a1-a8"}, "enemy"),  # two in a row: no capture
    ],
)
def test_pydraughts_turkish_king_moves_across_pieces_and_ours_does_not(white, black, across, name):
    pos = position("turkish", "W", white, black)
    bridge = Bridge("turkish")
    lines = bridge.legal_moves(bridge.board(pos)).lines
    names = pos.tables.board.names
    theirs = {"-".join(names[sq] for sq in line.path) for line in lines}
    ours = {move.machine() for move in pos.legal_moves()}
    assert theirs - ours == across
    assert {"a1-b1", "a1-h1"} <= ours <= theirs
    tally = Tally()
    kept = _turkish_king_crossings(pos, lines, tally)
    assert {"-".join(names[sq] for sq in line.path) for line in kept} == ours
    assert tally.known == {f"turkish king moves across {name} pieces": len(across)}


def test_pydraughts_turkish_man_goes_on_from_its_last_row_and_ours_stops():
    #  8 . . . b . . . .   the man on c6 takes c7 and is crowned on c8 (§9); pydraughts goes on
    #  7 . . b . . . . .   along rank 8 over d8 to e8, and maximum capture keeps only that
    #  6 . . w . . . . .
    #    a b c d e f g h
    fen = fen_of("turkish", "W", "c6", "c7,d8")
    bridge = Bridge("turkish")
    pos = bridge.variant.position(fen)
    board = bridge.board(pos)
    names = pos.tables.board.names
    theirs = {"-".join(names[sq] for sq in line.path) for line in bridge.legal_moves(board).lines}
    assert theirs == {"c6-c8-e8"}
    assert {move.machine() for move in pos.legal_moves()} == {"c6-c8"}
    lines = _turkish_crowning_stops(bridge, pos, board, bridge.legal_moves(board).lines, Tally())
    assert [line.path for line in lines] == [move.path for move in pos.legal_moves()]


# --- the licence: the site never imports pydraughts ----------------------------------------
SITE_PACKAGES = ("engine", "games", "accounts", "chesskers_site")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_site_and_the_engine_never_import_pydraughts():
    # Its import name is ``draughts`` (our own package is ``engine.draughts``).
    sources = [p for package in SITE_PACKAGES for p in (ROOT / package).rglob("*.py")]
    assert len(sources) > 50
    assert [str(p) for p in sources if "draughts" in _imported_modules(p)] == []
    assert "pydraughts" not in (ROOT / "requirements.txt").read_text().lower()
    script = (
        "import os, sys, pkgutil, importlib\n"
        "os.environ['DJANGO_SETTINGS_MODULE'] = 'tests.settings'\n"
        "import django; django.setup()\n"
        "import chesskers_site.asgi, chesskers_site.urls, engine\n"
        "for info in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    if info.name != 'engine.__main__':\n"
        "        importlib.import_module(info.name)\n"
        "print(sorted(m for m in sys.modules if m == 'draughts' or m.startswith('draughts.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
