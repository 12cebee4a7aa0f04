"""What a hybrid's ``HybridRules`` become for move generation: per-square tables, built once.

Per-side tables are lists indexed by the side's sign, ``[None, White's, Black's]`` (index 1 is
White, index -1 Black). Squares are the ints of ``engine.board`` on the 8x8 board, and the
geometry is the Chesskers tables' (``engine.tables``: rays in the directions N, S, E, W, NE,
NW, SE, SW, the same order as the draughts core's). Moves are made here once and shared, so
generation hands out the same ``Move`` values again and again. This module turns declarations
into look-ups; it decides no rule of its own.
"""

from engine.board import CHESSBOARD
from engine.draughts import captures
from engine.draughts.captures import CaptureSpec
from engine.draughts.geometry import lines_of
from engine.draughts.rules import STEPS
from engine.hybrids.rules import DIAGONAL, HybridRules, Kind, PieceRule, Power, Step
from engine.moves import Move, MoveKind
from engine.tables import RAYS

LEAP, SLIDE, PAWN, LINER = 1, 2, 3, 4
"""A piece's kind as an int, for the generators' dispatch."""

KIND_CODES = {Kind.LEAP: LEAP, Kind.SLIDE: SLIDE, Kind.PAWN: PAWN, Kind.LINER: LINER}
POWER_CODES = {Power.MAN: captures.MAN, Power.KING: captures.KING}

QUIET, REPLACEMENT, EN_PASSANT = MoveKind.QUIET, MoveKind.REPLACEMENT, MoveKind.EN_PASSANT

EDGE = tuple(sq % 8 in (0, 7) or sq // 8 in (0, 7) for sq in range(64))
"""Whether a square is on the edge of the board, where no piece can be jumped."""

LINES = lines_of(CHESSBOARD)
"""Every square's next square and rays by direction (the draughts core's lines), on all 64
squares: the rules of every hybrid hold off the dark squares too."""


def square(sq: int, step: Step) -> int:
    """Returns the square one ``step`` (file, rank) from ``sq``, or -1 off the board."""
    file, rank = sq % 8 + step[0], sq // 8 + step[1]
    return rank * 8 + file if 0 <= file < 8 and 0 <= rank < 8 else -1


def direction(step: Step) -> int:
    """Returns the index of a unit ``step`` among the directions of the rays."""
    return STEPS.index(step)


def _side_steps(steps: tuple[Step, ...], side: int) -> tuple[Step, ...]:
    # Steps are declared from White's side; Black's go the other way along the ranks.
    return steps if side == 1 else tuple((f, -r) for f, r in steps)


def line_slices(sq: int) -> tuple[slice, ...]:
    """Returns the four lines through ``sq`` (its rank, file, diagonal and anti-diagonal) as
    slices of a board list, each the whole line from edge to edge."""
    file, rank = sq % 8, sq // 8
    up = min(file, rank)
    down = min(7 - file, 7 - rank)
    anti_low = min(7 - file, rank)
    anti_high = min(file, 7 - rank)
    return (
        slice(rank * 8, rank * 8 + 8, 1),
        slice(file, 64, 8),
        slice(sq - 9 * up, sq + 9 * down + 1, 9),
        slice(sq - 7 * anti_low, sq + 7 * anti_high + 1, 7),
    )


AXES = ((2, 3), (0, 1), (4, 7), (5, 6))
"""The two ray directions (one way, the other way) of each line of ``line_slices``."""


class Tables:
    """The look-up tables of one hybrid game.

    - ``piece[code]``, ``kind[code]`` (``LEAP`` …), ``power[code]`` (the capture core's power of
      a draughts piece, else 0), ``auto_crown[code]`` (the code a man becomes on its last rank
      without a choice, else 0), ``choices[code]`` (the pieces a promotion offers);
    - ``rays[side][code][sq]``: a leaping or sliding piece's rays, each a tuple of (target, quiet
      moves, capture moves), nearest first (a leap is a ray of one); several moves where a
      promotion offers a choice, none where the piece cannot take;
    - ``pawn_push``, ``pawn_double``, ``pawn_takes`` (per side and square) for chess pawns;
      ``liner_axes[sq]``: (line slice, its squares one way, the other way), each way a tuple of
      (target, quiet moves, capture moves) by distance;
    - ``sources[side][code][k]``: the squares from which a leaper of ``code`` takes on ``k``;
    - ``man_jumps[side][sq]``, ``king_jumps[sq]`` and ``king_lines[sq]``: first jumps of the
      draughts pieces, to look for before a capture search; ``promotes[side][sq]``; ``spec``;
    - ``last_rank[side]``, ``first``: the side that moves first (+1 White, -1 Black);
    - ``by_letter`` (the signed code of each FEN letter) and ``by_code`` (the letter of each).
    """

    def __init__(self, rules: HybridRules) -> None:
        self.rules = rules
        size = max(rule.piece.value for rule in rules.pieces) + 1
        self.size = size
        self.piece: list = [None] * size
        self.kind = [0] * size
        self.power = [0] * size
        self.auto_crown = [0] * size
        self.choices: list[tuple] = [()] * size
        self.by_letter: dict[str, int] = {}
        for rule in rules.pieces:
            code = rule.piece.value
            self.piece[code] = rule.piece
            self.kind[code] = KIND_CODES[rule.kind]
            self.power[code] = POWER_CODES[rule.jumps] if rule.jumps else 0
            if len(rule.promotes_to) == 1:
                self.auto_crown[code] = rule.promotes_to[0].value
            elif rule.promotes_to:
                self.choices[code] = rule.promotes_to
            self.by_letter[rule.piece.symbol.upper()] = code
            self.by_letter[rule.piece.symbol] = -code
        self.by_code = {code: letter for letter, code in self.by_letter.items()}
        self.royal = rules.royal.value if rules.royal is not None else 0
        self.last_rank = [None, 7, 0]
        self.promotes = [None] + [
            tuple(sq // 8 == self.last_rank[side] for sq in range(64)) for side in (1, -1)
        ]
        self.rays: list = [None, [None] * size, [None] * size]
        self.sources: list = [None, [None] * size, [None] * size]
        for rule in rules.pieces:
            for side in (1, -1):
                self._piece_tables(rule, side)
        self._pawn_tables()
        self._liner_tables()
        self._capture_tables()
        self.first = 1

    # --- leaping and sliding pieces --------------------------------------------------------------
    def _moves(self, rule: PieceRule, side: int, sq: int, to: int, kind: MoveKind) -> tuple:
        # The moves of ``rule``'s piece from ``sq`` to ``to``: one per promotion choice there.
        piece = rule.piece
        captured = (to,) if kind is not QUIET else ()
        choices = self.choices[piece.value]
        if choices and self.promotes[side][to]:
            return tuple(Move(kind, piece, (sq, to), captured, choice) for choice in choices)
        return (Move(kind, piece, (sq, to), captured),)

    def _piece_tables(self, rule: PieceRule, side: int) -> None:
        code = rule.piece.value
        if rule.kind not in (Kind.LEAP, Kind.SLIDE):
            return
        steps = _side_steps(rule.steps, side)
        per_square = []
        for sq in range(64):
            rays = []
            for step in steps:
                ray = []
                to = square(sq, step)
                while to >= 0:
                    quiet = self._moves(rule, side, sq, to, QUIET)
                    taking = self._moves(rule, side, sq, to, REPLACEMENT) if rule.takes else ()
                    ray.append((to, quiet, taking))
                    if rule.kind is Kind.LEAP:
                        break
                    to = square(to, step)
                if ray:
                    rays.append(tuple(ray))
            per_square.append(tuple(rays))
        self.rays[side][code] = tuple(per_square)
        if rule.kind is Kind.LEAP and rule.takes:
            self.sources[side][code] = tuple(
                tuple(s for s in (square(k, (-f, -r)) for f, r in steps) if s >= 0)
                for k in range(64)
            )

    # --- chess pawns -----------------------------------------------------------------------------
    def _pawn_tables(self) -> None:
        rules = self.rules
        self.pawn_push: list = [None, [None] * 64, [None] * 64]
        self.pawn_double: list = [None, [None] * 64, [None] * 64]
        self.pawn_takes: list = [None, [()] * 64, [()] * 64]
        self.pawn_sources: list = [None, [()] * 64, [()] * 64]
        self.double_origins: list = [None, frozenset(), frozenset()]
        self.pawn = 0
        pawns = [rule for rule in rules.pieces if rule.kind is Kind.PAWN]
        if not pawns:
            return
        (rule,) = pawns
        self.pawn = rule.piece.value
        for side, names in ((1, rules.double_steps[0]), (-1, rules.double_steps[1])):
            origins = frozenset(CHESSBOARD.parse_square(name) for name in names)
            self.double_origins[side] = origins
            for sq in range(64):
                to = square(sq, (0, side))
                if to < 0:
                    continue
                self.pawn_push[side][sq] = (to, self._moves(rule, side, sq, to, QUIET))
                if sq in origins and square(to, (0, side)) >= 0:
                    far = square(to, (0, side))
                    self.pawn_double[side][sq] = (to, far, Move(QUIET, rule.piece, (sq, far)))
                takes = []
                for df in (-1, 1):
                    target = square(sq, (df, side))
                    if target < 0:
                        continue
                    victim = square(target, (0, -side))
                    en_passant = Move(EN_PASSANT, rule.piece, (sq, target), (victim,))
                    takes.append(
                        (target, self._moves(rule, side, sq, target, REPLACEMENT), en_passant)
                    )
                self.pawn_takes[side][sq] = tuple(takes)
            self.pawn_sources[side] = [
                tuple(s for s in (square(k, (-1, -side)), square(k, (1, -side))) if s >= 0)
                for k in range(64)
            ]

    # --- liners ----------------------------------------------------------------------------------
    def _liner_tables(self) -> None:
        self.liner_axes: list = [()] * 64
        self.liner = 0
        liners = [rule for rule in self.rules.pieces if rule.kind is Kind.LINER]
        if not liners:
            return
        (rule,) = liners
        self.liner = rule.piece.value
        for sq in range(64):
            axes = []
            for line, (one, other) in zip(line_slices(sq), AXES, strict=True):
                ways = tuple(
                    tuple(
                        (
                            to,
                            self._moves(rule, 1, sq, to, QUIET),
                            self._moves(rule, 1, sq, to, REPLACEMENT),
                        )
                        for to in RAYS[sq][d]
                    )
                    for d in (one, other)
                )
                axes.append((line, *ways))
            self.liner_axes[sq] = tuple(axes)

    # --- draughts pieces -------------------------------------------------------------------------
    def _capture_tables(self) -> None:
        capture = self.rules.captures
        nxt = LINES.next

        def per_side(steps: tuple[Step, ...]) -> list:
            return [None] + [
                tuple(direction(s) for s in _side_steps(steps, side)) for side in (1, -1)
            ]

        man_first = per_side(capture.man_first)
        man_later = per_side(capture.man_later)
        king_directions = tuple(direction(s) for s in DIAGONAL)
        self.man_jumps = [None] + [
            tuple(
                tuple(
                    (nxt[d][sq], nxt[d][nxt[d][sq]])
                    for d in man_first[side]
                    if nxt[d][sq] >= 0 and nxt[d][nxt[d][sq]] >= 0
                )
                for sq in range(64)
            )
            for side in (1, -1)
        ]
        self.king_jumps = tuple(
            tuple(
                (nxt[d][sq], nxt[d][nxt[d][sq]])
                for d in king_directions
                if nxt[d][sq] >= 0 and nxt[d][nxt[d][sq]] >= 0
            )
            for sq in range(64)
        )
        self.king_lines = tuple(
            tuple(_pairs(LINES.rays[d][sq]) for d in king_directions if LINES.rays[d][sq])
            for sq in range(64)
        )
        self.flying = capture.flying
        self.spec = CaptureSpec(
            lines=LINES,
            man_first=man_first,
            man_later=man_later,
            king_directions=king_directions,
            parachutist=[None, (), ()],
            flying=capture.flying,
            lands_next=capture.lands_next,
            at_once=False,
            no_turning_back=False,
            mid_capture=capture.mid_capture,
            promotes=self.promotes,
            free_stop=capture.free_stop,
            straight_only=capture.free_stop,
            straight_from_first_landing=capture.straight_from_first,
        )


def _pairs(ray: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    # Each square of ``ray`` with the square beyond it (-1 past the edge).
    return tuple((s, ray[i + 1] if i + 1 < len(ray) else -1) for i, s in enumerate(ray))
