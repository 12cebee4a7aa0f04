"""The rules pages of the games other than Chesskers, one declaration per game.

``RULES`` maps each game's id (``engine.variants``) to its ``GameRules`` (``model.py``): the
checkers family in ``draughts`` and ``federations``, the chess-draughts hybrids in ``hybrids``.
The page is drawn by ``games.rules_page``; Chesskers' own page is its template.
"""

from games.rules.draughts import DRAUGHTS_RULES
from games.rules.federations import FEDERATION_RULES
from games.rules.hybrids import HYBRID_RULES
from games.rules.model import GameRules

RULES: dict[str, GameRules] = {
    page.id: page for page in (*DRAUGHTS_RULES, *FEDERATION_RULES, *HYBRID_RULES)
}
