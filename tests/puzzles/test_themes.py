"""Puzzles by theme: the next puzzle of one theme only (found however far its rating is from the
player's), a game's themes counted for the page's choice, a theme the site does not know or a
game with none of it refused saying why, and the page that keeps the theme from puzzle to
puzzle."""

import json
import re
import uuid

import pytest
from rest_framework.test import APIClient

from engine.bot.puzzles import THEMES
from puzzles.edges.views import THEME_NAMES
from puzzles.models import Puzzle, PuzzleRating, PuzzleRound
from puzzles.services import forget_counts, theme_counts
from tests.factories import make_user
from tests.puzzles.test_puzzles import king_at

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"
    forget_counts()


@pytest.fixture
def made() -> dict[str, list[str]]:
    """Twenty puzzles of Chesskers rated 1000 to 1950: the even ones a one-move win, the odd
    ones a long chain capture, and one sweep far above them all (rated 2900). Returns the ids of
    each theme's."""
    ids: dict[str, list[str]] = {theme: [] for theme in THEMES}
    for n in range(21):
        themes = ["sweep"] if n == 20 else ["win", "one-move"] if n % 2 == 0 else ["chain", "long"]
        puzzle = Puzzle.objects.create(
            variant="chesskers",
            fen=king_at(n),
            solver="white",
            moves=["Kh1"],
            rating=2900 if n == 20 else 1000 + 50 * n,
            themes=themes,
        )
        for theme in themes:
            ids[theme].append(puzzle.public_id)
    return ids


def next_id(user=None, **query) -> str:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    answer = api.get("/api/puzzles/next/", {"variant": "chesskers", **query})
    assert answer.status_code == 200, answer.content
    return answer.json()["id"]


def test_the_next_puzzle_of_a_theme_is_of_that_theme_only(made) -> None:
    erin = make_user("erin")
    PuzzleRating.objects.create(user=erin, variant="chesskers", rating=1500)
    for theme in ("chain", "one-move", "win"):
        drawn = {next_id(erin, theme=theme) for _ in range(15)} | {next_id(theme=theme)}
        assert drawn <= set(made[theme]) and len(drawn) > 1
    # The one sweep, 1,400 points above the player: the index is read outward until found.
    assert {next_id(erin, theme="sweep") for _ in range(5)} == set(made["sweep"])
    assert {next_id(erin, theme="sweep", rating=1000) for _ in range(3)} == set(made["sweep"])
    anything = {next_id(erin) for _ in range(30)}
    assert anything & set(made["chain"]) and anything & set(made["win"])


def test_a_theme_unknown_or_without_puzzles_is_refused_saying_why(made) -> None:
    none = APIClient().get("/api/puzzles/next/?variant=chesskers&theme=promotion")
    assert none.status_code == 404
    assert none.json()["error"] == "This game has no puzzles of that theme yet."
    other = APIClient().get("/api/puzzles/next/?variant=dameo&theme=chain")
    assert other.status_code == 404
    unknown = APIClient().get("/api/puzzles/next/?variant=chesskers&theme=one")
    assert unknown.status_code == 400
    assert unknown.json()["error"] == (
        "There is no puzzle theme one: the themes are win, advantage, sacrifice, chain, sweep, "
        "promotion, one-move, long."
    )


def test_a_games_themes_are_counted_and_kept_while_its_puzzles_are_the_same(made) -> None:
    assert theme_counts("chesskers") == {"win": 10, "chain": 10, "sweep": 1, "one-move": 10,
                                         "long": 10}  # fmt: skip
    assert list(theme_counts("chesskers")) == ["win", "chain", "sweep", "one-move", "long"]
    assert theme_counts("dameo") == {}
    Puzzle.objects.create(
        variant="chesskers", fen=king_at(30), solver="white", moves=["Kh1"], themes=["sweep"]
    )
    assert theme_counts("chesskers")["sweep"] == 2  # a puzzle more: counted again
    Puzzle.objects.filter(themes__icontains='"sweep"').update(themes=["promotion"])
    assert theme_counts("chesskers")["sweep"] == 2  # the same puzzles: kept a minute
    forget_counts()
    assert "sweep" not in theme_counts("chesskers")
    assert theme_counts("chesskers")["promotion"] == 2


def test_every_theme_has_a_name_on_the_page() -> None:
    assert list(THEME_NAMES) == list(THEMES)


def page_data(text: str) -> dict:
    return json.loads(re.search(r'id="page-data"[^>]*>(.*?)</script>', text, re.S).group(1))


def test_the_page_of_a_theme_is_given_a_puzzle_of_it_and_lists_the_themes(made, client) -> None:
    page = client.get("/training/puzzles/chesskers/?theme=chain")
    assert page.status_code == 200
    text = page.content.decode()
    data = page_data(text)
    assert data["theme"] == "chain" and data["puzzle"]["id"] in made["chain"]
    options = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', text)
    themes = [(value, bool(chosen), words) for value, chosen, words in options if value in THEMES]
    assert themes == [
        ("win", False, "Wins the game (10)"),
        ("chain", True, "Chain capture (10)"),
        ("sweep", False, "Knight sweep (1)"),
        ("one-move", False, "One move (10)"),
        ("long", False, "Long (10)"),
    ]
    assert client.get("/training/puzzles/chesskers/?theme=nope").status_code == 404
    none = page_data(client.get("/training/puzzles/chesskers/?theme=promotion").content.decode())
    assert none["theme"] == "promotion" and none["puzzle"] is None
    shared = client.get(f"/training/puzzles/chesskers/{made['sweep'][0]}/?theme=sweep")
    assert page_data(shared.content.decode())["theme"] == "sweep"
    streak = client.get("/training/puzzles/chesskers/streak/?theme=chain").content.decode()
    assert page_data(streak)["theme"] is None and 'id="puzzle-theme"' not in streak


def test_a_players_results_by_theme_weakest_first(made, client) -> None:
    erin = make_user("erin")
    by_id = {p.public_id: p for p in Puzzle.objects.all()}

    def rated(puzzle: Puzzle, won: bool) -> None:
        PuzzleRound.objects.create(
            user=erin, puzzle=puzzle, won=won, rating_before=1500, rating_after=1500
        )

    # Four one-move wins (one solved), three chains (all solved), the sweep (failed), and four
    # Russian chains (all solved): chains are practised where they were played most.
    for index, public_id in enumerate(made["win"][:4]):
        rated(by_id[public_id], index == 0)
    for public_id in made["chain"][:3]:
        rated(by_id[public_id], True)
    rated(by_id[made["sweep"][0]], False)
    for fen in ("W:Wc3:Bf6", "W:Wc3:Bh6", "W:Wa3:Bf6", "W:We3:Bf6"):
        russian = Puzzle.objects.create(
            variant="russian", fen=fen, solver="white", moves=["x"], themes=["chain"]
        )
        rated(russian, True)
    api = APIClient()
    api.force_authenticate(erin)
    results = api.get("/api/puzzles/themes/").json()
    assert [(r["theme"], r["played"], r["solved"], r["percent"]) for r in results] == [
        ("sweep", 1, 0, 0),
        ("win", 4, 1, 25),
        ("one-move", 4, 1, 25),
        ("chain", 7, 7, 100),
        ("long", 3, 3, 100),
    ]
    assert [r["variant"] for r in results] == ["chesskers"] * 3 + ["russian", "chesskers"]
    assert APIClient().get("/api/puzzles/themes/").status_code in (401, 403)
    client.force_login(erin)
    page = client.get("/training/puzzles/history/").content.decode()
    rows = re.findall(r'data-testid="puzzle-history-theme"><th scope="row">([^<]*)</th>'
                      r"<td>(\d+)</td><td>(\d+)%</td><td><a href=\"([^\"]*)\"", page)  # fmt: skip
    assert rows[:2] == [
        ("Knight sweep", "1", "0", "/training/puzzles/chesskers/?theme=sweep"),
        ("Wins the game", "4", "25", "/training/puzzles/chesskers/?theme=win"),
    ]
    assert len(rows) == 5
    older = client.get("/training/puzzles/history/?before=999999").content.decode()
    assert 'data-testid="puzzle-history-themes"' not in older  # the first page only
    nobody = make_user("nobody")
    client.force_login(nobody)
    assert (
        'data-testid="puzzle-history-themes"'
        not in client.get("/training/puzzles/history/").content.decode()
    )
