"""A chess-draughts hybrid as a variant: its declaration and generator behind the interface.

``HybridVariant`` answers ``engine.variant.Variant`` for the four hybrids alike — positions from
FEN with the refusals every hybrid shares, notation, the outcome of each status, perft — and
leaves to each game (``engine.hybrids.cheskers``, ``byelorussian``, ``mix``) its generator, its
status in the order of its "End" section, what resets its clock and its own FEN refusals.

§ numbers refer to docs/rules/hybrids.md.
"""

from enum import Enum
from functools import cached_property

from engine.errors import InvalidFenError
from engine.hybrids import notation
from engine.hybrids.fen import parse_fen
from engine.hybrids.movegen import Generator, State
from engine.hybrids.position import HybridPosition
from engine.hybrids.rules import HybridRules
from engine.hybrids.tables import PAWN, Tables
from engine.i18n import N_
from engine.moves import Move
from engine.pieces import Color
from engine.squares import SQUARE_NAMES
from engine.variant import Outcome, PieceKind, Variant

# Castling (§2.2, §2.8): each right's bit, the king's and the rook's home squares.
CASTLING_HOMES = ((1, 4, 7), (2, 4, 0), (4, 60, 63), (8, 60, 56))


class HybridStatus(Enum):
    """The status of a hybrid game; ``value`` is the command line's word (§0.5). Each game uses
    the words of its "End" section."""

    ONGOING = "ongoing"
    KINGS_CAPTURED = "kings-captured"
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    CONNECTION = "connection"
    CONNECTION_DRAW = "connection-draw"
    THREEFOLD = "threefold"
    FIFTY_MOVES = "fifty-moves"
    NO_PROGRESS = "no-progress"
    INSUFFICIENT_MATERIAL = "insufficient-material"


# Who wins each ending ("mover": the player who made the last move; None: a draw) and the
# reason the site shows. Stalemate's winner is each game's (``stalemate_loses``).
_ENDINGS = {
    HybridStatus.KINGS_CAPTURED: ("mover", "kings-captured"),
    HybridStatus.CHECKMATE: ("mover", "checkmate"),
    HybridStatus.CONNECTION: ("mover", "connection"),
    HybridStatus.CONNECTION_DRAW: (None, "connection"),
    HybridStatus.THREEFOLD: (None, "threefold"),
    HybridStatus.FIFTY_MOVES: (None, "fifty-moves"),
    HybridStatus.NO_PROGRESS: (None, "no-progress"),
    HybridStatus.INSUFFICIENT_MATERIAL: (None, "insufficient-material"),
}


class HybridVariant(Variant):
    """A hybrid game declared by ``rules``; positions are ``HybridPosition``. Subclasses give
    ``make_generator``, ``status`` and, where the game needs them, ``refuse`` (FEN refusals of
    their own) and ``stalemate_loses``."""

    stalemate_loses = False
    """Whether the side left without a move loses (else stalemate is a draw)."""
    has_check = True
    """Whether the game has check (Cheskers has none)."""
    castling_rook = 0
    """The code of the piece a king castles with, in a game with castling."""
    # Who may win on time (docs/api.md): a lone king, or a king and one bishop or one knight,
    # cannot mate (as Byelorussian Cheskers' §2.7 says of its insufficient material).
    insufficient_material = ((), ("b",), ("n",))

    def __init__(self, rules: HybridRules) -> None:
        kinds = [
            PieceKind(rule.piece, rule.piece.symbol.upper(), rule.name, rule.look or rule.name)
            for rule in rules.pieces
        ]
        super().__init__(rules.id, rules.name, "hybrid", rules.board, rules.start_fen, kinds)
        self.rules = rules
        self.letters = {rule.piece.symbol.upper(): rule.piece for rule in rules.pieces}

    @cached_property
    def tables(self) -> Tables:
        """Returns the game's look-up tables, built on first use."""
        tables = Tables(self.rules)
        tables.first = 1 if self.rules.start_fen.split()[1] == "w" else -1
        return tables

    @cached_property
    def generator(self) -> Generator:
        """Returns the game's move generator, built on first use."""
        return self.make_generator(self.tables)

    def make_generator(self, tables: Tables) -> Generator:
        """Returns the game's generator over ``tables``."""
        raise NotImplementedError

    # --- positions -------------------------------------------------------------------------------
    def key_of_fen(self, fen: str) -> str:
        """Returns the repetition key of a FEN the engine wrote: its text without the two
        counters (``HybridPosition.fen`` writes the key, then the counters)."""
        return fen.rsplit(" ", 2)[0]

    def position(self, fen: str) -> HybridPosition:
        """Returns the position of ``fen`` ("start" for the start position); raises
        ``InvalidFenError`` (§0.3 and the game's FEN section)."""
        if isinstance(fen, str) and fen.strip() == "start":
            fen = self.start_fen
        tables = self.tables
        board, side, castling, ep, halfmove, fullmove = parse_fen(fen, tables)
        kings = [None, -1, -1]
        royal = tables.royal
        for sign, refusal in (
            (1, N_("invalid FEN %(fen)s: White must have exactly one king, has %(count)s")),
            (-1, N_("invalid FEN %(fen)s: Black must have exactly one king, has %(count)s")),
        ):
            if royal:
                squares = [sq for sq in range(64) if board[sq] == royal * sign]
                if len(squares) != 1:
                    raise InvalidFenError(refusal, fen=repr(fen), count=len(squares))
                kings[sign] = squares[0]
        for sq in range(64):
            code = abs(board[sq])
            if not code:
                continue
            if tables.kind[code] == PAWN and sq >> 3 in (0, 7):
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: a pawn stands on rank 1 or 8"), fen=repr(fen)
                )
            promotes = tables.auto_crown[code] or tables.choices[code]
            if promotes and tables.promotes[1 if board[sq] > 0 else -1][sq]:
                raise InvalidFenError(
                    N_(
                        "invalid FEN %(fen)s: a %(piece)s on %(square)s, "
                        "where it would have promoted"
                    ),
                    terms=("piece",),
                    fen=repr(fen),
                    piece=self.name_of(code),
                    square=SQUARE_NAMES[sq],
                )
        for bit, king_sq, rook_sq in CASTLING_HOMES:
            sign = 1 if bit < 4 else -1
            if castling & bit and (
                board[king_sq] != royal * sign or board[rook_sq] != self.castling_rook * sign
            ):
                castling &= ~bit
        state = State(board, side, castling, -1, kings)
        self.refuse(fen, state)
        if self.has_check and self.generator.in_check(_flipped(state)):
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: the side not to move is in check"), fen=repr(fen)
            )
        if ep >= 0 and self._describes_double_step(board, side, ep):
            state.ep = ep
        position = HybridPosition(self, state, halfmove, fullmove)
        if state.ep >= 0:
            position.drop_illegal_ep()
        return position

    def name_of(self, code: int) -> str:
        """Returns the English name of the piece of ``code``."""
        piece = self.tables.piece[abs(code)]
        return next(rule.name for rule in self.rules.pieces if rule.piece is piece)

    def refuse(self, fen: str, state: State) -> None:
        """Raises ``InvalidFenError`` for a position the game refuses beyond the common
        refusals (its FEN section)."""

    def _describes_double_step(self, board: list[int], side: int, ep: int) -> bool:
        # §0.3: the enemy pawn in front of the square, the square and the origin behind it
        # empty, and the origin one that pawn may double-step from.
        tables = self.tables
        pawn = tables.pawn * -side
        ahead, behind = ep - 8 * side, ep + 8 * side
        if not (0 <= ahead < 64 and 0 <= behind < 64):
            return False
        return (
            board[ahead] == pawn
            and not board[ep]
            and not board[behind]
            and behind in tables.double_origins[-side]
        )

    # --- playing ---------------------------------------------------------------------------------
    def resets_clock(self, board: list[int], move: Move, side: int) -> bool:
        """Returns whether ``move`` (about to be played on ``board``) restarts the move-count
        clock: a capture, a move of one of the game's ``clock_pieces``, or a promotion where
        the game counts it."""
        if move.captured:
            return True
        piece = move.piece
        if piece in self.rules.clock_pieces:
            return True
        if self.rules.clock_promotions:
            if move.promotion is not None:
                return True
            code = piece.value
            if self.tables.auto_crown[code] and self.tables.promotes[side][move.target]:
                return True
        return False

    # --- the end of the game ---------------------------------------------------------------------
    def status(self, position: HybridPosition, repetitions: int) -> HybridStatus:
        """Returns the status of ``position``, decided in the order of the game's "End"
        section."""
        raise NotImplementedError

    def outcome(self, position: HybridPosition, repetitions: int) -> Outcome:
        """Returns the outcome: the status word, the winner (the mover, for the decisive
        endings; nobody for the draws) and the reason the site shows."""
        status = self.status(position, repetitions)
        if status is HybridStatus.ONGOING:
            return Outcome(status.value)
        mover = Color.BLACK if position.turn is Color.WHITE else Color.WHITE
        if status is HybridStatus.STALEMATE:
            return Outcome(status.value, mover if self.stalemate_loses else None, "stalemate")
        winner, reason = _ENDINGS[status]
        return Outcome(status.value, mover if winner else None, reason)

    def checked_king(self, position: HybridPosition) -> int | None:
        """Returns the square of the side to move's king in check (its first by square, in a
        game with several), or None: no check, or a game without check (Cheskers)."""
        if not position.is_check():
            return None
        for square, (color, piece) in sorted(position.pieces().items()):
            if color == position.turn and piece.symbol == "k":
                return square
        return None

    # --- notation --------------------------------------------------------------------------------
    def mark(self, position: HybridPosition, move: Move) -> int:
        """Returns the check mark ``move`` earns (§0.4): 0 none, 1 ``+`` (it leaves the
        opponent in check), 2 ``#`` (and the opponent has no legal move)."""
        if not self.has_check:
            return 0
        generator = self.generator
        state = position.copy_state()
        token = generator.push(state, move)
        if not generator.in_check(state):
            return 0
        mated = not self.unended_moves(state)
        generator.pop(state, token)
        return 2 if mated else 1

    def unended_moves(self, state: State) -> list[Move]:
        """Returns the legal moves of ``state`` by the rules of moving alone, whatever the
        game's own end rule says (what checkmate and stalemate look at)."""
        return self.generator.legal(state)

    def describe_moves(self, position: HybridPosition) -> list[tuple[Move, str]]:
        """Returns every legal move with its canonical text (§0.4)."""
        return notation.describe_moves(position)

    def move_text(self, position: HybridPosition, move: Move) -> str:
        """Returns the canonical text of a legal ``move`` (§0.4)."""
        return notation.move_text(position, move)

    def parse_move(self, position: HybridPosition, text: str) -> Move:
        """Returns the legal move written ``text``: canonical (with or without ``+``/``#``) or
        machine form (§0.4); the rules document accepts both, so ``play`` takes them too."""
        return notation.parse_move(position, text)

    # --- counting --------------------------------------------------------------------------------
    def perft(self, position: HybridPosition, depth: int) -> int:
        """Returns the perft count (§0.2: every chain and promotion choice; nothing below a
        position the game's own end rule has decided)."""
        return self.generator.perft(position.copy_state(), depth)

    def divide(self, position: HybridPosition, depth: int) -> list[tuple[Move, int]]:
        """Returns each legal move with the perft count of ``depth - 1`` below it."""
        generator = self.generator
        state = position.copy_state()
        out = []
        for move in position.legal_moves():
            token = generator.push(state, move)
            out.append((move, generator.perft(state, depth - 1)))
            generator.pop(state, token)
        return out


def _flipped(state: State) -> State:
    # The same position with the other side to move, to ask whether that side is in check.
    return State(state.board.copy(), -state.side, 0, -1, state.kings.copy())
