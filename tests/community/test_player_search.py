"""*Find a player*: the names starting with what was typed (``GET /api/users/?q=``, the players
page's form), any case, active accounts only, at most ten in the order of their names, each
saying whether its player is online; a name written whole goes to its profile; anything no
username starts with is refused with a sentence. On PostgreSQL the search reads an index of
names, not the whole table (service test)."""

import html

import pytest
from django.db import connection
from django.test import Client

from accounts.models import User
from players.selectors import FOUND_PLAYERS
from tests.factories import api_client, make_user

pytestmark = pytest.mark.django_db

REFUSED = {"error": "Look for a player by the start of their name: two letters or more."}


@pytest.fixture
def names() -> list[str]:
    made = ["alice", "Alfred", "alan", "albert", "bo-b", "xalxx"]
    for name in made:
        make_user(name)
    User.objects.filter(username="albert").update(is_active=False)  # a closed account
    return made


def test_the_names_starting_so_are_found_in_any_case(names) -> None:
    answer = api_client().get("/api/users/", {"q": "AL"})
    assert answer.status_code == 200
    assert answer.json() == [
        {"username": "alan", "online": False},
        {"username": "Alfred", "online": False},
        {"username": "alice", "online": False},
    ]
    assert api_client().get("/api/users/", {"q": "bo-"}).json() == [
        {"username": "bo-b", "online": False}
    ]
    assert api_client().get("/api/users/", {"q": "ali"}).json() == [
        {"username": "alice", "online": False}
    ]
    assert api_client().get("/api/users/", {"q": "zz"}).json() == []
    assert api_client().get("/api/users/", {"q": "a_"}).json() == []  # no wildcard


def test_at_most_ten_are_found(db) -> None:
    for n in range(FOUND_PLAYERS + 3):
        make_user(f"pl{n:02d}")
    found = api_client().get("/api/users/", {"q": "pl"}).json()
    assert [row["username"] for row in found] == [f"pl{n:02d}" for n in range(FOUND_PLAYERS)]


@pytest.mark.parametrize("asked", ["", "a", "-al", "al ice", "a%", "x" * 21, "ali\u00e7e"])
def test_what_no_name_starts_with_is_refused(names, asked) -> None:
    answer = api_client().get("/api/users/", {"q": asked})
    assert (answer.status_code, answer.json()) == (400, REFUSED)


def test_the_players_page_lists_them_or_goes_to_the_name_written_whole(names) -> None:
    page = Client().get("/players/", {"q": "al"}).content.decode()
    listed = page[page.index('data-testid="players-found"') :]
    assert listed.index(">alan<") < listed.index(">Alfred<") < listed.index(">alice<")
    assert ">albert<" not in page
    whole = Client().get("/players/", {"q": "ALICE"})
    assert (whole.status_code, whole.url) == (302, "/@/alice")
    none = html.unescape(Client().get("/players/", {"q": "zz"}).content.decode())
    assert "Nobody's name starts with “zz”." in none
    bad = html.unescape(Client().get("/players/", {"q": "a"}).content.decode())
    assert REFUSED["error"] in bad


@pytest.mark.services
def test_a_search_reads_an_index_of_names_not_the_table(db) -> None:
    User.objects.bulk_create([User(username=f"u{n:05d}", password="!") for n in range(5000)])
    make_user("alice")
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {User._meta.db_table}")
        cursor.execute(
            f"EXPLAIN SELECT id FROM {User._meta.db_table} WHERE LOWER(username) LIKE 'ali%%'"
        )
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "accounts_user_name_prefix" in plan and "Seq Scan" not in plan, plan
    assert api_client().get("/api/users/", {"q": "ali"}).json() == [
        {"username": "alice", "online": False}
    ]
