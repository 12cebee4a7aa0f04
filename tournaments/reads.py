"""Tournaments as clients see them: a tournament's object (the API's and the socket's), its
standings ranked with their tie-breaks, the lists of tournaments, and the words the game page
names a tournament's game with. Reads only.

A tournament's object is read whole (``snapshot``) and cut to what each client gets
(``payload``): the API every line of the standings, a socket the top ``SOCKET_STANDINGS`` and
the viewer's own. ``snapshot_cached`` keeps a snapshot a second in this process, so that a
crowd asking for one tournament costs one read a second.
"""

import time
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, Count, QuerySet, When
from django.utils.translation import gettext as _

from games.domain.errors import ErrorCode, GameError
from games.models import Game
from teams.models import Member
from tournaments.models import Entry, Pairing, System, Tournament
from tournaments.policy import LISTED_GAMES, SHOWN_BOARDS
from tournaments.scoring import (
    Line,
    Meeting,
    buchholz,
    on_fire,
    performance,
    ranked,
    sonneborn_berger,
)

# Lists of tournaments: at most this many of each status.
LISTED = 50


def page_url(public_id: str) -> str:
    return f"/tournaments/{public_id}/"


def socket_path(public_id: str) -> str:
    return f"/ws/tournaments/{public_id}/"


def label(sender: object = None, *, tournament: str, **kwargs) -> dict[str, str] | None:
    """The receiver of ``games.domain.events.tournament_label``: how the game page names a
    tournament (its name, page and socket), or None for an unknown one."""
    name = Tournament.objects.filter(public_id=tournament).values_list("name", flat=True).first()
    if name is None:
        return None
    return {"name": name, "url": page_url(tournament), "socket": socket_path(tournament)}


def tournament_by_id(public_id: str) -> Tournament:
    """Returns the tournament, or raises ``not_found``."""
    found = Tournament.objects.select_related("team").filter(public_id=public_id).first()
    if found is None:
        raise GameError(
            ErrorCode.NOT_FOUND,
            _("There is no tournament %(public_id)s.") % {"public_id": public_id},
        )
    return found


def summary(tournament: Tournament, players: int | None = None) -> dict[str, Any]:
    """Returns what a tournament is, without its standings and games: the lists' entries and
    the head of its object."""
    control = tournament.time_control
    return {
        "id": tournament.public_id,
        "name": tournament.name,
        "variant": tournament.variant,
        "variant_name": tournament.variant_name,
        "clock": {"initial": tournament.clock_initial, "increment": tournament.clock_increment},
        "control": control.label,
        "speed": control.speed,
        "system": tournament.system,
        "status": tournament.status,
        "starts_at": tournament.starts_at.isoformat(),
        "ends_at": tournament.ends_at.isoformat() if tournament.ends_at else None,
        "minutes": tournament.minutes,
        "rounds": tournament.rounds,
        "round": tournament.round,
        "rated": tournament.rated,
        "berserk": tournament.berserk,
        "fen": tournament.initial_fen or None,
        "players": players if players is not None else tournament.entries.count(),
        "created_by": tournament.created_by.username if tournament.created_by_id else None,
        "team": team_of(tournament),
    }


def team_of(tournament: Tournament) -> dict[str, Any] | None:
    """Returns the team a team tournament is for (``id`` None once the team has ended), or
    None for a tournament every player may join."""
    if not tournament.team_name:
        return None
    team_id = tournament.team.public_id if tournament.team_id else None
    return {
        "id": team_id,
        "name": tournament.team_name,
        "url": f"/team/{team_id}/" if team_id else None,
    }


def listed(rows: QuerySet[Tournament]) -> list[dict[str, Any]]:
    """Returns the first ``LISTED`` of ``rows`` (ordered) as a list's entries, their players
    counted in the same query."""
    rows = rows.select_related("created_by", "team").annotate(players=Count("entries"))
    return [summary(t, t.players) for t in rows[:LISTED]]


def team_tournaments(sender: object = None, *, team: str, **kwargs) -> list[dict[str, Any]]:
    """The receiver of ``teams.events.team_tournaments``: the team's tournaments, those not
    finished first, each group the latest first, ``LISTED`` in all (each with its status's
    name in the page's language)."""
    rows = Tournament.objects.filter(team__public_id=team).order_by(
        Case(When(status=Tournament.Status.FINISHED, then=1), default=0), "-starts_at"
    )
    return [
        {**row, "status_name": str(Tournament.Status(row["status"]).label)} for row in listed(rows)
    ]


def member_tournaments(user_id: int) -> list[dict[str, Any]]:
    """Returns the tournaments of the player's teams that have not finished, soonest first,
    ``LISTED`` at most: the tournaments list shows them to the player, as the public list does
    not."""
    teams = Member.objects.filter(user_id=user_id).values("team_id")
    rows = Tournament.objects.filter(team_id__in=teams).exclude(status=Tournament.Status.FINISHED)
    return listed(rows.order_by("starts_at", "id"))


def tournament_list(status: str | None = None) -> list[dict[str, Any]]:
    """Returns tournaments of ``status`` (None: all three), at most ``LISTED`` of each: those
    starting soonest, those running longest, those finished last."""
    orders = {
        Tournament.Status.CREATED: ("starts_at", "id"),
        Tournament.Status.STARTED: ("starts_at", "id"),
        Tournament.Status.FINISHED: ("-finished_at", "-id"),
    }
    found = []
    for kind in [status] if status else list(orders):
        rows = Tournament.objects.filter(status=kind, team_name="").order_by(*orders[kind])
        found += listed(rows)
    return found


@dataclass
class Snapshot:
    """A tournament's object as read at one time: its head (``summary``, ``games``,
    ``playing``), its standings ranked, and each player's line by user id."""

    head: dict[str, Any]
    standings: list[dict[str, Any]]
    by_user: dict[int, dict[str, Any]]
    # The id of each player's game being played, by user id.
    playing_by_user: dict[int, str]


def snapshot(tournament: Tournament) -> Snapshot:
    """Returns the tournament's object as it stands now."""
    entries = list(
        Entry.objects.filter(tournament=tournament).select_related("user").order_by("pk")
    )
    pairings = list(
        Pairing.objects.filter(tournament=tournament).values(
            "white_id", "black_id", "outcome", "white_points", "black_points", "game"
        )
    )
    lines = (
        arena_lines(entries)
        if tournament.system == System.ARENA
        else swiss_lines(entries, pairings)
    )
    playing_by_user = {}
    for p in pairings:
        if p["outcome"] is None and p["game"]:
            playing_by_user[p["white_id"]] = p["game"]
            playing_by_user[p["black_id"]] = p["game"]
    standings, by_user = [], {}
    for rank, (line, extra) in enumerate(lines, 1):
        row = {"rank": rank, "user": line.username, **extra}
        standings.append(row)
        by_user[line.user_id] = row
    games = (
        Pairing.objects.filter(tournament=tournament, game__isnull=False)
        .order_by("-id")
        .values_list("game", flat=True)[:LISTED_GAMES]
    )
    head = {
        **summary(tournament, len(entries)),
        "games": list(games),
        "playing": boards(by_user, playing_by_user),
    }
    return Snapshot(head, standings, by_user, playing_by_user)


def arena_lines(entries: list[Entry]) -> list[tuple[Line, dict[str, Any]]]:
    """Returns an arena's lines ranked: points, then performance, then rating."""
    lines = {}
    for e in entries:
        perf = performance(e.opponent_ratings, e.games, e.wins, e.losses)
        line = Line(e.user_id, e.user.username, e.points, (perf,), e.rating)
        lines[e.user_id] = (
            line,
            {
                "score": e.points,
                "games": e.games,
                "tiebreak": perf,
                "sonneborn_berger": None,
                "rating": round(e.rating),
                "fire": on_fire(e.streak),
                "withdrawn": not e.active,
            },
        )
    return [lines[line.user_id] for line in ranked(line for line, _ in lines.values())]


def swiss_lines(
    entries: list[Entry], pairings: list[dict[str, Any]]
) -> list[tuple[Line, dict[str, Any]]]:
    """Returns a Swiss's lines ranked: score, then Buchholz, then Sonneborn-Berger, then
    rating (scores and tie-breaks in points, from the half points kept)."""
    meetings: dict[int, list[Meeting]] = defaultdict(list)
    for p in pairings:
        if p["outcome"] is None or p["outcome"] == Pairing.Outcome.VOID:
            continue
        meetings[p["white_id"]].append(Meeting(p["black_id"], p["white_points"]))
        if p["black_id"] is not None:
            meetings[p["black_id"]].append(Meeting(p["white_id"], p["black_points"]))
    scores = {e.user_id: e.points for e in entries}
    lines = {}
    for e in entries:
        games = [m for m in meetings[e.user_id] if m.opponent is not None]
        tie = buchholz(games, scores) / 2
        sb = sonneborn_berger(games, scores) / 2
        line = Line(e.user_id, e.user.username, e.points, (tie, sb), e.rating)
        lines[e.user_id] = (
            line,
            {
                "score": e.points / 2,
                "games": len(games),
                "tiebreak": tie,
                "sonneborn_berger": sb,
                "rating": round(e.rating),
                "fire": False,
                "withdrawn": not e.active,
            },
        )
    return [lines[line.user_id] for line in ranked(line for line, _ in lines.values())]


def boards(by_user: dict[int, dict[str, Any]], playing: dict[int, str]) -> list[dict[str, Any]]:
    """Returns the games in progress of the best placed players (at most ``SHOWN_BOARDS``, the
    best first), with their position, for the page's boards."""
    best: dict[str, int] = {}
    for user_id, game_id in playing.items():
        rank = by_user[user_id]["rank"] if user_id in by_user else len(by_user) + 1
        best[game_id] = min(best.get(game_id, rank), rank)
    chosen = sorted(best, key=lambda game_id: (best[game_id], game_id))[:SHOWN_BOARDS]
    rows = {
        game.public_id: game
        for game in Game.objects.filter(public_id__in=chosen).select_related("white", "black")
    }
    return [
        {
            "id": game.public_id,
            "white": game.white.username if game.white else None,
            "black": game.black.username if game.black else None,
            "fen": game.fen,
            "variant": game.variant,
            "ply": game.ply,
        }
        for game in (rows[game_id] for game_id in chosen if game_id in rows)
    ]


def payload(snap: Snapshot, lines: int | None = None) -> dict[str, Any]:
    """Returns the tournament's object: its head and its standings (``lines``: the first so
    many; None: all)."""
    standings = snap.standings if lines is None else snap.standings[:lines]
    return {**snap.head, "standings": standings}


def own_line(snap: Snapshot, user_id: int | None) -> dict[str, Any] | None:
    """Returns the viewer's line of the standings with the id of their game being played
    (``game``), or None for a viewer who has not joined."""
    if user_id is None or user_id not in snap.by_user:
        return None
    return {**snap.by_user[user_id], "game": snap.playing_by_user.get(user_id)}


_cache: OrderedDict[str, tuple[float, Snapshot]] = OrderedDict()
CACHE_SECONDS = 1.0
CACHE_SIZE = 64


def snapshot_cached(public_id: str) -> Snapshot:
    """Returns the tournament's snapshot as read at most ``CACHE_SECONDS`` ago in this process
    (the API's crowd reads it once a second), or raises ``not_found``."""
    now = time.monotonic()
    kept = _cache.get(public_id)
    if kept is not None and now - kept[0] < CACHE_SECONDS:
        return kept[1]
    snap = snapshot(tournament_by_id(public_id))
    _cache[public_id] = (now, snap)
    _cache.move_to_end(public_id)
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return snap
