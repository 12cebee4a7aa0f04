"""The teams API over HTTP, as docs/api.md "Teams" promises: making a team (every refusal a 400,
403 or 404 with a sentence, changing nothing), the list and a player's teams, one team, joining
and asking, the leaders' answers and choices, leaving; every answer held against the OpenAPI
schema. And the pages: the list with its search and form, a team's page and the forms it posts,
the tournaments form's team, a team tournament's page, the profile's teams."""

import pytest
from django.test import Client

from teams.models import Member, Team
from tests.factories import api_client
from tests.games.test_openapi import SchemaChecked
from tests.teams.conftest import make_team
from tests.tournaments.conftest import make_tournament

pytestmark = pytest.mark.django_db

TEAM = {"name": "Knights of Kyiv", "text": "We play on Fridays.", "open": False}


def test_a_team_is_made_asked_answered_and_left_as_the_schema_says(people) -> None:
    lead, ann, bob = people(2)
    checked = SchemaChecked()

    def ask(user, method: str, url: str, path: str, status: int, data=None) -> dict | None:
        return checked(api_client(user), method, url, path, status, data)

    made = ask(lead, "post", "/api/teams/", "/api/teams/", 201, TEAM)
    assert (made["name"], made["open"], made["members"], made["leaders"]) == (
        "Knights of Kyiv",
        False,
        1,
        ["lead"],
    )
    url, path = f"/api/teams/{made['id']}/", "/api/teams/{team_id}/"
    joined = ask(ann, "post", f"{url}join/", f"{path}join/", 200, {"text": "Hello"})
    assert (joined["result"], joined["team"]["viewer"]["asked"]) == ("asked", True)
    ask(bob, "post", f"{url}join/", f"{path}join/", 200)
    seen = ask(lead, "get", url, path, 200)
    assert [(a["username"], a["text"]) for a in seen["asks"]] == [("ann", "Hello"), ("bob", "")]
    member_path = f"{path}members/{{username}}/"
    ask_path = f"{path}asks/{{username}}/"
    ask(lead, "post", f"{url}asks/ann/", ask_path, 200, {"accept": True})
    shown = ask(lead, "post", f"{url}asks/bob/", ask_path, 200, {"accept": False})
    assert [m["username"] for m in shown["member_list"]] == ["lead", "ann"]
    shown = ask(lead, "post", f"{url}members/ann/", member_path, 200, {"leader": True})
    assert shown["leaders"] == ["lead", "ann"]
    edited = ask(ann, "patch", url, path, 200, {"open": True, "text": "Open to all."})
    assert (edited["open"], edited["text"]) == (True, "Open to all.")
    assert ask(bob, "post", f"{url}join/", f"{path}join/", 200)["result"] == "joined"
    shown = ask(ann, "delete", f"{url}members/bob/", member_path, 200)
    assert shown["members"] == 2
    ask(lead, "post", f"{url}leave/", f"{path}leave/", 204)
    listed = ask(None, "get", "/api/teams/?q=kyiv", "/api/teams/", 200)
    assert [(t["id"], t["members"]) for t in listed["teams"]] == [(made["id"], 1)]
    own = ask(None, "get", "/api/users/ann/teams/", "/api/users/{username}/teams/", 200)
    assert [(t["name"], t["leader"]) for t in own["teams"]] == [("Knights of Kyiv", True)]
    assert checked.problems == []


def test_every_refusal_says_why_and_changes_nothing(people) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead, [ann])
    url = f"/api/teams/{team.public_id}/"
    for api, method, path, data, status, said in [
        (api_client(), "post", "/api/teams/", TEAM, 401, None),
        (api_client(ann), "post", "/api/teams/", {"name": "x"}, 400, "A team's name has"),
        (api_client(ann), "post", "/api/teams/", {"name": "knights of kyiv"}, 400, "already"),
        (api_client(ann), "patch", url, {"text": "Mine now"}, 403, "leaders"),
        (api_client(lead), "patch", url, {}, 400, "Say what changes"),
        (api_client(ann), "post", f"{url}members/lead/", {"leader": False}, 403, "leaders"),
        (api_client(lead), "post", f"{url}members/ann/", {}, 400, "`leader`"),
        (
            api_client(lead),
            "post",
            f"{url}asks/bob/",
            {"accept": True},
            404,
            "No player called bob",
        ),
        (api_client(lead), "post", f"{url}asks/bob/", {}, 400, "`accept`"),
        (api_client(lead), "post", f"{url}leave/", None, 400, "only leader"),
        (api_client(lead), "delete", f"{url}members/lead/", None, 400, "leads the team"),
        (api_client(bob), "post", "/api/teams/nosuch/join/", None, 404, "There is no team nosuch"),
        (api_client(bob), "post", f"{url}join/", {"text": "z" * 201}, 400, "at most 200"),
        (api_client(), "get", "/api/users/nobody/teams/", None, 404, "no such player"),
    ]:
        answer = getattr(api, method)(path, data, format="json")
        assert answer.status_code == status, (path, answer.content)
        if said is not None:
            assert said in answer.json()["error"], answer.json()
    team.refresh_from_db()
    assert (team.text, team.members, Team.objects.count()) == ("We play on Fridays.", 2, 1)
    assert set(Member.objects.values_list("user__username", "leader")) == {
        ("lead", True),
        ("ann", False),
    }


def test_the_pages_make_join_answer_and_lead_a_team(people) -> None:
    lead, ann = people(1)
    web = api_client()
    web.force_login(lead)
    made = web.post("/team/", {"name": "Pawn Storm", "text": "Hi", "open": "true"})
    team = Team.objects.get(name="Pawn Storm")
    assert made.status_code == 302 and made["Location"] == f"/team/{team.public_id}/"
    refused = web.post("/team/", {"name": "pawn storm"})
    assert "A team is called pawn storm already." in refused.content.decode()
    closed = web.post(f"/team/{team.public_id}/edit/", {"text": "Ask first."})  # box unticked
    assert closed.status_code == 302
    team.refresh_from_db()
    assert (team.open, team.text) == (False, "Ask first.")

    other = api_client()
    other.force_login(ann)
    page = other.get(f"/team/{team.public_id}/").content.decode()
    assert 'data-testid="team-ask-text"' in page and 'data-testid="team-asks"' not in page
    other.post(f"/team/{team.public_id}/join/", {"text": "Me please"})
    assert 'data-testid="team-asked"' in other.get(f"/team/{team.public_id}/").content.decode()
    page = web.get(f"/team/{team.public_id}/").content.decode()
    assert "Me please" in page and 'data-ask="ann"' in page
    web.post(f"/team/{team.public_id}/asks/ann/", {"accept": "true"})
    web.post(f"/team/{team.public_id}/members/ann/", {"action": "lead"})
    assert Member.objects.get(team=team, user=ann).leader
    refused = web.post(f"/team/{team.public_id}/members/ann/", {"action": "crown"})
    assert "Choose lead, follow or remove." in refused.content.decode()
    refused = other.post(f"/team/{team.public_id}/members/lead/", {"action": "remove"})
    assert "lead leads the team: make them a member first." in refused.content.decode()

    listed = api_client().get("/team/?q=storm").content.decode()
    assert f'data-team="{team.public_id}"' in listed
    searched = api_client().get("/team/?q=<b>storm</b>").content.decode()
    assert "<b>storm</b>" not in searched and "&lt;b&gt;storm&lt;/b&gt;" in searched
    assert 'data-testid="team-form"' not in listed  # a visitor is asked to log in
    profile = api_client().get("/@/ann").content.decode()
    assert f"/team/{team.public_id}/" in profile
    assert api_client().get("/team/nosuch/").status_code == 404
    # A visitor's post is sent to log in; nothing changes.
    visitor = api_client().post(f"/team/{team.public_id}/leave/")
    assert visitor.status_code == 302 and "/login" in visitor["Location"]
    assert Member.objects.filter(team=team).count() == 2


def test_a_leader_makes_a_team_tournament_from_the_form_and_its_page_names_the_team(
    people,
) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead, [ann])
    web = api_client()
    web.force_login(lead)
    form = web.get(f"/tournaments/?team={team.public_id}").content.decode()
    assert f'<option value="{team.public_id}" selected>' in form
    made = web.post(
        "/tournaments/",
        {
            "name": "Club night",
            "system": "arena",
            "minutes": "30",
            "clock_minutes": "3",
            "clock_increment": "2",
            "starts_in": "5",
            "team": team.public_id,
        },
    )
    assert made.status_code == 302, made.content.decode()
    page = api_client().get(made["Location"]).content.decode()
    assert "For the members of" in page and f"/team/{team.public_id}/" in page
    team_page = api_client().get(f"/team/{team.public_id}/").content.decode()
    assert f'<a href="{made["Location"]}">Club night</a>' in team_page
    assert "Club night" not in api_client().get("/tournaments/").content.decode()
    member = Client()
    member.force_login(ann)
    listed = member.get("/tournaments/").content.decode()
    assert 'data-testid="tournaments-teams"' in listed and "Club night" in listed
    outsider = Client()
    outsider.force_login(bob)
    listed = outsider.get("/tournaments/").content.decode()
    assert f'value="{team.public_id}"' not in listed and "Club night" not in listed
    tournament_id = made["Location"].rstrip("/").rsplit("/", 1)[1]
    joined = api_client(bob).post(f"/api/tournaments/{tournament_id}/join/")
    assert joined.status_code == 400
    assert "Only the members of Knights of Kyiv" in joined.json()["error"]
    assert make_tournament([], maker=lead).team is None  # the form's default: every player


def test_the_pages_forms_spend_the_apis_budget_before_any_work(people, settings) -> None:
    lead, ann = people(1)
    team = make_team(lead)
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "team_account": "3/60"}
    web = api_client()
    web.force_login(ann)
    assert api_client(ann).post(f"/api/teams/{team.public_id}/join/").status_code == 200
    web.post(f"/team/{team.public_id}/leave/")
    web.post(f"/team/{team.public_id}/join/")
    refused = web.post(f"/team/{team.public_id}/leave/")
    assert "Too many changes at once: wait a minute and try again." in refused.content.decode()
    assert Member.objects.filter(team=team, user=ann).exists()  # still in: nothing was done
    made = web.post("/team/", {"name": "Pawn Storm"})
    assert "Too many changes at once" in made.content.decode()
    assert not Team.objects.filter(name="Pawn Storm").exists()
