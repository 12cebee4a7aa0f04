"""The simuls API over HTTP, as docs/api.md "Simuls" promises: hosting one (every refusal a 400
or 403 with a sentence, changing nothing), the list, one simul, asking to play, the host's
choices, the start, the next board, calling it off; every answer held against the OpenAPI
schema. And the pages: the list with its form, a simul's page, the host's next board, the game
page naming its simul."""

import pytest

from games.models import Game
from simuls.models import Simul
from simuls.services import simul_start
from tests.factories import api_client
from tests.games.test_openapi import SchemaChecked
from tests.simuls.conftest import make_simul

pytestmark = pytest.mark.django_db

SIMUL = {
    "name": "Friday simul",
    "variant": "russian",
    "clock": {"initial": 600, "increment": 10},
    "max_players": 5,
    "host_extra": 5,
    "host_color": "black",
    "text": "Come and play.",
}


def test_a_simul_is_hosted_joined_chosen_and_started_as_the_schema_says(people) -> None:
    host, ann, bob = people(2)
    checked = SchemaChecked()

    def ask(user, method: str, url: str, path: str, status: int, data=None) -> dict | None:
        return checked(api_client(user), method, url, path, status, data)

    made = ask(host, "post", "/api/simuls/", "/api/simuls/", 201, SIMUL)
    assert (made["host"], made["variant"], made["host_extra"], made["status"]) == (
        "host",
        "russian",
        5,
        "created",
    )
    url = f"/api/simuls/{made['id']}/"
    path = "/api/simuls/{simul_id}/"
    ask(ann, "post", f"{url}join/", f"{path}join/", 200)
    ask(bob, "post", f"{url}join/", f"{path}join/", 200)
    ask(host, "post", f"{url}accept/", f"{path}accept/", 200, {"user": "ann"})
    shown = ask(host, "post", f"{url}remove/", f"{path}remove/", 200, {"user": "bob"})
    assert [(p["user"], p["accepted"]) for p in shown["players"]] == [("ann", True)]
    listed = ask(None, "get", "/api/simuls/", "/api/simuls/", 200)
    assert [s["id"] for s in listed["created"]] == [made["id"]]
    started = ask(host, "post", f"{url}start/", f"{path}start/", 200)
    (board,) = started["boards"]
    assert (board["user"], board["color"], board["host_to_move"]) == ("ann", "white", False)
    game = Game.objects.get(public_id=board["game"])
    assert (game.white.username, game.black.username, game.black_ms) == ("ann", "host", 900_000)
    ask(None, "get", url, path, 200)
    nxt = ask(host, "get", f"{url}next/", f"{path}next/", 200)
    assert nxt == {"game": None}  # ann (White) is to move
    assert ask(ann, "get", f"{url}next/", f"{path}next/", 200) == {"game": None}
    assert checked.problems == []


def test_refusals_are_json_sentences_and_change_nothing(people) -> None:
    host, ann = people(1)
    simul = make_simul(host, [ann], accept=False)
    url = f"/api/simuls/{simul.public_id}/"
    cases = [
        (api_client(), "post", "/api/simuls/", SIMUL, 401),
        (api_client(ann), "post", "/api/simuls/", {**SIMUL, "max_players": 0}, 400),
        (api_client(ann), "post", "/api/simuls/", {**SIMUL, "clock": {"days": 3}}, 400),
        (api_client(host), "post", "/api/simuls/", SIMUL, 400),  # one at a time
        (api_client(ann), "post", f"{url}start/", None, 403),
        (api_client(ann), "post", f"{url}accept/", {"user": "ann"}, 403),
        (api_client(host), "post", f"{url}accept/", {"user": ["ann"]}, 400),
        (api_client(host), "post", f"{url}accept/", {"user": "x" * 10_000}, 400),
        (api_client(host), "post", f"{url}remove/", {"user": "bob"}, 404),
        (api_client(host), "post", f"{url}start/", None, 400),  # nobody accepted
        (api_client(ann), "delete", url, None, 403),
        (api_client(ann), "post", "/api/simuls/nope/join/", None, 404),
        (api_client(), "get", "/api/simuls/nope/", None, 404),
    ]
    for api, method, where, data, status in cases:
        answer = getattr(api, method)(where, data, format="json")
        assert answer.status_code == status, (where, answer.content)
        error = answer.json()["error"]
        assert isinstance(error, str) and 0 < len(error) < 300  # never what was sent, echoed
    assert Simul.objects.count() == 1
    assert api_client(host).delete(url).status_code == 204
    assert not Simul.objects.exists()


def test_the_pages_list_make_and_show_a_simul(people, client) -> None:
    (host,) = people(0)
    client.force_login(host)
    page = client.get("/simul/")
    assert page.status_code == 200 and b'data-testid="simul-form"' in page.content
    refused = client.post("/simul/", {"name": "x", "clock_minutes": "10", "max_players": "5"})
    assert refused.status_code == 200
    assert "2 to 60 characters" in refused.content.decode()
    form = {
        "name": "Evening simul",
        "variant": "international",
        "clock_minutes": "15",
        "clock_increment": "10",
        "host_extra": "3",
        "host_color": "white",
        "max_players": "8",
        "text": "Bring your best shots.",
    }
    made = client.post("/simul/", form)
    simul = Simul.objects.get()
    assert made.status_code == 302 and made["Location"] == f"/simul/{simul.public_id}/"
    assert (simul.variant, simul.clock_initial, simul.host_extra, simul.max_players) == (
        "international",
        900,
        180,
        8,
    )
    page = client.get(f"/simul/{simul.public_id}/").content.decode()
    assert "Evening simul" in page and "Bring your best shots." in page
    listed = client.get("/simul/").content.decode()
    assert f'data-simul="{simul.public_id}"' in listed
    assert client.get("/simul/nope/").status_code == 404


def test_the_game_page_names_its_simul_and_sends_the_host_round_the_boards(
    people, client, committed
) -> None:
    host, ann, bob = people(2)
    simul = make_simul(host, [ann, bob])
    committed(simul_start, public_id=simul.public_id, host=host)
    first, second = simul.entries.order_by("board").values_list("game", flat=True)
    client.force_login(host)
    page = client.get(f"/game/{first}/").content.decode()
    assert 'data-testid="game-simul"' in page and "Friday simul" in page
    assert f'href="/simul/{simul.public_id}/next/?after={first}"' in page
    answer = client.get(f"/simul/{simul.public_id}/next/?after={first}")
    assert answer["Location"] == f"/game/{second}/"
    client.force_login(ann)
    page = client.get(f"/game/{first}/").content.decode()
    assert 'data-testid="game-simul"' in page and 'data-testid="simul-next"' not in page
    answer = client.get(f"/simul/{simul.public_id}/next/?after={first}")
    assert answer["Location"] == f"/simul/{simul.public_id}/"
