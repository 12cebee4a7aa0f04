"""The game catalogue in the page's language: every game's and piece's name reaches the
translators' catalogue (the engine marks them with ``N_``), and the pages show them translated
while the API and the exports keep the engine's English names.

The translated pages are checked against a small catalogue made here (the project's own
catalogues are compiled from ``locale/`` by ``make messages``, and are not in the repository)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import override_settings
from django.utils import translation

from catalogue.descriptors import variant_descriptor, variant_groups, variant_names
from engine import variants
from games.domain.clock import TimeControl
from tests.i18n_catalogues import extract

pytestmark = pytest.mark.django_db

MSGFMT = shutil.which("msgfmt")
needs_gettext = pytest.mark.skipif(MSGFMT is None, reason="GNU gettext's msgfmt is not installed")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> set[tuple[str, str]]:
    """The (context, msgid) our ``makemessages`` extracts from the project's pages and server."""
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext's xgettext is not installed")
    return extract(tmp_path_factory.mktemp("tree"))["django"]


def test_every_game_and_piece_name_of_the_registry_is_in_the_catalogue(extracted) -> None:
    # A new game or piece whose name is not marked with N_ fails here.
    for variant in variants.VARIANTS.values():
        assert ("", variant.name) in extracted, f"{variant.id}: its name is not marked"
        for kind in variant.pieces:
            assert ("", kind.name) in extracted, f"{variant.id}: the {kind.name} is not marked"
    # A draughts king has its own entry: most languages do not call it a chess king.
    assert ("draughts piece", "king") in extracted


def test_the_time_controls_and_speeds_shown_are_in_the_catalogue(extracted) -> None:
    for speed in ("ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"):
        assert ("speed", speed) in extracted
    assert ("", "%(days)s day") in extracted
    assert ("time control", "unlimited") in extracted


RUSSIAN = {
    ("", "Russian Checkers"): "Русские шашки",
    ("", "International Checkers"): "Международные шашки",
    ("", "Chess and draughts hybrids"): "Гибриды шахмат и шашек",
    ("", "king"): "король",
    ("draughts piece", "king"): "дамка",
    ("", "man"): "шашка",
    ("", "Play the bot"): "Игра против бота",
    ("", "The pieces"): "Фигуры",
    ("speed", "blitz"): "блиц",
    ("", "%(days)s day"): ("%(days)s день", "%(days)s дня", "%(days)s дней"),
}


def po_text(entries: dict) -> str:
    lines = [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
        'n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"',
        "",
    ]
    for (context, msgid), msgstr in entries.items():
        if context:
            lines.append(f'msgctxt "{context}"')
        lines.append(f'msgid "{msgid}"')
        if isinstance(msgstr, tuple):
            lines.append('msgid_plural "%(days)s days"')
            lines += [f'msgstr[{i}] "{form}"' for i, form in enumerate(msgstr)]
        else:
            lines.append(f'msgstr "{msgstr}"')
        lines.append("")
    return "\n".join(lines)


@pytest.fixture
def russian(tmp_path: Path):
    """A small Russian catalogue of a few of the catalogue's names, in use for the test."""
    messages = tmp_path / "ru" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / "django.po").write_text(po_text(RUSSIAN))
    subprocess.run(
        [MSGFMT, "-o", str(messages / "django.mo"), str(messages / "django.po")], check=True
    )
    with override_settings(LOCALE_PATHS=[tmp_path]):
        variant_descriptor.cache_clear()
        yield
    variant_descriptor.cache_clear()


@needs_gettext
def test_the_catalogue_names_games_and_pieces_in_the_pages_language(russian) -> None:
    with translation.override("ru"):
        assert variant_names()["russian"] == "Русские шашки"
        assert variant_groups()[1][0] == "Гибриды шахмат и шашек"
        russian_board = variant_descriptor("russian")
        assert russian_board["name"] == "Русские шашки"
        # A crowned man is a дамка; a chess king stays a король.
        assert {p["name"] for p in russian_board["pieces"].values()} == {"шашка", "дамка"}
        assert variant_descriptor("chesskers")["pieces"]["K"]["name"] == "король"
        assert TimeControl(initial=180, increment=2).shown == "3+2 · блиц"
        assert TimeControl(days=2).label_shown == "2 дня"
        # The API's label stays the English one.
        assert TimeControl(days=2).label == "2 days"
    # The descriptors are cached per language: English is untouched.
    assert variant_descriptor("russian")["name"] == "Russian Checkers"
    assert variant_descriptor("russian")["pieces"]["K"]["name"] == "king"


@needs_gettext
def test_the_pages_are_translated_and_the_api_keeps_english(russian, client) -> None:
    ru = {"HTTP_ACCEPT_LANGUAGE": "ru"}
    bot = client.get("/play/bot/", **ru).content.decode()
    assert "<h1>Игра против бота</h1>" in bot
    assert '<option value="russian">Русские шашки</option>' in bot
    rules = client.get("/rules/russian/", **ru).content.decode()
    assert '<h2 id="pieces">Фигуры</h2>' in rules
    assert re.search(r'<strong class="piece-name">Дамка</strong>', rules)
    # The page's own data keeps the engine's name as the piece's key.
    assert 'data-piece-name="king"' in rules
    api = client.get("/api/variants/", **ru).json()
    names = {game["id"]: game["name"] for game in api}
    assert names["russian"] == "Russian Checkers"
    english = client.get("/play/bot/").content.decode()
    assert "<h1>Play the bot</h1>" in english
    assert '<option value="russian">Russian Checkers</option>' in english
