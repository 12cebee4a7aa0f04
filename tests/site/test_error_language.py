"""Refusals are said in the reader's language: the API's in the request's (``LocaleMiddleware``),
a socket's in the language chosen when it connected (the account's setting, else the
``django_language`` cookie, else ``Accept-Language``: ``common.i18n.scope_language``), the
engine's sentences through ``common.i18n.say`` with their parameters filled in. English stays the
default, word for word.

The site's catalogues are assembled elsewhere; these tests compile a tiny catalogue of their own
into a temporary ``LOCALE_PATHS`` so that they hold whatever the real ones say."""

import contextvars
import subprocess
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from accounts.models import Preferences
from common.i18n import active_language, hold_language, say, scope_language
from engine import variants
from engine.errors import InvalidFenError
from games.edges.consumers import GameConsumer
from tests.factories import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)

# msgid -> (French, Dutch)
ENTRIES = {
    "You are not a player in this game.": (
        "Vous ne jouez pas dans cette partie.",
        "Je speelt niet mee in deze partij.",
    ),
    "Unknown message type %(type)s.": (
        "Type de message inconnu : %(type)s.",
        "Onbekend berichttype %(type)s.",
    ),
    "Bad FEN: %(error)s": ("FEN incorrecte : %(error)s", "Foute FEN: %(error)s"),
    "invalid FEN %(fen)s: expected 8 ranks, got %(count)s": (
        "FEN invalide %(fen)s : 8 rangées attendues, %(count)s trouvées",
        "ongeldige FEN %(fen)s: 8 rijen verwacht, %(count)s gekregen",
    ),
    "invalid FEN %(fen)s: White must have exactly one king, has %(count)s": (
        "FEN invalide %(fen)s : les blancs doivent avoir exactement un roi, ils en ont %(count)s",
        "ongeldige FEN %(fen)s: wit moet precies één koning hebben, heeft er %(count)s",
    ),
    "Text may not contain a NUL character.": (
        "Le texte ne peut pas contenir de caractère NUL.",
        "Tekst mag geen NUL-teken bevatten.",
    ),
    "That request is too large: a body may have at most %(limit)s bytes.": (
        "Cette requête est trop volumineuse : un corps fait au plus %(limit)s octets.",
        "Dat verzoek is te groot: een body mag hoogstens %(limit)s bytes zijn.",
    ),
    "There is nothing at that address.": (
        "Il n'y a rien à cette adresse.",
        "Er staat niets op dat adres.",
    ),
    "%(first)s or %(second)s": ("%(first)s ou %(second)s", "%(first)s of %(second)s"),
    "There is no game %(game_id)s.": (
        "Il n'y a pas de partie %(game_id)s.",
        "Er is geen partij %(game_id)s.",
    ),
}


def write_catalogue(root: Path, language: str, column: int) -> None:
    folder = root / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    lines = [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    for msgid, translations in ENTRIES.items():
        escaped = translations[column].replace('"', '\\"')
        lines += [f'msgid "{msgid}"', f'msgstr "{escaped}"', ""]
    (folder / "django.po").write_text("\n".join(lines), encoding="utf-8")
    subprocess.run(
        ["msgfmt", "-o", str(folder / "django.mo"), str(folder / "django.po")], check=True
    )


@pytest.fixture(autouse=True)
def catalogue(tmp_path, settings):
    """A French and a Dutch catalogue of a few refusals, as the only ``LOCALE_PATHS``."""
    write_catalogue(tmp_path, "fr", 0)
    write_catalogue(tmp_path, "nl", 1)
    settings.LOCALE_PATHS = [tmp_path]  # Django's test signal drops its cached catalogues
    yield
    translation.activate(settings.LANGUAGE_CODE)


# --- the engine's sentences ------------------------------------------------------------------
def bad_fen_error() -> InvalidFenError:
    with pytest.raises(InvalidFenError) as caught:
        variants.get("chesskers").position("8/8 w - - 0 1")
    return caught.value


def test_an_engine_error_keeps_its_english_and_translates_with_its_parameters() -> None:
    error = bad_fen_error()
    assert str(error) == "invalid FEN '8/8 w - - 0 1': expected 8 ranks, got 2"
    assert error.template == "invalid FEN %(fen)s: expected 8 ranks, got %(count)s"
    assert say(error) == str(error)  # English, the default
    with translation.override("fr"):
        assert say(error) == "FEN invalide '8/8 w - - 0 1' : 8 rangées attendues, 2 trouvées"
    with translation.override("nl"):
        assert say(error) == "ongeldige FEN '8/8 w - - 0 1': 8 rijen verwacht, 2 gekregen"


def test_an_engine_error_names_the_side_in_the_translation() -> None:
    with pytest.raises(InvalidFenError) as caught:
        variants.get("chesskers").position("8/8/8/8/8/8/8/k7 w - - 0 1")
    error = caught.value
    assert str(error) == (
        "invalid FEN '8/8/8/8/8/8/8/k7 w - - 0 1': White must have exactly one king, has 0"
    )
    with translation.override("fr"):
        assert say(error) == (
            "FEN invalide '8/8/8/8/8/8/8/k7 w - - 0 1' : les blancs doivent avoir exactement "
            "un roi, ils en ont 0"
        )


def test_an_error_without_a_template_says_its_text() -> None:
    with translation.override("fr"):
        assert say(ValueError("plain")) == "plain"


def test_an_engine_error_survives_pickling_with_its_template() -> None:
    import pickle

    error = pickle.loads(pickle.dumps(bad_fen_error()))
    assert str(error) == "invalid FEN '8/8 w - - 0 1': expected 8 ranks, got 2"
    with translation.override("fr"):
        assert say(error).startswith("FEN invalide")


# --- the API ---------------------------------------------------------------------------------
def position_error(client, **headers) -> tuple[int, str]:
    response = client.get(
        "/api/analysis/position/", {"variant": "chesskers", "fen": "8/8 w - - 0 1"}, **headers
    )
    return response.status_code, response.json()["error"]


def test_an_api_refusal_with_an_engine_sentence_is_said_in_the_browsers_language(client) -> None:
    status, english = position_error(client)
    assert status == 400
    assert english == "Bad FEN: Invalid FEN '8/8 w - - 0 1': expected 8 ranks, got 2."
    assert position_error(client, HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")[1] == (
        "FEN incorrecte : FEN invalide '8/8 w - - 0 1' : 8 rangées attendues, 2 trouvées."
    )
    client.cookies["django_language"] = "nl"
    assert position_error(client, HTTP_ACCEPT_LANGUAGE="fr")[1] == (
        "Foute FEN: Ongeldige FEN '8/8 w - - 0 1': 8 rijen verwacht, 2 gekregen."
    )


def test_an_api_refusal_of_a_service_is_said_in_the_requests_language(client) -> None:
    english = client.get("/api/games/nosuchgame/").json()["error"]
    assert english == "There is no game nosuchgame."
    french = client.get("/api/games/nosuchgame/", HTTP_ACCEPT_LANGUAGE="fr").json()["error"]
    assert french == "Il n'y a pas de partie nosuchgame."


def test_the_edges_refusal_before_the_locale_middleware_is_in_the_requests_language(
    client,
) -> None:
    path = "/api/games/?player=al%00ice"
    assert client.get(path).json() == {"error": "Text may not contain a NUL character."}
    french = client.get(path, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert french == {"error": "Le texte ne peut pas contenir de caractère NUL."}
    client.cookies["django_language"] = "nl"
    assert client.get(path).json() == {"error": "Tekst mag geen NUL-teken bevatten."}


def test_a_reshaped_api_error_is_in_the_requests_language(client) -> None:
    answer = client.get("/api/no/such/thing/", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 404
    assert answer.json() == {"error": "Il n'y a rien à cette adresse."}


async def too_large_answer(headers: list[tuple[bytes, bytes]]) -> dict:
    import json

    from common.edge import BodyLimit

    async def app(scope, receive, send) -> None:
        raise AssertionError("a body over the limit reached the app")

    sent = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "headers": [(b"content-length", b"999999999"), *headers]}
    await BodyLimit(app)(scope, receive, send)
    assert sent[0]["status"] == 413
    return json.loads(sent[1]["body"])


async def test_a_body_over_the_limit_is_refused_in_the_browsers_language(settings) -> None:
    limit = f"{settings.REQUEST_MAX_BYTES:,}"
    english = await too_large_answer([])
    assert english == {
        "error": f"That request is too large: a body may have at most {limit} bytes."
    }
    dutch = await too_large_answer([(b"accept-language", b"nl-BE,nl;q=0.9")])
    grouped = f"{settings.REQUEST_MAX_BYTES:,}".replace(",", ".")  # Dutch groups with dots
    assert dutch == {
        "error": f"Dat verzoek is te groot: een body mag hoogstens {grouped} bytes zijn."
    }


# --- the sockets -----------------------------------------------------------------------------
def scope(headers: list[tuple[bytes, bytes]]) -> dict:
    return {"type": "websocket", "headers": headers}


def test_a_sockets_language_is_the_cookies_then_the_browsers_then_english() -> None:
    assert scope_language(scope([])) == "en"
    assert scope_language(scope([(b"accept-language", b"fr-CA,fr;q=0.9,en;q=0.5")])) == "fr"
    assert scope_language(scope([(b"accept-language", b"pt-BR")])) == "pt-br"
    assert scope_language(scope([(b"accept-language", b"de, ru;q=0.5")])) == "ru"
    cookie = (b"cookie", b"sessionid=x; django_language=nl")
    assert scope_language(scope([cookie, (b"accept-language", b"fr")])) == "nl"
    assert scope_language(scope([cookie]), account="ru") == "ru"
    assert scope_language(scope([(b"cookie", b"django_language=xx")])) == "en"
    assert scope_language(scope([(b"cookie", b'a="b@c; django_language=fr')])) == "fr"
    assert scope_language(scope([(b"accept-language", b"fr" + b", x" * 10_000)])) == "fr"


async def connect(path: str, headers: list[tuple[bytes, bytes]], user=None):
    from channels.testing import WebsocketCommunicator

    from chesskers_site.asgi import application
    from tests.games.conftest import session_cookie

    base = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        extra = [value for name, value in headers if name == b"cookie"]
        headers = [(name, value) for name, value in headers if name != b"cookie"]
        joined = b"; ".join([f"sessionid={cookie}".encode(), *extra])
        base.append((b"cookie", joined))
    comm = WebsocketCommunicator(application, path, headers=base + headers)
    connected, _code = await comm.connect()
    assert connected
    return comm


async def first_error(comm, message: dict) -> str:
    await comm.send_json_to(message)
    while True:
        answer = await comm.receive_json_from(timeout=10)
        if answer["type"] == "error":
            return answer["error"]


@pytest.fixture
def game():
    return start_game(make_user("alice"), make_user("bob"))


async def spectators_move_refusal(game, headers, user=None) -> tuple[str, str]:
    comm = await connect(f"/ws/games/{game.public_id}/", headers, user)
    try:
        unknown = await first_error(comm, {"type": "dance"})
        # Refused on a worker thread (``realtime.db``): the language goes with the work.
        move = await first_error(comm, {"type": "move", "move": "e4", "ply": 0})
    finally:
        await comm.disconnect()
    return unknown, move


async def test_a_socket_says_its_refusals_in_english_by_default(game) -> None:
    assert await spectators_move_refusal(game, []) == (
        "Unknown message type 'dance'.",
        "You are not a player in this game.",
    )


async def test_a_socket_says_its_refusals_in_the_browsers_language(game) -> None:
    headers = [(b"accept-language", b"fr-FR,fr;q=0.8,en;q=0.5")]
    assert await spectators_move_refusal(game, headers) == (
        "Type de message inconnu : 'dance'.",
        "Vous ne jouez pas dans cette partie.",
    )


async def test_a_socket_says_its_refusals_in_the_cookies_language(game) -> None:
    headers = [(b"cookie", b"django_language=nl"), (b"accept-language", b"fr")]
    assert await spectators_move_refusal(game, headers) == (
        "Onbekend berichttype 'dance'.",
        "Je speelt niet mee in deze partij.",
    )


async def test_a_signed_in_socket_says_its_refusals_in_the_accounts_language(game) -> None:
    carol = await database_sync_to_async(make_user)("carol")
    await database_sync_to_async(Preferences.objects.create)(user=carol, language="fr")
    headers = [(b"cookie", b"django_language=nl"), (b"accept-language", b"nl")]
    assert await spectators_move_refusal(game, headers, user=carol) == (
        "Type de message inconnu : 'dance'.",
        "Vous ne jouez pas dans cette partie.",
    )


async def test_sockets_of_two_languages_in_one_process_each_keep_their_own(game) -> None:
    # Each socket's readers hold its language in their own context (``hold_language``): a
    # message on one socket never leaves its language to the other's next message.
    french = await connect(f"/ws/games/{game.public_id}/", [(b"accept-language", b"fr")])
    dutch = await connect(f"/ws/games/{game.public_id}/", [(b"accept-language", b"nl")])
    try:
        for _ in range(2):
            assert await first_error(french, {"type": "dance"}) == (
                "Type de message inconnu : 'dance'."
            )
            assert await first_error(dutch, {"type": "move", "move": "e4", "ply": 0}) == (
                "Je speelt niet mee in deze partij."
            )
            assert await first_error(dutch, {"type": "dance"}) == "Onbekend berichttype 'dance'."
            assert await first_error(french, {"type": "move", "move": "e4", "ply": 0}) == (
                "Vous ne jouez pas dans cette partie."
            )
    finally:
        await french.disconnect()
        await dutch.disconnect()


def test_a_held_language_is_the_active_one_in_its_context_alone() -> None:
    def held(code: str) -> tuple[str, str]:
        hold_language(code)
        return active_language(), translation.get_language()

    with translation.override("en"):
        assert contextvars.copy_context().run(held, "fr") == ("fr", "fr")
        assert contextvars.copy_context().run(held, "nl") == ("nl", "nl")
        # Outside those contexts nothing is held: Django's active language.
        assert active_language() == "en"


async def test_a_consumer_handles_each_message_in_its_connections_language(game) -> None:
    seen = []
    original = GameConsumer.on_ping

    async def on_ping(self, message):
        seen.append(translation.get_language())
        await original(self, message)

    GameConsumer.on_ping = on_ping
    try:
        comm = await connect(f"/ws/games/{game.public_id}/", [(b"accept-language", b"nl")])
        await comm.send_json_to({"type": "ping"})
        while (await comm.receive_json_from(timeout=10))["type"] != "pong":
            pass
        await comm.disconnect()
    finally:
        GameConsumer.on_ping = original
    assert seen == ["nl"]


async def test_the_analysis_socket_says_an_engine_refusal_in_the_browsers_language() -> None:
    comm = await connect("/ws/analysis/", [(b"accept-language", b"fr")])
    try:
        said = await first_error(
            comm, {"type": "analyse", "variant": "chesskers", "fen": "8/8 w - - 0 1"}
        )
    finally:
        await comm.disconnect()
    assert (
        said == "FEN incorrecte : FEN invalide '8/8 w - - 0 1' : 8 rangées attendues, 2 trouvées."
    )


def test_an_engine_errors_numbers_are_grouped_as_the_language_writes_them() -> None:
    from engine.errors import CaptureSearchError, Grouped

    error = CaptureSearchError(
        "this position's captures take more than %(jumps)s jumps to search, more than a game "
        "here may have",
        jumps=Grouped(1_000_000),
    )
    assert str(error).startswith("this position's captures take more than 1,000,000 jumps")
    assert say(error) == str(error)
    with translation.override("nl"):
        assert "1.000.000" in say(error)


def test_an_ambiguous_moves_alternatives_are_joined_in_the_language() -> None:
    from tests.engine.test_notation import TWO_KNIGHTS

    game = variants.get("chesskers").new_game(TWO_KNIGHTS)
    with pytest.raises(ValueError) as caught:
        game.parse_move("Nd2")
    error = caught.value
    assert str(error) == "ambiguous move Nd2: Nbd2 or Nfd2"
    with translation.override("fr"):
        assert say(error) == "ambiguous move Nd2: Nbd2 ou Nfd2"
