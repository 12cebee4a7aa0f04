"""Teams in Chromium against a real Daphne: a player makes a closed team from the list's form;
another finds it by name and asks to join, saying why; the leader sees the ask on the team's page
and accepts it, which the player's page tells her at once, and makes her a leader; the leader
makes a tournament for the team from the team's page (the tournaments form comes with the team
chosen), which a member joins and a player outside the team is not offered; the team's page
reads on a phone."""

import re

from playwright.sync_api import expect

from tests.browser.board_helpers import log_in, shot
from tests.browser.test_phone_layout import PHONE, overflow
from tests.factories import make_user

TEAM_URL = re.compile(r"/team/(\w+)/$")


def test_a_team_is_made_asked_answered_and_plays_its_own_tournament(new_page) -> None:
    for name in ("lead", "ann", "bob"):
        make_user(name)
    lead, ann, bob = new_page(), new_page(*PHONE), new_page()
    for page, name in ((lead, "lead"), (ann, "ann"), (bob, "bob")):
        log_in(page, name)

    # The leader makes a closed team from the list's form.
    lead.get_by_role("link", name="Teams").first.click()
    form = lead.get_by_test_id("team-form")
    form.get_by_test_id("team-name").fill("Knights of Kyiv")
    form.get_by_test_id("team-text").fill("We play Russian draughts on Fridays.")
    form.get_by_test_id("team-open").uncheck()
    form.get_by_test_id("team-create").click()
    lead.wait_for_url(TEAM_URL)
    team_url = lead.url
    expect(lead.get_by_test_id("team-title")).to_have_text("Knights of Kyiv")
    expect(lead.get_by_test_id("team-facts")).to_contain_text("1 member")
    expect(lead.get_by_test_id("team-asks")).to_contain_text("No one is asking to join.")

    # Ann, on her phone, finds it by a part of its name and asks to join, saying why.
    ann.goto("/team/")
    ann.get_by_test_id("team-search").fill("kyiv")
    ann.get_by_test_id("team-search").press("Enter")
    ann.get_by_role("link", name="Knights of Kyiv").click()
    ann.wait_for_url(team_url)
    ann.get_by_test_id("team-ask-text").fill("I play on Fridays too.")
    ann.get_by_test_id("team-join").click()
    expect(ann.get_by_test_id("team-asked")).to_be_visible()
    assert overflow(ann, "team") == []
    shot(ann, "phone-team-asked")

    # The leader sees her ask and accepts it: Ann's page tells her at once. He makes her a
    # leader too.
    lead.reload()
    ask = lead.locator("[data-ask='ann']")
    expect(ask).to_contain_text("I play on Fridays too.")
    ask.get_by_test_id("team-accept").click()
    told = ann.get_by_test_id("team-notice")
    expect(told).to_contain_text("You are in Knights of Kyiv now.")
    expect(lead.get_by_test_id("team-facts")).to_contain_text("2 members")
    lead.locator("[data-member='ann']").get_by_test_id("team-lead").click()
    expect(lead.get_by_test_id("team-facts")).to_contain_text("led by lead, ann")
    shot(lead, "team-leader")

    # The leader makes an arena for the team: the form comes with the team chosen.
    lead.get_by_test_id("team-new-tournament").click()
    expect(lead.get_by_test_id("tournament-team")).to_have_value(TEAM_URL.search(team_url)[1])
    lead.get_by_test_id("tournament-name").fill("Club night")
    lead.get_by_test_id("tournament-create").click()
    # The new tournament's page (the browser keeps the form's #new-tournament over the redirect).
    lead.wait_for_url(re.compile(r"/tournaments/\w+/(#new-tournament)?$"))
    tournament_url = lead.url.split("#")[0]
    expect(lead.get_by_test_id("tournament-team")).to_contain_text(
        "For the members of Knights of Kyiv only."
    )

    # Ann finds it on the team's page and joins; Bob, outside the team, may follow it only.
    told.get_by_role("link", name="Open the team").click()
    ann.wait_for_url(team_url)
    ann.get_by_test_id("team-tournaments").get_by_role("link", name="Club night").click()
    ann.wait_for_url(tournament_url)
    ann.get_by_test_id("join").click()
    expect(ann.get_by_test_id("withdraw")).to_be_visible()
    bob.goto(tournament_url)
    expect(bob.get_by_test_id("tournament-team")).to_contain_text(
        "For the members of Knights of Kyiv only."
    )
    expect(bob.get_by_test_id("standings")).to_contain_text("ann")
    expect(bob.get_by_test_id("join")).to_be_hidden()
