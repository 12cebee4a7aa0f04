"""What a game's ``Rules`` become for move generation: per-square tables, built once per game.

Per-side tables are lists indexed by the side's sign, ``[None, White's, Black's]`` (index 1 is
White, index -1 Black), so the generators look them up with ``side`` directly. This module
turns declarations into look-ups; it decides no rule of its own.
"""

from engine.draughts.captures import CaptureSpec
from engine.draughts.geometry import lines_of
from engine.draughts.rules import (
    DIAGONAL_BACKWARD,
    MIRRORED,
    DraughtsPiece,
    Notation,
    Numbering,
    Power,
    Priority,
    Removal,
    Rules,
)
from engine.moves import Move, MoveKind, move_type


class Tables:
    """The look-up tables of one game (see the module docstring for the per-side lists).

    - ``squares``: the used squares; ``lines``: next squares and rays by direction;
    - ``man_steps[side][sq]``: (target, quiet move) of a man's steps; ``man_jumps[side][sq]``,
      ``parachutist_jumps[side][sq]`` and ``king_jumps[sq]``: (over, land) of their first short
      jumps; ``king_lines[sq]``: a flying king's capture lines as (square, beyond) pairs;
      ``king_steps[sq]`` (short kings) and ``king_slides[sq]`` (flying: one ray of (target,
      quiet move) a direction) for a king's quiet moves;
    - ``promotes[side][sq]``: whether a man of ``side`` is crowned on ``sq``;
    - ``spec``: the capture core's parameters; ``longest_only``, ``kings_first``: what the core
      is asked for (only the longest captures, only the kings' when a king can take);
      ``move``: the class of this board's moves;
    - ``number[sq]`` and ``square_of[n]`` (numbered games), ``text[sq]`` (how squares are written)
      and ``order[sq]`` (how paths compare, §1.7).
    """

    def __init__(self, rules: Rules) -> None:
        board = rules.board
        self.rules = rules
        self.board = board
        self.squares = board.squares
        self.lines = lines_of(board)
        self.move = move_type(board)
        nxt = self.lines.next

        def directions(white: tuple[int, ...]) -> list:
            black = white if rules.both_men_up else tuple(MIRRORED[d] for d in white)
            return [None, white, black]

        man_moves = directions(rules.man_moves)
        man_first = directions(rules.man_captures)
        man_later = directions(rules.man_later_captures or rules.man_captures)
        parachutist = directions(DIAGONAL_BACKWARD)
        size = board.size
        man, king = DraughtsPiece.MAN, DraughtsPiece.KING

        def quiet(piece: DraughtsPiece, sq: int, to: int) -> tuple[int, Move]:
            return to, self.move(MoveKind.QUIET, piece, (sq, to))

        last_rank = [None, board.ranks - 1, board.ranks - 1 if rules.both_men_up else 0]

        def steps(side: int, sq: int) -> tuple[tuple[int, Move], ...]:
            if rules.men_rest_on_last_row and board.rank_of(sq) == last_rank[side]:
                return ()
            return tuple(quiet(man, sq, nxt[d][sq]) for d in man_moves[side] if nxt[d][sq] >= 0)

        self.man_steps = [None] + [tuple(steps(side, sq) for sq in range(size)) for side in (1, -1)]
        # Dameo's line moves (§19): per direction, every square of the ray as a move's target.
        rays = self.lines.rays
        self.man_lines = [None] + [
            tuple(
                tuple(
                    tuple(quiet(man, sq, to) for to in rays[d][sq])
                    for d in man_moves[side]
                    if rays[d][sq]
                )
                for sq in range(size)
            )
            for side in (1, -1)
        ]
        self.man_jumps = [None] + [
            tuple(
                tuple(
                    (nxt[d][sq], nxt[d][nxt[d][sq]])
                    for d in man_first[side]
                    if nxt[d][sq] >= 0 and nxt[d][nxt[d][sq]] >= 0
                )
                for sq in range(size)
            )
            for side in (1, -1)
        ]
        self.parachutist_jumps = [None] + [
            tuple(
                tuple(
                    (nxt[d][sq], nxt[d][nxt[d][sq]])
                    for d in parachutist[side]
                    if nxt[d][sq] >= 0 and nxt[d][nxt[d][sq]] >= 0
                )
                for sq in range(size)
            )
            for side in (1, -1)
        ]
        self.king_jumps = tuple(
            tuple(
                (nxt[d][sq], nxt[d][nxt[d][sq]])
                for d in rules.king_captures
                if nxt[d][sq] >= 0 and nxt[d][nxt[d][sq]] >= 0
            )
            for sq in range(size)
        )
        # A flying king's capture lines: (square, the square beyond it or -1), nearest first.
        self.king_lines = tuple(
            tuple(
                _pairs(self.lines.rays[d][sq])
                for d in rules.king_captures
                if self.lines.rays[d][sq]
            )
            for sq in range(size)
        )
        self.king_steps = tuple(
            tuple(quiet(king, sq, nxt[d][sq]) for d in rules.king_moves if nxt[d][sq] >= 0)
            for sq in range(size)
        )
        self.king_slides = tuple(
            tuple(
                tuple(quiet(king, sq, to) for to in rays[d][sq])
                for d in rules.king_moves
                if rays[d][sq]
            )
            for sq in range(size)
        )
        if rules.promotion_squares is None:
            top, bottom = board.ranks - 1, 0
            crowned = [
                {sq for sq in self.squares if board.rank_of(sq) == top},
                {
                    sq
                    for sq in self.squares
                    if board.rank_of(sq) == (top if rules.both_men_up else bottom)
                },
            ]
        else:
            crowned = [{board.parse_square(n) for n in names} for names in rules.promotion_squares]
        self.promotes = [None] + [
            tuple(rules.kings and sq in crowned[i] for sq in range(size)) for i in (0, 1)
        ]
        # What the core searches for (§1.6): only the longest captures where the first priority
        # rule takes the most pieces, only the kings' where it puts a king's capture first.
        first = rules.priority[0] if rules.priority else None
        self.longest_only = first is Priority.MAX
        self.kings_first = first is Priority.KING_FIRST
        self.spec = CaptureSpec(
            lines=self.lines,
            man_first=man_first,
            man_later=man_later,
            king_directions=rules.king_captures,
            parachutist=parachutist,
            flying=rules.flying,
            lands_next=rules.lands_next,
            at_once=rules.removal is Removal.AT_ONCE,
            no_turning_back=rules.no_turning_back,
            mid_capture=rules.mid_capture,
            promotes=self.promotes,
            men_cannot_take=frozenset() if rules.men_take_kings else frozenset((Power.KING,)),
            free_stop=rules.free_stop,
            straight_only=rules.straight_captures,
        )
        # Hawaiian's opening (§11): the squares of the first removal, and each square's
        # orthogonal neighbours (for the second), with the removal moves themselves.
        self.opening = tuple(board.parse_square(name) for name in rules.opening_removals)
        self.orthogonal = tuple(
            tuple(nxt[d][sq] for d in (0, 1, 2, 3) if nxt[d][sq] >= 0) for sq in range(size)
        )
        self.removal = tuple(self.move(MoveKind.REMOVAL, man, (sq,), (sq,)) for sq in range(size))
        self.unused = size - len(self.squares)  # squares of the board no piece stands on
        # Hawaiian's captures (§11), men's straight runs that may stop after any jump, have a
        # generator of their own (``movegen``): the general search is many times slower there.
        self.straight_runs = rules.straight_captures and rules.free_stop and not rules.kings
        self.parachutists = rules.parachutists
        self.home_rank = [None, 0, board.ranks - 1]
        # Set by the variant from its start FEN: the pieces a side starts with (§1.11 refuses
        # more), and the side that moves first (+1 White, -1 Black).
        self.start_count = [None, len(self.squares), len(self.squares)]
        self.first = 1
        numbered = list(self.squares)
        numbered.sort(key=lambda sq: (-board.rank_of(sq), board.file_of(sq)))
        if rules.numbering is Numbering.FROM_BOTTOM_RIGHT:
            numbered.reverse()
        self.number = [0] * size
        for n, sq in enumerate(numbered, start=1):
            self.number[sq] = n
        self.square_of = {n: sq for n, sq in enumerate(numbered, start=1)}
        if rules.notation is Notation.NUMBERS:
            self.text = tuple(str(n) if n else "" for n in self.number)
            self.order: tuple = tuple(self.number)
        else:
            self.text = board.names
            self.order = board.names


def _pairs(ray: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    # Each square of ``ray`` with the square beyond it (-1 past the edge).
    return tuple((s, ray[i + 1] if i + 1 < len(ray) else -1) for i, s in enumerate(ray))
