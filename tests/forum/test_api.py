"""The forum API over HTTP, as docs/api.md "Forum" promises: the forums, a forum's topics,
starting a topic, replying, editing and removing a post, the moderators' choices, a team's
forum kept to its members; every answer held against the OpenAPI schema, and every refusal a
status with a sentence that changes nothing."""

import pytest

from forum.categories import team_slug
from forum.models import Post, Topic
from tests.factories import api_client, make_user
from tests.forum.conftest import start
from tests.games.test_openapi import SchemaChecked
from tests.teams.conftest import make_team

pytestmark = pytest.mark.django_db

TOPIC_PATH, POST_PATH = "/api/forum/topics/{topic_id}/", "/api/forum/posts/{post_id}/"


def test_a_topic_is_started_answered_edited_and_moderated_as_the_schema_says(ann, bob, mod) -> None:
    checked = SchemaChecked()

    def ask(user, method: str, url: str, path: str, status: int, data=None) -> dict | None:
        return checked(api_client(user), method, url, path, status, data)

    body = {"title": "Sweeping knights", "text": "How far does a knight sweep?"}
    made = ask(ann, "post", "/api/forum/general/", "/api/forum/{slug}/", 201, body)
    assert (made["title"], made["posts"], made["forum"]["slug"]) == (body["title"], 1, "general")
    assert [(p["number"], p["author"], p["mine"]) for p in made["posts_shown"]] == [
        (1, "ann", True)
    ]
    url = f"/api/forum/topics/{made['id']}/"
    reply = ask(bob, "post", url, TOPIC_PATH, 201, {"text": "Every enemy piece on its leg."})
    assert (reply["number"], reply["author"]) == (2, "bob")
    post_url = f"/api/forum/posts/{reply['id']}/"
    edited = ask(bob, "patch", post_url, POST_PATH, 200, {"text": "Every enemy on its leg."})
    assert edited["edited_at"] is not None and edited["text"] == "Every enemy on its leg."
    shut = ask(mod, "patch", url, TOPIC_PATH, 200, {"closed": True, "sticky": True})
    assert (shut["closed"], shut["sticky"], shut["viewer"]["may_reply"]) == (True, True, False)
    removed = ask(mod, "delete", post_url, POST_PATH, 200)
    assert (removed["removed"], removed["text"]) == ("moderator", "")
    listed = ask(None, "get", "/api/forum/general/", "/api/forum/{slug}/", 200)
    assert [(t["id"], t["posts"], t["sticky"]) for t in listed["topics"]] == [(made["id"], 2, True)]
    assert listed["viewer"] == {"may_write": False, "moderates": False}
    front = ask(None, "get", "/api/forum/", "/api/forum/", 200)
    general = next(f for f in front["forums"] if f["slug"] == "general")
    assert (general["topics"], general["posts"], general["last"]["topic"]) == (1, 2, made["id"])
    assert [p["text"] for p in front["latest"]] == ["How far does a knight sweep?"]
    ask(mod, "delete", url, TOPIC_PATH, 204)
    ask(None, "get", url, TOPIC_PATH, 404)
    assert checked.problems == []


def test_a_title_is_changed_by_its_author_until_others_reply_then_by_a_moderator(
    ann, bob, mod
) -> None:
    checked = SchemaChecked()
    topic = start(ann)
    url = f"/api/forum/topics/{topic.public_id}/"

    def ask(user, status: int, data=None, method: str = "patch") -> dict | None:
        return checked(api_client(user), method, url, TOPIC_PATH, status, data)

    assert ask(ann, 200, method="get")["viewer"]["may_retitle"] is True
    assert ask(bob, 200, method="get")["viewer"]["may_retitle"] is False
    renamed = ask(ann, 200, {"title": "  Sweeping knights  "})
    assert (renamed["title"], renamed["viewer"]["may_retitle"]) == ("Sweeping knights", True)
    ask(bob, 201, {"text": "Both ways."}, method="post")
    assert ask(ann, 200, method="get")["viewer"]["may_retitle"] is False
    refused = api_client(ann).patch(url, {"title": "Knights, again"}, format="json")
    assert refused.status_code == 400 and "only a moderator" in refused.json()["error"]
    moderated = ask(mod, 200, {"title": "Knights sweep both ways", "closed": True})
    assert (moderated["title"], moderated["closed"]) == ("Knights sweep both ways", True)
    assert moderated["viewer"]["may_retitle"] is True
    assert Topic.objects.get(pk=topic.pk).title == "Knights sweep both ways"
    assert checked.problems == []


def test_a_teams_forum_answers_its_members_only(ann, bob) -> None:
    lead = make_user("lead")
    team = make_team(lead, [ann])
    slug = team_slug(team.public_id)
    topic = start(ann, slug=slug, title="Friday's match")
    member = api_client(ann).get(f"/api/forum/{slug}/")
    assert member.status_code == 200 and member.json()["forum"]["team"] == team.public_id
    assert [f["slug"] for f in api_client(ann).get("/api/forum/").json()["teams"]] == [slug]
    for method, url, data in (
        ("get", f"/api/forum/{slug}/", None),
        ("post", f"/api/forum/{slug}/", {"title": "Hello", "text": "Let me in"}),
        ("get", f"/api/forum/topics/{topic.public_id}/", None),
        ("post", f"/api/forum/topics/{topic.public_id}/", {"text": "Let me in"}),
    ):
        answer = getattr(api_client(bob), method)(url, data, format="json")
        assert answer.status_code == 403, (method, url)
        assert "members" in answer.json()["error"]
    assert Post.objects.count() == 1 and Topic.objects.count() == 1


@pytest.mark.parametrize(
    "who, method, url, data, status, words",
    [
        (None, "post", "/api/forum/general/", {"title": "Hi there", "text": "x"}, 401, ""),
        ("bob", "post", "/api/forum/nowhere/", {"title": "Hi there", "text": "x"}, 404, "forum"),
        ("bob", "post", "/api/forum/general/", {"title": "Hi", "text": "x"}, 400, "title"),
        ("bob", "post", "/api/forum/general/", {"title": "Fine title", "text": ""}, 400, "post"),
        ("bob", "post", "/api/forum/general/", ["not", "a", "body"], 400, "title"),
        ("bob", "post", "TOPIC", {"text": "bell\x07"}, 400, "post"),
        ("bob", "post", "TOPIC", {"text": "\x00"}, 400, "NUL"),
        ("bob", "post", "/api/forum/topics/nosuchtopic/", {"text": "x"}, 404, "topic"),
        ("bob", "patch", "TOPIC", {"closed": True}, 403, "moderators"),
        ("bob", "patch", "TOPIC", {"title": "Bob's topic now"}, 403, "author"),
        ("ann", "patch", "TOPIC", {"title": "Mine, pinned", "sticky": True}, 403, "moderators"),
        ("mod", "patch", "TOPIC", {"title": "ab"}, 400, "title"),
        ("mod", "patch", "TOPIC", {"title": "x" * 101}, 400, "title"),
        ("mod", "patch", "TOPIC", {}, 400, "closed"),
        ("mod", "patch", "TOPIC", {"closed": "perhaps"}, 400, "closed"),
        ("bob", "delete", "TOPIC", None, 403, "moderators"),
        ("bob", "patch", "POST", {"text": "Mine now"}, 403, "author"),
        ("bob", "delete", "POST", None, 403, "moderators"),
        ("bob", "patch", "/api/forum/posts/999999/", {"text": "x"}, 404, "post"),
    ],
)
def test_every_refusal_says_why_and_changes_nothing(
    ann, bob, mod, who, method, url, data, status, words
) -> None:
    topic = start(ann)
    first = topic.posts.get()
    url = {
        "TOPIC": f"/api/forum/topics/{topic.public_id}/",
        "POST": f"/api/forum/posts/{first.pk}/",
    }.get(url, url)
    user = {"ann": ann, "bob": bob, "mod": mod, None: None}[who]
    answer = getattr(api_client(user), method)(url, data, format="json")
    assert answer.status_code == status, answer.content
    assert words in answer.json()["error"]
    topic.refresh_from_db()
    first.refresh_from_db()
    assert (Topic.objects.count(), Post.objects.count()) == (1, 1)
    assert (topic.title, topic.closed, topic.sticky, first.text, first.removed) == (
        "Knights in Chesskers",
        False,
        False,
        "Do knights sweep both ways?",
        "",
    )
