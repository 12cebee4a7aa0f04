"""The forum in Chromium against a real Daphne: a player starts a topic from the menu's Forum,
another answers it from a phone (the page fits it: the author's open page hears of it at
once, a moderator it names too) and reports the first post to the moderators, and the author
quotes the answer in her reply and edits her post; a moderator
pins and closes the topic, after which no one is offered a reply; a team's member finds the
team's forum from the team's page and writes there, where a player outside the team is refused
with a sentence."""

import re

from playwright.sync_api import expect

from community.models import Report
from tests.browser.board_helpers import log_in, shot
from tests.browser.test_phone_layout import PHONE, overflow
from tests.factories import make_moderator, make_user
from tests.teams.conftest import make_team

TOPIC_URL = re.compile(r"/forum/general/(\w+)/$")


def test_a_topic_is_started_answered_edited_and_closed(new_page) -> None:
    for name in ("ann", "bob"):
        make_user(name)
    make_moderator("mod")
    ann, bob, mod = new_page(), new_page(*PHONE), new_page()
    for page, name in ((ann, "ann"), (bob, "bob"), (mod, "mod")):
        log_in(page, name)

    # Ann starts a topic in the general forum from the menu.
    ann.get_by_role("link", name="Forum").first.click()
    ann.get_by_role("link", name="General discussion").click()
    form = ann.get_by_test_id("topic-form")
    form.get_by_test_id("topic-title").fill("Do knights sweep both ways?")
    form.get_by_test_id("topic-text").fill("A knight sweeps its leg.\nWhich leg, though?")
    form.get_by_test_id("topic-create").click()
    ann.wait_for_url(TOPIC_URL)
    topic_url = ann.url
    expect(ann.get_by_test_id("topic-heading")).to_have_text("Do knights sweep both ways?")
    expect(ann.get_by_test_id("post-text")).to_have_text(
        "A knight sweeps its leg.Which leg, though?"
    )

    # Bob, on his phone, finds it among the latest posts and replies with a link.
    bob.goto("/forum/")
    bob.get_by_test_id("forum-latest").get_by_role(
        "link", name="Do knights sweep both ways?"
    ).click()
    bob.get_by_test_id("reply-text").fill("Both legs: see https://example.org/rules, @mod")
    bob.get_by_test_id("reply-send").click()
    expect(bob).to_have_url(re.compile(r"#p2$"))
    # Ann's open page hears of it at once, with the way to the reply.
    told = ann.get_by_test_id("forum-notice")
    expect(told).to_contain_text("bob replied to “Do knights sweep both ways?”.")
    expect(told.get_by_role("link", name="Read the reply")).to_have_attribute(
        "href", re.compile(r"/forum/general/\w+/#p2$")
    )
    # ... and the bell counts it, kept until she reads her notices.
    expect(ann.get_by_test_id("notice-bell").locator("[data-notice-count]")).to_have_text("1")
    # The moderator, named in it, hears of it too, and the name links to his profile.
    expect(mod.get_by_test_id("forum-notice")).to_contain_text(
        "bob mentioned you in “Do knights sweep both ways?”."
    )
    reply = bob.locator("#p2")
    expect(reply.get_by_role("link", name="@mod")).to_have_attribute("href", "/@/mod")
    expect(reply.get_by_role("link", name="https://example.org/rules")).to_be_visible()
    expect(bob.locator("#p1").get_by_test_id("post-edit")).to_have_count(0)  # not his post
    assert overflow(bob, "topic") == []
    shot(bob, "phone-forum-topic")

    # Bob reports Ann's post from his phone: the moderators get it, with its words.
    first = bob.locator("#p1")
    first.get_by_test_id("post-report-open").click()
    first.get_by_test_id("post-report-form").locator("select[name=reason]").select_option("spam")
    first.get_by_test_id("post-report-send").click()
    expect(bob.locator(".messages")).to_contain_text("the moderators will read ann's post")
    assert Report.objects.get().text.startswith(f"{topic_url}#p1\n")

    # Ann quotes Bob's answer in her reply: it reads as a quotation under his name.
    ann.goto(topic_url)
    ann.locator("#p2").get_by_test_id("post-quote").click()
    expect(ann.get_by_test_id("reply-text")).to_be_focused()
    ann.get_by_test_id("reply-text").press("End")
    ann.get_by_test_id("reply-text").type("Thank you!")
    ann.get_by_test_id("reply-send").click()
    expect(ann).to_have_url(re.compile(r"#p3$"))
    quote = ann.locator("#p3 .forum-quote")
    expect(quote).to_contain_text("bob wrote (#2):")
    expect(quote).to_contain_text("Both legs: see https://example.org/rules, @mod")
    expect(ann.locator("#p3").get_by_test_id("post-text")).to_contain_text("Thank you!")

    # Ann edits her post; it shows as edited to everyone. Her notice waits on the bell's page.
    ann.get_by_test_id("notice-bell").click()
    expect(ann.get_by_test_id("notice-entry")).to_contain_text(
        "bob replied to your topic “Do knights sweep both ways?”."
    )
    expect(ann.get_by_test_id("notice-bell").locator("[data-notice-count]")).to_be_hidden()
    ann.goto(topic_url)
    ann.locator("#p1").get_by_test_id("post-edit").click()
    ann.get_by_test_id("edit-text").fill("A knight sweeps every enemy piece on its leg.")
    ann.get_by_test_id("edit-save").click()
    expect(ann.locator("#p1").get_by_test_id("post-text")).to_have_text(
        "A knight sweeps every enemy piece on its leg."
    )
    bob.reload()
    expect(bob.locator("#p1").get_by_test_id("post-edited")).to_be_visible()

    # The moderator pins and closes it: it leads the forum's list, and no one may reply.
    mod.goto(topic_url)
    mod.get_by_test_id("topic-pin").click()
    mod.get_by_test_id("topic-close").click()
    expect(mod.get_by_test_id("topic-closed")).to_be_visible()
    bob.reload()
    expect(bob.get_by_test_id("reply-form")).to_have_count(0)
    expect(bob.locator("#reply")).to_contain_text("The topic is closed: no more replies.")
    mod.get_by_test_id("topic-forum").click()
    expect(mod.get_by_test_id("topic-sticky")).to_be_visible()


def test_a_teams_forum_is_found_from_its_page_and_kept_to_its_members(
    new_page, console_watch
) -> None:
    lead, ann = make_user("lead"), make_user("ann")
    make_user("bob")
    team = make_team(lead, [ann], name="Knights of Kyiv")
    member, stranger = new_page(), new_page()
    log_in(member, "ann")
    log_in(stranger, "bob")
    member.goto(f"/team/{team.public_id}/")
    member.get_by_test_id("team-forum").click()
    expect(member.get_by_test_id("forum-title")).to_have_text("Knights of Kyiv's forum")
    member.get_by_test_id("topic-title").fill("Friday's match")
    member.get_by_test_id("topic-text").fill("Who plays board one?")
    member.get_by_test_id("topic-create").click()
    expect(member.get_by_test_id("post-text")).to_have_text("Who plays board one?")
    member.goto("/forum/")
    expect(member.get_by_test_id("forums-teams")).to_contain_text("Friday's match")
    # A player outside the team reads a sentence and the way to the team, not its talk.
    stranger.goto(f"/forum/team-{team.public_id}/")
    expect(stranger.get_by_test_id("forum-closed")).to_have_text(
        "Only the team's members read its forum."
    )
    expect(stranger.locator("main")).not_to_contain_text("Friday's match")
    stranger.get_by_role("link", name="See the team").click()
    expect(stranger.get_by_test_id("team-join")).to_be_visible()
    # The refusal's 403 is the console's one error, as the document's status: expected.
    refused = [e for e in console_watch.errors if "status of 403" in e]
    assert len(refused) == 1 and f"/forum/team-{team.public_id}/" in refused[0]
    console_watch.errors.remove(refused[0])
