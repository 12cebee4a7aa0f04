"""The teams' services as docs/site.md "Teams" describes them: making a team, joining an open one
at once and asking a closed one, the leaders' answers and choices, leaving, a team's end with
its last member, closing an account; every refusal a sentence that changes nothing. And the
tournaments only a team's members join."""

import io
import json
import zipfile
from datetime import timedelta

import pytest
from django.utils import timezone

from community.models import Notice
from games.domain.errors import ErrorCode, GameError
from players.closing import close_account
from players.mydata import data_archive
from teams.models import Ask, Member, Team
from teams.policy import MAX_ASKS, MAX_MADE, MAX_TEAMS
from teams.reads import team_list, team_object, teams_of
from teams.schemas import TeamRequest
from teams.services import (
    ASKED,
    JOINED,
    team_answer,
    team_create,
    team_edit,
    team_join,
    team_leave,
    team_remove,
    team_set_leader,
)
from tests.factories import make_user
from tests.teams.conftest import make_team
from tests.tournaments.conftest import make_tournament, request
from tournaments.models import Tournament
from tournaments.reads import team_tournaments, tournament_list
from tournaments.services import entries
from tournaments.services.entries import tournament_create, tournament_join

pytestmark = pytest.mark.django_db


def members_of(team: Team) -> list[tuple[str, bool]]:
    """The team's members as its page lists them: leaders first, then by when they joined."""
    return [(m["username"], m["leader"]) for m in team_object(team, None)["member_list"]]


def count_of(team: Team) -> int:
    return Team.objects.get(pk=team.pk).members


def refused(code: str, call, *args, **kwargs) -> str:
    """Runs ``call``, which must be refused with ``code``; returns the sentence."""
    with pytest.raises(GameError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code
    return caught.value.message


def test_a_team_is_made_led_by_its_maker_and_an_open_team_is_joined_at_once(people) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead)
    assert (team.name, team.text, team.open, team.members) == (
        "Knights of Kyiv",
        "We play on Fridays.",
        True,
        1,
    )
    assert team_join(public_id=team.public_id, user=ann) == JOINED
    assert team_join(public_id=team.public_id, user=bob) == JOINED
    assert members_of(team) == [("lead", True), ("ann", False), ("bob", False)]
    assert count_of(team) == 3
    message = refused(ErrorCode.NOT_ALLOWED, team_join, public_id=team.public_id, user=ann)
    assert message == "You are in Knights of Kyiv already."
    assert count_of(team) == 3
    assert [t["name"] for t in teams_of(ann.pk)] == ["Knights of Kyiv"]
    assert [t["leader"] for t in teams_of(lead.pk)] == [True]


def test_a_closed_team_is_asked_and_its_leader_accepts_or_declines(people) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead, open=False)
    assert team_join(public_id=team.public_id, user=ann, text="I play Russian.") == ASKED
    assert team_join(public_id=team.public_id, user=bob) == ASKED
    assert team_join(public_id=team.public_id, user=bob, text="Please?") == ASKED  # replaced
    assert count_of(team) == 1
    seen = team_object(team, lead.pk)
    assert [(a["username"], a["text"]) for a in seen["asks"]] == [
        ("ann", "I play Russian."),
        ("bob", "Please?"),
    ]
    assert (team_object(team, ann.pk)["asks"], team_object(team, ann.pk)["asks_waiting"]) == (
        [],
        0,
    )  # a leader's only
    assert team_object(team, ann.pk)["viewer"] == {"member": False, "leader": False, "asked": True}
    message = refused(
        ErrorCode.FORBIDDEN,
        team_answer,
        public_id=team.public_id,
        leader=ann,
        username="ann",
        accept=True,
    )
    assert message == "Only the team's leaders may do that."
    team_answer(public_id=team.public_id, leader=lead, username="ann", accept=True)
    team_answer(public_id=team.public_id, leader=lead, username="bob", accept=False)
    assert members_of(team) == [("lead", True), ("ann", False)]
    assert not Ask.objects.filter(team=team).exists()
    message = refused(
        ErrorCode.NOT_FOUND,
        team_answer,
        public_id=team.public_id,
        leader=lead,
        username="bob",
        accept=True,
    )
    assert message == "No player called bob is in or asking to join Knights of Kyiv."
    assert count_of(team) == 2


def test_a_player_takes_back_their_ask_and_leaves(people) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead, [bob], open=True)
    team_edit(
        public_id=team.public_id, leader=lead, asked=TeamRequest.edit_from_body({"open": False})
    )
    team_join(public_id=team.public_id, user=ann)
    team_leave(public_id=team.public_id, user=ann)  # the ask taken back
    assert not Ask.objects.filter(team=team).exists()
    message = refused(ErrorCode.NOT_ALLOWED, team_leave, public_id=team.public_id, user=ann)
    assert message == "You are not in Knights of Kyiv."
    team_leave(public_id=team.public_id, user=bob)
    assert members_of(team) == [("lead", True)]
    assert count_of(team) == 1


def test_the_last_leader_names_another_before_leaving_and_the_last_member_ends_the_team(
    people,
) -> None:
    lead, ann = people(1)
    team = make_team(lead, [ann])
    message = refused(ErrorCode.NOT_ALLOWED, team_leave, public_id=team.public_id, user=lead)
    assert message == (
        "You are the team's only leader: make another member a leader before you go."
    )
    message = refused(
        ErrorCode.NOT_ALLOWED,
        team_set_leader,
        public_id=team.public_id,
        leader=lead,
        username="lead",
        leads=False,
    )
    assert message == "A team keeps one leader at least: make another one first."
    team_set_leader(public_id=team.public_id, leader=lead, username="ann", leads=True)
    team_leave(public_id=team.public_id, user=lead)
    assert members_of(team) == [("ann", True)]
    team_leave(public_id=team.public_id, user=ann)
    assert not Team.objects.filter(pk=team.pk).exists()


def test_a_leader_removes_a_member_but_not_a_leader(people) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead, [ann, bob])
    team_set_leader(public_id=team.public_id, leader=lead, username="ann", leads=True)
    message = refused(
        ErrorCode.NOT_ALLOWED, team_remove, public_id=team.public_id, leader=lead, username="ann"
    )
    assert message == "ann leads the team: make them a member first."
    refused(ErrorCode.FORBIDDEN, team_remove, public_id=team.public_id, leader=bob, username="ann")
    team_remove(public_id=team.public_id, leader=ann, username="bob")
    assert members_of(team) == [("lead", True), ("ann", True)]
    assert count_of(team) == 2
    message = refused(
        ErrorCode.NOT_FOUND, team_remove, public_id=team.public_id, leader=lead, username="x" * 500
    )
    assert len(message) < 250  # the name is never echoed whole


def test_names_are_one_of_a_kind_in_any_case_and_the_bounds_hold(people, settings) -> None:
    lead, ann = people(1)
    make_team(lead)
    message = refused(
        ErrorCode.NOT_ALLOWED,
        team_create,
        user=ann,
        asked=TeamRequest.from_body({"name": "KNIGHTS OF KYIV"}),
    )
    assert message == "A team is called KNIGHTS OF KYIV already."
    for body, sentence in [
        ({"name": "K"}, "A team's name has 2 to 40 characters."),
        ({"name": "x" * 41}, "A team's name has 2 to 40 characters."),
        (
            {"name": "Bad\x00name"},
            "A team's name holds letters, digits, spaces and punctuation only.",
        ),
        ({"name": "Fine", "text": "y" * 601}, "What a team says holds at most 600 characters."),
        ({"name": "Fine", "open": "perhaps"}, "`open` is true or false."),
    ]:
        assert refused(ErrorCode.BAD_REQUEST, TeamRequest.from_body, body) == sentence
    for n in range(MAX_MADE):
        make_team(ann, name=f"Team {n}")
    message = refused(
        ErrorCode.NOT_ALLOWED,
        team_create,
        user=ann,
        asked=TeamRequest.from_body({"name": "One more"}),
    )
    assert message == f"You have made {MAX_MADE} teams: that is as many as one player may make."
    assert Team.objects.filter(created_by=ann).count() == MAX_MADE


def test_a_player_is_in_at_most_max_teams_and_asks_at_most_max_asks(people) -> None:
    lead, ann = people(1)
    leaders = [make_user(f"l{n}") for n in range(MAX_TEAMS + MAX_ASKS + 1)]
    open_teams = [make_team(leaders[n], name=f"Open {n}") for n in range(MAX_TEAMS + 1)]
    for team in open_teams[:MAX_TEAMS]:
        team_join(public_id=team.public_id, user=ann)
    message = refused(
        ErrorCode.NOT_ALLOWED, team_join, public_id=open_teams[-1].public_id, user=ann
    )
    assert message == f"ann is in {MAX_TEAMS} teams already: that is as many as one may be in."
    assert Member.objects.filter(user=ann).count() == MAX_TEAMS
    closed = [
        make_team(leaders[MAX_TEAMS + n], name=f"Closed {n}", open=False) for n in range(MAX_ASKS)
    ]
    for team in closed[:-1]:
        team_join(public_id=team.public_id, user=lead)
    team_join(public_id=closed[-1].public_id, user=lead)
    extra = make_team(make_user("late"), name="Closed late", open=False)
    message = refused(ErrorCode.NOT_ALLOWED, team_join, public_id=extra.public_id, user=lead)
    assert message == f"You have asked to join {MAX_ASKS} teams that have not answered yet."


def test_the_list_puts_the_largest_first_and_finds_by_name(people) -> None:
    lead, ann, bob = people(2)
    small = make_team(ann, name="Pawn Storm")
    large = make_team(lead, [bob], name="Knights of Kyiv")
    assert [t["id"] for t in team_list()["teams"]] == [large.public_id, small.public_id]
    assert [t["id"] for t in team_list("storm")["teams"]] == [small.public_id]
    assert team_list("nobody")["teams"] == []
    assert team_list("z" * 500)["query"] == "z" * 40  # bounded


def test_closing_an_account_hands_its_team_to_the_longest_standing_member(people) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead, [ann, bob])
    alone = make_team(lead, name="Alone")
    closed_team = make_team(bob, name="Closed one", open=False)
    team_join(public_id=closed_team.public_id, user=lead, text="Let me in")
    with zipfile.ZipFile(io.BytesIO(data_archive(lead).read())) as archive:
        account = json.loads(archive.read("account.json"))
    assert [(t["name"], t["leader"]) for t in account["teams"]] == [
        ("Knights of Kyiv", True),
        ("Alone", True),
    ]
    assert [(a["name"], a["text"]) for a in account["team_asks"]] == [("Closed one", "Let me in")]
    close_account(user=lead)
    assert members_of(team) == [("ann", True), ("bob", False)]
    assert count_of(team) == 2
    assert not Team.objects.filter(pk=alone.pk).exists()
    assert not Ask.objects.filter(team=closed_team).exists()


def test_a_team_tournament_is_made_by_a_leader_and_joined_by_members_only(people) -> None:
    lead, ann, bob = people(2)
    team = make_team(lead, [ann])
    message = refused(
        ErrorCode.FORBIDDEN,
        tournament_create,
        user=ann,
        asked=request(team=team.public_id),
    )
    assert message == "Only the leaders of Knights of Kyiv make its tournaments."
    arena = make_tournament([ann], maker=lead, team=team.public_id)
    message = refused(ErrorCode.NOT_ALLOWED, tournament_join, public_id=arena.public_id, user=bob)
    assert message == "Only the members of Knights of Kyiv may join this tournament."
    assert arena.entries.count() == 1
    open_arena = make_tournament([bob], maker=bob)
    listed = [t["id"] for t in tournament_list()]
    assert open_arena.public_id in listed and arena.public_id not in listed  # on the team's page
    ((shown),) = team_tournaments(team=team.public_id)
    assert (shown["id"], shown["team"]["name"], shown["players"]) == (
        arena.public_id,
        "Knights of Kyiv",
        1,
    )
    team_join(public_id=team.public_id, user=bob)
    tournament_join(public_id=arena.public_id, user=bob)
    assert arena.entries.count() == 2
    refused(ErrorCode.NOT_FOUND, tournament_create, user=lead, asked=request(team="nosuchteam"))


def test_a_team_has_so_many_tournaments_made_for_it_a_day(people, monkeypatch) -> None:
    monkeypatch.setattr(entries, "TEAM_TOURNAMENTS_A_DAY", 4)
    lead, ann, bob = people(2)
    team = make_team(lead, [ann, bob])
    team_set_leader(public_id=team.public_id, leader=lead, username="ann", leads=True)
    made = [make_tournament([], maker=maker, team=team.public_id) for maker in (lead, lead, ann)]
    made.append(make_tournament([], maker=ann, team=team.public_id))
    message = refused(
        ErrorCode.NOT_ALLOWED, tournament_create, user=lead, asked=request(team=team.public_id)
    )
    assert message == (
        "Knights of Kyiv has had 4 tournaments made for it in the last day: that is as many as "
        "a day holds."
    )
    # Bob was told of each, and of no more.
    assert Notice.objects.filter(user=bob, kind="team_tournament").count() == 4
    # Another team's, and a tournament for everyone, are not counted.
    make_tournament([], maker=bob)
    # A day on, the team may have one more.
    Tournament.objects.filter(pk=made[0].pk).update(created_at=timezone.now() - timedelta(days=1))
    make_tournament([], maker=bob, team=make_team(bob, name="Rooks").public_id)
    assert make_tournament([], maker=lead, team=team.public_id).team_name == "Knights of Kyiv"


def test_a_leader_reads_the_oldest_asks_and_how_many_wait(people, monkeypatch) -> None:
    lead, ann, bob, cy = people(3)
    team = make_team(lead, open=False)
    for player in (ann, bob, cy):
        team_join(public_id=team.public_id, user=player)
    monkeypatch.setattr("teams.reads.ASKS_SHOWN", 2)
    seen = team_object(team, lead.pk)
    assert ([a["username"] for a in seen["asks"]], seen["asks_waiting"]) == (["ann", "bob"], 3)
    team_answer(public_id=team.public_id, leader=lead, username="ann", accept=True)
    seen = team_object(team, lead.pk)
    assert ([a["username"] for a in seen["asks"]], seen["asks_waiting"]) == (["bob", "cy"], 2)
