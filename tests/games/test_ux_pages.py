"""What a new user meets on the pages: the bot and pass-and-play reachable from the lobby, every
unfinished game of theirs listed there, and form errors in the words of the form."""

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Game
from games.services.core import Actor
from games.services.play import game_create_local
from games.services.round import start_bot_game
from tests.games.archive_helpers import finished_game
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def in_progress(response) -> list[str]:
    """Returns the lines of the lobby's "your games in progress", as text, in order."""
    html = response.content.decode()
    if 'data-testid="games-in-progress"' not in html:
        return []
    box = html[html.index('data-testid="games-in-progress"') :]
    box = box[: box.index("</section>")]
    lines = re.findall(r"<li>(.*?)</li>", box, flags=re.S)
    return [re.sub(r"<[^>]+>", "", line).strip() for line in lines]


def links(response) -> set[str]:
    return set(re.findall(r'href="([^"]+)"', response.content.decode()))


# --- the bot and pass-and-play are linked ---------------------------------------------------
@pytest.mark.parametrize("signed_in", [False, True])
def test_the_lobby_links_the_bot_and_pass_and_play(alice, signed_in) -> None:
    client = Client()
    if signed_in:
        client.force_login(alice)
    response = client.get("/play/")
    html = response.content.decode()
    assert response.status_code == 200
    assert {"/play/bot/", "/play/local/"} <= links(response)
    assert (
        '<a class="button button-secondary button-small" href="/play/bot/">Play the bot</a>' in html
    )


def test_the_about_pages_promise_links_each_way_to_play(client) -> None:
    assert {"/play/", "/play/bot/", "/play/local/", "/watch/", "/games/"} <= links(
        client.get("/about/")
    )


# --- your games in progress -----------------------------------------------------------------
def test_a_user_finds_every_unfinished_game_of_theirs_in_the_lobby(alice, bob, carol) -> None:
    online = start_game(alice, bob)
    bot = start_bot_game(actor=Actor.of(alice), level=3, color="white")
    local = game_create_local(actor=Actor.of(alice))
    Game.objects.filter(pk=local.pk).update(ply=1)
    finished_game(alice, bob, ["e4"], resign=True)  # over: not listed
    start_bot_game(actor=Actor.of(carol), level=2, color="white")  # someone else's
    client = Client()
    client.force_login(alice)
    response = client.get("/play/")
    assert sorted(in_progress(response)) == sorted(
        [
            "alice vs bob · Online · Chesskers · 0 plies",
            "You vs the bot (level 3) · Bot · Chesskers · 0 plies",
            "Pass-and-play · Pass-and-play · Chesskers · 1 ply",
        ]
    )
    assert {f"/game/{g.public_id}/" for g in (online, bot, local)} <= links(response)


def test_a_bot_game_where_the_user_plays_black_names_the_bot_first(alice) -> None:
    start_bot_game(actor=Actor.of(alice), level=2, color="black")
    client = Client()
    client.force_login(alice)
    assert in_progress(client.get("/play/")) == [
        "The bot (level 2) vs you · Bot · Chesskers · 0 plies"
    ]


def test_a_visitor_finds_their_sessions_bot_and_pass_and_play_games(alice) -> None:
    visitor = Client()
    assert in_progress(visitor.get("/play/")) == []
    # The games this test makes: a server another test of this worker ran may have left one.
    before = Game.objects.order_by("-id").values_list("id", flat=True).first() or 0
    started = visitor.post("/play/bot/", {"level": "1", "color": "white"})
    assert started.status_code == 302
    visitor.post("/play/local/", {"fen": ""})
    games = Game.objects.filter(id__gt=before, white__isnull=True, black__isnull=True).order_by(
        "id"
    )
    assert [g.mode for g in games] == ["bot", "local"]
    response = visitor.get("/play/")
    assert sorted(in_progress(response)) == [
        "Pass-and-play · Pass-and-play · Chesskers · 0 plies",
        "You vs the bot (level 1) · Bot · Chesskers · 0 plies",
    ]
    assert {f"/game/{g.public_id}/" for g in games} <= links(response)
    # Another visitor's session has none of them, nor has a signed-in user.
    assert in_progress(Client().get("/play/")) == []
    other = Client()
    other.force_login(alice)
    assert in_progress(other.get("/play/")) == []


# --- errors in the form's words -------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "page_says", "api_says"),
    [
        (
            "min_plies=abc",
            "Min. plies is a whole number, not abc.",
            "min_plies is a whole number, not abc.",
        ),
        (
            "since=soon",
            "From is a date written YYYY-MM-DD, not soon.",
            "since is a date written YYYY-MM-DD, not soon.",
        ),
        (
            "until=later",
            "To is a date written YYYY-MM-DD, not later.",
            "until is a date written YYYY-MM-DD, not later.",
        ),
        ("annotated=maybe", "Annotated only is true or false.", "annotated is true or false."),
    ],
)
def test_the_archive_form_names_its_labels_and_the_api_its_parameters(
    client, query, page_says, api_says
) -> None:
    page = client.get(f"/games/?{query}")
    assert page.status_code == 400
    assert f'<p class="error-line" role="alert">{page_says}</p>' in page.content.decode()
    answer = APIClient().get(f"/api/games/?{query}")
    assert (answer.status_code, answer.json()) == (400, {"error": api_says})


def test_an_empty_import_names_the_forms_box_and_the_api_its_field(client, alice) -> None:
    client.force_login(alice)
    page = client.post("/games/import/", {"text": "  "}).content.decode()
    assert "Give the games&#x27; text in the Games box or a file." in page
    assert "`text`" not in page
    api = APIClient()
    api.force_authenticate(alice)
    answer = api.post("/api/games/import/", {"text": ""}, format="json")
    assert (answer.status_code, answer.json()) == (
        400,
        {"error": "Give the games' text in `text`."},
    )


def test_counts_of_plies_and_games_are_pluralised(client, alice, bob) -> None:
    finished_game(alice, bob, ["e4"], resign=True)
    html = client.get("/games/").content.decode()
    assert "1 ply · Online" in html
    assert "1 plies" not in html
