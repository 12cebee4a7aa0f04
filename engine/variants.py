"""The variant seam (ARCHITECTURE.md "Later"): what a game's rules are, behind one name.

Only Chesskers exists; other hybrids will add an entry here. Nothing else is generic.
"""

from collections.abc import Callable
from dataclasses import dataclass

from engine.game import Game
from engine.position import STARTING_FEN


@dataclass(frozen=True)
class Variant:
    """A variant: its name as stored by the site, its start FEN and how to make a game."""

    name: str
    starting_fen: str
    new_game: Callable[[str], Game]


VARIANTS = {"chesskers": Variant("chesskers", STARTING_FEN, Game)}
