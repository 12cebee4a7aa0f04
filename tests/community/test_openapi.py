"""The OpenAPI schema says what the community's and the account's answers are: each answer held
field by field against what the schema documents for it (tests/games/test_openapi.py's check)."""

import uuid

import pytest
from drf_spectacular.generators import SchemaGenerator

from community.services import follow
from tests.factories import make_user
from tests.games.conftest import start_game
from tests.games.test_openapi import api, conforms, documented

pytestmark = pytest.mark.django_db


def test_the_community_and_account_answers_are_what_the_schema_says(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    follow(user=alice, other=bob)
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    answers = []

    def ask(user, method: str, url: str, path: str, status: int, data=None) -> None:
        response = getattr(api(user), method)(url, data, format="json")
        assert response.status_code == status, response.content
        answers.append((url, response.json(), documented(schema, path, method, status)))

    chat = "/api/games/{game_id}/chat/"
    ask(alice, "post", f"/api/games/{game.public_id}/chat/", chat, 201, {"text": "hi"})
    ask(bob, "get", f"/api/games/{game.public_id}/chat/", chat, 200)
    ask(None, "get", "/api/users/alice/following/", "/api/users/{username}/following/", 200)
    report = {"user": "bob", "reason": "spam", "game": game.public_id}
    ask(alice, "post", "/api/reports/", "/api/reports/", 201, report)
    ask(alice, "get", "/api/account/", "/api/account/", 200)
    ask(alice, "get", "/api/account/settings/", "/api/account/settings/", 200)
    ask(alice, "patch", "/api/account/settings/", "/api/account/settings/", 200, {"chat": False})
    ask(alice, "post", "/api/account/email/", "/api/account/email/", 200, {"email": "a@x.org"})
    talk = "/api/inbox/{username}/"
    ask(alice, "post", "/api/inbox/bob/", talk, 201, {"text": "hi"})
    ask(bob, "get", "/api/inbox/", "/api/inbox/", 200)
    ask(bob, "get", "/api/inbox/alice/", talk, 200)
    ask(bob, "post", "/api/inbox/alice/read/", "/api/inbox/{username}/read/", 200)
    problems = [p for what, answer, spec in answers for p in conforms(answer, spec, components,
                                                                      what)]  # fmt: skip
    assert problems == []
    assert answers[2][1][0]["games"]  # a live game was held against the schema too
