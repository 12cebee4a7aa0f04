"""The position of a game of the draughts family: board, side to move and the two counters.

This module owns the ``DraughtsPosition`` value: reading it from FEN (with the refusals of
§1.11), its legal moves (cached), playing a move into a new position with the no-progress count
and the move number (§1.9, §1.11), and its repetition key. It keeps no game history (repetition
lives in ``engine.game``). The rules come from the game's ``Tables``.

§ numbers refer to docs/rules/draughts.md.
"""

from engine.draughts import movegen
from engine.draughts.fen import fen_text, parse_fen
from engine.draughts.rules import PIECE_OF_POWER, DraughtsPiece, Notation, Power
from engine.draughts.tables import Tables
from engine.errors import IllegalMoveError, InvalidMoveTextError
from engine.i18n import N_
from engine.moves import Move
from engine.pieces import Color

MAN = Power.MAN.value


class DraughtsPosition:
    """A position of one draughts game. Treat it as immutable: ``play`` returns a new one.

    ``halfmove`` is the no-progress count in plies (the FEN's ``H``), ``fullmove`` the move
    number (``F``). Move generation works on a private copy of the board, so one position may
    be read from several threads at once.
    """

    __slots__ = ("_board", "_moves", "_paths", "_side", "fullmove", "halfmove", "tables")

    def __init__(
        self, tables: Tables, board: list[int], side: int, halfmove: int, fullmove: int
    ) -> None:
        self.tables = tables
        self._board = board
        self._side = side
        self.halfmove = halfmove
        self.fullmove = fullmove
        self._moves: list[Move] | None = None
        self._paths: dict[tuple[int, ...], Move] | None = None

    @classmethod
    def from_fen(cls, fen: str, tables: Tables) -> "DraughtsPosition":
        """Returns the position of ``fen`` ("start" for the start position); raises
        ``InvalidFenError`` for a malformed or refused FEN (§1.11)."""
        board, side, halfmove, fullmove = parse_fen(fen, tables)
        return cls(tables, board, side, halfmove, fullmove)

    # --- facts ----------------------------------------------------------------------------
    @property
    def turn(self) -> Color:
        """Returns the side to move."""
        return Color.WHITE if self._side == 1 else Color.BLACK

    @property
    def side(self) -> int:
        """Returns the side to move as +1 (White) or -1 (Black)."""
        return self._side

    @property
    def board(self) -> tuple[int, ...]:
        """Returns the board's signed codes (``Power``, + White), one per square, a1 first."""
        return tuple(self._board)

    def piece_at(self, sq: int) -> tuple[Color, DraughtsPiece] | None:
        """Returns (colour, piece) of the piece on ``sq``, or None if it is empty."""
        code = self._board[sq]
        if not code:
            return None
        return (Color.WHITE if code > 0 else Color.BLACK, PIECE_OF_POWER[abs(code)])

    def pieces(self) -> dict[int, tuple[Color, DraughtsPiece]]:
        """Returns every occupied square with its (colour, piece)."""
        return {sq: self.piece_at(sq) for sq in self.tables.squares if self._board[sq]}  # type: ignore[misc]

    def count(self, color: Color) -> int:
        """Returns how many pieces ``color`` has."""
        sign = color.value
        return sum(1 for sq in self.tables.squares if self._board[sq] * sign > 0)

    def legal_moves(self) -> list[Move]:
        """Returns every legal move: the captures the rules keep if there are any, else the
        quiet moves; each capture once (§1.6-1.7)."""
        if self._moves is None:
            self._moves = movegen.legal_moves(self._board.copy(), self._side, self.tables)
        return list(self._moves)

    def has_legal_move(self) -> bool:
        """Returns whether the side to move has a legal move."""
        return bool(self.legal_moves())

    def is_legal(self, move: Move) -> bool:
        """Returns whether ``move`` is one of the legal moves."""
        if self._moves is None:
            self.legal_moves()
        return move in self._moves  # type: ignore[operator]

    def capture_paths(self) -> dict[tuple[int, ...], Move]:
        """Returns every path of every legal capture, mapped to its move: a capture taking the
        same pieces to the same square by another path is the same move (§1.7)."""
        if self._paths is None:
            board = self._board.copy()
            seqs = movegen.sequences(board, self._side, self.tables)
            chosen = movegen.choose(board, seqs, self.tables.rules.priority)
            self._paths = movegen.capture_moves(board, self._side, self.tables, chosen)[1]
        return self._paths

    # --- playing ------------------------------------------------------------------------------
    def play(self, move: Move) -> "DraughtsPosition":
        """Returns the position after ``move``; raises ``IllegalMoveError`` if it is not legal."""
        if not self.is_legal(move):
            raise IllegalMoveError(
                N_("illegal move %(move)s: not legal in this position"), move=move.machine()
            )
        return self.play_unchecked(move)

    def play_unchecked(self, move: Move) -> "DraughtsPosition":
        """Returns the position after ``move``, trusting that it is legal here.

        §1.9: the no-progress count is 0 after a capture or a man's move that changes its rank,
        one more after any other move. §1.11: the move number goes up after each move of the
        side that moves second in this game.
        """
        board = self._board.copy()
        side = self._side
        tables = self.tables
        progress = bool(move.captured) or (
            board[move.path[0]] * side == MAN
            and tables.board.rank_of(move.path[0]) != tables.board.rank_of(move.path[-1])
        )
        movegen.make(board, move, side, tables)
        fullmove = self.fullmove + (1 if side == -tables.first else 0)
        return DraughtsPosition(
            tables, board, -side, 0 if progress else self.halfmove + 1, fullmove
        )

    # --- text ---------------------------------------------------------------------------------
    def fen(self) -> str:
        """Returns the canonical FEN (§1.11)."""
        return fen_text(self._board, self._side, self.halfmove, self.fullmove, self.tables)

    def key(self) -> tuple:
        """Returns the repetition key (§1.9): the placement of all pieces and kinds, the side."""
        return (self._side, *self._board)

    def square_of_text(self, text: str, whole: str = "") -> int:
        """Returns the square written ``text`` in the game's notation; raises
        ``InvalidMoveTextError`` (naming ``whole``, the move text) if it names none."""
        tables = self.tables
        if tables.rules.notation is Notation.NUMBERS:
            if text.isdigit() and text[0] != "0" and int(text) in tables.square_of:
                return tables.square_of[int(text)]
        else:
            try:
                sq = tables.board.parse_square(text)
            except ValueError:
                sq = -1
            if sq >= 0 and tables.board.is_used(sq):
                return sq
        raise InvalidMoveTextError(
            N_("invalid move text %(text)s: %(square)s is no square"),
            text=repr(whole or text),
            square=repr(text),
        )

    def copy_state(self) -> tuple[list[int], int]:
        """Returns a private copy of (board, side) for search and perft."""
        return self._board.copy(), self._side

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DraughtsPosition):
            return NotImplemented
        return (
            self.tables is other.tables
            and self._board == other._board
            and self._side == other._side
            and self.halfmove == other.halfmove
            and self.fullmove == other.fullmove
        )

    def __hash__(self) -> int:
        return hash((self._side, self.halfmove, *self._board))

    def __repr__(self) -> str:
        return f"<{self.tables.rules.id} {self.fen()}>"
