"""Puzzles found in played games: positions where one move wins and every other does not.

A position is a puzzle when the side to move has exactly one move that wins: one move forces the
win and no other does, or one move gains at least ``WIN`` centipawns (three pawns, or three men
in the checkers family) while the second best is worth at least ``GAP`` less and no more than
``LEVEL`` (about level). The solution is that move, the opponent's best reply, and the next
unique winning move (or the solver's only legal move, as a capture the rules compel), and so on
for up to ``MAX_MOVES`` moves of the solver's; it always ends with one of them. A move that ends
the game in the solver's favour ends the solution there.

Finding them in a finished game costs two passes: a cheap one that scores every position with
a small node budget and keeps those where the side to move is suddenly winning (the move before
was a blunder), and a deep one that asks the two best moves of each kept position. Every search
is bounded by nodes, not seconds, so the same game gives the same puzzles on any machine.

This module owns the choice of positions and solutions; it knows nothing of storage. Its entry
points take and return plain values (FENs, the games' own move texts), like the rest of
``engine.bot``.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import variants
from engine.bot.lines import Line, analyse_lines
from engine.errors import EngineError
from engine.moves import MoveKind
from engine.pieces import Color

WIN = 300  # centipawns: the solver's best move must reach this (or a forced win)
LEVEL = 150  # ... and their second best no more than this
GAP = 250  # ... and at least this much less than the best
SWING = 250  # the cheap pass: the mover's score rose this much over the ply before
MAX_MOVES = 3  # the solver's moves in a solution at most
SCAN_NODES = 4_000  # the cheap pass's nodes a position
DEEP_NODES = 60_000  # the deep pass's nodes a position
MATE_CP = 100_000  # a forced win, as centipawns, to compare it with other scores


@dataclass(frozen=True)
class Puzzle:
    """A puzzle: its start, the side to solve it, the solution's moves in the game's own
    notation (the solver's and the replies, alternately, the solver's first and last) and its
    themes (``THEMES``)."""

    variant: str
    fen: str
    solver: str  # "white" or "black"
    moves: tuple[str, ...]
    ply: int  # the start's ply in the game it came from (0: a position given alone)
    themes: tuple[str, ...] = ()


# What a solution does, as its themes name it: it wins the game or wins material; it gives a
# piece away first (the reply takes); a move of the solver's takes two pieces or more at once,
# sweeps with a knight, or promotes (the piece that lands is not the one that left); it is one
# move of the solver's, or three.
THEMES = (
    "win",
    "advantage",
    "sacrifice",
    "chain",
    "sweep",
    "promotion",
    "one-move",
    "long",
)


def themes_of(variant: str, fen: str, moves: Sequence[str]) -> tuple[str, ...]:
    """Returns the themes of the solution ``moves`` from ``fen``, in ``THEMES`` order."""
    game = variants.get(variant).new_game(fen)
    solver = game.position.turn
    found = set()
    for ply, text in enumerate(moves):
        move = game.parse_move(text)
        leaving = game.position.pieces()[move.path[0]][1]
        game.push(move)
        if ply % 2:
            if ply == 1 and move.captured:
                found.add("sacrifice")
            continue
        if len(move.captured) >= 2:
            found.add("chain")
        if move.kind is MoveKind.SWEEP:
            found.add("sweep")
        landed = game.position.pieces().get(move.path[-1])
        if landed is not None and landed[1] != leaving:
            found.add("promotion")
    found.add("win" if game.is_over() and game.winner() is solver else "advantage")
    solver_moves = (len(moves) + 1) // 2
    if solver_moves == 1:
        found.add("one-move")
    elif solver_moves >= MAX_MOVES:
        found.add("long")
    return tuple(theme for theme in THEMES if theme in found)


def mover_score(line: Line, white_to_move: bool) -> int:
    """Returns a line's score for the side to move: centipawns, or ``MATE_CP`` less the moves
    of a forced win (negative for a forced loss)."""
    if line.mate is not None:
        score = MATE_CP - abs(line.mate) if line.mate > 0 else -(MATE_CP - abs(line.mate))
    else:
        score = line.cp or 0
    return score if white_to_move else -score


def _lines(variant: str, fen: str, wanted: int, nodes: int) -> tuple[Line, ...]:
    """Returns the best ``wanted`` lines of the deepest depth searched within ``nodes``, or
    none when not even the first depth finished."""
    best: tuple[Line, ...] = ()
    for report in analyse_lines(fen, variant, lines=wanted, time_limit=3600.0, node_limit=nodes):
        best = report.lines
    return best


def only_winning_move(variant: str, fen: str, nodes: int = DEEP_NODES) -> str | None:
    """Returns the one move that wins in ``fen`` (its text in the game's notation), or
    ``None`` when no move wins, several do, or the position has fewer than two legal moves."""
    game = variants.get(variant).new_game(fen)
    if game.is_over() or len(game.legal_moves()) < 2:
        return None
    lines = _lines(variant, fen, 2, nodes)
    if len(lines) < 2 or not lines[0].pv:
        return None
    white = variants.get(variant).turn_of_fen(fen) is Color.WHITE
    best, second = (mover_score(line, white) for line in lines)
    mates = best > MATE_CP // 2 and second < MATE_CP // 2
    if not mates and (best < WIN or second > LEVEL or best - second < GAP):
        return None
    return lines[0].pv[0]


def solve(variant: str, fen: str, nodes: int = DEEP_NODES, ply: int = 0) -> Puzzle | None:
    """Returns the puzzle whose start is ``fen``, or ``None`` when it is not one (see the
    module docstring): its solution follows the engine's best line while the solver's move
    stays the only winning one."""
    first = only_winning_move(variant, fen, nodes)
    if first is None:
        return None
    solver = variants.get(variant).turn_of_fen(fen)
    game = variants.get(variant).new_game(fen)
    moves = [_play(game, first)]
    while len(moves) < 2 * MAX_MOVES - 1 and not game.is_over():
        reply = _lines(variant, game.fen(), 1, nodes)
        if not reply or not reply[0].pv:
            break
        answer = _play(game, reply[0].pv[0])
        if game.is_over():
            game.pop()
            break
        legal = game.legal_moves()
        if len(legal) == 1:  # forced (a capture the rules compel): shown, never a choice
            following = game.move_text(legal[0])
        else:
            following = only_winning_move(variant, game.fen(), nodes)
        if following is None:
            game.pop()
            break
        moves.append(answer)
        moves.append(_play(game, following))
    themes = themes_of(variant, fen, moves)
    return Puzzle(variant, fen, solver.name_lower, tuple(moves), ply, themes)


def _play(game: Any, text: str) -> str:
    """Plays the move written ``text`` in ``game`` and returns its canonical text."""
    move = game.parse_move(text)
    written = game.move_text(move)
    game.push(move)
    return written


def scan(variant: str, fens: Sequence[str], nodes: int = SCAN_NODES) -> list[int]:
    """Returns the indexes of ``fens`` (a game's positions in order, its start first) that
    the cheap pass keeps: the side to move scores at least ``WIN`` and ``SWING`` more than it
    did a ply before (the opponent's move threw the game away). It stops at the game's end or
    at the first position the engine refuses (``EngineError``)."""
    kept = []
    before: int | None = None  # the previous position's score for the side now to move
    for index, fen in enumerate(fens):
        try:
            game = variants.get(variant).new_game(fen)
            if game.is_over():
                break
            lines = _lines(variant, fen, 1, nodes)
        except EngineError:
            break  # a position the engine refuses: the rest of the game is not searched
        if not lines:
            before = None
            continue
        white = variants.get(variant).turn_of_fen(fen) is Color.WHITE
        score = mover_score(lines[0], white)
        if before is not None and score >= WIN and score - before >= SWING:
            kept.append(index)
        before = -score
    return kept


def puzzles_of_game(
    variant: str, fens: Sequence[str], scan_nodes: int = SCAN_NODES, deep_nodes: int = DEEP_NODES
) -> list[Puzzle]:
    """Returns the puzzles of one game, given its positions in order (its start first). A
    position the engine refuses (``EngineError``: past its capture budget, say) is no puzzle,
    and the scan stops there: a game is searched to its end or to the first such position."""
    found = []
    for index in scan(variant, fens, scan_nodes):
        try:
            puzzle = solve(variant, fens[index], deep_nodes, ply=index)
        except EngineError:
            continue
        if puzzle is not None:
            found.append(puzzle)
    return found
