"""Searching the forum, as docs/site.md "Forum" says: the site's forums' topics by title and
posts by text, in any case, the latest first, and the searcher's own teams' (never another
team's, nor a team's to a moderator outside it); words of 3 to 100
characters, refused otherwise with a sentence; the page, the API (held against the schema) and
the address's budget. On PostgreSQL both searches, and the teams' search by name, read their
trigram indexes."""

import uuid

import pytest
from django.db import connection
from django.test import Client

from forum.categories import team_slug
from forum.models import Post, Topic
from forum.reads import search
from forum.services import post_reply
from teams.models import Team
from tests.factories import api_client, make_user
from tests.forum.conftest import start
from tests.games.test_openapi import SchemaChecked
from tests.teams.conftest import make_team

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    web = Client()
    web.force_login(user)
    return web


@pytest.fixture
def talk(ann, bob):
    """Two topics of the general forum, and a team's topic saying the same words."""
    sweeping = start(ann, title="Sweeping knights", text="How far does a knight SWEEP?")
    post_reply(user=bob, topic_id=sweeping.public_id, text="A knight sweeps its whole leg.")
    kings = start(bob, title="Crowned kings", text="Nothing about sweeping here? Yes, sweeping.")
    team = make_team(make_user("lead"), [ann])
    start(ann, slug=team_slug(team.public_id), title="Team sweeping", text="Sweep in secret")
    return sweeping, kings


def test_topics_by_title_and_posts_by_text_the_latest_first(talk) -> None:
    sweeping, kings = talk
    found = search("SWEEP")
    assert [t["id"] for t in found["topics"]] == [sweeping.public_id]
    assert [(p["title"], p["number"]) for p in found["posts"]] == [
        ("Crowned kings", 1),
        ("Sweeping knights", 2),
        ("Sweeping knights", 1),
    ]
    assert found["posts"][0]["url"] == f"/forum/general/{kings.public_id}/#p1"
    assert search("no such words")["posts"] == []


def test_a_member_finds_their_own_teams_talk_and_no_one_elses(talk, ann, bob, mod) -> None:
    other = make_team(make_user("rival"), [bob], name="Rooks of Lviv")
    start(bob, slug=team_slug(other.public_id), title="Rooks sweeping", text="Rooks sweep too")
    theirs = search("sweep", viewer_id=ann.pk)
    assert [t["title"] for t in theirs["topics"]] == ["Team sweeping", "Sweeping knights"]
    assert [p["text"] for p in theirs["posts"]][:1] == ["Sweep in secret"]
    assert theirs["topics"][0]["url"].startswith("/forum/team-")
    for viewer in (None, mod.pk):  # signed out, or a moderator outside the teams
        seen = search("sweep", viewer_id=viewer)
        assert [t["title"] for t in seen["topics"]] == ["Sweeping knights"]
        assert not {"Sweep in secret", "Rooks sweep too"} & {p["text"] for p in seen["posts"]}
    bobs = search("sweep", viewer_id=bob.pk)
    assert [t["title"] for t in bobs["topics"]] == ["Rooks sweeping", "Sweeping knights"]
    # The page and the API search as the signed-in player.
    page = signed_in(ann).get("/forum/search/?q=sweep").content.decode()
    assert "Sweep in secret" in page and "Rooks sweep too" not in page
    answer = api_client(ann).get("/api/forum/search/?q=sweep").json()
    assert "Team sweeping" in [t["title"] for t in answer["topics"]]


def test_a_removed_post_is_not_found(talk, bob) -> None:
    reply = Post.objects.get(number=2)
    reply.removed, reply.text = "author", ""
    reply.save()
    assert [p["number"] for p in search("sweeps")["posts"]] == []


def test_the_page_and_the_api_search_and_refuse_as_the_schema_says(talk) -> None:
    page = Client().get("/forum/search/?q=sweep").content.decode()
    assert "Sweeping knights" in page and "How far does a knight SWEEP?" in page
    assert "Sweep in secret" not in page and "Team sweeping" not in page
    assert 'action="/forum/search/"' in Client().get("/forum/").content.decode()
    short = Client().get("/forum/search/?q=ab")
    assert short.status_code == 400 and "3 to 100 characters" in short.content.decode()
    assert Client().get("/forum/search/").status_code == 200  # the form alone
    checked = SchemaChecked()
    found = checked(api_client(), "get", "/api/forum/search/?q=sweep", "/api/forum/search/", 200)
    assert (found["query"], len(found["posts"]), found["more"]) == ("sweep", 3, False)
    for words in ("ab", "x" * 101, "\x00ab"):
        refused = api_client().get("/api/forum/search/", {"q": words})
        assert refused.status_code == 400 and "error" in refused.json()
    assert checked.problems == []


def test_searches_spend_the_addresss_budget(talk, settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "forum_search_address": "2/60"}
    web = Client()
    assert api_client().get("/api/forum/search/?q=sweep").status_code == 200
    assert web.get("/forum/search/?q=sweep").status_code == 200
    refused = web.get("/forum/search/?q=sweep")
    assert refused.status_code == 400 and "Too many searches" in refused.content.decode()
    assert api_client().get("/api/forum/search/?q=sweep").status_code == 429


def plan(queryset) -> str:
    """PostgreSQL's plan of ``queryset`` with sequential scans ruled out: an index that serves
    its lookup shows by name (on a table this small the planner would rather read it all)."""
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.services
def test_on_postgresql_each_search_reads_its_trigram_index(talk) -> None:
    assert connection.vendor == "postgresql"
    assert "forum_post_text_search" in plan(Post.objects.filter(text__icontains="sweep"))
    assert "forum_topic_title_search" in plan(Topic.objects.filter(title__icontains="sweep"))
    assert "team_name_search" in plan(Team.objects.filter(name__icontains="kyiv"))
