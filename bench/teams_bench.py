"""What the teams' pages cost as the site grows: the list (the largest teams first, and a search
by a part of a name), a team's page for its leader (its first page of members and every ask
waiting, then a page of members far down), and a player's teams (a profile's). Measured on a
site of ``--teams`` teams whose largest has ``--members`` members and ``policy.MAX_TEAM_ASKS`` asks
waiting, against a site of a hundredth of the teams whose largest has a hundredth of the members
and ten asks (the reference, in the same run, same database). Also a tournament made by the
largest team's leader for its members, which keeps a notice for each of them in the same
transaction (each made and rolled back, so the runs start alike).

Loads into a migrated PostgreSQL database (``DATABASE_URL``; its teams are deleted first) the
players and the teams in bulk, each team's ``members`` count kept as the services keep it, then
ANALYZEs the tables as a live site's are. Median and fastest of ``--runs`` after a warm-up. It
never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_teams_bench \\
        .venv/bin/python bench/teams_bench.py [--teams 10000] [--members 5000] [--runs 15]
"""

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from bench.puzzles_bench import get, timed  # noqa: E402
from teams import policy  # noqa: E402
from teams.models import Ask, Member, Team  # noqa: E402
from teams.reads import teams_of  # noqa: E402
from tournaments.schemas import TournamentRequest  # noqa: E402
from tournaments.services.entries import tournament_create  # noqa: E402

WORDS = ("Knights", "Pawns", "Kings", "Crowns", "Jumpers", "Corner", "Dames", "Forks", "Rooks")


def players(count: int) -> list[User]:
    """``count`` players named bench-t<n>, made in bulk if missing."""
    names = [f"bench-t{n}" for n in range(count)]
    have = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    User.objects.bulk_create(
        [User(username=name, password="!") for name in names if name not in have], batch_size=2000
    )
    by_name = {u.username: u for u in User.objects.filter(username__in=names)}
    return [by_name[name] for name in names]


def load(teams: int, members: int, asks: int, people: list[User], tag: str) -> dict:
    """A site of ``teams`` teams of 1 to 30 members (names of two words and a number), the
    first of ``members`` with ``asks`` asks waiting; returns what the bench reads."""
    rng = random.Random(7)
    made = Team.objects.bulk_create(
        [
            Team(name=f"{rng.choice(WORDS)} {rng.choice(WORDS)} {tag}{n}", open=n % 3 != 0)
            for n in range(teams)
        ],
        batch_size=2000,
    )
    rows, sizes = [], {}
    pool = people[members:]  # the other teams' players, each in about as many teams
    turn = 0
    for index, team in enumerate(made):
        size = members if index == 0 else rng.randint(1, 30)
        if index == 0:
            chosen = people[:size]
        else:
            chosen = [pool[(turn + k) % len(pool)] for k in range(size)]
            turn += size
        rows += [Member(team=team, user=u, leader=i == 0) for i, u in enumerate(chosen)]
        sizes[team.pk] = size
    Member.objects.bulk_create(rows, batch_size=5000)
    for size in set(sizes.values()):
        Team.objects.filter(pk__in=[pk for pk, s in sizes.items() if s == size]).update(
            members=size
        )
    largest = made[0]
    Ask.objects.bulk_create([Ask(team=largest, user=u, text="May I join?") for u in pool[:asks]])
    return {
        "team": largest,
        "leader": people[0],
        "last_page": max(1, -(-members // policy.MEMBERS_PAGE)),
        "player": pool[0],  # in about as many teams as any player of the site
    }


class Undone(Exception):
    """Rolls back what a measured call made."""


def team_tournament(site: dict):
    """Makes a tournament for the largest team, as its leader does, then rolls it back."""
    body = {
        "name": "Members' Arena",
        "clock": {"initial": 180, "increment": 2},
        "system": "arena",
        "minutes": 60,
        "starts_at": timezone.now().isoformat(),
        "team": site["team"].public_id,
    }

    def make() -> None:
        try:
            with transaction.atomic():
                tournament_create(user=site["leader"], asked=TournamentRequest.from_body(body))
                raise Undone
        except Undone:
            pass

    return make


def measure(site: dict, runs: int) -> list[tuple[str, float, float]]:
    client, member = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    client.force_login(site["leader"])
    member.force_login(site["player"])
    team = site["team"].public_id
    asked = {
        "the list (the largest first)": get(client, "/team/"),
        "a search by a part of a name": get(client, "/team/?q=night"),
        "the largest team's page, its leader's (the asks)": get(client, f"/team/{team}/"),
        "its last page of members": get(client, f"/team/{team}/?page={site['last_page']}"),
        "a player's teams (a profile's)": lambda: teams_of(site["player"].pk),
        "the largest team's page, a member's": get(member, f"/team/{team}/"),
        "a tournament for the largest team (a notice to each member)": team_tournament(site),
    }
    return [(what, *timed(call, runs)) for what, call in asked.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database.")
    call_command("migrate", verbosity=0)
    # The largest team's members, then a pool the other teams share: about 25 teams a player
    # at 10,000 teams (a player may be in ``policy.MAX_TEAMS``).
    people = players(args.members + args.teams * 15 // 25)
    results = {}
    for name, teams, members, asks in (
        ("reference", args.teams // 100, args.members // 100, 10),
        ("large", args.teams, args.members, policy.MAX_TEAM_ASKS),
    ):
        Team.objects.all().delete()
        site = load(teams, members, asks, people, name[0])
        with connection.cursor() as cursor:
            for table in ("teams_team", "teams_member", "teams_ask", "accounts_user"):
                cursor.execute(f"ANALYZE {table}")
        results[name] = (teams, members, asks, measure(site, args.runs))
    small, large = results["reference"], results["large"]
    print(
        f"{large[0]:,} teams, the largest of {large[1]:,} members and {large[2]} asks, against "
        f"{small[0]:,} teams, the largest of {small[1]:,} and {small[2]} asks"
    )
    print("| what | large: median / fastest ms | reference: median ms | ratio |")
    print("|---|---|---|---|")
    for (what, median, fastest), (_, reference, _fast) in zip(large[3], small[3], strict=True):
        ratio = median / reference
        print(f"| {what} | {median:.1f} / {fastest:.1f} | {reference:.1f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
