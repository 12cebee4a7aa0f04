"""The games' names for the pages' scripts: ``{% game_names_json %}`` writes every game's name
in the page's language, by id, as JSON (for an attribute, escaped), so that a script naming a
game the server described to everyone (a challenge's ``variant_name``) names it in the
reader's language."""

import json

from django import template

from catalogue.descriptors import game_name
from engine import variants

register = template.Library()


@register.simple_tag
def game_names_json() -> str:
    """Returns ``{"<id>": "<name in the active language>", …}`` (escaped by the template)."""
    return json.dumps({v.id: game_name(v) for v in variants.VARIANTS.values()}, ensure_ascii=False)
