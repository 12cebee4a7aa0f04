"""Account pages through Django's test client: sign-up, log-in, log-out, password, profile."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def signup(client: Client, username: str, password: str, again: str | None = None):
    return client.post(
        reverse("signup"),
        {"username": username, "password1": password, "password2": again or password},
    )


def test_signup_creates_the_user_and_signs_them_in(client: Client) -> None:
    response = signup(client, "alice", PASSWORD)
    assert response.status_code == 302
    assert response.url == reverse("home")
    home = client.get(reverse("home"))
    assert home.context["user"].username == "alice"
    assert b'data-testid="account-menu">alice<' in home.content
    assert User.objects.get(username="alice").check_password(PASSWORD)


def test_signup_refuses_a_taken_username_in_any_case(client: Client) -> None:
    make_user("alice")
    response = signup(client, "ALICE", PASSWORD)
    assert response.status_code == 200
    assert response.context["form"].errors["username"] == ["That username is taken."]
    assert b"That username is taken." in response.content
    assert User.objects.count() == 1


def test_signup_refuses_a_weak_password_with_the_validators_reason(client: Client) -> None:
    response = signup(client, "bob", "password")
    assert response.status_code == 200
    errors = response.context["form"].errors["password1"]
    assert "This password is too common." in errors
    assert b'class="field has-error"' in response.content
    assert not User.objects.filter(username="bob").exists()


def test_signup_refuses_mismatched_passwords(client: Client) -> None:
    response = signup(client, "bob", PASSWORD, again=PASSWORD + "x")
    assert response.status_code == 200
    assert response.context["form"].errors["password2"] == ["The two passwords differ."]
    assert not User.objects.exists()


@pytest.mark.parametrize("username", ["a", "has space", "-dash", "x" * 21, "émile"])
def test_signup_refuses_a_malformed_username(client: Client, username: str) -> None:
    response = signup(client, username, PASSWORD)
    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert not User.objects.exists()


def test_login_with_the_right_password_signs_in(client: Client) -> None:
    make_user("alice")
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].is_authenticated


def test_login_with_a_wrong_password_is_refused_with_a_message(client: Client) -> None:
    make_user("alice")
    response = client.post(reverse("login"), {"username": "alice", "password": "wrong-one"})
    assert response.status_code == 200
    assert b"Please enter a correct username and password" in response.content
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_logout_signs_out(client: Client) -> None:
    make_user("alice")
    client.login(username="alice", password=PASSWORD)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_password_change_needs_the_old_password(client: Client) -> None:
    make_user("alice")
    client.login(username="alice", password=PASSWORD)
    refused = client.post(
        reverse("password_change"),
        {
            "old_password": "nope",
            "new_password1": "fresh-secret-42x",
            "new_password2": "fresh-secret-42x",
        },
    )
    assert refused.status_code == 200
    assert refused.context["form"].errors["old_password"]
    accepted = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "fresh-secret-42x",
            "new_password2": "fresh-secret-42x",
        },
    )
    assert accepted.status_code == 302
    assert User.objects.get(username="alice").check_password("fresh-secret-42x")


def test_password_change_page_requires_login(client: Client) -> None:
    response = client.get(reverse("password_change"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_profile_shows_joined_date_and_zero_counts(client: Client) -> None:
    user = make_user("alice")
    response = client.get("/@/alice")
    assert response.status_code == 200
    assert response.context["player"] == user
    stats = response.context["stats"]
    assert (stats.games_played, stats.wins, stats.draws, stats.losses) == (0, 0, 0, 0)
    assert user.date_joined.strftime("%Y").encode() in response.content
    assert b'data-testid="stat-games">0<' in response.content


def test_profile_redirects_to_the_usernames_own_case(client: Client) -> None:
    make_user("Alice")
    response = client.get("/@/alice")
    assert response.status_code == 302
    assert response.url == "/@/Alice"


def test_profile_of_an_unknown_user_is_404(client: Client) -> None:
    assert client.get("/@/nobody").status_code == 404


@pytest.mark.parametrize(
    "name", ["home", "about", "signup", "login", "play", "watch", "archive", "rules"]
)
def test_every_page_has_the_header_and_footer(client: Client, name: str) -> None:
    content = client.get(reverse(name)).content.decode()
    for link in (reverse("play"), reverse("watch"), reverse("archive"), reverse("about")):
        assert f'href="{link}"' in content
    assert "Log in" in content


def test_about_page_carries_the_piece_set_licence(client: Client) -> None:
    content = client.get(reverse("about")).content.decode()
    assert "Colin M.L. Burnett" in content
    assert "Redistribution and use in source and binary forms" in content


def test_admin_is_there_for_staff(client: Client) -> None:
    User.objects.create_superuser("root", password=PASSWORD)
    client.login(username="root", password=PASSWORD)
    assert client.get("/admin/accounts/user/").status_code == 200
