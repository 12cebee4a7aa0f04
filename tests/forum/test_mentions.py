"""A post that names players (``@name``) tells them, as docs/site.md "Forum" says: at most five
a post, in any case, never its writer, the topic's author twice, a player in a block with the
writer, nor, in a team's forum, anyone outside the team; the name is drawn as a link to the
profile, and an email or web address's @ names nobody."""

import pytest

from community.models import Notice
from community.services import block
from forum.categories import team_slug
from forum.services import post_reply
from forum.tells import MAX_MENTIONED, mentioned_names
from forum.templatetags.forum import post_body
from tests.factories import make_user
from tests.forum.conftest import start
from tests.teams.conftest import make_team

pytestmark = pytest.mark.django_db


def told(user) -> list[tuple[str, str]]:
    return list(Notice.objects.filter(user=user).order_by("id").values_list("kind", "data__from"))


def test_the_names_a_post_mentions() -> None:
    text = "@Bob and (@cy), mail me@ex.org, see https://x.org/@dee, @bob again, @x, @cy-2"
    assert mentioned_names(text) == ["bob", "cy", "cy-2"]
    many = " ".join(f"@player{n}" for n in range(MAX_MENTIONED + 3))
    assert len(mentioned_names(many)) == MAX_MENTIONED


def test_the_players_a_post_names_are_told_once_and_only_they(ann, bob) -> None:
    cy, dee, eve = make_user("cy"), make_user("dee"), make_user("eve")
    block(user=eve, other=bob)
    topic = start(ann, text="Hello @cy")
    post_reply(
        user=bob,
        topic_id=topic.public_id,
        text="@ANN @Cy @dee @eve @bob @nobody: have a look",
    )
    assert told(cy) == [("forum_mention", "ann"), ("forum_mention", "bob")]
    assert told(dee) == [("forum_mention", "bob")]
    assert told(ann) == [("forum_reply", "bob")]  # the author: told of the reply, once
    assert told(eve) == told(bob) == []  # a block; the writer


def test_in_a_teams_forum_only_its_members_are_told(ann, bob) -> None:
    lead = make_user("lead")
    team = make_team(lead, [ann])
    start(ann, slug=team_slug(team.public_id), text="@lead @bob: Friday?")
    assert told(lead) == [("forum_mention", "ann")]
    assert told(bob) == []


def test_a_name_is_drawn_as_a_link_to_the_profile() -> None:
    assert post_body("Ask @Bob, not me@ex.org") == (
        'Ask <a href="/@/Bob" class="forum-mention">@Bob</a>, not '
        '<a href="mailto:me@ex.org">me@ex.org</a>'
    )
