"""The forum's templates' filters: the reads give times as ISO text (as the API answers them),
which ``moment`` turns back into a time Django's ``date`` filter formats; ``post_body`` draws a
post's text."""

from datetime import datetime

from django import template
from django.utils.html import escape, urlize
from django.utils.safestring import SafeString, mark_safe

from forum.tells import MENTION

register = template.Library()


@register.filter
def moment(value: str | None) -> datetime | None:
    """An ISO time as a datetime (None for none)."""
    return datetime.fromisoformat(value) if value else None


@register.filter
def post_body(text: str) -> SafeString:
    """A post's text as a page shows it: escaped; web addresses made links (``nofollow``); line
    breaks kept; and the lines a quote starts with ``>`` (the *Quote* button's) drawn as a
    quotation. Nothing else the writer typed becomes markup."""
    parts: list[str] = []
    quoted: list[str] = []

    def close_quote() -> None:
        if quoted:
            parts.append(f'<blockquote class="forum-quote">{"<br>".join(quoted)}</blockquote>')
            quoted.clear()

    plain: list[str] = []

    def close_plain() -> None:
        if plain:
            parts.append("<br>".join(plain))
            plain.clear()

    for line in text.split("\n"):
        if line.startswith(">"):
            close_plain()
            quoted.append(shown(line[1:].removeprefix(" ")))
        else:
            close_quote()
            plain.append(shown(line))
    close_quote()
    close_plain()
    return mark_safe("\n".join(parts))  # every piece escaped by ``shown``


def shown(line: str) -> str:
    """One line, escaped, its web addresses made links and the players it mentions (``@name``)
    links to their profiles."""
    pieces, at = [], 0
    for match in MENTION.finditer(line):
        pieces.append(urlize(line[at : match.start()], nofollow=True, autoescape=True))
        name = escape(match.group(1))
        pieces.append(f'<a href="/@/{name}" class="forum-mention">@{name}</a>')
        at = match.end()
    pieces.append(urlize(line[at:], nofollow=True, autoescape=True))
    return "".join(pieces)
