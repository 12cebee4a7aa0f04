"""A topic's open pages live, in Chromium against a real Daphne: Alice, half-way through a reply,
sees Bob's reply appear on her page as he posts it from his (drawn for her: hers to quote and
report, not to edit), her draft kept and the page never reloaded; his edit shows on her page as
he saves it, and the title she changes shows on his. A reader on an earlier page of a long
topic is told of the reply with the way to it, not given it on the page she reads. A reader is
told when a moderator closes, opens again or deletes the topic, their draft kept, and sees it
marked pinned as it is pinned; a member taken out of a team is told at once on their open page
of its topic that it is no longer theirs."""

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from forum.categories import team_slug
from forum.policy import POSTS_PAGE
from forum.services import post_reply
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.factories import make_moderator, make_user
from tests.forum.conftest import start
from tests.teams.conftest import make_team

DRAFT = "I was about to say: the knight"


@pytest.fixture(autouse=True)
def patient_expect() -> Iterator[None]:
    """Each page reads what it heard at a random moment of the next two seconds
    (static/js/gather.js): the expectations wait 10 s, not Playwright's 5, for a busy machine."""
    expect.set_options(timeout=10_000)
    yield
    expect.set_options(timeout=5_000)


def open_topic(page: Page, url: str) -> None:
    """Opens the topic and marks the window: a reload would lose the mark."""
    page.goto(url)
    page.evaluate("window.notReloaded = true")


def alice_and_bob(new_page) -> tuple[str, Page, Page]:
    """Alice's topic's address, and Alice's and Bob's pages, signed in, neither at it yet."""
    topic = off_the_loop(start, make_user("alice"))
    make_user("bob")
    hers, his = new_page(), new_page()
    log_in(hers, "alice")
    log_in(his, "bob")
    return f"/forum/general/{topic.public_id}/", hers, his


def test_a_reply_shows_on_the_open_pages_of_the_topic_and_the_draft_stays(new_page) -> None:
    url, hers, his = alice_and_bob(new_page)
    open_topic(hers, url)
    hers.get_by_test_id("reply-text").fill(DRAFT)
    open_topic(his, url)

    his.get_by_test_id("reply-text").fill("Both ways, @alice.\nEvery enemy on its leg.")
    his.get_by_test_id("reply-send").click()
    expect(his).to_have_url(re.compile(r"#p2$"))
    reply = hers.locator("#p2")
    words = "Both ways, @alice.Every enemy on its leg."  # the line break drawn as <br>
    expect(reply.get_by_test_id("post-text")).to_have_text(words)
    expect(reply.get_by_role("link", name="bob")).to_have_attribute("href", "/@/bob")
    expect(reply.get_by_role("link", name="#2")).to_have_attribute("href", "#p2")
    expect(reply.get_by_test_id("post-report-open")).to_be_visible()
    expect(reply.get_by_test_id("post-edit")).to_have_count(0)
    expect(hers.get_by_test_id("reply-text")).to_have_value(DRAFT)
    expect(hers.get_by_test_id("topic-post-count")).to_have_text("2 posts")
    assert hers.evaluate("window.notReloaded") is True
    shot(hers, "forum-live-reply")

    # The new post quotes as the others do, after the draft.
    reply.get_by_test_id("post-quote").click()
    expect(hers.get_by_test_id("reply-text")).to_have_value(
        re.compile(rf"^{DRAFT}\n\n> bob wrote \(#2\):\n> Both ways")
    )

    # Bob edits his reply: Alice's page shows the new words, marked edited.
    his.locator("#p2").get_by_test_id("post-edit").click()
    his.get_by_test_id("edit-text").fill("Both ways, every enemy on its leg.")
    his.get_by_test_id("edit-save").click()
    expect(reply.get_by_test_id("post-text")).to_have_text("Both ways, every enemy on its leg.")
    expect(reply.get_by_test_id("post-edited")).to_be_visible()

    assert hers.evaluate("window.notReloaded") is True


def test_the_authors_new_title_shows_on_the_open_pages(new_page) -> None:
    url, hers, his = alice_and_bob(new_page)
    open_topic(his, url)
    expect(his.get_by_test_id("title-edit")).to_have_count(0)  # not his to change
    hers.goto(url)
    hers.get_by_test_id("title-edit-open").click()
    hers.get_by_test_id("title-text").fill("Do knights sweep both ways?")
    hers.get_by_test_id("title-save").click()
    expect(hers.get_by_test_id("topic-heading")).to_have_text("Do knights sweep both ways?")
    expect(his.get_by_test_id("topic-heading")).to_have_text("Do knights sweep both ways?")
    expect(his).to_have_title(re.compile(r"^Do knights sweep both ways\? · "))
    assert his.evaluate("window.notReloaded") is True


def test_a_reader_on_an_earlier_page_is_told_where_the_reply_is(new_page) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    topic = off_the_loop(start, alice)
    for n in range(POSTS_PAGE):  # page 1 full, page 2 holding one
        off_the_loop(lambda n=n: post_reply(user=bob, topic_id=topic.public_id, text=f"n{n}"))
    url = f"/forum/general/{topic.public_id}/"
    hers, his = new_page(), new_page()
    log_in(hers, "alice")
    log_in(his, "bob")
    open_topic(hers, url)
    his.goto(f"{url}?page=2")
    his.get_by_test_id("reply-text").fill("The twenty-second post.")
    his.get_by_test_id("reply-send").click()
    expect(his).to_have_url(re.compile(rf"#p{POSTS_PAGE + 2}$"))
    told = hers.get_by_test_id("topic-new-replies")
    expect(told).to_have_text("1 new reply on a later page of the topic. Read the latest")
    expect(told.get_by_role("link", name="Read the latest")).to_have_attribute(
        "href", f"{url}?page=2#p{POSTS_PAGE + 2}"
    )
    expect(hers.locator(".forum-post")).to_have_count(POSTS_PAGE)  # page 1 stays page 1
    told.get_by_role("link", name="Read the latest").click()
    expect(hers.locator(f"#p{POSTS_PAGE + 2}").get_by_test_id("post-text")).to_have_text(
        "The twenty-second post."
    )


def test_a_reader_is_told_of_the_topic_closed_and_deleted_and_keeps_the_draft(new_page) -> None:
    url, _hers, his = alice_and_bob(new_page)
    make_moderator("mod")
    open_topic(his, url)
    his.get_by_test_id("reply-text").fill(DRAFT)
    state = his.get_by_test_id("topic-state")
    expect(state).to_be_hidden()
    mods = new_page()
    log_in(mods, "mod")
    mods.goto(url)

    pinned = his.get_by_test_id("topic-pinned")
    expect(pinned).to_be_hidden()
    mods.get_by_test_id("topic-pin").click()
    expect(pinned).to_be_visible()
    expect(pinned).to_have_text("Pinned")
    mods.get_by_test_id("topic-close").click()
    expect(state).to_have_text("The topic is closed: no more replies. Reload the page")
    expect(state.get_by_role("link", name="Reload the page")).to_have_attribute("href", url)
    shot(his, "forum-live-closed")
    mods.get_by_test_id("topic-open").click()
    expect(state).to_have_text("The topic is open again. Reload the page")

    mods.get_by_test_id("topic-delete").click()
    expect(state).to_have_text("The topic was deleted. Back to the forum")
    expect(state.get_by_role("link", name="Back to the forum")).to_have_attribute(
        "href", "/forum/general/"
    )
    expect(his.get_by_test_id("reply-text")).to_have_value(DRAFT)  # to copy elsewhere
    assert his.evaluate("window.notReloaded") is True


def test_a_member_taken_out_of_the_team_is_told_on_its_topics_page(new_page) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    team = off_the_loop(make_team, alice, [bob])
    topic = off_the_loop(start, alice, team_slug(team.public_id), "Friday's match")
    his, hers = new_page(), new_page()
    log_in(his, "bob")
    log_in(hers, "alice")
    open_topic(his, f"/forum/{team_slug(team.public_id)}/{topic.public_id}/")
    his.get_by_test_id("reply-text").fill(DRAFT)
    state = his.get_by_test_id("topic-state")
    expect(state).to_be_hidden()

    hers.goto(f"/team/{team.public_id}/")
    hers.locator("[data-member=bob]").get_by_test_id("team-remove").click()
    expect(hers.locator("[data-member=bob]")).to_have_count(0)
    expect(state).to_have_text("Only the team's members read its forum. Back to the forum")
    expect(state.get_by_role("link", name="Back to the forum")).to_have_attribute("href", "/forum/")
    expect(his.get_by_test_id("reply-text")).to_have_value(DRAFT)
    assert his.evaluate("window.notReloaded") is True
    shot(his, "forum-live-team-left")
