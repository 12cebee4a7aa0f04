"""Simuls as clients see them: a simul's object (the API's, the page's and the socket's) and the
lists of simuls. Reads only."""

from typing import Any

from accounts import glicko2
from accounts.models import Rating, rating_category
from games.models import Color, Game
from simuls.models import Entry, Simul
from simuls.policy import LISTED
from simuls.services import page_url, simul_by_id


def host_outcome(game: Game, host_color: str) -> str | None:
    """Returns what a finished game was to the host (win, draw, loss), ``aborted``, or None
    while it is played."""
    if game.status == Game.Status.ABORTED:
        return "aborted"
    if game.status != Game.Status.FINISHED:
        return None
    if game.result == Game.Result.DRAW:
        return "draw"
    winner = Color.WHITE if game.result == Game.Result.WHITE else Color.BLACK
    return "win" if winner == host_color else "loss"


def ratings_of(user_ids: list[int], simul: Simul) -> dict[int, dict[str, Any]]:
    """Returns each player's rating in the simul's game and speed (``{"rating", "provisional"}``;
    the starting one for a player without a rated game in it)."""
    category = rating_category(simul.variant, simul.time_control.speed)
    found = {
        row.user_id: {"rating": round(row.rating), "provisional": row.provisional}
        for row in Rating.objects.filter(user_id__in=user_ids, category=category)
    }
    start = {"rating": round(glicko2.START_RATING), "provisional": True}
    return {user_id: found.get(user_id, start) for user_id in user_ids}


def summary(simul: Simul) -> dict[str, Any]:
    """Returns what a list shows of a simul."""
    return {
        "id": simul.public_id,
        "name": simul.name,
        "host": simul.host.username,
        "variant": simul.variant,
        "variant_name": str(simul.variant_name),
        "clock": {"initial": simul.clock_initial, "increment": simul.clock_increment},
        "host_extra": simul.host_extra // 60,
        "host_color": simul.host_color,
        "max_players": simul.max_players,
        "status": simul.status,
        "created_at": simul.created_at.isoformat(),
        "url": page_url(simul.public_id),
    }


def simul_payload(simul: Simul) -> dict[str, Any]:
    """Returns a simul's object: what it is, who asked to play (before it starts) or its boards
    (once started: each game's position, whose turn, the result to the host) and its score."""
    entries = list(Entry.objects.select_related("user").filter(simul=simul).order_by("created_at"))
    ratings = ratings_of([entry.user_id for entry in entries], simul)
    games = {
        game.public_id: game
        for game in Game.objects.filter(simul=simul.public_id).only(
            "public_id", "fen", "ply", "initial_fen", "status", "result", "variant"
        )
    }
    players, boards = [], []
    score = {"win": 0, "draw": 0, "loss": 0, "aborted": 0, "playing": 0}
    for entry in entries:
        rating = ratings[entry.user_id]
        if entry.game is None:
            players.append({"user": entry.user.username, "accepted": entry.accepted, **rating})
            continue
        game = games.get(entry.game)
        if game is None:
            continue
        host_color = Color.BLACK if entry.color == Color.WHITE else Color.WHITE
        outcome = host_outcome(game, host_color)
        score[outcome or "playing"] += 1
        boards.append(
            {
                "board": entry.board,
                "user": entry.user.username,
                **rating,
                "color": entry.color,
                "game": game.public_id,
                "fen": game.fen,
                "ply": game.ply,
                "turn": game.turn,
                "host_to_move": game.status == Game.Status.LIVE and game.turn == host_color,
                "status": game.status,
                "result": game.result,
                "outcome": outcome,
            }
        )
    boards.sort(key=lambda board: board["board"])
    return {
        **summary(simul),
        "text": simul.text,
        "started_at": simul.started_at.isoformat() if simul.started_at else None,
        "finished_at": simul.finished_at.isoformat() if simul.finished_at else None,
        "players": players,
        "accepted": sum(1 for player in players if player["accepted"]),
        "boards": boards,
        "score": score,
    }


def simul_object(public_id: str) -> dict[str, Any]:
    """Returns the simul's object, read now (raises ``not_found``)."""
    return simul_payload(simul_by_id(public_id))


def simul_list() -> dict[str, list[dict[str, Any]]]:
    """Returns the simuls taking players, those being played and those finished, the newest
    first: at most ``LISTED`` of each."""
    found = {}
    for status in Simul.Status.values:
        rows = Simul.objects.select_related("host").filter(status=status).order_by("-created_at")
        found[status] = [summary(simul) for simul in rows[:LISTED]]
    return found
