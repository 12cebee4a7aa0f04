"""The static evaluation of a position of any game but Chesskers, by the game's family.

This module owns what the generic search (``engine.bot.generic``) thinks a position is worth
when it stops searching, in centipawns for the side to move. It reads the board only through a
position's public ``board`` (signed piece codes, + White) and the game's piece kinds, and knows
the families by what their rules make matter:

- material from the game's own piece values (``PIECE_VALUES``, by the piece's symbol: a flying
  draughts king is worth more than a short one, a chess queen more than a dama);
- advancement for men (draughts men, pawns, checkers, draughtsmen): a man nearer its crowning
  row is worth more, as crowning is the family's main way to gain material (in a game without
  kings, Alquerque and Hawaiian, coming forward gains nothing); in Corner Checkers,
  which crowns on two squares only, only while one of them is within the man's reach: a man that
  cannot reach them is worth more the further back it stays (moves in reserve, in a game where
  the side left without a move loses), and one stuck on its last row almost nothing;
- mobility: the side to move's number of legal moves (the search has them already);
- king safety where there is check (Byelorussian Cheskers, Game Mix, Mix Chess): a king with its
  own pieces beside it is harder to attack, one in check is in danger;
- in Gothic, whose kings step one square in any direction and can only be caught by a jump,
  a side far ahead in material against at most three pieces hunts them: its pieces close in on
  them and drive them to the edge (``_mop_up``). Without it the search, which sees a few plies
  only, shuffles its extra kings until the no-progress rule draws the game. Game Mix hunts a
  lone king the same way: its side has twenty plies before the no-progress draw, and the
  hunter must mate, stalemate or join every piece in that time;
- in Anti Checkers, where the side left without a move wins, all of this is turned around:
  material and mobility count against their owner;
- in Hawaiian (Konane), where every move is a capture and the side left without a move loses,
  mobility is the game: it counts both sides' moves (``opponent_mobility``), material and
  advancement count nothing (every move takes; nothing is crowned), and the search does not
  extend captures at its horizon (they never settle down);
- in Game Mix, the connection goal (docs/rules/hybrids.md §3.5): the side with more pieces wins
  when every piece touches, so it draws its pieces together and the other side keeps apart;
  with as many pieces each a connection is a draw, so the side ahead on the rest of the
  evaluation keeps apart and the side behind draws together.

Tactics (captures, chains, checks) are left to the search's quiescence.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from engine.draughts.position import DraughtsPosition
from engine.variant import Variant

MEN = frozenset(("m", "p", "c"))  # the pieces that advance to be crowned or promoted
KINGS_WITH_CHECK = "k"

# Piece values by family and symbol. A draughts king is a man's three, a flying one (Czech,
# International, Russian, …) more; a parachutist moves as a man from the far side.
DRAUGHTS_VALUES = {"m": 100, "k": 300, "p": 130}
DRAUGHTS_FLYING_KING = 450
PIECE_VALUES = {
    # Cheskers: its kings are draughts kings and losing both loses, so each is worth much.
    "cheskers": {"p": 100, "k": 450, "b": 330, "c": 300},
    "byelorussian-cheskers": {
        "k": 0,
        "q": 900,
        "r": 500,
        "b": 330,
        "n": 320,
        "p": 100,
        "m": 110,
        "d": 450,
    },
    "game-mix": {"k": 0, "d": 450, "s": 250, "n": 300, "l": 350, "c": 110, "p": 100},
    "mix-chess": {"k": 0, "d": 450, "s": 250, "n": 300, "l": 350, "c": 110, "p": 100},
}
ADVANCE_STEP = 6  # centipawns per row a man has come forward
STUCK = 80  # a man on its last row that is never crowned there (Corner Checkers) can never move
MOBILITY = {"draughts": 1, "hybrid": 3}
# In Hawaiian a move more than the opponent is worth half a man elsewhere: the weak levels'
# noise (engine.bot.levels, in centipawns) then blurs its scores no more than another game's.
KONANE_MOBILITY = 50
ALWAYS_CAPTURING = frozenset(("hawaiian",))  # games whose every move (after the opening) takes
KING_SHELTER = 8  # per own piece beside a king that can be checked
IN_CHECK = 30
CONNECTION = 6  # per pair of touching pieces, for the side with more pieces in Game Mix
CONNECTION_MARGIN = 50  # with as many pieces each, how far ahead a side keeps its pieces apart
TEMPO = 5
# Games whose last pieces must be hunted down (see ``Evaluator._mop_up``), each with the most
# pieces a side may have left to be hunted: Game Mix hunts only a lone king, whose side is
# held to the twenty-ply no-progress rule (docs/rules/hybrids.md §3.5).
HUNTERS = {"gothic": 3, "game-mix": 1}
MOP_UP_LEAD = 150  # material ahead from which a side hunts the other's last pieces
MOP_UP_EDGE = 8  # per square a hunted piece is from the centre
MOP_UP_NEAR = 4  # per square between a hunter and the nearest hunted piece


@dataclass(frozen=True)
class Evaluator:
    """One game's evaluation tables: the value of each signed code, each code's advancement
    bonus per square, the king code to shelter (0: no check) and the squares beside each
    square; ``settles`` is False for a game whose captures never settle (no quiescence)."""

    family: str
    values: dict[int, int]
    advance: dict[int, tuple[int, ...]]
    king_code: int
    neighbours: tuple[tuple[int, ...], ...]
    connection: bool
    mobility: int
    settles: bool = True
    both_mobilities: bool = False
    files: int = 8
    mop_up: int = 0  # hunt a side left with at most this many pieces (0: never)

    def value(self, code: int) -> int:
        """Returns the value of the piece of signed ``code`` (0 for an empty square)."""
        return self.values.get(abs(code), 0)

    def evaluate(self, board: Sequence[int], side: int, mobility: int, in_check: bool) -> int:
        """Returns the score of ``board`` for ``side`` (+1 White, -1 Black) to move, which has
        ``mobility`` legal moves and is (or not) ``in_check``."""
        counts = [0, 0, 0]
        material = [0, 0, 0]
        values = self.values
        advance = self.advance
        score = 0
        for sq, code in enumerate(board):
            if not code:
                continue
            sign = 1 if code > 0 else -1
            counts[sign] += 1
            material[sign] += values.get(code * sign, 0)
            bonus = advance.get(code)
            if bonus is not None:
                score += sign * bonus[sq]
        lead = material[1] - material[-1]
        score += lead
        if self.mop_up:
            if lead >= MOP_UP_LEAD and counts[-1] <= self.mop_up:
                score += self._mop_up(board, 1)
            elif -lead >= MOP_UP_LEAD and counts[1] <= self.mop_up:
                score -= self._mop_up(board, -1)
        score *= side
        score += self.mobility * mobility + TEMPO
        if self.king_code:
            score += self._shelter(board, side)
            if in_check:
                score -= IN_CHECK
        if self.connection:
            score += self._connection(board, counts[side] - counts[-side], score)
        return score

    def _mop_up(self, board: Sequence[int], winner: int) -> int:
        # Far ahead against a few pieces, the winner's pieces close in on them and drive them
        # to the edge, where they have fewest moves and are caught.
        files = self.files
        ranks = len(board) // files
        mine, theirs = [], []
        for sq, code in enumerate(board):
            if code:
                (mine if code * winner > 0 else theirs).append((sq % files, sq // files))
        score = 0
        for f, r in theirs:
            score += MOP_UP_EDGE * max(abs(2 * f - files + 1), abs(2 * r - ranks + 1)) // 2
        if theirs:
            for f, r in mine:
                near = min(max(abs(f - tf), abs(r - tr)) for tf, tr in theirs)
                score -= MOP_UP_NEAR * near
        return score

    def _shelter(self, board: Sequence[int], side: int) -> int:
        # Own pieces beside each side's king, for the side to move.
        score = 0
        neighbours = self.neighbours
        for sq, code in enumerate(board):
            if code == self.king_code or code == -self.king_code:
                sign = 1 if code > 0 else -1
                near = sum(1 for n in neighbours[sq] if board[n] * sign > 0)
                score += sign * KING_SHELTER * near
        return score * side

    def _connection(self, board: Sequence[int], lead: int, score: int) -> int:
        # Touching pairs help the side a connection would serve (§3.5): the side with more
        # pieces, which wins by it; with as many pieces as the other, where it only draws, the
        # side behind on the rest of the evaluation, and they hurt the side ahead.
        if lead:
            helps = 1 if lead > 0 else -1
        elif abs(score) >= CONNECTION_MARGIN:
            helps = -1 if score > 0 else 1
        else:
            return 0
        neighbours = self.neighbours
        pairs = sum(1 for sq, code in enumerate(board) if code for n in neighbours[sq] if board[n])
        return (CONNECTION * pairs // 2) * helps


def evaluator_for(variant: Variant) -> Evaluator:
    """Returns the evaluation tables of ``variant`` (a game of the draughts or hybrid family)."""
    board = variant.board
    files, ranks = board.files, board.ranks
    symbols = _symbols_by_code(variant)
    if variant.family == "draughts":
        rules = variant.rules  # type: ignore[attr-defined]
        values = {code: DRAUGHTS_VALUES[s] for code, s in symbols.items()}
        if variant.id in ALWAYS_CAPTURING:
            values = {code: 0 for code in values}
        if rules.flying and "k" in symbols.values():
            values[_code_of(symbols, "k")] = DRAUGHTS_FLYING_KING
        black_up = rules.both_men_up
        king_code = 0
        giveaway = rules.no_move_wins
        if giveaway:
            values = {code: -value for code, value in values.items()}
        crowning = rules.promotion_squares
        # A man of a game without kings (Alquerque, Hawaiian) gains nothing by coming forward.
        advances = rules.kings and not giveaway
    else:
        table = PIECE_VALUES[variant.id]
        values = {code: table[s] for code, s in symbols.items()}
        black_up = giveaway = False
        has_check = getattr(variant, "has_check", False)
        king_code = _code_of(symbols, KINGS_WITH_CHECK) if has_check else 0
        crowning, advances = None, True
    if crowning is not None and not black_up:
        white, black = (_towards(variant, crowning[i], 1 - 2 * i) for i in (0, 1))
    else:
        white = tuple(ADVANCE_STEP * board.rank_of(sq) for sq in range(files * ranks))
        black = white if black_up else tuple(ADVANCE_STEP * (ranks - 1) - v for v in white)
    advance: dict[int, tuple[int, ...]] = {}
    if advances:
        for code, symbol in symbols.items():
            if symbol in MEN:
                advance[code], advance[-code] = white, black
    return Evaluator(
        family=variant.family,
        values=values,
        advance=advance,
        king_code=king_code,
        neighbours=_neighbours(files, ranks),
        connection=variant.id == "game-mix",
        mobility=_mobility(variant, giveaway),
        settles=variant.id not in ALWAYS_CAPTURING,
        both_mobilities=variant.id in ALWAYS_CAPTURING,
        files=files,
        mop_up=HUNTERS.get(variant.id, 0),
    )


def _towards(variant: Variant, names: Sequence[str], up: int) -> tuple[int, ...]:
    # Advancement in a game that crowns on a few squares only (Corner Checkers): a man gains
    # for each row it comes forward while one of its crowning squares stays within reach (a
    # man goes one file aside for each row forward). Once none is, the man can only walk to
    # its last row and stick there, and the side left without a move loses: each row still
    # ahead of it is a move in reserve, worth what a row forward is to a man that can crown.
    # On its last row away from those squares it is stuck for good: worth almost nothing.
    board = variant.board
    last = board.ranks - 1 if up > 0 else 0
    targets = [(board.file_of(t), board.rank_of(t)) for t in map(board.parse_square, names)]
    out = []
    for sq in range(board.files * board.ranks):
        file, rank = board.file_of(sq), board.rank_of(sq)
        rows = [(r - rank) * up for f, r in targets if abs(f - file) <= (r - rank) * up]
        if rank == last and (file, rank) not in targets:
            out.append(-STUCK)
        else:
            ahead = (last - rank) * up
            out.append(ADVANCE_STEP * (board.ranks - 1 - min(rows) if rows else ahead))
    return tuple(out)


def opponent_mobility(position: DraughtsPosition) -> int:
    """Returns how many legal moves the side not to move would have if it were its turn (for
    the games where mobility is the game: the side left without a move loses)."""
    board, side = position.copy_state()
    return len(
        DraughtsPosition(
            position.tables, board, -side, position.halfmove, position.fullmove
        ).legal_moves()
    )


def _mobility(variant: Variant, giveaway: bool) -> int:
    if variant.id in ALWAYS_CAPTURING:
        return KONANE_MOBILITY
    weight = MOBILITY[variant.family]
    return -weight if giveaway else weight


def _symbols_by_code(variant: Variant) -> dict[int, str]:
    # The positive code of each piece kind: draughts codes are ``Power`` values (the enum's
    # order), hybrid codes the game's own enum values.
    if variant.family == "draughts":
        order = {"m": 1, "k": 2, "p": 3}
        return {order[kind.symbol]: kind.symbol for kind in variant.pieces}
    return {kind.piece.value: kind.symbol for kind in variant.pieces}


def _code_of(symbols: dict[int, str], symbol: str) -> int:
    return next(code for code, s in symbols.items() if s == symbol)


def _neighbours(files: int, ranks: int) -> tuple[tuple[int, ...], ...]:
    # The up to eight squares around each square, a1 = 0, rank by rank.
    out = []
    for sq in range(files * ranks):
        f, r = sq % files, sq // files
        out.append(
            tuple(
                (r + dr) * files + f + df
                for dr in (-1, 0, 1)
                for df in (-1, 0, 1)
                if (dr or df) and 0 <= f + df < files and 0 <= r + dr < ranks
            )
        )
    return tuple(out)
