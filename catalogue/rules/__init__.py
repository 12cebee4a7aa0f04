"""The rules pages of the games other than Chesskers, one declaration per game.

``RULES`` maps each game's id (``engine.variants``) to its ``GameRules`` (``model.py``): the
checkers family in ``draughts`` and ``federations``, the chess-draughts hybrids in ``hybrids``.
The page is drawn by ``catalogue.pages``; Chesskers' own page is its template.
"""

from catalogue.rules.draughts import DRAUGHTS_RULES
from catalogue.rules.federations import FEDERATION_RULES
from catalogue.rules.hybrids import HYBRID_RULES
from catalogue.rules.model import GameRules

RULES: dict[str, GameRules] = {
    page.id: page for page in (*DRAUGHTS_RULES, *FEDERATION_RULES, *HYBRID_RULES)
}
