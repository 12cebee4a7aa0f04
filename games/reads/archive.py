"""The archive as clients see it: its filters, its pages' games, a game's summary, its
annotations and analysis, and the text export."""

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.db.models import Q, QuerySet
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from accounts.models import User
from engine import variants
from games.domain import pgn
from games.domain.clock import SPEEDS, TimeControl, speed_filter
from games.domain.errors import ErrorCode, GameError
from games.models import Annotation, Game, GameMove
from games.reads.state import player_name, rating_changes

# The days a date filter may name: a filter's bound is a day's start or the next day's, which
# must stay a date the database and Python can both hold.
EARLIEST_DAY = date(1900, 1, 1)
LATEST_DAY = date(9999, 12, 30)
MAX_PLIES_DIGITS = 6
MAX_PLAYER_CHARS = 150
MAX_TOURNAMENT_CHARS = 12


@dataclass(frozen=True)
class ArchiveFilters:
    """What the archive is filtered by; every field None (or False) means "any"."""

    player: str | None = None  # the games a user played (not those they imported)
    opponent: str | None = None  # with ``player``: only their games against this user
    imported_by: str | None = None  # the games a user imported
    variant: str | None = None
    result: str | None = None
    termination: str | None = None
    mode: str | None = None
    since: date | None = None  # finished on or after this day (UTC)
    until: date | None = None  # finished on or before this day (UTC)
    min_plies: int | None = None
    annotated: bool = False
    speed: str | None = None  # games.domain.clock.SPEEDS
    tournament: str | None = None  # a tournament's public id: its games
    bookmarked_by: int | None = None  # a user's id: the games they bookmarked (``bookmarked``)

    @classmethod
    def from_query(
        cls,
        query: Mapping[str, Any],
        labels: Mapping[str, str] | None = None,
        viewer_id: int | None = None,
    ) -> "ArchiveFilters":
        """Returns the filters of a query string; raises ``GameError`` (bad_request) naming the
        first value that makes no sense. Empty values mean "any". The API's refusals name its
        parameters; a form passes ``labels`` so that its refusals name what its reader sees.
        ``bookmarked`` keeps the games the viewer (``viewer_id``, signed in) bookmarked."""
        labels = labels or {}

        def label(name: str) -> str:
            return labels.get(name, name)

        def text(name: str) -> str | None:
            value = query.get(name)
            return value.strip() if isinstance(value, str) and value.strip() else None

        def choice(name: str, allowed: list[str]) -> str | None:
            value = text(name)
            if value is not None and value not in allowed:
                choices = ", ".join(allowed)
                raise GameError(
                    ErrorCode.BAD_REQUEST,
                    _("%(field)s is one of %(choices)s, not %(value)s.")
                    % {"field": label(name), "choices": choices, "value": value},
                )
            return value

        def day(name: str) -> date | None:
            value = text(name)
            if value is None:
                return None
            try:
                found = date.fromisoformat(value)
            except ValueError:
                raise GameError(
                    ErrorCode.BAD_REQUEST,
                    _("%(field)s is a date written YYYY-MM-DD, not %(value)s.")
                    % {"field": label(name), "value": value},
                ) from None
            if not EARLIEST_DAY <= found <= LATEST_DAY:
                raise GameError(
                    ErrorCode.BAD_REQUEST,
                    _("%(field)s is a day from %(earliest)s to %(latest)s.")
                    % {
                        "field": label(name),
                        "earliest": EARLIEST_DAY.isoformat(),
                        "latest": LATEST_DAY.isoformat(),
                    },
                )
            return found

        min_plies = text("min_plies")
        if min_plies is not None and not (min_plies.isascii() and min_plies.isdigit()):
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("%(field)s is a whole number, not %(min_plies)s.")
                % {"field": label("min_plies"), "min_plies": min_plies},
            )
        if min_plies is not None and len(min_plies) > MAX_PLIES_DIGITS:
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("%(field)s has at most %(max_plies_digits)s digits.")
                % {"field": label("min_plies"), "max_plies_digits": MAX_PLIES_DIGITS},
            )
        player, opponent, importer = text("player"), text("opponent"), text("imported_by")
        names = (("player", player), ("opponent", opponent), ("imported_by", importer))
        for name, value in names:
            if value is not None and len(value) > MAX_PLAYER_CHARS:
                raise GameError(
                    ErrorCode.BAD_REQUEST,
                    _("%(field)s is a username, at most %(max_player_chars)s characters.")
                    % {"field": label(name), "max_player_chars": MAX_PLAYER_CHARS},
                )
        if opponent is not None and player is None:
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("%(field)s lists a player's games against another: name the player too.")
                % {"field": label("opponent")},
            )
        tournament = text("tournament")
        if tournament is not None and not (
            len(tournament) <= MAX_TOURNAMENT_CHARS
            and tournament.isascii()
            and tournament.isalnum()
        ):
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _(
                    "%(field)s is a tournament's id: letters and digits, at most "
                    "%(max_tournament_chars)s."
                )
                % {"field": label("tournament"), "max_tournament_chars": MAX_TOURNAMENT_CHARS},
            )
        annotated, bookmarked = text("annotated"), text("bookmarked")
        for name, value in (("annotated", annotated), ("bookmarked", bookmarked)):
            if value not in (None, "1", "true", "0", "false", "on"):
                raise GameError(
                    ErrorCode.BAD_REQUEST, _("%(field)s is true or false.") % {"field": label(name)}
                )
        bookmarked = bookmarked in ("1", "true", "on")
        if bookmarked and viewer_id is None:
            raise GameError(ErrorCode.BAD_REQUEST, _("Log in to see the games you bookmarked."))
        return cls(
            player=player,
            opponent=opponent,
            imported_by=importer,
            variant=choice("variant", list(variants.VARIANTS)),
            result=choice("result", Game.Result.values),
            termination=choice("termination", Game.Termination.values),
            mode=choice("mode", Game.Mode.values),
            since=day("since"),
            until=day("until"),
            min_plies=int(min_plies) if min_plies is not None else None,
            annotated=annotated in ("1", "true", "on"),
            speed=choice("speed", list(SPEEDS)),
            tournament=tournament,
            bookmarked_by=viewer_id if bookmarked else None,
        )

    def query(self) -> dict[str, str]:
        """Returns the filters as query-string values (for page links)."""
        values = {
            "player": self.player,
            "opponent": self.opponent,
            "imported_by": self.imported_by,
            "variant": self.variant,
            "result": self.result,
            "termination": self.termination,
            "mode": self.mode,
            "since": self.since.isoformat() if self.since else None,
            "until": self.until.isoformat() if self.until else None,
            "min_plies": str(self.min_plies) if self.min_plies is not None else None,
            "annotated": "1" if self.annotated else None,
            "speed": self.speed,
            "tournament": self.tournament,
            "bookmarked": "1" if self.bookmarked_by is not None else None,
        }
        return {key: value for key, value in values.items() if value}


def user_id_of(name: str) -> int | None:
    """The id of the account called ``name``, or None: by LOWER(username), as its index is."""
    users = User.objects.alias(name=Lower("username")).filter(name=name.lower())
    return users.values_list("pk", flat=True).first()


def filter_games(
    games: QuerySet[Game], filters: ArchiveFilters, *, finished: bool = False
) -> QuerySet[Game]:
    """Returns ``games`` narrowed by the filters (no ordering, no status condition);
    players are looked up by name, then matched by id on the games' white/black/importer
    columns, whose indexes serve it. ``finished``: ``games`` are finished games only, whose
    length is read from the indexed ``final_ply`` (every move changes a live game's ``ply``)."""
    ids: dict[str, int | None] = {}
    names = (filters.player, filters.opponent, filters.imported_by)
    for key, name in zip(("player", "opponent", "importer"), names, strict=True):
        ids[key] = user_id_of(name) if name else None
        if name and ids[key] is None:
            return games.none()  # a name nobody has matches nothing
    if ids["importer"] is not None:  # what they imported is kept apart from what they played
        games = games.filter(mode=Game.Mode.IMPORTED, imported_by_id=ids["importer"])
    player, opponent = ids["player"], ids["opponent"]
    if opponent is not None:  # read from game_pair_finished, one range a colour
        games = games.filter(
            Q(white_id=player, black_id=opponent) | Q(white_id=opponent, black_id=player)
        )
    elif player is not None:
        games = games.filter(Q(white_id=player) | Q(black_id=player))
    if filters.variant:
        games = games.filter(variant=filters.variant)
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
        length = "final_ply" if finished else "ply"
        games = games.filter(**{f"{length}__gte": filters.min_plies})
    if filters.annotated:
        games = games.filter(annotation_count__gt=0)
    if filters.speed:
        games = games.filter(*speed_filter(filters.speed))
    if filters.tournament:
        games = games.filter(tournament=filters.tournament)
    if filters.bookmarked_by is not None:
        games = games.filter(bookmarks__user_id=filters.bookmarked_by)
    return games


def archive_games(filters: ArchiveFilters | None = None) -> QuerySet[Game]:
    """Returns the finished games of every mode that match the filters, newest first (by the
    time they finished, then by id, so pages are stable), each with its stored
    ``annotation_count`` (and its ``rating_changes`` prefetched)."""
    games = (
        Game.objects.filter(status=Game.Status.FINISHED)
        .select_related("white", "black", "imported_by")
        .prefetch_related("rating_changes")
    )
    games = filter_games(games, filters or ArchiveFilters(), finished=True)
    return games.order_by("-finished_at", "-id")


# --- pages: "older than this game" / "newer than this game" -----------------------------------
PAGE_SIZE = 20
COUNT_LIMIT = 1000  # a page says "more than 1000" rather than count a large archive


@dataclass(frozen=True)
class Page:
    """One page of a list of games, newest first, and where its neighbours start.

    ``older`` is the public id to ask ``before=`` for the next (older) page, ``newer`` the one
    to ask ``after=`` for the previous page; None when there is none. ``count`` is the number of
    games in the whole list, counted up to ``COUNT_LIMIT`` (``count_capped`` when there are
    more), so that no page costs the size of the archive."""

    games: list[Game]
    count: int
    count_capped: bool
    older: str | None
    newer: str | None


@dataclass(frozen=True)
class PageRequest:
    """Which page is asked for: ``before`` or ``after`` a game (by public id), else the
    ``page``-th of ``size`` games (the first by default; kept for old links, its cost grows
    with its depth). A larger ``page_size`` than allowed is cut to the largest."""

    before: str | None = None
    after: str | None = None
    page: int = 1
    size: int = PAGE_SIZE

    @classmethod
    def from_query(
        cls, query: Mapping[str, Any], size: int = PAGE_SIZE, max_size: int = PAGE_SIZE
    ) -> "PageRequest":
        """Returns the page asked for by ``before``, ``after``, ``page`` and ``page_size``;
        raises ``GameError`` (bad_request) for a value that makes no sense."""

        def number(name: str, default: int) -> int:
            if (value := query.get(name)) in (None, ""):
                return default
            text = str(value)[:19]  # ASCII digits only ('²' is a digit int() refuses)
            if not (text.isascii() and text.isdigit()) or len(text) > 18 or int(text) < 1:
                raise GameError(
                    ErrorCode.BAD_REQUEST,
                    _("%(name)s is a whole number from 1, not %(value)s.")
                    % {"name": name, "value": value},
                )
            return int(value)

        before, after = query.get("before") or None, query.get("after") or None
        if before and after:
            raise GameError(
                ErrorCode.BAD_REQUEST, _("Ask for games before or after one, not both.")
            )
        return cls(
            before=before,
            after=after,
            page=number("page", 1),
            size=min(number("page_size", size), max_size),  # at most max_size, as DRF did
        )


def page_mark(public_id: str, name: str, field: str) -> tuple[Any, int]:
    """Returns where the game a page starts from stands in the order: its ``field`` and id."""
    mark = Game.objects.filter(public_id=public_id).values_list(field, "pk").first()
    if mark is None or mark[0] is None:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("%(name)s names no game of this list: %(public_id)s.")
            % {"name": name, "public_id": public_id},
        )
    return mark


def page_of(games: QuerySet[Game], asked: PageRequest, field: str = "finished_at") -> Page:
    """Returns one page of ``games`` (ordered by ``-field, -id``, newest first) in a fixed
    number of queries whatever the list's length: the game the page starts from, the page's
    rows (one more, to know whether another page follows), their prefetches, a count stopped
    at ``COUNT_LIMIT``."""
    count = games.order_by()[: COUNT_LIMIT + 1].count()
    size = asked.size
    if asked.before:
        at, pk = page_mark(asked.before, "before", field)
        rows = list(
            games.filter(**{f"{field}__lte": at}).exclude(**{field: at, "pk__gte": pk})[: size + 1]
        )
        older = rows[size - 1].public_id if len(rows) > size else None
        rows = rows[:size]
        newer = rows[0].public_id if rows else None
    elif asked.after:
        at, pk = page_mark(asked.after, "after", field)
        ascending = games.order_by(field, "pk")
        rows = list(
            ascending.filter(**{f"{field}__gte": at}).exclude(**{field: at, "pk__lte": pk})[
                : size + 1
            ]
        )
        if len(rows) <= size:  # back at the top: the first page, full
            return page_of(games, PageRequest(size=size), field)
        newer = rows[size - 1].public_id
        rows = rows[:size][::-1]
        older = rows[-1].public_id
    else:
        start = (asked.page - 1) * size
        rows = list(games[start : start + size + 1])
        older = rows[size - 1].public_id if len(rows) > size else None
        newer = rows[0].public_id if rows and asked.page > 1 else None
        rows = rows[:size]
    return Page(
        games=rows,
        count=min(count, COUNT_LIMIT),
        count_capped=count > COUNT_LIMIT,
        older=older,
        newer=newer,
    )


def variant_tags(variant_id: str) -> list[tuple[str, str]]:
    """Returns the tags that name a game's rules: ``Variant`` (its name), and PDN's ``GameType``
    where PDN numbers the game (``Variant.pdn_game_type``)."""
    variant = variants.get(variant_id)
    tags = [("Variant", variant.name)]
    if variant.pdn_game_type is not None:
        tags.append(("GameType", variant.pdn_game_type))
    return tags


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
        *variant_tags(game.variant),
        ("TimeControl", TimeControl.of_game(game).pgn_tag),
    ]
    if game.initial_fen != variants.get(game.variant).start_fen:
        tags += [("SetUp", "1"), ("FEN", game.initial_fen)]
    if game.termination:
        tags.append(("Termination", game.termination))
    elif game.status == Game.Status.ABORTED:
        tags.append(("Termination", "aborted"))
    return tags


def game_export_text(
    game: Game,
    moves: list[str] | None = None,
    annotations: Iterable[Annotation] | None = None,
) -> str:
    """Returns a game in the archive's text format, with its annotations and side lines
    (``moves`` and ``annotations``: the game's, if the caller read them; else read here)."""
    if annotations is None:
        annotations = game.annotations.all()
    if moves is None:
        moves = list(game.moves.order_by("ply").values_list("text", flat=True))
    return pgn.render_game(
        tags=export_tags(game),
        moves=moves,
        notes=notes_of(list(annotations)),
        result=game.result or "*",
        initial_fen=game.initial_fen,
    )


EXPORT_CHUNK = 200


def games_export_texts(
    games: QuerySet[Game], chunk: int = EXPORT_CHUNK
) -> Iterator[tuple[Game, str]]:
    """Yields each game of ``games`` (in id order) with its text in the archive's format, reading
    ``chunk`` games at a time with their moves and annotations (three queries a chunk, however
    many games): memory bounded by a chunk, whatever the number of games."""
    after = None
    ordered = games.select_related("white", "black").order_by("pk")
    while True:
        page = list((ordered.filter(pk__gt=after) if after else ordered)[:chunk])
        if not page:
            return
        ids = [game.pk for game in page]
        moves: dict[int, list[str]] = {game_id: [] for game_id in ids}
        for game_id, text in (
            GameMove.objects.filter(game_id__in=ids)
            .order_by("game_id", "ply")
            .values_list("game_id", "text")
        ):
            moves[game_id].append(text)
        notes: dict[int, list[Annotation]] = {game_id: [] for game_id in ids}
        for annotation in Annotation.objects.filter(game_id__in=ids).order_by("ply", "id"):
            notes[annotation.game_id].append(annotation)
        for game in page:
            yield game, game_export_text(game, moves[game.pk], notes[game.pk])
        after = page[-1].pk


def notes_of(annotations: list[Annotation]) -> dict[int, list[pgn.Note]]:
    """Returns a game's notes by ply as the text format writes them, in the order they were
    made: glyphs and comments, and side lines with their moves' notes and their own branches
    (the annotations that name them as ``parent``)."""
    branches: dict[int | None, list[Annotation]] = {}
    for annotation in sorted(annotations, key=lambda a: (a.ply, a.pk)):
        branches.setdefault(annotation.parent_id, []).append(annotation)

    def note(annotation: Annotation) -> pgn.Note:
        if not annotation.moves:
            return pgn.Note(glyph=annotation.glyph, comment=annotation.comment)
        own = branches.get(annotation.pk, [])
        return pgn.Note(
            line=tuple(
                pgn.Step(
                    item["move"],
                    tuple(
                        [pgn.Note(glyph=item["glyph"], comment=item["comment"])]
                        if item["glyph"] or item["comment"]
                        else []
                    )
                    + tuple(note(branch) for branch in own if branch.ply == index),
                )
                for index, item in enumerate(annotation.moves)
            )
        )

    notes: dict[int, list[pgn.Note]] = {}
    for annotation in branches.get(None, []):
        notes.setdefault(annotation.ply, []).append(note(annotation))
    return notes


def games_export_text(games: QuerySet[Game] | list[Game]) -> str:
    """Returns several games in the archive's text format, a blank line between them."""
    return "\n".join(game_export_text(game) for game in games)


def game_summary(game: Game) -> dict[str, Any]:
    """Returns a game as the games list of the API shows it."""
    return {
        "id": game.public_id,
        "mode": game.mode,
        "variant": game.variant,
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
        "annotated": game.annotation_count > 0,
        "tournament": game.tournament,
    }


def annotation_payload(annotation: Annotation) -> dict[str, Any]:
    return {
        "id": annotation.pk,
        "ply": annotation.ply,
        "glyph": annotation.glyph,
        "comment": annotation.comment,
        "moves": annotation.moves,
        "parent": annotation.parent_id,
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
    return game.status == Game.Status.FINISHED and may_annotate_once_finished(game, user_id)


def may_annotate_once_finished(game: Game, user_id: int | None) -> bool:
    """Returns whether a user may annotate the game when it is finished (a live game's page
    shows its archive tools the moment it ends, without a reload)."""
    if user_id is None:
        return False
    if game.mode == Game.Mode.IMPORTED:
        return user_id == game.imported_by_id
    return user_id in (game.white_id, game.black_id)
