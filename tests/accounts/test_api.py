"""The accounts API: sign-up, token, profile, and the error shape."""

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_signup_answers_201_with_username_and_a_working_token(api: APIClient) -> None:
    response = api.post(
        "/api/auth/signup/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["username"] == "alice"
    token = response.json()["token"]
    me = api.get("/api/account/", HTTP_AUTHORIZATION=f"Token {token}")
    assert me.status_code == 200
    assert me.json()["username"] == "alice"


def test_signup_refuses_a_taken_username_with_400_and_an_error(api: APIClient) -> None:
    make_user("alice")
    response = api.post(
        "/api/auth/signup/", {"username": "Alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"error": "username: That username is taken."}
    assert User.objects.count() == 1


def test_signup_refuses_a_bad_password_with_the_validators_reason(api: APIClient) -> None:
    response = api.post(
        "/api/auth/signup/", {"username": "bob", "password": "12345678"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"].startswith("password: ")
    assert "too common" in response.json()["error"]
    assert not User.objects.exists()


def test_signup_refuses_a_missing_field(api: APIClient) -> None:
    response = api.post("/api/auth/signup/", {"username": "bob"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"error": "password: This field is required."}


def test_token_for_the_right_password(api: APIClient) -> None:
    make_user("alice")
    response = api.post(
        "/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    again = api.post("/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert response.json()["token"] == again.json()["token"]


def test_token_refuses_a_wrong_password(api: APIClient) -> None:
    make_user("alice")
    response = api.post(
        "/api/auth/token/", {"username": "alice", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"error": "Wrong username or password."}


def test_a_bad_token_is_refused(api: APIClient) -> None:
    response = api.get("/api/account/", HTTP_AUTHORIZATION="Token not-a-token")
    assert response.status_code == 401
    assert response.json() == {"error": "Invalid token."}


def test_account_needs_authentication(api: APIClient) -> None:
    response = api.get("/api/account/")
    assert response.status_code in (401, 403)
    assert "error" in response.json()


def test_a_newcomers_profile_has_the_starting_rating_and_empty_statistics(api: APIClient) -> None:
    user = make_user("alice")
    response = api.get("/api/users/alice/")
    assert response.status_code == 200
    empty = {"wins": 0, "draws": 0, "losses": 0}
    assert response.json() == {
        "username": "alice",
        "joined": user.date_joined.isoformat(),
        "games_played": 0,
        "wins": 0,
        "draws": 0,
        "losses": 0,
        "rating": 1500,
        "deviation": 350,
        "provisional": True,
        "volatility": 0.06,
        "rated_games": 0,
        "by_color": {"white": {"games": 0, **empty}, "black": {"games": 0, **empty}},
        "by_termination": {},
        "streak": None,
        "best_win": None,
        "recent": [],
        "rating_history": [],
        "category": "classical",
        "category_name": "Chesskers classical",
        "ratings": [],
    }


def test_unknown_user_profile_is_404_with_an_error(api: APIClient) -> None:
    response = api.get("/api/users/nobody/")
    assert response.status_code == 404
    assert response.json() == {"error": "No user is called nobody."}


def test_the_schema_documents_the_accounts_api(api: APIClient) -> None:
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert {"/api/auth/signup/", "/api/auth/token/", "/api/users/{username}/"} <= set(paths)


def test_the_api_docs_page_serves_swagger_from_our_own_static_files(api: APIClient) -> None:
    response = api.get("/api/docs/")
    assert response.status_code == 200
    content = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in content
    assert "cdn" not in content.lower()
