"""The variant interface: one object per game, owning everything that game's rules decide.

A variant knows its board (``engine.board.Board``), its pieces, its start position, FEN in and
out, legal moves, playing a move, the end of the game, its notation and perft. Everything above
it — ``engine.game.Game``, the command line, the site — asks the variant and treats every game
alike: a move is always an ``engine.moves.Move`` (kind, piece, path, captured, promotion), a
position always answers the questions of ``VariantPosition``, an ending is always an
``Outcome``. The registry of variants is ``engine.variants``; docs/engine.md describes the
interface, the flow of a move, and how to add a game.

This module owns the interface only; each game implements it (``engine.chesskers``,
``engine.draughts``, ``engine.hybrids``).
"""

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.board import Board
from engine.errors import Grouped, InvalidFenError, UnplayablePositionError
from engine.game import Game
from engine.i18n import N_
from engine.interface import Outcome, VariantPosition
from engine.moves import Move
from engine.pieces import Color

FAMILIES = ("chesskers", "draughts", "hybrid")

MOVE_BUDGET = 5000
"""The most legal moves a position the site plays from may have. Every prefix of a chain is a
move, so a lattice of jumpable pieces lists hundreds of thousands (bench/RESULTS.md, "Move
budget"); the positions of real games list a few hundred at most."""


LOOKS = (
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "man",
    "draughts-king",
    "parachutist",
    "camel",
    "liner",
    "silver",
)
"""The pictures a piece may be drawn with (``PieceKind.look``): the chess set (king … pawn), a
draughts man and a draughts king, and the pieces of their own look. The site maps each to a
file; pieces that are the same thing share a look, whatever each game calls them."""


@dataclass(frozen=True)
class PieceKind:
    """A kind of piece of a game, as the site shows it: the member of the game's piece
    vocabulary (``Move.piece``, ``piece_at``), its FEN letter (White's, upper case; the draughts
    family writes a man with no letter), its name in English, and its look (one of ``LOOKS``:
    which picture draws it — a draughts king looks like a draughts king whether its game calls
    it king, damka or dama)."""

    piece: Enum
    letter: str
    name: str
    look: str

    def __post_init__(self) -> None:
        if self.look not in LOOKS:
            raise ValueError(f"unknown look {self.look!r} for the {self.name}; known: {LOOKS}")

    @property
    def symbol(self) -> str:
        """Returns the piece's symbol (``piece.symbol``: lower case, unique within the game)."""
        return self.piece.symbol  # type: ignore[attr-defined]


class Variant(ABC):
    """A game: its identity, board, pieces and start, and every rule, behind one object.

    ``id`` is the name the site stores and the command line takes (``--variant``); ``family`` is
    one of ``FAMILIES``. Subclasses implement the abstract methods; a method taking a position
    takes one this variant made (``position``, ``Game.position``).
    """

    def __init__(
        self,
        id: str,
        name: str,
        family: str,
        board: Board,
        start_fen: str,
        pieces: Sequence[PieceKind],
    ) -> None:
        if family not in FAMILIES:
            raise ValueError(f"unknown family {family!r}")
        self.id = id
        self.name = name
        self.family = family
        self.board = board
        self.start_fen = start_fen
        self.pieces = tuple(pieces)

    promotions: dict[str, str] = {}
    """Each kind of piece that promotes (its symbol) with the kinds it may become (their symbols,
    in one string): what ``check_material`` allows beyond the start army. A kind becomes only
    what one kind promotes to (a tree: pawn → queen…, parachutist → man → king)."""

    fen_style = "chess"
    """How the game writes a FEN: ``"chess"`` (placement, side ``w``/``b``, …) or ``"pdn"`` (the
    checkers family's ``W:W…:B…``)."""

    rated_by_speed = False
    """Whether the game's ratings go by speed (one rating per speed: Chesskers) rather than one
    rating for the game."""

    pdn_game_type: str | None = None
    """PDN's GameType number of the game, for the draughts games PDN numbers; else None."""

    insufficient_material: tuple[tuple[str, ...], ...] = ()
    """The armies that can never win by the game's insufficient-material rule: each a side's
    pieces besides its king, as their symbols sorted (``()``: a lone king). Empty for a game
    where any piece may still win."""

    def __repr__(self) -> str:
        return f"<variant {self.id}>"

    # --- positions ------------------------------------------------------------------------
    @abstractmethod
    def position(self, fen: str) -> VariantPosition:
        """Returns the position of ``fen``; raises ``InvalidFenError`` for a bad or refused one."""

    def key_of_fen(self, fen: str) -> Hashable:
        """Returns the repetition key of the position of ``fen``, a FEN the engine wrote
        (``Game.fen``): the key ``position(fen).key()`` gives. Games whose key is written in their
        FEN read it from the text, without building the position."""
        return self.position(fen).key()

    def start_position(self) -> VariantPosition:
        """Returns the start position."""
        return self.position(self.start_fen)

    # --- what the site plays from -------------------------------------------------------------
    def playable_position(self, fen: str, budget: int = MOVE_BUDGET) -> VariantPosition:
        """Returns the position of ``fen`` if a game could reach it and its legal moves are
        within ``budget``; raises ``InvalidFenError`` (``UnplayablePositionError`` for these
        two) with a sentence saying why. The material is checked first: it bounds the work of
        counting the moves (bench/RESULTS.md)."""
        position = self.position(fen)
        self.check_material(position)
        self.check_budget(position, budget)
        return position

    def check_material(self, position: VariantPosition) -> None:
        """Raises ``UnplayablePositionError`` if a side has more pieces of some kinds than its
        start army and the promotions of ``promotions`` could give it: a position no game
        reaches (docs/rules/ gives every game's promotions)."""
        start = _army_counts(self.start_position())
        now = _army_counts(position)
        for color in (Color.WHITE, Color.BLACK):
            for kind in self._promotion_roots():
                if self._needed(kind, now[color], start[color]):
                    raise self._material_error(color, kind, now[color])

    def check_budget(self, position: VariantPosition, budget: int = MOVE_BUDGET) -> None:
        """Raises ``UnplayablePositionError`` if ``position`` has more than ``budget`` legal
        moves."""
        count = len(position.legal_moves())
        if count > budget:
            raise UnplayablePositionError(
                N_(
                    "this position has %(count)s legal moves, more than the %(budget)s "
                    "a game here may have"
                ),
                count=Grouped(count),
                budget=Grouped(budget),
            )

    def _promotion_roots(self) -> list[str]:
        targets = {kind for kinds in self.promotions.values() for kind in kinds}
        return [kind.symbol for kind in self.pieces if kind.symbol not in targets]

    def _needed(self, kind: str, now: Counter, start: Counter) -> int:
        """Returns how many pieces of ``kind`` the pieces of its promotion tree on the board
        need beyond the start army's ``kind`` pieces: those above its start count, and those
        its promoted kinds need from it. A root kind must need none."""
        from_promotion = sum(
            self._needed(child, now, start) for child in self.promotions.get(kind, "")
        )
        return max(0, now[kind] + from_promotion - start[kind])

    def _material_error(self, color: Color, root: str, now: Counter) -> UnplayablePositionError:
        names = {kind.symbol: kind.name for kind in self.pieces}
        tree = [root]
        for kind in tree:
            tree.extend(self.promotions.get(kind, ""))
        have = ", ".join(_count_text(now[kind], names[kind]) for kind in tree if now[kind])
        start = _army_counts(self.start_position())[color]
        army = ", ".join(_count_text(start[kind], names[kind]) for kind in tree if start[kind])
        if color == Color.WHITE:
            refusal = N_(
                "White has %(have)s: more than its start army (%(army)s) could become by "
                "promotion, so no game reaches this position"
            )
        else:
            refusal = N_(
                "Black has %(have)s: more than its start army (%(army)s) could become by "
                "promotion, so no game reaches this position"
            )
        return UnplayablePositionError(refusal, have=have, army=army)

    # --- games ------------------------------------------------------------------------------
    def new_game(self, fen: str | None = None) -> Game:
        """Returns a game of this variant from ``fen`` (the start position by default)."""
        return Game(self, fen)

    def game_from_fens(self, initial_fen: str, fens_after: Sequence[str]) -> Game:
        """Returns the game whose positions are ``initial_fen`` then ``fens_after`` (the FEN after
        every ply), without generating moves (see ``Game.from_fens``)."""
        return Game.from_fens(self, initial_fen, fens_after)

    # --- the end of the game --------------------------------------------------------------
    @abstractmethod
    def status(self, position: VariantPosition, repetitions: int) -> Enum:
        """Returns the status of ``position``, reached for the ``repetitions``-th time in its
        game, as the game's status enum (``value``: the command line's word)."""

    @abstractmethod
    def outcome(self, position: VariantPosition, repetitions: int) -> Outcome:
        """Returns the outcome of ``position``, reached for the ``repetitions``-th time."""

    # --- notation ----------------------------------------------------------------------------
    @abstractmethod
    def describe_moves(self, position: VariantPosition) -> list[tuple[Move, str]]:
        """Returns every legal move with its canonical text, in one batch."""

    @abstractmethod
    def move_text(self, position: VariantPosition, move: Move) -> str:
        """Returns the canonical text of a legal ``move``."""

    @abstractmethod
    def parse_move(self, position: VariantPosition, text: str) -> Move:
        """Returns the legal move written ``text``: the canonical text, any other form the
        game's notation accepts, or the machine form (``Move.machine``). Raises
        ``InvalidMoveTextError``, ``IllegalMoveError`` or ``AmbiguousMoveError``."""

    def parse_notation(self, position: VariantPosition, text: str) -> Move:
        """Returns the legal move written ``text`` in exactly the forms the game's rules
        document accepts (what the command line's ``play`` takes); by default ``parse_move``."""
        return self.parse_move(position, text)

    # --- counting ------------------------------------------------------------------------------
    @abstractmethod
    def perft(self, position: VariantPosition, depth: int) -> int:
        """Returns the number of legal move sequences of ``depth`` plies from ``position``."""

    @abstractmethod
    def divide(self, position: VariantPosition, depth: int) -> list[tuple[Move, int]]:
        """Returns each legal move with the perft count of ``depth - 1`` below it."""

    # --- the site -------------------------------------------------------------------------------
    def summary(self) -> dict:
        """Returns the variant as ``GET /api/variants/`` lists it: id, name, family, board
        size and start FEN."""
        return {
            "id": self.id,
            "name": self.name,
            "family": self.family,
            "board": {"files": self.board.files, "ranks": self.board.ranks},
            "start_fen": self.start_fen,
        }

    def square_labels(self) -> dict[str, str] | None:
        """Returns, for the games whose notation writes squares otherwise than by their names
        (by numbers), each used square's name with its text in the notation; else None."""
        return None

    def describe(self) -> dict:
        """Returns ``summary`` with what a board needs to be drawn: the used squares (and lines),
        the squares' labels in the game's notation (``square_labels``) and the piece kinds with
        their symbol, FEN letter and name."""
        out = self.summary()
        out["board"] = self.board.describe()
        out["board"]["labels"] = self.square_labels()
        out["pieces"] = [
            {"symbol": kind.symbol, "letter": kind.letter, "name": kind.name}
            for kind in self.pieces
        ]
        return out

    # --- what the site asks of a position ---------------------------------------------------------
    def turn_of_fen(self, fen: str) -> Color:
        """Returns the side to move that ``fen`` (in this game's ``fen_style``; "start": the
        start position) names, reading only that field, without building the position. Raises
        ``InvalidFenError`` when the field cannot be read."""
        if not isinstance(fen, str):
            raise InvalidFenError(N_("invalid FEN: not a string"))
        text = self.start_fen if fen.strip() == "start" else fen.strip()
        if self.fen_style == "pdn":
            side = text.split(":", 1)[0].strip() if ":" in text else ""
            if side not in ("W", "B"):
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: the side to move must be W or B"), fen=repr(fen)
                )
            return Color.WHITE if side == "W" else Color.BLACK
        fields = text.split()
        if len(fields) < 2 or fields[1] not in ("w", "b"):
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: side to move must be 'w' or 'b'"), fen=repr(fen)
            )
        return Color.WHITE if fields[1] == "w" else Color.BLACK

    def checked_king(self, position: VariantPosition) -> int | None:
        """Returns the square of the side to move's king in check in ``position``, or None
        (no check; a game without check, as the checkers family, always None)."""
        return None

    def can_win(self, position: VariantPosition, color: Color) -> bool:
        """Returns whether ``color`` still has the material to win by some sequence of legal
        moves in ``position``, by the game's insufficient-material rule
        (``insufficient_material``); true in a game where any piece may still win."""
        if not self.insufficient_material:
            return True
        army = tuple(
            sorted(
                piece.symbol
                for owner, piece in position.pieces().values()
                if owner == color and piece.symbol != "k"
            )
        )
        return army not in self.insufficient_material


def _army_counts(position: VariantPosition) -> dict[Color, Counter]:
    """Returns each side's number of pieces by kind (symbol)."""
    counts: dict[Color, Counter] = {color: Counter() for color in Color}
    for color, piece in position.pieces().values():
        counts[color][piece.symbol] += 1
    return counts


def _count_text(count: int, name: str) -> str:
    plural = f"{name[:-3]}men" if name.endswith("man") else f"{name}s"
    return f"{count} {name if count == 1 else plural}"
