"""The forum's services and reads, as docs/site.md "Forum" promises: topics and replies
numbered one after another with their counts, the edits and removals, the moderators' choices,
a team's forum for its members only, a muted player kept out, a day's topics bounded, and every
refusal a sentence that changes nothing."""

import io
import json
import zipfile
from datetime import timedelta

import pytest
from django.utils import timezone

from community.services import mute
from forum.categories import BY_SLUG, CATEGORIES, TEAM_PREFIX, team_slug
from forum.models import Forum, Post, Topic
from forum.places import place
from forum.policy import POST_CHARS, POSTS_PAGE, TOPICS_A_DAY, TOPICS_PAGE
from forum.reads import forum_page, forums_front, posts_of, topic_object
from forum.schemas import TopicChange, TopicRequest, post_text, topic_title
from forum.services import (
    post_edit,
    post_remove,
    post_reply,
    topic_by_id,
    topic_change,
    topic_delete,
)
from games.domain.errors import GameError
from players.closing import close_account
from players.mydata import data_archive
from teams.services import team_join, team_leave
from tests.factories import make_user
from tests.forum.conftest import start
from tests.teams.conftest import make_team

pytestmark = pytest.mark.django_db


def counts(slug: str) -> tuple[int, int]:
    row = Forum.objects.get(slug=slug)
    return row.topic_count, row.post_count


def refused(call, *args, **kwargs) -> GameError:
    with pytest.raises(GameError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_the_forums_are_declared_once_and_none_hides_an_api_route() -> None:
    slugs = [category.slug for category in CATEGORIES]
    assert len(set(slugs)) == len(slugs) == len(BY_SLUG)
    assert not {"topics", "posts", "post", "search", "by"} & set(slugs)  # routes beside them
    assert not any(slug.startswith(TEAM_PREFIX) for slug in slugs)


def test_replies_are_numbered_in_turn_and_counted(ann, bob) -> None:
    topic = start(ann)
    for n in range(3):
        post_reply(user=bob if n % 2 == 0 else ann, topic_id=topic.public_id, text=f"reply {n}")
    topic.refresh_from_db()
    numbers = list(topic.posts.order_by("number").values_list("number", "author__username"))
    assert numbers == [(1, "ann"), (2, "bob"), (3, "ann"), (4, "bob")]
    assert (topic.post_count, topic.last_author.username) == (4, "bob")
    assert counts("general") == (1, 4)
    second = start(bob, title="Dameo openings")
    assert counts("general") == (2, 5)
    assert Forum.objects.get(slug="general").last_topic == second


def test_a_forum_lists_pinned_topics_first_then_the_latest_written_to(ann, bob, mod) -> None:
    first, second, third = (start(ann, title=f"Topic number {n}") for n in range(3))
    post_reply(user=bob, topic_id=first.public_id, text="up")
    topic_change(user=mod, topic_id=second.public_id, change=TopicChange(sticky=True))
    listed = forum_page(place("general", ann))
    assert [t["id"] for t in listed["topics"]] == [
        second.public_id,
        first.public_id,
        third.public_id,
    ]
    assert listed["topics"][0]["sticky"] and not listed["more"]
    assert listed["forum"]["topics"] == 3 and listed["forum"]["posts"] == 4


def test_a_forums_pages_and_a_topics_pages_split_where_the_policy_says(ann, bob) -> None:
    for n in range(TOPICS_PAGE + 1):
        Topic.objects.create(
            forum=Forum.objects.get_or_create(slug="general")[0],
            title=f"Old topic {n}",
            author=None,
            last_post_at=timezone.now() - timedelta(minutes=n),
        )
    where = place("general", ann)
    assert (len(forum_page(where)["topics"]), forum_page(where)["more"]) == (TOPICS_PAGE, True)
    assert [t["title"] for t in forum_page(where, 2)["topics"]] == [f"Old topic {TOPICS_PAGE}"]
    topic = start(ann, title="A long one")
    for n in range(POSTS_PAGE):
        post_reply(user=bob, topic_id=topic.public_id, text=f"line {n}")
    topic.refresh_from_db()
    shown = topic_object(topic, where, ann.pk, 2)
    assert (shown["pages"], shown["page"]) == (2, 2)
    assert [p["number"] for p in shown["posts_shown"]] == [POSTS_PAGE + 1]
    assert topic_object(topic, where, ann.pk, 99)["page"] == 2  # past the last: the last
    assert shown["last_url"].endswith(f"?page=2#p{POSTS_PAGE + 1}")


def test_an_author_edits_and_removes_their_post_and_no_one_else_may(ann, bob) -> None:
    topic = start(ann)
    post = post_reply(user=bob, topic_id=topic.public_id, text="Frist")
    assert "author" in refused(post_edit, user=ann, post_id=post.pk, text="Mine now").message
    post_edit(user=bob, post_id=post.pk, text="First")
    post.refresh_from_db()
    assert (post.text, post.edited_at is not None) == ("First", True)
    assert "moderators" in refused(post_remove, user=ann, post_id=post.pk).message
    post_remove(user=bob, post_id=post.pk)
    post.refresh_from_db()
    assert (post.removed, post.text, post.number) == ("author", "", 2)
    assert "removed" in refused(post_edit, user=bob, post_id=post.pk, text="Back").message


def test_moderators_close_pin_remove_and_delete(ann, bob, mod) -> None:
    topic = start(ann)
    reply = post_reply(user=bob, topic_id=topic.public_id, text="Spam spam spam")
    start(bob, title="Another topic")
    assert (
        "moderators"
        in refused(
            topic_change, user=ann, topic_id=topic.public_id, change=TopicChange(closed=True)
        ).message
    )
    topic_change(user=mod, topic_id=topic.public_id, change=TopicChange(closed=True))
    refusal = refused(post_reply, user=bob, topic_id=topic.public_id, text="Still here")
    assert "closed" in refusal.message and Post.objects.filter(topic=topic).count() == 2
    assert "closed" in refused(post_edit, user=bob, post_id=reply.pk, text="x").message
    post_remove(user=mod, post_id=reply.pk)
    reply.refresh_from_db()
    assert (reply.removed, reply.text) == ("moderator", "")
    assert "moderators" in refused(topic_delete, user=bob, topic_id=topic.public_id).message
    assert topic_delete(user=mod, topic_id=topic.public_id) == "general"
    assert not Topic.objects.filter(pk=topic.pk).exists()
    assert counts("general") == (1, 1)
    assert Forum.objects.get(slug="general").last_topic.title == "Another topic"


def test_a_teams_forum_is_its_members_and_its_leaders_moderate_it(ann, bob, mod) -> None:
    lead = make_user("lead")
    team = make_team(lead, [ann])
    slug = team_slug(team.public_id)
    topic = start(ann, slug=slug, title="Friday's match")
    post_reply(user=lead, topic_id=topic.public_id, text="Board order: me first.")
    for act in (
        lambda: place(slug, bob),
        lambda: topic_by_id(topic.public_id, bob),
        lambda: post_reply(user=bob, topic_id=topic.public_id, text="Let me in"),
        lambda: start(bob, slug=slug, title="Outsider"),
    ):
        assert "members" in refused(act).message
    assert place(slug, mod).moderates and not place(slug, mod).may_write
    topic_change(user=lead, topic_id=topic.public_id, change=TopicChange(sticky=True))
    assert (
        "moderators"
        in refused(
            topic_change, user=ann, topic_id=topic.public_id, change=TopicChange(closed=True)
        ).message
    )
    front = forums_front(ann.pk)
    assert [(f["slug"], f["topics"], f["posts"]) for f in front["teams"]] == [(slug, 1, 2)]
    assert front["latest"] == []  # a team's posts stay among its members
    assert forums_front(bob.pk)["teams"] == []
    team_leave(public_id=team.public_id, user=ann)
    assert "members" in refused(place, slug, ann).message
    assert "no forum" in refused(place, "team-nosuchteam", ann).message


def test_a_team_that_ends_takes_its_forum_with_it(ann) -> None:
    lead = make_user("lead")
    team = make_team(lead)
    topic = start(lead, slug=team_slug(team.public_id))
    team_join(public_id=team.public_id, user=ann)
    team_leave(public_id=team.public_id, user=ann)
    team_leave(public_id=team.public_id, user=lead)
    assert not Topic.objects.filter(pk=topic.pk).exists()
    assert not Forum.objects.filter(slug=team_slug(team.public_id)).exists()


def test_a_muted_player_waits_and_a_stranger_is_refused(ann, bob, mod) -> None:
    topic = start(ann)
    mute(moderator=mod, user=bob, hours=2)
    refusal = refused(post_reply, user=bob, topic_id=topic.public_id, text="Hello")
    assert "muted" in refusal.message and refusal.code == "forbidden"
    assert "muted" in refused(start, bob).message
    assert counts("general") == (1, 1)
    assert "no forum" in refused(place, "nowhere", ann).message
    assert "no forum" in refused(place, "x" * 5000, ann).message
    assert "no topic" in refused(topic_by_id, "nope", ann).message


def test_a_player_starts_at_most_a_days_topics(ann) -> None:
    for n in range(TOPICS_A_DAY):
        start(ann, title=f"Question {n}")
    refusal = refused(start, ann, title="One more")
    assert "last day" in refusal.message
    assert counts("general") == (TOPICS_A_DAY, TOPICS_A_DAY)
    Topic.objects.update(created_at=timezone.now() - timedelta(days=1, minutes=1))
    assert start(ann, title="The next day").post_count == 1


@pytest.mark.parametrize(
    "value",
    [None, "", "  ", 7, "x" * (POST_CHARS + 1), "a\x00b", "bell\x07", "\u202eevil", ["text"]],
)
def test_a_post_must_be_text_a_page_shows(value) -> None:
    with pytest.raises(GameError) as caught:
        post_text(value)
    assert caught.value.code == "bad_request" and "post" in caught.value.message


@pytest.mark.parametrize("value", [None, "ab", "x" * 101, "tab\there", "\u202eevil", 3])
def test_a_title_is_a_short_printable_line(value) -> None:
    with pytest.raises(GameError):
        topic_title(value)


def test_text_keeps_its_lines_and_is_trimmed() -> None:
    assert post_text("  one\r\ntwo\n\n three  ") == "one\ntwo\n\n three"
    asked = TopicRequest.from_body({"title": "  Spaced  ", "text": "x"})
    assert (asked.title, asked.text) == ("Spaced", "x")
    with pytest.raises(GameError):
        TopicChange.from_body({})


def test_a_players_posts_are_in_their_data_and_stay_when_they_leave(ann, bob) -> None:
    topic = start(ann)
    post_reply(user=bob, topic_id=topic.public_id, text="Mine")
    assert [(p["topic"], p["number"], p["text"]) for p in posts_of(bob.pk)] == [
        (topic.public_id, 2, "Mine")
    ]
    with zipfile.ZipFile(io.BytesIO(data_archive(ann).read())) as archive:
        account = json.loads(archive.read("account.json"))
    assert [(p["title"], p["number"]) for p in account["forum_posts"]] == [
        ("Knights in Chesskers", 1)
    ]
    renamed = close_account(user=bob)
    shown = topic_object(topic, place("general", ann), ann.pk)
    assert [p["author"] for p in shown["posts_shown"]] == ["ann", renamed]
