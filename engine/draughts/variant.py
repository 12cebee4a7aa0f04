"""A game of the draughts family as a variant: one ``Rules`` declaration behind the interface.

This module owns the game's end (§1.9: no move left, threefold repetition, no progress; Anti
Checkers' inverted win) and answers ``engine.variant.Variant`` with the family's position,
notation and perft. § numbers refer to docs/rules/draughts.md.
"""

from enum import Enum
from functools import cached_property

from engine.draughts import movegen, notation
from engine.draughts.fen import key_of_canonical, read_fen
from engine.draughts.position import DraughtsPosition
from engine.draughts.rules import DraughtsPiece, Notation, Rules
from engine.draughts.tables import Tables
from engine.errors import IllegalMoveError
from engine.i18n import N_
from engine.moves import Move
from engine.pieces import Color
from engine.variant import Outcome, PieceKind, Variant


class DraughtsStatus(Enum):
    """The status of a draughts game; ``value`` is the command line's word (§1.12)."""

    ONGOING = "ongoing"
    WIN_WHITE = "win-white"
    WIN_BLACK = "win-black"
    DRAW_THREEFOLD = "draw-threefold"
    DRAW_NO_PROGRESS = "draw-no-progress"


_WIN = {Color.WHITE: DraughtsStatus.WIN_WHITE, Color.BLACK: DraughtsStatus.WIN_BLACK}


class DraughtsVariant(Variant):
    """A game of the draughts family, declared by ``rules``; positions are
    ``DraughtsPosition``."""

    promotions = {"p": "m", "m": "k"}  # a parachutist becomes a man, a man a king
    fen_style = "pdn"

    def __init__(self, rules: Rules) -> None:
        kinds = [PieceKind(DraughtsPiece.MAN, "", N_("man"), "man")]
        if rules.kings:
            kinds.append(PieceKind(DraughtsPiece.KING, "K", N_("king"), "draughts-king"))
        if rules.parachutists:
            kinds.append(
                PieceKind(DraughtsPiece.PARACHUTIST, "P", N_("parachutist"), "parachutist")
            )
        super().__init__(rules.id, rules.name, "draughts", rules.board, rules.start_fen, kinds)
        self.rules = rules
        self.pdn_game_type = rules.pdn_game_type

    @cached_property
    def tables(self) -> Tables:
        """Returns the game's look-up tables, built on first use (so importing every game
        costs nothing until one is played)."""
        tables = Tables(self.rules)
        board, first, _, _ = read_fen(self.rules.start_fen, tables)
        tables.first = first
        tables.start_count = [
            None,
            sum(1 for code in board if code > 0),
            sum(1 for code in board if code < 0),
        ]
        return tables

    def position(self, fen: str) -> DraughtsPosition:
        """Returns the position of ``fen`` ("start" for the start position); raises
        ``InvalidFenError`` (§1.11)."""
        return DraughtsPosition.from_fen(fen, self.tables)

    @cached_property
    def _square_of_text(self) -> dict[str, int]:
        tables = self.tables
        return {tables.text[sq]: sq for sq in tables.squares}

    def key_of_fen(self, fen: str) -> tuple:
        """Returns the repetition key of a FEN the engine wrote, read off its canonical text
        without the checks a position's FEN gets (``key_of_canonical``)."""
        return key_of_canonical(fen, self.tables, self._square_of_text)

    # --- the end -----------------------------------------------------------------------------
    def status(self, position: DraughtsPosition, repetitions: int) -> DraughtsStatus:
        """Returns the status of §1.9, in its order: no legal move first (the side to move
        loses; in Anti Checkers it wins), then threefold repetition, then no progress."""
        if not position.has_legal_move():
            mover = position.turn
            return _WIN[mover if self.rules.no_move_wins else mover.opponent]
        if repetitions >= 3:
            return DraughtsStatus.DRAW_THREEFOLD
        if position.halfmove >= self.rules.no_progress_limit:
            return DraughtsStatus.DRAW_NO_PROGRESS
        return DraughtsStatus.ONGOING

    def outcome(self, position: DraughtsPosition, repetitions: int) -> Outcome:
        """Returns the outcome: the status word, the winner, and the reason (``no-pieces`` or
        ``no-moves`` for the side to move, ``threefold``, ``no-progress``)."""
        status = self.status(position, repetitions)
        if status is DraughtsStatus.ONGOING:
            return Outcome(status.value)
        if status is DraughtsStatus.DRAW_THREEFOLD:
            return Outcome(status.value, None, "threefold")
        if status is DraughtsStatus.DRAW_NO_PROGRESS:
            return Outcome(status.value, None, "no-progress")
        winner = Color.WHITE if status is DraughtsStatus.WIN_WHITE else Color.BLACK
        reason = "no-pieces" if position.count(position.turn) == 0 else "no-moves"
        return Outcome(status.value, winner, reason)

    # --- notation ------------------------------------------------------------------------------
    def square_labels(self) -> dict[str, str] | None:
        """Returns each used square's number (§1.10) for the games written with numbers."""
        if self.rules.notation is not Notation.NUMBERS:
            return None
        tables = self.tables
        return {self.board.names[sq]: tables.text[sq] for sq in tables.squares}

    def describe_moves(self, position: DraughtsPosition) -> list[tuple[Move, str]]:
        """Returns every legal move with its canonical text (§1.10)."""
        texts = self.tables.text
        return [(move, notation.move_text(move, texts)) for move in position.legal_moves()]

    def move_text(self, position: DraughtsPosition, move: Move) -> str:
        """Returns the canonical text of a legal ``move`` (§1.10)."""
        if not position.is_legal(move):
            raise IllegalMoveError(
                N_("illegal move %(move)s: not legal in this position"), move=move.machine()
            )
        return notation.move_text(move, self.tables.text)

    def parse_move(self, position: DraughtsPosition, text: str) -> Move:
        """Returns the legal move written ``text``: the notation of §1.10 or the machine form."""
        return notation.parse_move(position, text)

    def parse_notation(self, position: DraughtsPosition, text: str) -> Move:
        """Returns the legal move written ``text`` in the notation of §1.10 only."""
        return notation.parse_notation(position, text)

    # --- counting ------------------------------------------------------------------------------
    def perft(self, position: DraughtsPosition, depth: int) -> int:
        """Returns the perft count (§1.12: one move per resulting position; perft 0 is 1)."""
        board, side = position.copy_state()
        return movegen.perft(board, side, self.tables, depth)

    def divide(self, position: DraughtsPosition, depth: int) -> list[tuple[Move, int]]:
        """Returns each legal move with the perft count of ``depth - 1`` below it."""
        board, side = position.copy_state()
        out = []
        for move in position.legal_moves():
            undo = movegen.make(board, move, side, self.tables)
            out.append((move, movegen.perft(board, -side, self.tables, depth - 1)))
            movegen.unmake(board, undo)
        return out
