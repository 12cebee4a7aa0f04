"""A game's moves as clients list them (``History``): read from the database, or kept by the
process that plays the game's moves (``games.services.round``), which builds the engine's game
of them once.

A history is at one revision of the game's record (``Game.revision`` changes with every change to
the moves), so a kept history whose revision matches the record's is the record's, whichever
process made the change. The database is the truth.
"""

from dataclasses import dataclass
from typing import Any

import engine
from engine import variants
from games.models import DEFAULT_VARIANT, Game, GameMove


def captured_pieces(position: Any, move: engine.Move) -> list[str]:
    """Returns the letters of the pieces ``move`` removes, in capture order, before it is played."""
    letters = []
    for square in move.captured:
        piece = position.piece_at(square)
        letters.append(piece[1].symbol if piece else "p")
    return letters


def move_payload(move: GameMove) -> dict[str, Any]:
    return {
        "ply": move.ply,
        "text": move.text,
        "path": tuple(move.path),
        "captured": tuple(move.captured),
        "captured_pieces": tuple(move.captured_pieces),
        "kind": move.kind,
        "fen": move.fen_after,
    }


@dataclass
class History:
    """A game's moves as the state lists them, at one revision of the game record, with the
    engine's game of that history built on first use.

    Kept between changes (``keep_history``), so a move neither reads the game's moves back nor
    rebuilds the engine's positions. ``Game.revision`` changes with every change to the moves
    (a move, a takeback), so a history whose revision matches the record's is its history,
    whichever process made the change. A kept history is never changed: a move makes a new one.
    """

    game_id: str
    revision: int
    initial_fen: str
    moves: list[dict[str, Any]]
    _engine: engine.Game | None = None
    # The game's record as the move that made this history wrote it, if this process made it
    # without the game's lock, or as a socket's state was just read from (``keep_record``): the
    # next such move starts from it (``games.services.moves.game_play``).
    record: Game | None = None
    variant: str = DEFAULT_VARIANT

    def is_of(self, game: Game) -> bool:
        """Returns whether this is the history of ``game`` as its record says: as many moves as
        its ply, ending in its position (a history read without the game's lock may hold a move
        made after the record was read)."""
        return len(self.moves) == game.ply and self.fen == game.fen

    @property
    def fen(self) -> str:
        return self.moves[-1]["fen"] if self.moves else self.initial_fen

    def engine_game(self) -> engine.Game:
        """Returns the engine's game (built from the stored FENs once, without a move search).

        Only the writer that took the history (``take_history``) may play moves on it."""
        if self._engine is None:
            fens = [move["fen"] for move in self.moves]
            variant = variants.get(self.variant)
            self._engine = variant.game_from_fens(self.initial_fen, fens)
        return self._engine

    def after(self, row: GameMove, eg: engine.Game, record: Game | None = None) -> "History":
        """Returns the history one move later (``eg`` has played it, ``record`` is the game's
        record as the move wrote it); this one is left as is."""
        payload = move_payload(row)
        moves = [*self.moves, payload]
        return History(
            self.game_id, self.revision + 1, self.initial_fen, moves, eg, record, self.variant
        )


# One history per game, the latest a process has seen, bounded by the plies they hold together
# (each ply keeps its move and the engine's position after it).


def read_history(game: Game) -> History:
    """Returns the history of a game record as the database holds its moves now (a reader that
    did not lock the game may read the moves of a change made after it read the record: see
    ``History.is_of``)."""
    rows = list(game.moves.order_by("ply"))
    return History(
        game.public_id,
        game.revision,
        game.initial_fen,
        [move_payload(row) for row in rows],
        variant=game.variant,
    )
