"""The four chess-draughts hybrids: Cheskers, Byelorussian Cheskers, Game Mix and Mix Chess.

Each game is a declaration (``rules``: its pieces, what they do, how its draughts pieces jump)
with what is truly its own in its module (``cheskers``, ``byelorussian``, ``mix``); the common
machinery is ``tables``, ``movegen`` (moves on the raw board, with the draughts capture core of
``engine.draughts.captures`` for the jumps), ``position``, ``fen``, ``notation`` and ``variant``.
``HYBRIDS`` lists the four variants in the order the site shows them. docs/rules/hybrids.md is
the rules they implement.
"""

from engine.hybrids.byelorussian import BYELORUSSIAN_CHESKERS
from engine.hybrids.cheskers import CHESKERS
from engine.hybrids.mix import GAME_MIX, MIX_CHESS

HYBRIDS = (CHESKERS, BYELORUSSIAN_CHESKERS, GAME_MIX, MIX_CHESS)
"""The hybrid variants, in the order the site lists them."""
