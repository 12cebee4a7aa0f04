"""The opening explorer: what the site's players chose in a position of a game's opening, and
how their games went on (``GET /api/explorer/``, the analysis board's *Opening explorer*).

It reads the rows ``games.storage.openings`` counts as games end, through their unique index
(a position's rows lead it): its cost follows the moves played in the position asked, never
the size of the archive."""

from typing import Any

from django.utils.translation import gettext as _

from games.domain.clock import SPEEDS, TimeControl
from games.domain.policy import EXPLORER_LATEST_GAMES, EXPLORER_PLIES
from games.domain.schemas import refuse
from games.models import Game, OpeningMove
from games.storage.openings import position_key


def speeds_choice(value: Any) -> list[str]:
    """Returns the speeds of ``?speeds=blitz,rapid`` (absent or empty: every speed), or
    refuses a speed the site does not have."""
    if value is None or value == "":
        return list(SPEEDS)
    asked = [part.strip() for part in str(value).split(",") if part.strip()]
    unknown = [part for part in asked if part not in SPEEDS]
    if unknown or not asked:
        raise refuse(
            _("Unknown speed %(value)s; the speeds are: %(speeds)s.")
            % {"value": repr(unknown[0] if unknown else value)[:40], "speeds": ", ".join(SPEEDS)}
        )
    return list(dict.fromkeys(asked))


def explore(variant_id: str, written: str, speeds: list[str]) -> dict[str, Any]:
    """Returns the explorer's answer for a position (``written``: its FEN as the engine writes
    it): ``{variant, fen, speeds, plies, games, white, draws, black, moves: [{move, games,
    white, draws, black}], latest: [...]}``, the moves most played first (then by their text),
    ``latest`` the newest game of each move (the newest first, ``EXPLORER_LATEST_GAMES`` at
    most), each ``{id, move, white, black, result, speed, finished_at}``. Two queries: the
    position's rows (one a move and speed), then their latest games."""
    rows = OpeningMove.objects.filter(
        position=position_key(variant_id, written), speed__in=speeds
    ).values("move", "white_wins", "draws", "black_wins", "last_game_id")
    moves: dict[str, dict[str, Any]] = {}
    last_games: dict[int, str] = {}
    for row in rows:
        move = moves.setdefault(
            row["move"], {"move": row["move"], "games": 0, "white": 0, "draws": 0, "black": 0}
        )
        move["white"] += row["white_wins"]
        move["draws"] += row["draws"]
        move["black"] += row["black_wins"]
        move["games"] += row["white_wins"] + row["draws"] + row["black_wins"]
        if row["last_game_id"] is not None:
            last_games[row["last_game_id"]] = row["move"]
    listed = sorted(moves.values(), key=lambda move: (-move["games"], move["move"]))
    white, draws, black = (
        sum(move[side] for move in listed) for side in ("white", "draws", "black")
    )
    return {
        "variant": variant_id,
        "fen": written,
        "speeds": speeds,
        "plies": EXPLORER_PLIES,
        "games": white + draws + black,
        "white": white,
        "draws": draws,
        "black": black,
        "moves": listed,
        "latest": latest_games(last_games),
    }


def latest_games(last_games: dict[int, str]) -> list[dict[str, Any]]:
    """The newest game of each move, from the rows' latest games (game id -> its move there):
    the newest first, ``EXPLORER_LATEST_GAMES`` at most. Read as values, not games: a busy
    position's rows name a game a move and speed, and only the few shown need more."""
    games = (
        Game.objects.filter(pk__in=list(last_games))
        .order_by("-finished_at", "-id")
        .values(
            "id",
            "public_id",
            "white__username",
            "black__username",
            "result",
            "clock_initial",
            "clock_increment",
            "clock_days",
            "finished_at",
        )
    )
    found: list[dict[str, Any]] = []
    for game in games:
        move = last_games[game["id"]]
        if any(entry["move"] == move for entry in found):
            continue  # the same move's latest game at another speed, older
        control = TimeControl(game["clock_initial"], game["clock_increment"], game["clock_days"])
        found.append(
            {
                "id": game["public_id"],
                "move": move,
                "white": game["white__username"],
                "black": game["black__username"],
                "result": game["result"],
                "speed": control.speed,
                "finished_at": game["finished_at"].isoformat() if game["finished_at"] else None,
            }
        )
        if len(found) == EXPLORER_LATEST_GAMES:
            break
    return found
