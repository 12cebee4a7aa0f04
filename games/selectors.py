"""Game reads for pages, the API and other apps."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from accounts.models import User
from engine import STARTING_FEN
from games import pgn
from games.errors import ErrorCode, GameError
from games.evaluation import judge
from games.models import Analysis, Annotation, Color, Connection, Evaluation, Game
from games.state import CONNECTION_STALE_AFTER, player_name


def finished_game_counts(user: AbstractBaseUser) -> dict[str, int]:
    """Returns the counts of the user's finished online games (played, wins, draws, losses)."""
    games = Game.objects.filter(status=Game.Status.FINISHED, mode=Game.Mode.ONLINE).filter(
        Q(white=user) | Q(black=user)
    )
    counts = games.aggregate(
        games_played=Count("id"),
        wins=Count("id", filter=Q(white=user, result="1-0") | Q(black=user, result="0-1")),
        draws=Count("id", filter=Q(result="1/2-1/2")),
        losses=Count("id", filter=Q(white=user, result="0-1") | Q(black=user, result="1-0")),
    )
    return {key: counts[key] or 0 for key in ("games_played", "wins", "draws", "losses")}


RECENT_GAMES = 10


def outcome_for(game: Game, user_id: int) -> str:
    """Returns "win", "draw" or "loss" for the user in a finished game they played."""
    if game.result == Game.Result.DRAW:
        return "draw"
    won_as = Color.WHITE if game.result == Game.Result.WHITE else Color.BLACK
    return "win" if game.player_id_for(won_as) == user_id else "loss"


def player_game_statistics(user: AbstractBaseUser) -> dict[str, Any]:
    """Returns the statistics of the user's finished online games (rated and unrated).

    ``by_color`` and ``by_termination`` count wins, draws and losses; ``streak`` is the run of
    equal outcomes ending with the latest game (``{"outcome": "win", "games": 3}``, or None);
    ``best_win`` is the rated win over the highest-rated opponent (their rating before the
    game); ``recent`` the latest games, newest first, with the user's rating change in rated
    ones.
    """
    from accounts.models import RatingChange

    games = list(
        Game.objects.filter(status=Game.Status.FINISHED, mode=Game.Mode.ONLINE)
        .filter(Q(white=user) | Q(black=user))
        .select_related("white", "black")
        .order_by("-finished_at", "-id")
    )
    changes = {
        change.game_id: change
        for change in RatingChange.objects.filter(user=user).select_related("opponent", "game")
    }
    empty = {"wins": 0, "draws": 0, "losses": 0}
    plural = {"win": "wins", "draw": "draws", "loss": "losses"}
    by_color = {Color.WHITE.value: {"games": 0, **empty}, Color.BLACK.value: {"games": 0, **empty}}
    by_termination: dict[str, dict[str, int]] = {}
    for game in games:
        outcome = outcome_for(game, user.pk)
        color = Color.WHITE.value if game.white_id == user.pk else Color.BLACK.value
        by_color[color]["games"] += 1
        by_color[color][plural[outcome]] += 1
        by_termination.setdefault(game.termination, dict(empty))[plural[outcome]] += 1
    order = list(Game.Termination.values)
    by_termination = dict(sorted(by_termination.items(), key=lambda item: order.index(item[0])))

    streak = None
    if games:
        first = outcome_for(games[0], user.pk)
        length = 0
        for game in games:
            if outcome_for(game, user.pk) != first:
                break
            length += 1
        streak = {"outcome": first, "games": length}

    best = None
    for change in changes.values():
        if change.score == 1.0 and (
            best is None
            or (change.opponent_rating, -change.at.timestamp())
            > (best.opponent_rating, -best.at.timestamp())
        ):
            best = change
    best_win = None
    if best is not None:
        best_win = {
            "game": best.game.public_id,
            "opponent": best.opponent.username,
            "opponent_rating": round(best.opponent_rating),
            "at": best.at.isoformat(),
        }

    recent = []
    for game in games[:RECENT_GAMES]:
        color = Color.WHITE.value if game.white_id == user.pk else Color.BLACK.value
        other = game.black if color == Color.WHITE else game.white
        change = changes.get(game.pk)
        recent.append(
            {
                "id": game.public_id,
                "color": color,
                "opponent": other.username if other else None,
                "outcome": outcome_for(game, user.pk),
                "result": game.result,
                "termination": game.termination,
                "rated": change is not None,
                "rating_change": change.change if change is not None else None,
                "finished_at": game.finished_at.isoformat() if game.finished_at else None,
            }
        )
    return {
        "by_color": by_color,
        "by_termination": by_termination,
        "streak": streak,
        "best_win": best_win,
        "recent": recent,
    }


def online_user_ids(now: datetime | None = None) -> set[int]:
    """Returns the ids of the users online now: a game socket (playing or watching) or a lobby
    socket heard from within ``CONNECTION_STALE_AFTER`` (90 s; both send a heartbeat every
    20 s, recorded at most every 30 s)."""
    now = now or timezone.now()
    fresh = now - CONNECTION_STALE_AFTER
    at_games = Connection.objects.filter(last_seen__gte=fresh, user__isnull=False).values_list(
        "user_id", flat=True
    )
    in_lobby = User.objects.filter(last_seen__gte=fresh).values_list("pk", flat=True)
    return set(at_games) | set(in_lobby)


def game_by_id(public_id: str) -> Game:
    game = Game.objects.select_related("white", "black").filter(public_id=public_id).first()
    if game is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no game {public_id}.")
    return game


def live_games(limit: int = 100) -> list[dict[str, Any]]:
    """Returns the live online games, newest first, with their spectator counts."""
    fresh = timezone.now() - CONNECTION_STALE_AFTER
    games = (
        Game.objects.filter(status=Game.Status.LIVE, mode=Game.Mode.ONLINE)
        .select_related("white", "black")
        .annotate(
            watching=Count(
                "connections",
                filter=Q(connections__color__isnull=True, connections__last_seen__gte=fresh),
            )
        )
        .order_by("-created_at")[:limit]
    )
    return [
        {
            "id": game.public_id,
            "white": game.white.username if game.white else None,
            "black": game.black.username if game.black else None,
            "ply": game.ply,
            "fen": game.fen,
            "spectators": game.watching,
            "created_at": game.created_at.isoformat(),
        }
        for game in games
    ]


# --- the archive ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ArchiveFilters:
    """What the archive is filtered by; every field None (or False) means "any"."""

    player: str | None = None
    result: str | None = None
    termination: str | None = None
    mode: str | None = None
    since: date | None = None  # finished on or after this day (UTC)
    until: date | None = None  # finished on or before this day (UTC)
    min_plies: int | None = None
    annotated: bool = False

    @classmethod
    def from_query(cls, query: Mapping[str, Any]) -> "ArchiveFilters":
        """Returns the filters of a query string; raises ``GameError`` (bad_request) naming the
        first value that makes no sense. Empty values mean "any"."""

        def text(name: str) -> str | None:
            value = query.get(name)
            return value.strip() if isinstance(value, str) and value.strip() else None

        def choice(name: str, allowed: list[str]) -> str | None:
            value = text(name)
            if value is not None and value not in allowed:
                raise GameError(
                    ErrorCode.BAD_REQUEST, f"{name} is one of {', '.join(allowed)}, not {value}."
                )
            return value

        def day(name: str) -> date | None:
            value = text(name)
            if value is None:
                return None
            try:
                return date.fromisoformat(value)
            except ValueError:
                raise GameError(
                    ErrorCode.BAD_REQUEST, f"{name} is a date written YYYY-MM-DD, not {value}."
                ) from None

        min_plies = text("min_plies")
        if min_plies is not None and not min_plies.isdigit():
            raise GameError(ErrorCode.BAD_REQUEST, f"min_plies is a whole number, not {min_plies}.")
        annotated = text("annotated")
        if annotated not in (None, "1", "true", "0", "false", "on"):
            raise GameError(ErrorCode.BAD_REQUEST, "annotated is true or false.")
        return cls(
            player=text("player"),
            result=choice("result", Game.Result.values),
            termination=choice("termination", Game.Termination.values),
            mode=choice("mode", Game.Mode.values),
            since=day("since"),
            until=day("until"),
            min_plies=int(min_plies) if min_plies is not None else None,
            annotated=annotated in ("1", "true", "on"),
        )

    def query(self) -> dict[str, str]:
        """Returns the filters as query-string values (for page links)."""
        values = {
            "player": self.player,
            "result": self.result,
            "termination": self.termination,
            "mode": self.mode,
            "since": self.since.isoformat() if self.since else None,
            "until": self.until.isoformat() if self.until else None,
            "min_plies": str(self.min_plies) if self.min_plies is not None else None,
            "annotated": "1" if self.annotated else None,
        }
        return {key: value for key, value in values.items() if value}


def filter_games(games: QuerySet[Game], filters: ArchiveFilters) -> QuerySet[Game]:
    """Returns ``games`` narrowed by the filters (no ordering, no status condition)."""
    if filters.player:
        name = filters.player
        games = games.filter(
            Q(white__username__iexact=name)
            | Q(black__username__iexact=name)
            | Q(mode=Game.Mode.IMPORTED, imported_by__username__iexact=name)
        )
    if filters.result:
        games = games.filter(result=filters.result)
    if filters.termination:
        games = games.filter(termination=filters.termination)
    if filters.mode:
        games = games.filter(mode=filters.mode)
    if filters.since:
        start = datetime.combine(filters.since, time.min, tzinfo=UTC)
        games = games.filter(finished_at__gte=start)
    if filters.until:
        end = datetime.combine(filters.until + timedelta(days=1), time.min, tzinfo=UTC)
        games = games.filter(finished_at__lt=end)
    if filters.min_plies is not None:
        games = games.filter(ply__gte=filters.min_plies)
    if filters.annotated:
        games = games.filter(Exists(Annotation.objects.filter(game=OuterRef("pk"))))
    return games


def archive_games(filters: ArchiveFilters | None = None) -> QuerySet[Game]:
    """Returns the finished games of every mode that match the filters, newest first (by the
    time they finished, then by id, so pages are stable), each with ``annotation_count`` (and
    its ``rating_changes`` prefetched)."""
    games = (
        Game.objects.filter(status=Game.Status.FINISHED)
        .select_related("white", "black", "imported_by")
        .prefetch_related("rating_changes")
    )
    games = filter_games(games, filters or ArchiveFilters())
    return games.annotate(annotation_count=Count("annotations", distinct=True)).order_by(
        "-finished_at", "-id"
    )


def analysis_payload(game: Game) -> dict[str, Any]:
    """Returns a game's analysis as clients get it: its state and progress, the evaluation of
    every position analysed so far, and the judgement of every ply both of whose positions are
    in (with the better move when the ply lost something)."""
    analysis = Analysis.objects.filter(game=game).first()
    evaluations = {e.index: e for e in Evaluation.objects.filter(game=game)}
    moves = list(game.moves.order_by("ply").values_list("ply", "text"))
    plies = []
    for ply, text in moves:
        before, after = evaluations.get(ply), evaluations.get(ply + 1)
        if before is None or after is None:
            continue
        white_moved = game.mover(ply) == "white"
        loss, judgement = judge(before.score, after.score, white_moved)
        better = before.best if judgement and before.best and before.best != text else None
        plies.append({"ply": ply, "loss": loss, "judgement": judgement, "better": better})
    return {
        "state": analysis.state if analysis else "none",
        "done": analysis.done if analysis else 0,
        "total": analysis.total if analysis else game.ply + 1,
        "evaluations": [
            {"index": e.index, "score": e.score, "best": e.best or None, "depth": e.depth}
            for e in sorted(evaluations.values(), key=lambda e: e.index)
        ],
        "plies": plies,
    }


def export_tags(game: Game) -> list[tuple[str, str]]:
    """Returns the tags of a game's export: the seven standard tags, the variant, the start
    position when it is not the usual one, the termination. An imported game keeps its own."""
    if game.mode == Game.Mode.IMPORTED and game.tags:
        return [(name, value) for name, value in game.tags]
    when = game.finished_at or game.created_at
    events = {
        Game.Mode.ONLINE: "Online game",
        Game.Mode.BOT: "Bot game",
        Game.Mode.LOCAL: "Pass-and-play game",
        Game.Mode.IMPORTED: "Imported game",
    }
    tags = [
        ("Event", events.get(game.mode, "Game")),
        ("Site", "Chesskers"),
        ("Date", when.strftime("%Y.%m.%d") if when else "????.??.??"),
        ("Round", "-"),
        ("White", player_name(game, "white") or "?"),
        ("Black", player_name(game, "black") or "?"),
        ("Result", game.result or "*"),
        ("Variant", "Chesskers"),
    ]
    if game.initial_fen != STARTING_FEN:
        tags += [("SetUp", "1"), ("FEN", game.initial_fen)]
    if game.termination:
        tags.append(("Termination", game.termination))
    return tags


def game_export_text(game: Game) -> str:
    """Returns a game in the archive's text format, with its annotations."""
    notes: dict[int, list[pgn.Note]] = {}
    for annotation in game.annotations.all():
        notes.setdefault(annotation.ply, []).append(
            pgn.Note(glyph=annotation.glyph, comment=annotation.comment)
        )
    return pgn.render_game(
        tags=export_tags(game),
        moves=list(game.moves.order_by("ply").values_list("text", flat=True)),
        notes=notes,
        result=game.result or "*",
        initial_fen=game.initial_fen,
    )


def games_export_text(games: QuerySet[Game] | list[Game]) -> str:
    """Returns several games in the archive's text format, a blank line between them."""
    return "\n".join(game_export_text(game) for game in games)
