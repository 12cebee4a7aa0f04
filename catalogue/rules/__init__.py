"""The rules pages of the games other than Chesskers: one written per game, or one made from
the game's declaration for a game that has none (``rules_of``).

``RULES`` maps each game's id (``engine.variants``) to its written ``GameRules``
(``model.py``): the checkers family in ``draughts`` and ``federations``, the chess-draughts
hybrids in ``hybrids``. The page is drawn by ``catalogue.pages``; Chesskers' own page is its
template.
"""

from functools import cache

from catalogue.rules.draughts import DRAUGHTS_RULES
from catalogue.rules.federations import FEDERATION_RULES
from catalogue.rules.generated import generated_rules
from catalogue.rules.hybrids import HYBRID_RULES
from catalogue.rules.model import GameRules
from engine import variants

RULES: dict[str, GameRules] = {
    page.id: page for page in (*DRAUGHTS_RULES, *FEDERATION_RULES, *HYBRID_RULES)
}


@cache
def rules_of(variant_id: str) -> GameRules:
    """Returns the rules page of a game of the registry: the one written for it, or one made
    from its declaration (``generated``). Raises ``engine.errors.UnknownVariantError`` for an
    unknown id."""
    return RULES.get(variant_id) or generated_rules(variants.get(variant_id))
