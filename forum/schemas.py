"""The request bodies of the forum API, declared once (``TOPIC``, ``REPLY``, ``TOPIC_EDIT``:
the OpenAPI schema documents them, the parsers here read them; a test holds the two equal) and
checked at the edge: the API and the forum's pages parse them here, and the services take the
typed values. A refusal is ``bad_request`` with one sentence saying what is expected."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from common.edge import text_problem
from common.text import note_text
from forum.policy import POST_CHARS, SEARCH_CHARS, TITLE_CHARS
from games.domain.bodies import BOOLEAN, TEXT, Body, BodyField
from games.domain.names import printable_name
from games.domain.schemas import refuse, yes_or_no

POST_HELP = f"The post: 1 to {POST_CHARS} characters, lines and links as written"
TOPIC = Body(
    "TopicCreate",
    (
        BodyField("title", TEXT, True, help=f"{TITLE_CHARS[0]} to {TITLE_CHARS[1]} characters"),
        BodyField("text", TEXT, True, help=POST_HELP),
    ),
)
REPLY = Body("PostWrite", (BodyField("text", TEXT, True, help=POST_HELP),))
TOPIC_EDIT = Body(
    "TopicChange",
    (
        BodyField(
            "title",
            TEXT,
            help=f"{TITLE_CHARS[0]} to {TITLE_CHARS[1]} characters (its author, while no one "
            "else has replied, or a moderator); absent: as it was",
        ),
        BodyField("closed", BOOLEAN, help="true: no more replies; absent: as it was"),
        BodyField("sticky", BOOLEAN, help="true: pinned above the others; absent: as it was"),
    ),
)


@dataclass(frozen=True, slots=True)
class TopicRequest:
    """A new topic: its title and its first post."""

    title: str
    text: str

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "TopicRequest":
        """The API's body (``TOPIC``) or the forum page's form."""
        return cls(title=topic_title(data.get("title")), text=post_text(data.get("text")))


@dataclass(frozen=True, slots=True)
class TopicChange:
    """A change to a topic (None: as it was): its title (its author's or a moderator's), and
    whether it is closed or pinned (a moderator's)."""

    title: str | None = None
    closed: bool | None = None
    sticky: bool | None = None

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "TopicChange":
        if not any(field in data for field in ("title", "closed", "sticky")):
            raise refuse(_("Say what changes: `title`, `closed`, `sticky`, or more than one."))
        return cls(
            title=topic_title(data["title"]) if "title" in data else None,
            closed=yes_or_no(data["closed"], "closed") if "closed" in data else None,
            sticky=yes_or_no(data["sticky"], "sticky") if "sticky" in data else None,
        )

    @property
    def moderates(self) -> bool:
        """Whether the change is the moderators' alone (closing or pinning)."""
        return self.closed is not None or self.sticky is not None


def topic_title(value: Any) -> str:
    """Returns a topic's title, trimmed, or refuses it."""
    return printable_name(
        value,
        TITLE_CHARS,
        _("A topic's title has %(low)s to %(high)s characters."),
        _("A topic's title holds letters, digits, spaces and punctuation only."),
    )


def post_text(value: Any) -> str:
    """Returns a post's text, trimmed, its line ends made ``\\n``, or refuses it."""
    try:
        text = note_text(value, POST_CHARS)
    except ValueError:
        text = ""
    if not text:
        raise refuse(
            _(
                "A post is text of 1 to %(chars)s characters, with no control characters but "
                "line breaks."
            )
            % {"chars": POST_CHARS}
        )
    return text


def search_words(value: Any) -> str:
    """Returns what a search looks for, trimmed, or refuses it: ``SEARCH_CHARS`` characters."""
    low, high = SEARCH_CHARS
    words = value.strip() if isinstance(value, str) else ""
    if not low <= len(words) <= high or text_problem(words) is not None:
        raise refuse(
            _("A search looks for %(low)s to %(high)s characters of text.")
            % {"low": low, "high": high}
        )
    return words
