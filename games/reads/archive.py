"""The archive as clients see it: its filters, its pages' games, a game's summary, its
annotations and analysis, and the text export."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from engine import STARTING_FEN
from games import pgn
from games.clock import SPEEDS, TimeControl, speed_filter
from games.errors import ErrorCode, GameError
from games.evaluation import judge
from games.models import Analysis, Annotation, Evaluation, Game
from games.reads.state import player_name, rating_changes


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
    speed: str | None = None  # games.clock.SPEEDS

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
            speed=choice("speed", list(SPEEDS)),
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
            "speed": self.speed,
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
    if filters.speed:
        games = games.filter(*speed_filter(filters.speed))
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
        ("TimeControl", TimeControl.of_game(game).pgn_tag),
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


def game_summary(game: Game) -> dict[str, Any]:
    """Returns a game as the games list of the API shows it."""
    return {
        "id": game.public_id,
        "mode": game.mode,
        "white": player_name(game, "white"),
        "black": player_name(game, "black"),
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "rated": game.is_rated,
        "rating_changes": rating_changes(game),
        "ply": game.ply,
        "fen": game.fen,
        "created_at": game.created_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "annotated": bool(getattr(game, "annotation_count", None))
        or (game.status == Game.Status.FINISHED and game.annotations.exists()),
    }


def annotation_payload(annotation: Annotation) -> dict[str, Any]:
    return {
        "id": annotation.pk,
        "ply": annotation.ply,
        "glyph": annotation.glyph,
        "comment": annotation.comment,
        "author": annotation.author.username if annotation.author_id else None,
        "created_at": annotation.created_at.isoformat(),
        "updated_at": annotation.updated_at.isoformat(),
    }


def annotations_of(game: Game) -> list[dict[str, Any]]:
    """Returns a game's annotations in ply order, oldest first within a ply."""
    return [annotation_payload(a) for a in game.annotations.select_related("author")]


def may_annotate(game: Game, user_id: int | None) -> bool:
    """Returns whether a user may annotate the game: one of its two players (the importer of an
    imported game), once it is finished."""
    if user_id is None or game.status != Game.Status.FINISHED:
        return False
    if game.mode == Game.Mode.IMPORTED:
        return user_id == game.imported_by_id
    return user_id in (game.white_id, game.black_id)
