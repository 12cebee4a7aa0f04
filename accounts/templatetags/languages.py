"""The footer's language switch (templates/_language.html): the site's languages, each named in
itself as ``settings.LANGUAGES`` writes it. Django's ``get_available_languages`` would translate
those names into the page's language ("Anglais"), which a reader of another language could not
find their own in."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def site_languages() -> list[tuple[str, str]]:
    return list(settings.LANGUAGES)
