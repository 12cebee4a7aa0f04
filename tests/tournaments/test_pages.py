"""The tournaments' pages without a browser: the list by status, its form making a tournament
(or saying why not, keeping what was typed), a tournament's page with the viewer's own line."""

import json
import re

import pytest
from django.test import Client

from tests.tournaments.conftest import later, make_tournament, step
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Friday Night Arena",
    "variant": "international",
    "clock_minutes": "3",
    "clock_increment": "2",
    "system": "arena",
    "minutes": "30",
    "rounds": "5",
    "starts_in": "10",
    "rated": "1",
    "berserk": "1",
}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_form_makes_a_tournament_and_takes_its_maker_there(players) -> None:
    (maker,) = players(1)
    answer = signed_in(maker).post("/tournaments/", FORM)
    made = Tournament.objects.get()
    assert answer.status_code == 302 and answer.url == f"/tournaments/{made.public_id}/"
    assert (made.variant, made.clock_initial, made.clock_increment) == ("international", 180, 2)
    assert (made.system, made.minutes, made.rounds, made.rated, made.berserk) == (
        "arena",
        30,
        None,
        True,
        True,
    )
    swiss = {**FORM, "system": "swiss", "name": "Sunday Swiss"}
    del swiss["rated"], swiss["berserk"]  # unticked boxes are not sent
    signed_in(maker).post("/tournaments/", swiss)
    made = Tournament.objects.get(name="Sunday Swiss")
    assert (made.rounds, made.minutes, made.rated, made.berserk) == (5, None, False, False)


def test_a_refused_form_says_why_and_keeps_what_was_typed(players) -> None:
    (maker,) = players(1)
    page = signed_in(maker).post("/tournaments/", {**FORM, "minutes": "5"}).content.decode()
    assert "An arena lasts 10 to 720 minutes." in page
    assert 'value="Friday Night Arena"' in page
    signed_out = Client().post("/tournaments/", FORM)
    assert signed_out.status_code == 200
    assert Tournament.objects.count() == 0


def test_the_list_shows_each_status_and_a_page_the_viewers_line(players, committed) -> None:
    p1, p2 = players(2)
    running = make_tournament([p1, p2], name="Running Arena")
    step(running, committed)
    make_tournament([], name="Later Arena", starts_at=later(60).isoformat())
    page = Client().get("/tournaments/").content.decode()
    starting = page.index('data-testid="tournaments-starting"')
    started = page.index('data-testid="tournaments-running"')
    assert starting < page.index("Later Arena") < started < page.index("Running Arena")
    mine = signed_in(p1).get(f"/tournaments/{running.public_id}/").content.decode()
    data = json.loads(re.search(r'id="page-data" type="application/json">(.*?)</script>', mine)[1])
    assert data["tournament"]["me"]["user"] == "p1"
    assert data["tournament"]["me"]["game"] == data["tournament"]["games"][0]
    assert data["ws_url"] == f"/ws/tournaments/{running.public_id}/"
    assert Client().get("/tournaments/nosuch/").status_code == 404
