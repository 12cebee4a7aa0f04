"""The translations are complete: every language of ``settings.LANGUAGES`` has a catalogue for
the pages (``django``) and the scripts (``djangojs``) holding every message the code marks today,
each translated and none fuzzy; and no template shows a person text that is not marked for
translation. docs/i18n.md says how to add a language and how to fill a catalogue."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n_catalogues import BASE, DOMAINS, catalogue, entries, extract, forms, key

TRANSLATED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


@pytest.fixture(scope="module")
def marked(tmp_path_factory) -> dict[str, set[tuple[str, str]]]:
    """The messages the code marks today, by domain."""
    return extract(tmp_path_factory.mktemp("tree"))


def test_the_code_marks_messages_for_both_catalogues(marked) -> None:
    # A guard for the test below: an extraction that found nothing would pass it vacuously.
    assert len(marked["django"]) > 300 and len(marked["djangojs"]) > 100
    assert ("", "Play") in marked["django"]


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_catalogue_translates_every_marked_message(code, domain, marked) -> None:
    path = catalogue(code, domain)
    assert path.exists(), f"{path.relative_to(BASE)} is missing: see docs/i18n.md"
    held = entries(path)
    by_key = {key(entry): entry for entry in held}
    missing = sorted(marked[domain] - set(by_key))
    assert not missing, f"{path.relative_to(BASE)} lacks {len(missing)}, e.g. {missing[:5]}"
    fuzzy = [key(entry) for entry in held if entry.get("fuzzy") and key(entry) in marked[domain]]
    assert not fuzzy, f"{path.relative_to(BASE)}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"
    empty = [
        key(entry)
        for entry in held
        if key(entry) in marked[domain] and not all(form.strip() for form in forms(entry))
    ]
    assert not empty, f"{path.relative_to(BASE)}: {len(empty)} untranslated, e.g. {empty[:5]}"


PLACEHOLDER = re.compile(r"%\(\w+\)s")


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_translation_keeps_the_placeholders_of_its_message(code, domain) -> None:
    # A placeholder lost or misspelt fails at run time (a KeyError, or a value never shown).
    # A plural form may leave out the count ("одна партия"), nothing else.
    wrong = []
    for entry in entries(catalogue(code, domain)):
        wanted = set(PLACEHOLDER.findall(entry["msgid"] + entry.get("msgid_plural", "")))
        for form in forms(entry):
            given = set(PLACEHOLDER.findall(form))
            missing = wanted - given
            if entry.get("msgid_plural"):
                missing -= {"%(n)s", "%(count)s"}
            if given - wanted or missing:
                wrong.append((entry["msgid"], form))
    assert not wrong, f"{len(wrong)} translations change their placeholders, e.g. {wrong[:3]}"


def test_the_reader_sees_untranslated_and_fuzzy_entries(tmp_path) -> None:
    # The reader the tests above rely on: it must see an empty form and a fuzzy flag.
    sample = tmp_path / "sample.po"
    sample.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Play"\nmsgstr "Играть"\n\n'
        '#, fuzzy\nmsgid "Watch"\nmsgstr "Смотреть"\n\n'
        'msgctxt "side"\nmsgid "White"\nmsgstr ""\n\n'
        'msgid "%(n)s ply"\nmsgid_plural "%(n)s plies"\n'
        'msgstr[0] "%(n)s полуход"\nmsgstr[1] ""\nmsgstr[2] "%(n)s полуходов"\n',
        encoding="utf-8",
    )
    read = {key(entry): entry for entry in entries(sample)}
    assert set(read) == {("", "Play"), ("", "Watch"), ("side", "White"), ("", "%(n)s ply")}
    assert read[("", "Play")]["msgstr"] == "Играть" and not read[("", "Play")].get("fuzzy")
    assert read[("", "Watch")]["fuzzy"]
    assert forms(read[("side", "White")]) == [""]
    assert forms(read[("", "%(n)s ply")]) == ["%(n)s полуход", "", "%(n)s полуходов"]


# --- templates: every text a person reads is marked ----------------------------------------------
# Words that are the same in every language: the site's name, formats' and standards' names.
SAME_EVERYWHERE = {
    "Chesskers",
    "API",
    "OpenAPI",
    "PGN",
    "PDN",
    "FEN",
    "JSON",
    "Elo",
    "Glicko",
    "Glicko-2",
}
READ_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder", "label")
DROPPED = re.compile(
    r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}"
    r"|{%\s*blocktrans(?:late)?\b.*?{%\s*endblocktrans(?:late)?\s*%}"
    r"|{%\s*block body_class\s*%}.*?{%\s*endblock\s*%}"  # a class name, not text
    r"|{#.*?#}|{%.*?%}|{{.*?}}",
    re.DOTALL,
)


FEN_LETTERS = set("pnbrqkPNBRQKw")


def unmarked(text: str) -> bool:
    """Whether ``text`` holds a word to translate: not a name the same everywhere, and not
    notation (a word with digits, ``e4``, ``Ra1``; a single letter; a FEN's ranks)."""
    for word in re.findall(r"[\w'\u2019-]+", text):
        letters = word.strip("'\u2019-")
        if not any(char.isalpha() for char in letters) or any(char.isdigit() for char in letters):
            continue
        if len(letters) < 2 or set(letters) <= FEN_LETTERS or letters in SAME_EVERYWHERE:
            continue
        return True
    return False


class Reader(HTMLParser):
    """Collects the text and the read attributes a template shows outside any translation."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown: list[str] = []
        self.hidden = 0  # inside <script> or <style>

    def handle_starttag(self, tag, attrs) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        values = dict(attrs)
        for name in READ_ATTRIBUTES:
            if values.get(name) and unmarked(values[name]):
                self.shown.append(f'<{tag} {name}="{values[name]}">')
        button = tag == "input" and values.get("type") in ("submit", "button", "reset")
        if button and values.get("value") and unmarked(values["value"]):
            self.shown.append(f'<input value="{values["value"]}">')

    def handle_endtag(self, tag) -> None:
        if tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data) -> None:
        if not self.hidden and unmarked(data):
            self.shown.append(data.strip())


def templates() -> list[Path]:
    roots = [Path(root) for root in settings.TEMPLATES[0]["DIRS"]]
    roots += [BASE / app / "templates" for app in ("accounts", "catalogue", "games", "players")]
    found = [path for root in roots if root.exists() for path in root.rglob("*.html")]
    # Swagger's page is drf-spectacular's, in English as the schema it shows.
    return sorted(path for path in found if "drf_spectacular" not in path.parts)


def shown_unmarked(source: str) -> list[str]:
    reader = Reader()
    reader.feed(DROPPED.sub("", source))
    reader.close()
    return reader.shown


def test_the_template_reader_finds_unmarked_text() -> None:
    assert shown_unmarked('<p>Your turn</p><button title="Flip">{% translate "Go" %}</button>') == [
        "Your turn",
        '<button title="Flip">',
    ]
    assert (
        shown_unmarked(
            "{% load i18n %}<p>{% blocktranslate with n=count %}{{ n }} games"
            "{% endblocktranslate %}"
            '</p><img alt="" src="x"><script>const a = "words";</script><b>PGN</b>'
            '<input placeholder="e4, Ra1:a4, N~b3"><i>rnbqkbnr/pppppppp/8 w KQkq - 0 1</i>'
            "<i>½</i>{% block body_class %}page-game-body{% endblock %}"
        )
        == []
    )
    # Notation beside words is no excuse: the words are still to translate.
    assert shown_unmarked('<input placeholder="Type a move: e4">') == [
        '<input placeholder="Type a move: e4">'
    ]


@pytest.mark.parametrize("path", templates(), ids=lambda path: str(path.relative_to(BASE)))
def test_every_template_string_is_marked_for_translation(path: Path) -> None:
    shown = shown_unmarked(path.read_text(encoding="utf-8"))
    assert not shown, f"not marked for translation: {shown[:8]}"
