"""The forum's pages and the forms they post, as docs/site.md "Forum" says: the forums with the
latest posts, a forum's topics and the form that starts one, a topic's posts with the reply
form, the edit and remove forms, the moderators' form, a team's forum closed to strangers, the
posts a topic's open page reads as they are written, and what a player wrote shown as text
(links made links, nothing else made markup)."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from community.models import Report
from forum.categories import CATEGORIES, team_slug
from forum.models import Post, Topic
from forum.policy import POSTS_PAGE
from forum.services import post_reply
from forum.templatetags.forum import post_body
from tests.factories import make_moderator, make_user
from tests.forum.conftest import start
from tests.teams.conftest import make_team

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    web = Client()
    web.force_login(user)
    return web


def test_the_front_page_lists_every_forum_and_the_latest_posts(ann) -> None:
    start(ann, text="Sweeping <b>knights</b>")
    page = Client().get("/forum/").content.decode()
    for category in CATEGORIES:
        assert f'data-forum="{category.slug}"' in page and str(category.name) in page
    assert "Sweeping &lt;b&gt;knights&lt;/b&gt;" in page
    assert 'href="/forum/"' in Client().get("/").content.decode()  # in the menu


def test_a_topic_is_started_and_answered_through_the_forms(ann, bob) -> None:
    answer = signed_in(ann).post(
        "/forum/analysis/", {"title": "My <script> game", "text": "See https://example.org/x"}
    )
    topic = Topic.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/forum/analysis/{topic.public_id}/"
    page = Client().get(answer["Location"]).content.decode()
    assert "My &lt;script&gt; game" in page and "<script> game" not in page
    assert 'href="https://example.org/x" rel="nofollow"' in page
    replied = signed_in(bob).post(answer["Location"], {"text": "Nice\nline two"})
    assert replied["Location"] == f"/forum/analysis/{topic.public_id}/#p2"
    page = Client().get(answer["Location"]).content.decode()
    assert "Nice<br>line two" in page and 'id="p2"' in page
    listed = Client().get("/forum/analysis/").content.decode()
    assert f'data-topic="{topic.public_id}"' in listed and "Log in</a> to write" in listed


def test_a_refused_form_says_why_and_keeps_the_draft(ann, bob, mod) -> None:
    topic = start(ann)
    url = f"/forum/general/{topic.public_id}/"
    signed_in(mod).post(f"{url}moderate/", {"action": "close"})
    answer = signed_in(bob).post(url, {"text": "My long careful reply"})
    page = answer.content.decode()
    assert answer.status_code == 400 and "The topic is closed" in page
    assert Post.objects.count() == 1
    short = signed_in(ann).post("/forum/general/", {"title": "Hi", "text": "Body kept"})
    assert short.status_code == 400 and "Body kept" in short.content.decode()


def test_a_post_is_edited_and_removed_by_its_author(ann, bob) -> None:
    topic = start(ann)
    post = post_reply(user=bob, topic_id=topic.public_id, text="Frist")
    edit = f"/forum/post/{post.pk}/edit/"
    refused = signed_in(ann).get(edit)
    assert refused.status_code == 403 and "Only a post&#x27;s author may edit it." in (
        refused.content.decode()
    )
    assert "A team&#x27;s forum" not in refused.content.decode()
    assert "Frist" in signed_in(bob).get(edit).content.decode()
    saved = signed_in(bob).post(edit, {"text": "First"})
    assert saved["Location"] == f"/forum/general/{topic.public_id}/#p2"
    page = Client().get(saved["Location"]).content.decode()
    assert "First" in page and 'data-testid="post-edited"' in page
    refused = signed_in(ann).post(f"/forum/post/{post.pk}/remove/")
    assert refused.status_code == 400 and "moderators" in refused.content.decode()
    assert Post.objects.get(pk=post.pk).removed == ""
    signed_in(bob).post(f"/forum/post/{post.pk}/remove/")
    assert "Removed by its author." in Client().get(saved["Location"]).content.decode()
    assert signed_in(bob).get("/forum/post/999999/edit/").status_code == 404


def test_moderators_pin_close_and_delete_through_the_form(ann, mod) -> None:
    topic = start(ann)
    url = f"/forum/general/{topic.public_id}/"
    assert 'data-testid="topic-moderation"' not in signed_in(ann).get(url).content.decode()
    assert signed_in(ann).post(f"{url}moderate/", {"action": "pin"}).status_code == 400
    for action in ("pin", "close"):
        assert signed_in(mod).post(f"{url}moderate/", {"action": action}).status_code == 302
    topic.refresh_from_db()
    assert (topic.sticky, topic.closed) == (True, True)
    assert "no more replies" in Client().get(url).content.decode()
    assert signed_in(mod).post(f"{url}moderate/", {"action": "burn"}).status_code == 400
    gone = signed_in(mod).post(f"{url}moderate/", {"action": "delete"})
    assert gone["Location"] == "/forum/general/" and not Topic.objects.exists()


def test_a_teams_forum_shows_to_its_members_only(ann, bob) -> None:
    lead = make_user("lead")
    team = make_team(lead, [ann])
    slug = team_slug(team.public_id)
    topic = start(ann, slug=slug, title="Friday's match")
    assert (
        f'href="/forum/{slug}/"' in signed_in(ann).get(f"/team/{team.public_id}/").content.decode()
    )
    assert "Friday&#x27;s match" in signed_in(lead).get(f"/forum/{slug}/").content.decode()
    for url in (f"/forum/{slug}/", f"/forum/{slug}/{topic.public_id}/"):
        refused = signed_in(bob).get(url)
        assert refused.status_code == 403 and "members" in refused.content.decode()
        assert Client().get(url).status_code == 403
    assert (
        signed_in(bob).post(f"/forum/{slug}/", {"title": "Hello", "text": "x"}).status_code == 403
    )
    assert Topic.objects.count() == 1
    assert Client().get("/forum/nowhere/").status_code == 404
    wrong = Client().get(f"/forum/general/{start(bob).public_id}/")
    assert wrong.status_code == 200
    moved = signed_in(ann).get(f"/forum/general/{topic.public_id}/")
    assert moved["Location"] == f"/forum/{slug}/{topic.public_id}/"


def test_a_topic_page_costs_the_same_queries_however_long_the_topic(ann, bob) -> None:
    topic = start(ann)
    url = f"/forum/general/{topic.public_id}/"

    def queries(page: int) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(f"{url}?page={page}").status_code == 200
        return len(captured)

    post_reply(user=bob, topic_id=topic.public_id, text="one")
    few = queries(1)
    for n in range(3 * POSTS_PAGE):
        post_reply(user=bob if n % 2 else ann, topic_id=topic.public_id, text=f"reply {n}")
    assert queries(1) == few and queries(3) == few


def test_a_post_is_reported_to_the_moderators_with_its_words(ann, bob) -> None:
    topic = start(ann, text="Buy cheap pawns at example.org")
    first = topic.posts.get()
    url = f"/forum/general/{topic.public_id}/"
    assert 'data-testid="post-report-form"' in signed_in(bob).get(url).content.decode()
    assert 'data-testid="post-report-form"' not in signed_in(ann).get(url).content.decode()
    sent = signed_in(bob).post(
        f"/forum/post/{first.pk}/report/", {"reason": "spam", "text": "An advert"}, follow=True
    )
    assert "the moderators will read ann&#x27;s post" in sent.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.user, report.reason) == (bob, ann, "spam")
    assert report.text == f"http://testserver{url}#p1\n«Buy cheap pawns at example.org»\nAn advert"
    staff = signed_in(make_moderator("mod")).get(f"/moderation/reports/{report.pk}/")
    assert f'<a href="http://testserver{url}#p1"' in staff.content.decode()  # a link to it
    own = signed_in(ann).post(f"/forum/post/{first.pk}/report/", {"reason": "spam"}, follow=True)
    assert "You cannot report yourself." in own.content.decode()
    bad = signed_in(bob).post(f"/forum/post/{first.pk}/report/", {"reason": "?"}, follow=True)
    assert "reason" in bad.content.decode() and Report.objects.count() == 1


def test_a_teams_post_is_reported_by_its_members_only(ann, bob) -> None:
    team = make_team(make_user("lead"), [ann])
    topic = start(ann, slug=team_slug(team.public_id))
    answer = signed_in(bob).post(f"/forum/post/{topic.posts.get().pk}/report/", {"reason": "spam"})
    assert answer.status_code == 403 and not Report.objects.exists()


def test_a_players_posts_are_listed_from_their_profile(ann, bob) -> None:
    topic = start(ann, text="My question")
    post_reply(user=bob, topic_id=topic.public_id, text="Bob's answer")
    team = make_team(make_user("lead"), [bob])
    start(bob, slug=team_slug(team.public_id), title="Team talk", text="Among us")
    assert 'href="/forum/by/bob/"' in Client().get("/@/bob").content.decode()
    page = Client().get("/forum/by/bob/").content.decode()
    assert "Bob&#x27;s answer" in page and f"/forum/general/{topic.public_id}/#p2" in page
    assert "Among us" not in page  # a team's posts stay among its members
    assert "My question" not in page
    assert Client().get("/forum/by/nobody/").status_code == 404


def test_a_posts_quoted_lines_are_drawn_as_a_quotation_and_nothing_else_is_markup() -> None:
    drawn = post_body("> bob wrote (#2):\n> <b>Both</b> legs: https://x.org\nI agree & more\nSo?")
    assert drawn == (
        '<blockquote class="forum-quote">bob wrote (#2):<br>&lt;b&gt;Both&lt;/b&gt; legs: '
        '<a href="https://x.org" rel="nofollow">https://x.org</a></blockquote>\n'
        "I agree &amp; more<br>So?"
    )
    assert post_body("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;"


def test_a_topics_open_page_reads_new_posts_drawn_for_its_reader(ann, bob) -> None:
    topic = start(ann)
    for n in range(POSTS_PAGE + 1):
        post_reply(user=bob, topic_id=topic.public_id, text=f"reply {n}")
    url = f"/forum/general/{topic.public_id}/posts/"

    def numbers(client: Client, query: str) -> list[str]:
        answer = client.get(f"{url}{query}")
        assert answer.status_code == 200
        return re.findall(r'<li class="forum-post" id="p(\d+)"', answer.content.decode())

    # The rest of the asked number's page at most: page 1's last posts, not page 2's.
    assert numbers(Client(), f"?from={POSTS_PAGE - 1}") == [str(POSTS_PAGE - 1), str(POSTS_PAGE)]
    assert numbers(Client(), f"?from={POSTS_PAGE + 2}&to={POSTS_PAGE + 2}") == [str(POSTS_PAGE + 2)]
    assert numbers(Client(), "?from=999") == []
    assert numbers(Client(), "?from=x&to=1") == ["1"]  # not a number: from the first
    # Each drawn as the topic's page draws it for the reader: the author's own post editable,
    # someone else's to quote and report.
    own = signed_in(bob).get(f"{url}?from=2&to=2").content.decode()
    theirs = signed_in(ann).get(f"{url}?from=2&to=2").content.decode()
    assert 'data-testid="post-edit"' in own and 'data-testid="post-report-open"' not in own
    assert 'data-testid="post-edit"' not in theirs and 'data-testid="post-quote"' in theirs
    assert 'data-testid="post-report-open"' in theirs and "reply 0" in theirs


def test_a_teams_new_posts_are_read_by_its_members_only(ann, bob) -> None:
    team = make_team(make_user("lead"), [ann])
    slug = team_slug(team.public_id)
    topic = start(ann, slug=slug, title="Friday's match")
    url = f"/forum/{slug}/{topic.public_id}/posts/?from=1"
    assert "sweep" not in (refused := signed_in(bob).get(url)).content.decode()
    assert refused.status_code == 403 and Client().get(url).status_code == 403
    assert "sweep both ways" in signed_in(ann).get(url).content.decode()
    assert Client().get("/forum/general/nosuchtopic/posts/").status_code == 404
