"""The OpenAPI schema (``/api/schema/``) says what the API really answers: real states, built by
the services, are held against the schema's ``GameState``, and the API's other answers against
what the schema documents for them, field by field and type by type."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from games.domain.clock import TimeControl
from games.domain.schemas import MoveRequest
from games.models import Game
from games.reads.state import game_state
from games.services.core import Actor
from games.services.lobby import game_rematch
from games.services.play import (
    game_berserk,
    game_create_bot,
    game_create_online,
    game_draw,
    game_resign,
    games_create_online,
)
from games.services.round import game_play
from tests.games.conftest import opened, start_game

pytestmark = pytest.mark.django_db

TYPES = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "array": list,
    "object": dict,
}


def conforms(value: Any, spec: dict, components: dict, where: str) -> list[str]:
    """Returns where ``value`` departs from the OpenAPI ``spec`` (empty if it conforms): a
    missing or extra field, a null where none is allowed, a value of another type or outside
    its enum."""
    if "$ref" in spec:
        return conforms(value, components[spec["$ref"].rsplit("/", 1)[1]], components, where)
    if value is None:
        return [] if spec.get("nullable") else [f"{where}: null, not nullable"]
    if "allOf" in spec:
        return [p for part in spec["allOf"] for p in conforms(value, part, components, where)]
    if "oneOf" in spec:  # a choice that may be blank: one of the alternatives
        tried = [conforms(value, part, components, where) for part in spec["oneOf"]]
        return [] if any(not problems for problems in tried) else [p for t in tried for p in t]
    if "enum" in spec and value not in spec["enum"]:
        return [f"{where}: {value!r} is not one of {spec['enum']}"]
    kind = spec.get("type")
    if kind is None:  # an enum alone (a blank choice): nothing more to check
        return []
    if (kind == "integer" and isinstance(value, bool)) or not isinstance(value, TYPES[kind]):
        return [f"{where}: {value!r} is not {kind}"]
    problems = []
    if kind == "array":
        for index, item in enumerate(value):
            problems += conforms(item, spec["items"], components, f"{where}[{index}]")
    if kind == "object" and "properties" in spec:
        fields, real = set(spec["properties"]), set(value)
        problems += [f"{where}.{name}: not in the schema" for name in sorted(real - fields)]
        problems += [f"{where}.{name}: missing" for name in sorted(fields - real)]
        for name in sorted(fields & real):
            problems += conforms(
                value[name], spec["properties"][name], components, f"{where}.{name}"
            )
    return problems


@pytest.fixture(scope="module")
def components(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema["components"]["schemas"]


def states(alice, bob) -> list[dict]:
    """Real states covering every field with a value and, where it may be, with null."""
    live = start_game(alice, bob, clock=TimeControl(initial=180, increment=2))
    game_play(game_id=live.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    game_draw(game_id=live.public_id, actor=Actor.of(alice), action="offer")
    Game.objects.filter(pk=live.pk).update(takeback_offer="white", takeback_refused="black")
    Game.objects.filter(pk=live.pk).update(absence_side="black", absence_since=timezone.now())
    checked = start_game(alice, bob, fen="4k3/8/8/8/8/8/8/4K2R b - - 0 1")
    Game.objects.filter(pk=checked.pk).update(fen="4k3/8/8/8/8/8/8/4R1K1 b - - 1 1")
    finished = opened(start_game(alice, bob))
    game_resign(game_id=finished.public_id, actor=Actor.of(bob))
    game_rematch(game_id=finished.public_id, actor=Actor.of(alice))
    bot = game_create_bot(actor=Actor(session_key="s" * 32), level=1, color="white")
    Game.objects.filter(pk=finished.pk).update(finished_at=timezone.now() - timedelta(hours=1))
    arena = game_create_online(
        alice,
        bob,
        clock=TimeControl(initial=60),
        tournament="arena123",
        tournament_round=3,
        berserk_allowed=True,
    )
    game_berserk(game_id=arena.public_id, actor=Actor.of(alice))
    (simul,) = games_create_online([(bob, alice)], rated=False, simul="simul123")
    games = (live, checked, finished, bot, arena, simul)
    return [game_state(Game.objects.get(pk=game.pk)) for game in games]


def test_real_states_are_what_the_schema_says(components, alice, bob) -> None:
    found = states(alice, bob)
    problems = [p for state in found for p in conforms(state, components["GameState"],
                                                       components, "state")]  # fmt: skip
    assert problems == []
    # Every nullable field was seen with a value somewhere, so its type was checked too.
    for name, spec in components["GameState"]["properties"].items():
        if spec.get("nullable"):
            assert any(state[name] is not None for state in found), name


def test_the_check_finds_a_field_the_schema_lacks_and_a_wrong_type(components, alice, bob) -> None:
    state = states(alice, bob)[0]
    assert conforms({**state, "extra": 1}, components["GameState"], components, "state") == [
        "state.extra: not in the schema"
    ]
    assert conforms({**state, "ply": "1"}, components["GameState"], components, "state") == [
        "state.ply: '1' is not integer"
    ]


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def documented(schema: dict, path: str, method: str, status: int) -> dict:
    """Returns the schema of an operation's JSON answer."""
    answer = schema["paths"][path][method]["responses"][str(status)]
    return answer["content"]["application/json"]["schema"]


class SchemaChecked:
    """Calls the API as a user and holds each answer against the OpenAPI schema: ``problems``
    collects what does not conform (a test ends asserting it empty)."""

    def __init__(self) -> None:
        self.schema = SchemaGenerator().get_schema(request=None, public=True)
        self.problems: list[str] = []

    def __call__(
        self, client: APIClient, method: str, url: str, path: str, status: int, data=None
    ) -> dict | None:
        """Calls ``method`` ``url`` (documented as ``path``), which must answer ``status``;
        returns its JSON (None for 204)."""
        answer = getattr(client, method)(url, data, format="json")
        assert answer.status_code == status, answer.content
        if status == 204:
            return None
        spec = documented(self.schema, path, method, status)
        components = self.schema["components"]["schemas"]
        self.problems.extend(conforms(answer.json(), spec, components, url))
        return answer.json()


def test_the_apis_other_answers_are_what_the_schema_says(alice, bob, carol) -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    answers = []  # (what, answer, its schema)

    def ask(user, method: str, url: str, path: str, status: int, data=None) -> dict:
        response = getattr(api(user), method)(url, data, format="json")
        assert response.status_code == status, response.content
        answers.append((url, response.json(), documented(schema, path, method, status)))
        return response.json()

    ask(carol, "post", "/api/seeks/", "/api/seeks/", 201, {"color": "white"})
    clocked = {"color": "black", "clock": {"initial": 180, "increment": 2}}
    ask(carol, "post", "/api/seeks/", "/api/seeks/", 201, clocked)
    ask(carol, "post", "/api/seeks/", "/api/seeks/", 201, {"clock": {"days": 3}})
    ask(None, "get", "/api/seeks/", "/api/seeks/", 200)
    ask(None, "get", "/api/variants/", "/api/variants/", 200)
    ask(bob, "post", "/api/seeks/", "/api/seeks/", 201, {"color": "black", "variant": "dameo"})
    local = {"variant": "international", "fen": "W:W31:B1:H0:F1"}
    ask(bob, "post", "/api/games/local/", "/api/games/local/", 201, local)
    link = ask(alice, "post", "/api/challenges/", "/api/challenges/", 201, {"color": "white"})
    ask(alice, "post", "/api/challenges/", "/api/challenges/", 201, {"to": "bob"})
    daily = {"to": "bob", "clock": {"days": 1}}
    ask(alice, "post", "/api/challenges/", "/api/challenges/", 201, daily)
    ask(bob, "get", "/api/challenges/", "/api/challenges/", 200)
    accept = "/api/challenges/{challenge_id}/accept/"
    started = ask(bob, "post", f"/api/challenges/{link['id']}/accept/", accept, 201)
    gid = started["game"]
    moves = "/api/games/{game_id}/moves/"
    ask(alice, "post", f"/api/games/{gid}/moves/", moves, 201, {"move": "e4", "ply": 0})
    game_resign(game_id=gid, actor=Actor.of(bob))
    rematch = "/api/games/{game_id}/rematch/"
    ask(alice, "post", f"/api/games/{gid}/rematch/", rematch, 201)
    ask(None, "get", "/api/games/?status=finished", "/api/games/", 200)
    notes = "/api/games/{game_id}/annotations/"
    ask(alice, "post", f"/api/games/{gid}/annotations/", notes, 201, {"ply": 0, "glyph": "!"})
    ask(None, "get", f"/api/games/{gid}/annotations/", notes, 200)
    ask(None, "get", f"/api/games/{gid}/analysis/", "/api/games/{game_id}/analysis/", 200)
    ask(None, "get", "/api/users/alice/", "/api/users/{username}/", 200)
    problems = [p for what, answer, spec in answers for p in conforms(answer, spec, components,
                                                                      what)]  # fmt: skip
    assert problems == []
