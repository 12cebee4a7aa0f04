"""Playing puzzles: the next puzzle for a player, a move of theirs checked against the
solution, the solution shown, and the round rated.

The server holds the solution and never sends it before the round is over: each move is sent
with the ply it answers, checked here against the stored solution (the engine replays the
solution up to that ply from the puzzle's start, so the work of a request is a few moves), and
answered with the reply or the verdict. A move that is not the solution's but ends the game in
the solver's favour solves it too (a second mate). A signed-in player's first round on a
puzzle, solved or failed, is rated as a game between the player and the puzzle (Glicko-2), and
the puzzle's rating moves with it; later rounds on it are played for practice, unrated. A
visitor plays every puzzle unrated."""

import hashlib
import random
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from django.db import transaction
from django.db.models import Count, Exists, Max, OuterRef, QuerySet
from django.utils.translation import gettext as _

from accounts import glicko2
from engine import variants
from engine.bot.puzzles import THEMES
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.services.lines import play_on, position_payload
from puzzles.models import Puzzle, PuzzleRating, PuzzleRound

# A streak's puzzles so far, which it asks the next one not to be (``?skip=``): at most this many.
MAX_SKIPPED = 50
PUBLIC_ID_CHARS = 12
NEAR = 12  # the unplayed puzzles nearest the player's rating, one drawn at random among them


def rating_of(user: Any, variant: str) -> PuzzleRating | None:
    """Returns a signed-in player's puzzle rating in a game, or ``None`` (never played there,
    or signed out)."""
    if not user.is_authenticated:
        return None
    return PuzzleRating.objects.filter(user=user, variant=variant).first()


COUNTS_SECONDS = 60.0  # the index's counts are read at most once a minute by a process
_counts: dict[str, Any] = {}
_theme_counts: dict[str, tuple[float, tuple[Any, ...], dict[str, int]]] = {}


def puzzle_counts() -> dict[str, int]:
    """Returns each game's number of puzzles (games without any left out). A count reads every
    puzzle, so this process keeps it, for ``COUNTS_SECONDS`` at most and only while the newest
    puzzle is the same (read from the primary key's index: puzzles are added, by ``manage.py
    find_puzzles`` in another process, and never changed)."""
    now = time.monotonic()
    last = Puzzle.objects.aggregate(last=Max("pk"))["last"]
    if not _counts or _counts["last"] != last or now - _counts["at"] >= COUNTS_SECONDS:
        counted = Puzzle.objects.values_list("variant").annotate(n=Count("pk")).order_by()
        _counts.update(at=now, last=last, counts=dict(counted))
    return _counts["counts"]


def theme_counts(variant: str) -> dict[str, int]:
    """Returns how many of a game's puzzles have each theme (``THEMES`` order, themes without
    any left out). A count reads the themes of every puzzle of the game, so this process keeps
    it, for ``COUNTS_SECONDS`` at most and only while the game's puzzles are the same ones (their
    number and newest id, read from the game's index, say so: puzzles are added, never
    changed)."""
    now = time.monotonic()
    puzzles = Puzzle.objects.filter(variant=variant)
    version = tuple(puzzles.aggregate(n=Count("pk"), last=Max("pk")).values())
    kept = _theme_counts.get(variant)
    if kept is None or kept[1] != version or now - kept[0] >= COUNTS_SECONDS:
        rows = puzzles.values_list("themes", flat=True)
        counted = Counter(theme for themes in rows.iterator() for theme in themes)
        kept = (now, version, {theme: counted[theme] for theme in THEMES if counted[theme]})
        _theme_counts[variant] = kept
    return kept[2]


def forget_counts() -> None:
    """Drops this process's counts: the next index reads them afresh."""
    _counts.clear()
    _theme_counts.clear()


def theme_asked(asked: str | None) -> str | None:
    """Returns the puzzle theme asked (``THEMES``; none: None), or refuses another, saying
    which there are."""
    if not asked:
        return None
    if asked not in THEMES:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("There is no puzzle theme %(theme)s: the themes are %(themes)s.")
            % {"theme": asked[:40], "themes": ", ".join(THEMES)},
        )
    return asked


def of_theme(puzzles: QuerySet[Puzzle], theme: str | None) -> QuerySet[Puzzle]:
    """Returns the puzzles of ``puzzles`` with ``theme`` among their themes (all: None). The
    themes are a JSON list; its text holds each theme in quotes, and no theme is part of
    another's, so the quoted name finds it on every database."""
    return puzzles.filter(themes__icontains=f'"{theme}"') if theme else puzzles


def puzzle_ratings(user: Any) -> list[dict[str, Any]]:
    """Returns a player's puzzle ratings, the game played most first: ``{variant, rating,
    plays, wins}`` a game they have played puzzles of."""
    return [
        {"variant": r.variant, "rating": round(r.rating), "plays": r.plays, "wins": r.wins}
        for r in PuzzleRating.objects.filter(user=user, plays__gt=0).order_by("-plays", "variant")
    ]


ROUND_FIELDS = (
    "id",
    "puzzle__public_id",
    "puzzle__variant",
    "won",
    "rating_before",
    "rating_after",
    "played_at",
)


def round_row(values: tuple) -> dict[str, Any]:
    """Returns a rated round as the history and the data download give it, from its
    ``ROUND_FIELDS``."""
    pk, puzzle, variant, won, before, after, at = values
    return {
        "id": pk,
        "puzzle": puzzle,
        "variant": variant,
        "solved": won,
        "rating_before": round(before),
        "rating_after": round(after),
        "at": at.isoformat(),
    }


def puzzle_rounds(user: Any) -> Iterator[dict[str, Any]]:
    """Yields a player's rated rounds, oldest first, for their data download."""
    rounds = PuzzleRound.objects.filter(user=user).order_by("id").values_list(*ROUND_FIELDS)
    for values in rounds.iterator(chunk_size=1000):
        yield round_row(values)


HISTORY_PAGE = 50  # rounds a page of a player's history


def round_history(user: Any, before: Any = None) -> dict[str, Any]:
    """Returns a page of a player's rated rounds, newest first: ``{rounds: [{id, puzzle,
    variant, solved, rating_before, rating_after, at}], older}``, ``older`` the ``before`` of
    the next (older) page, or null. ``before`` (a round's id) starts the page below it; one
    that is not a whole number is refused."""
    rounds = PuzzleRound.objects.filter(user=user).order_by("-id")
    if before not in (None, ""):
        text = str(before)
        if len(text) > 18 or not (text.isascii() and text.isdigit()):
            raise GameError(ErrorCode.BAD_REQUEST, _("'before' must be a round's number."))
        rounds = rounds.filter(id__lt=int(before))
    page = list(rounds.values_list(*ROUND_FIELDS)[: HISTORY_PAGE + 1])
    shown = page[:HISTORY_PAGE]
    return {
        "rounds": [round_row(values) for values in shown],
        "older": shown[-1][0] if len(page) > HISTORY_PAGE else None,
    }


DASHBOARD_ROUNDS = 1000  # a player's latest rated rounds their themes are counted over


def theme_results(user: Any) -> list[dict[str, Any]]:
    """Returns how a player fares at each theme over their latest ``DASHBOARD_ROUNDS`` rated
    rounds, every game together, weakest first: ``[{theme, played, solved, percent, variant}]``
    (themes never played left out), ``percent`` the share solved, rounded, and ``variant`` the
    game where they played the theme most, where to practise it. Ties keep ``THEMES`` order."""
    rows = (
        PuzzleRound.objects.filter(user=user)
        .order_by("-id")
        .values_list("won", "puzzle__themes", "puzzle__variant")[:DASHBOARD_ROUNDS]
    )
    played: Counter[str] = Counter()
    solved: Counter[str] = Counter()
    games: dict[str, Counter[str]] = {theme: Counter() for theme in THEMES}
    for won, themes, variant in rows:
        for theme in set(themes) & set(THEMES):
            played[theme] += 1
            solved[theme] += int(won)
            games[theme][variant] += 1
    results = [
        {
            "theme": theme,
            "played": played[theme],
            "solved": solved[theme],
            "percent": round(100 * solved[theme] / played[theme]),
            "variant": games[theme].most_common(1)[0][0],
        }
        for theme in THEMES
        if played[theme]
    ]
    return sorted(results, key=lambda line: line["solved"] / line["played"])


MIN_ASKED, MAX_ASKED = 0, 4000  # the ratings a caller may ask a puzzle near


def rating_asked(value: Any) -> float | None:
    """Returns the rating asked by ``?rating=`` (absent: ``None``), or refuses one that is not
    a whole number from ``MIN_ASKED`` to ``MAX_ASKED``."""
    if value in (None, ""):
        return None
    text = str(value)
    whole = len(text) <= 5 and text.isascii() and text.isdigit()
    if not whole or not MIN_ASKED <= int(text) <= MAX_ASKED:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("The rating asked must be a whole number from %(low)s to %(high)s.")
            % {"low": MIN_ASKED, "high": MAX_ASKED},
        )
    return float(text)


def skip_asked(value: Any) -> frozenset[str]:
    """Returns the puzzles ``?skip=`` asks to leave out (ids, comma-separated: a streak's
    puzzles so far; absent: none), or refuses a list that is not at most ``MAX_SKIPPED`` ids."""
    if value in (None, ""):
        return frozenset()
    ids = str(value)[: MAX_SKIPPED * (PUBLIC_ID_CHARS + 1) + 1].split(",")
    if len(ids) > MAX_SKIPPED or not all(
        0 < len(i) <= PUBLIC_ID_CHARS and i.isascii() and i.isalnum() for i in ids
    ):
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("skip lists at most %(max)s puzzle ids, separated by commas.") % {"max": MAX_SKIPPED},
        )
    return frozenset(ids)


def next_puzzle(
    user: Any,
    variant: str,
    rng: random.Random | None = None,
    near: float | None = None,
    skip: frozenset[str] = frozenset(),
    theme: str | None = None,
) -> Puzzle | None:
    """Returns a puzzle of ``variant`` for the player, near the rating ``near`` if it is given
    (a streak's next step), else near their own, never one of ``skip`` while another is left
    (a streak asks none twice): signed in, one they have not played, drawn
    among the ``NEAR`` nearest that rating (their own: 1500 for a newcomer); once they have
    played all those, one near it all the same (a replay, unrated); signed out, one near
    ``near``, or near a rating drawn at random between the game's easiest and hardest.
    ``None`` when the game has none. Each way reads the (variant, rating) index from a point
    outward: the work is the same however many puzzles there are. With ``theme``, only puzzles
    of that theme (``of_theme``: the index is read outward until enough of them are found)."""
    rng = rng or random.Random()
    puzzles = of_theme(Puzzle.objects.filter(variant=variant), theme)
    if skip and puzzles.exclude(public_id__in=skip).exists():
        puzzles = puzzles.exclude(public_id__in=skip)
    if user.is_authenticated:
        mine = rating_of(user, variant)
        target = near if near is not None else mine.rating if mine else glicko2.START_RATING
        played = PuzzleRound.objects.filter(user=user, puzzle=OuterRef("pk"))
        found = nearest(puzzles.exclude(Exists(played)), target) or nearest(puzzles, target)
    elif near is not None:
        found = nearest(puzzles, near)
    else:
        return any_near(puzzles, rng)
    return rng.choice(found) if found else None


def any_near(puzzles: QuerySet[Puzzle], rng: random.Random) -> Puzzle | None:
    """Returns one of the puzzles nearest a rating drawn by ``rng`` between the easiest and the
    hardest of ``puzzles``, or ``None`` when there is none: three reads of the rating index."""
    ends = puzzles.order_by("rating").values_list("rating", flat=True)
    lowest, highest = ends.first(), ends.last()
    if lowest is None:
        return None
    return rng.choice(nearest(puzzles, rng.uniform(lowest, highest)))


_daily: dict[str, Any] = {}


def puzzle_of_the_day(day: date) -> Puzzle | None:
    """Returns the day's puzzle of Chesskers (the site's own game): drawn, with the day as the
    seed, among the puzzles found before the day began (UTC), so every process draws the same
    one all day; ``None`` while there is none. A process draws it once a day, then reads it by
    its key (a puzzle deleted meanwhile is drawn again)."""
    if _daily.get("day") == day:
        kept = Puzzle.objects.filter(pk=_daily["pk"]).first()
        if kept is not None:
            return kept
    seed = int.from_bytes(hashlib.blake2b(day.isoformat().encode(), digest_size=8).digest())
    began = datetime.combine(day, datetime.min.time(), tzinfo=UTC)
    puzzles = Puzzle.objects.filter(variant=variants.DEFAULT.id, created_at__lt=began)
    puzzle = any_near(puzzles, random.Random(seed))
    if puzzle is not None:
        _daily.update(day=day, pk=puzzle.pk)
    return puzzle


def nearest(puzzles: QuerySet[Puzzle], target: float) -> list[Puzzle]:
    """Returns the ``NEAR`` puzzles of ``puzzles`` whose ratings are nearest ``target``."""
    near = [
        *puzzles.filter(rating__gte=target).order_by("rating")[:NEAR],
        *puzzles.filter(rating__lt=target).order_by("-rating")[:NEAR],
    ]
    near.sort(key=lambda puzzle: abs(puzzle.rating - target))
    return near[:NEAR]


def find(public_id: str) -> Puzzle:
    """Returns the puzzle of an id, or refuses (``not_found``)."""
    puzzle = Puzzle.objects.filter(public_id=public_id).first()
    if puzzle is None:
        raise GameError(ErrorCode.NOT_FOUND, _("There is no such puzzle."))
    return puzzle


def puzzle_payload(puzzle: Puzzle, user: Any) -> dict[str, Any]:
    """Returns a puzzle as its page and the API show it, the solution left out: its start
    (with its legal moves), the solver, how many moves the solution asks of them, its rating
    and record, the game it came from, and the player's own puzzle rating and whether they have
    played it."""
    mine = rating_of(user, puzzle.variant)
    played = user.is_authenticated and PuzzleRound.objects.filter(user=user, puzzle=puzzle).exists()
    return {
        "id": puzzle.public_id,
        "variant": puzzle.variant,
        "solver": puzzle.solver,
        "solver_moves": (len(puzzle.moves) + 1) // 2,
        "rating": round(puzzle.rating),
        "plays": puzzle.plays,
        "wins": puzzle.wins,
        "game": puzzle.game.public_id if puzzle.game else None,
        "ply": puzzle.ply,
        "position": position_payload(puzzle.variant, replayed(puzzle, 0)),
        "played": played,
        "me": {"rating": round(mine.rating), "plays": mine.plays} if mine else None,
    }


def replayed(puzzle: Puzzle, ply: int) -> Any:
    """Returns the engine's game of the puzzle's start with its solution played up to
    ``ply``."""
    eg = variants.get(puzzle.variant).new_game(puzzle.fen)
    for text in puzzle.moves[:ply]:
        eg.push_text(text)
    return eg


def puzzle_move(user: Any, public_id: str, asked: Mapping[str, Any]) -> dict[str, Any]:
    """Checks the solver's move at a ply (``asked``: ``ply`` — 0, 2, 4 …, the solution's moves
    before it taken as played — and ``move``, its text, or ``path`` and ``promotion``, as a
    game's move is sent) and answers ``{result, move, position}``: ``right`` with the
    opponent's ``reply`` and the position after it, ``solved`` (the last move, or one that
    wins the game) or ``wrong``, these two with the ``solution`` and the ``rating`` change of a
    rated round; what a result lacks is null. Refused, saying why: an unknown puzzle, a ply
    that is not the solver's or is past the solution, a move that cannot be read or is not
    legal."""
    puzzle = find(public_id)
    verdict = judge(puzzle, asked)
    answer: dict[str, Any] = {
        "result": verdict.result,
        "move": verdict.move,
        "reply": verdict.reply,
        "solution": None,
        "themes": None,
        "rating": None,
    }
    if verdict.result != "right":
        won = verdict.result == "solved"
        answer.update(
            solution=puzzle.moves, themes=puzzle.themes, rating=record(user, puzzle, won=won)
        )
    answer["position"] = position_payload(puzzle.variant, verdict.game)
    return answer


@dataclass(frozen=True)
class Verdict:
    """What the solver's move at a ply of a puzzle was: ``right`` (the opponent's ``reply``
    played after it), ``solved`` or ``wrong``; ``game`` is the engine's game after it."""

    result: str
    move: dict[str, Any]
    reply: dict[str, Any] | None
    game: Any


def judge(puzzle: Puzzle, asked: Mapping[str, Any], ply: int | None = None) -> Verdict:
    """Judges the solver's move (``asked``, as ``puzzle_move`` takes it) against the puzzle's
    solution at ``asked["ply"]``, or at ``ply`` when the caller keeps it (a storm, which then
    refuses any other). A move that is not the solution's but wins the game solves it too.
    Refused, saying why: a ply that is not the solver's or is past the solution, a move that
    cannot be read or is not legal."""
    solution = puzzle.moves
    request = MoveRequest.of(
        ply=asked.get("ply"),
        text=asked.get("move"),
        path=asked.get("path"),
        promotion=asked.get("promotion"),
    )
    if ply is not None and request.ply != ply:
        raise GameError(
            ErrorCode.STALE_PLY,
            _("That move answers ply %(asked)s, but the puzzle is at ply %(ply)s.")
            % {"asked": request.ply, "ply": ply},
        )
    ply = request.ply
    if ply >= len(solution):
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("The ply must be from 0 to %(last)s.") % {"last": len(solution) - 1},
        )
    if ply % 2:
        raise GameError(ErrorCode.BAD_REQUEST, _("That ply is the opponent's, not yours."))
    eg = replayed(puzzle, ply)
    expected = eg.parse_move(solution[ply]).machine()
    solver = eg.position.turn
    played = play_on(eg, request.text)
    wins = eg.is_over() and eg.winner() is solver
    if not wins and played_machine(eg) != expected:
        return Verdict("wrong", played, None, eg)
    if wins or ply + 1 >= len(solution):
        return Verdict("solved", played, None, eg)
    return Verdict("right", played, play_on(eg, solution[ply + 1]), eg)


def played_machine(eg: Any) -> str:
    """Returns the machine form of the last move played in ``eg``."""
    return eg.moves[-1].machine()


def give_up(user: Any, public_id: str) -> dict[str, Any]:
    """Shows the solution of a puzzle: ``{solution, rating}``; a player's first round on it
    ends there, failed, and is rated."""
    puzzle = find(public_id)
    return {
        "solution": puzzle.moves,
        "themes": puzzle.themes,
        "rating": record(user, puzzle, won=False),
    }


def record(user: Any, puzzle: Puzzle, *, won: bool) -> dict[str, int] | None:
    """Rates a signed-in player's first round on a puzzle and returns their rating
    ``{before, after}``; returns ``None`` for a visitor or a round already rated. The puzzle
    and the player's rating are locked (in that order) while both move."""
    if not user.is_authenticated:
        return None
    with transaction.atomic():
        locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        PuzzleRating.objects.get_or_create(user=user, variant=puzzle.variant)
        mine = PuzzleRating.objects.select_for_update().get(user=user, variant=puzzle.variant)
        if PuzzleRound.objects.filter(user=user, puzzle=locked).exists():
            return None
        before = glicko2.Rating(mine.rating, mine.deviation, mine.volatility)
        opponent = glicko2.Rating(locked.rating, locked.deviation, locked.volatility)
        after, puzzle_after = glicko2.rate_game(before, opponent, 1.0 if won else 0.0)
        for row, rating in ((mine, after), (locked, puzzle_after)):
            row.rating, row.deviation, row.volatility = (
                rating.rating,
                rating.deviation,
                rating.volatility,
            )
            row.plays += 1
            row.wins += int(won)
            row.save(update_fields=["rating", "deviation", "volatility", "plays", "wins"])
        PuzzleRound.objects.create(
            user=user,
            puzzle=locked,
            won=won,
            rating_before=before.rating,
            rating_after=after.rating,
        )
    return {"before": round(before.rating), "after": round(after.rating)}
