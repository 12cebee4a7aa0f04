"""The registry of games: variant id → variant, for the command line and the site.

Every game the engine plays is listed here once (``VARIANTS``, in the order the site lists
them); ``get`` finds one by id. What a variant offers is ``engine.variant.Variant``.
"""

from engine.chesskers import CHESSKERS
from engine.draughts.games import DRAUGHTS
from engine.errors import UnknownVariantError
from engine.hybrids import HYBRIDS
from engine.i18n import N_
from engine.variant import Variant

VARIANTS: dict[str, Variant] = {v.id: v for v in (CHESSKERS, *DRAUGHTS, *HYBRIDS)}
"""Every variant by id: Chesskers first, then the draughts family, then the hybrids."""

DEFAULT = CHESSKERS
"""The variant of a game that names none."""


def get(variant_id: str) -> Variant:
    """Returns the variant ``variant_id``; raises ``UnknownVariantError`` naming the known ids."""
    try:
        return VARIANTS[variant_id]
    except (KeyError, TypeError):
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(
            N_("unknown variant %(variant)s; known: %(known)s"),
            variant=repr(variant_id),
            known=known,
        ) from None


def summaries() -> list[dict]:
    """Returns every variant as ``GET /api/variants/`` lists it (``Variant.summary``)."""
    return [variant.summary() for variant in VARIANTS.values()]
