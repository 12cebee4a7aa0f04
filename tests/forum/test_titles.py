"""A topic's title changed, as docs/site.md "Forum" says: by its author while it is open and no
one else's reply stands in it, by the forum's moderators always (a team's leaders in its forum),
within the bounds a new topic's title has; through the service and the topic page's form, each
refusal a sentence that changes nothing."""

import pytest
from django.test import Client

from community.services import mute
from forum.categories import team_slug
from forum.models import Topic
from forum.schemas import TopicChange
from forum.services import post_remove, post_reply, topic_change
from games.domain.errors import GameError
from tests.factories import make_user
from tests.forum.conftest import start
from tests.teams.conftest import make_team

pytestmark = pytest.mark.django_db


def retitle(user, topic: Topic, title: str) -> Topic:
    return topic_change(user=user, topic_id=topic.public_id, change=TopicChange(title=title))


def refusal(user, topic: Topic, title: str) -> GameError:
    with pytest.raises(GameError) as caught:
        retitle(user, topic, title)
    topic.refresh_from_db()
    assert topic.title != title  # nothing changed
    return caught.value


def test_the_author_retitles_until_someone_else_replies(ann, bob, mod) -> None:
    topic = start(ann)
    assert retitle(ann, topic, "Sweeping knights").title == "Sweeping knights"
    post_reply(user=ann, topic_id=topic.public_id, text="And one more thing.")
    assert retitle(ann, topic, "Sweeping knights, again").title == "Sweeping knights, again"
    said = refusal(bob, topic, "Bob's topic")
    assert (said.code, said.message) == (
        "forbidden",
        "Only the topic's author or the forum's moderators may change its title.",
    )
    reply = post_reply(user=bob, topic_id=topic.public_id, text="Both ways.")
    said = refusal(ann, topic, "Something else")
    assert (said.code, said.message) == (
        "not_allowed",
        "Others have replied to the topic: only a moderator may change its title now.",
    )
    # A reply removed answers nothing: the title is its author's again.
    post_remove(user=bob, post_id=reply.pk)
    assert retitle(ann, topic, "Knights, both ways").title == "Knights, both ways"
    post_reply(user=bob, topic_id=topic.public_id, text="Still both ways.")
    assert retitle(mod, topic, "Knights sweep both ways").title == "Knights sweep both ways"


def test_a_closed_topic_or_a_muted_author_keeps_the_title(ann, mod) -> None:
    topic = start(ann)
    mute(moderator=mod, user=ann, hours=2)
    assert "muted" in refusal(ann, topic, "Muted, renamed").message
    topic_change(user=mod, topic_id=topic.public_id, change=TopicChange(closed=True))
    assert refusal(ann, topic, "Closed, renamed").message == "The topic is closed: its title stays."
    assert retitle(mod, topic, "Closed, by a moderator").title == "Closed, by a moderator"


def test_a_teams_leaders_retitle_in_its_forum(ann, bob) -> None:
    lead = make_user("lead")
    team = make_team(lead, [ann, bob])
    topic = start(ann, slug=team_slug(team.public_id), title="Friday's match")
    post_reply(user=bob, topic_id=topic.public_id, text="I play.")
    assert "only a moderator" in refusal(ann, topic, "Saturday's match").message
    assert retitle(lead, topic, "Saturday's match").title == "Saturday's match"


def signed_in(user) -> Client:
    web = Client()
    web.force_login(user)
    return web


def test_the_topic_page_offers_and_saves_the_title_to_whoever_may_change_it(ann, bob) -> None:
    topic = start(ann)
    url = f"/forum/general/{topic.public_id}/"
    assert 'data-testid="title-edit"' in signed_in(ann).get(url).content.decode()
    for reader in (signed_in(bob), Client()):
        assert 'data-testid="title-edit"' not in reader.get(url).content.decode()
    saved = signed_in(ann).post(f"{url}title/", {"title": "  Sweeping knights "})
    assert saved.status_code == 302 and saved["Location"] == url
    page = Client().get(url).content.decode()
    assert '<h1 data-testid="topic-heading">Sweeping knights</h1>' in page
    short = signed_in(ann).post(f"{url}title/", {"title": "ab"})
    assert short.status_code == 400
    assert "A topic&#x27;s title has 3 to 100 characters." in short.content.decode()
    stranger = signed_in(bob).post(f"{url}title/", {"title": "Bob's now"})
    assert stranger.status_code == 400 and "author" in stranger.content.decode()
    assert Topic.objects.get(pk=topic.pk).title == "Sweeping knights"
