"""Playing puzzles through the API as the page does: the next puzzle, each move judged by the
server against the solution, the round rated once, the solution shown; bad moves refused with
nothing kept; the answers as the OpenAPI schema documents them; the pages."""

import io
import json
import re
import uuid
import zipfile
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from engine import variants
from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_create_local, game_resign
from games.services.round import game_play
from puzzles import finding, services
from puzzles.finding import games_to_scan, scan_game
from puzzles.models import Puzzle, PuzzleRating, PuzzleRound, PuzzleScan
from puzzles.services import forget_counts
from tests.factories import make_user
from tests.games.test_openapi import conforms, documented

pytestmark = pytest.mark.django_db

START = variants.get("chesskers").start_fen
TWO_MATES = "6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1"


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture(autouse=True)
def fresh_counts() -> None:
    """The index's counts are kept a minute by a process: each test reads its own."""
    forget_counts()


@pytest.fixture
def line() -> Puzzle:
    """A puzzle of three plies: the solver's e4, the reply e5, the solver's Nf3."""
    return Puzzle.objects.create(
        variant="chesskers",
        fen=START,
        solver="white",
        moves=["e4", "e5", "Nf3"],
        themes=["advantage", "long"],
    )


@pytest.fixture
def mate() -> Puzzle:
    """A puzzle of one move whose solution is Rb8#; Ra8# mates too."""
    return Puzzle.objects.create(variant="chesskers", fen=TWO_MATES, solver="white", moves=["Rb8#"])


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def move(api, puzzle, ply, text=None, **more):
    body = {"ply": ply, **({"move": text} if text is not None else {}), **more}
    return api.post(f"/api/puzzles/{puzzle.public_id}/move/", body, format="json")


def test_a_solution_played_move_by_move_is_solved_and_rated_once(line) -> None:
    alice = make_user("alice")
    api = client(alice)
    first = move(api, line, 0, "e2-e4")
    assert first.status_code == 200, first.content
    answer = first.json()
    assert (answer["result"], answer["move"]["text"], answer["reply"]["text"]) == (
        "right",
        "e4",
        "e5",
    )
    assert answer["position"]["turn"] == "white" and answer["solution"] is None
    assert PuzzleRound.objects.count() == 0  # nothing is rated before the round ends
    done = move(api, line, 2, path=["g1", "f3"]).json()
    assert done["result"] == "solved" and done["solution"] == ["e4", "e5", "Nf3"]
    assert done["themes"] == ["advantage", "long"] and answer["themes"] is None  # told at the end
    assert done["rating"]["after"] > done["rating"]["before"] == 1500
    line.refresh_from_db()
    assert (line.plays, line.wins) == (1, 1) and line.rating < 1500
    mine = PuzzleRating.objects.get(user=alice, variant="chesskers")
    assert (mine.plays, mine.wins, round(mine.rating)) == (1, 1, done["rating"]["after"])
    again = move(api, line, 0, "e4")
    assert move(api, line, 2, "Nf3").json()["rating"] is None  # a second round: unrated
    assert again.json()["result"] == "right"
    line.refresh_from_db()
    assert line.plays == 1 and PuzzleRound.objects.count() == 1


def test_a_wrong_move_fails_the_round_and_shows_the_solution(line) -> None:
    bob = make_user("bob")
    answer = move(client(bob), line, 0, "d4").json()
    assert answer["result"] == "wrong" and answer["solution"] == ["e4", "e5", "Nf3"]
    assert answer["rating"]["after"] < answer["rating"]["before"]
    assert answer["move"]["text"] == "d4" and answer["reply"] is None
    wrong_late = move(client(bob), line, 2, "Nc3").json()
    assert wrong_late["result"] == "wrong" and wrong_late["rating"] is None
    line.refresh_from_db()
    assert (line.plays, line.wins) == (1, 0) and line.rating > 1500
    assert PuzzleRound.objects.get(user=bob).won is False


def test_another_move_that_wins_the_game_solves_it(mate) -> None:
    answer = move(client(make_user("carol")), mate, 0, "Ra8#").json()
    assert answer["result"] == "solved" and answer["position"]["outcome"]["result"] == "1-0"
    assert PuzzleRound.objects.get().won is True


def test_the_solution_asked_for_fails_a_first_round(line) -> None:
    dave = make_user("dave")
    shown = client(dave).post(f"/api/puzzles/{line.public_id}/solution/").json()
    assert shown["solution"] == ["e4", "e5", "Nf3"] and shown["rating"]["after"] < 1500
    assert shown["themes"] == ["advantage", "long"]
    assert client(dave).post(f"/api/puzzles/{line.public_id}/solution/").json()["rating"] is None
    assert PuzzleRound.objects.filter(user=dave, won=False).count() == 1


def test_a_visitor_plays_unrated_and_nothing_is_kept(line) -> None:
    answer = move(client(), line, 0, "e4").json()
    assert answer["result"] == "right"
    assert move(client(), line, 2, "Nf3").json()["rating"] is None
    line.refresh_from_db()
    assert line.plays == 0 and not PuzzleRound.objects.exists()
    assert not PuzzleRating.objects.exists()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"ply": 1, "move": "e5"}, 400, "opponent's"),
        ({"ply": 4, "move": "e4"}, 400, "from 0 to 2"),
        ({"ply": -1, "move": "e4"}, 400, "ply"),
        ({"ply": "0", "move": "e4"}, 400, "ply"),
        ({"ply": 0}, 400, "text or its path"),
        ({"ply": 0, "move": "Ke5"}, 400, ""),
        ({"ply": 0, "move": "z" * 2000}, 400, "characters"),
        ({"ply": 0, "path": ["e2", "zz"]}, 400, "path"),
        ({"ply": 2, "move": "Nf6"}, 400, ""),  # Black's move at White's turn
    ],
)
def test_a_bad_move_is_refused_saying_why_and_nothing_changes(line, body, status, words) -> None:
    alice = make_user("alice")
    answer = client(alice).post(f"/api/puzzles/{line.public_id}/move/", body, format="json")
    assert answer.status_code == status
    assert words in answer.json()["error"] and answer.json()["error"].endswith(".")
    line.refresh_from_db()
    assert line.plays == 0 and not PuzzleRound.objects.exists()


def test_an_unknown_puzzle_and_a_game_without_puzzles_are_not_found() -> None:
    assert client().post("/api/puzzles/nope/move/", {"ply": 0, "move": "e4"}).status_code == 404
    assert client().get("/api/puzzles/nope/").status_code == 404
    assert client().get("/api/puzzles/next/?variant=dameo").status_code == 404
    bad = client().get("/api/puzzles/next/?variant=chess960")
    assert bad.status_code == 400 and "no game" in bad.json()["error"]


def king_at(index: int) -> str:
    """Returns a position with White's king on the ``index``-th square of ranks 1 to 6."""
    rank, file = divmod(index, 8)
    rows = ["7k", "8", *["8"] * 6]
    row = (str(file) if file else "") + "K" + (str(7 - file) if file < 7 else "")
    rows[7 - rank] = row
    return "/".join(rows) + " w - - 0 1"


def test_the_next_puzzle_is_one_not_played_nearest_the_players_rating() -> None:
    made = {
        rating: Puzzle.objects.create(
            variant="chesskers", fen=king_at(n), solver="white", moves=["Kh1"], rating=rating
        )
        for n, rating in enumerate(range(1000, 2500, 50))
    }
    erin = make_user("erin")
    PuzzleRating.objects.create(user=erin, variant="chesskers", rating=1510)
    by_id = {puzzle.public_id: rating for rating, puzzle in made.items()}
    seen = {by_id[client(erin).get("/api/puzzles/next/").json()["id"]] for _ in range(40)}
    assert len(seen) > 3 and all(abs(rating - 1510) <= 290 for rating in seen)
    for rating in range(1200, 1850, 50):
        PuzzleRound.objects.create(
            user=erin, puzzle=made[rating], won=True, rating_before=1500, rating_after=1500
        )
    later = {by_id[client(erin).get("/api/puzzles/next/").json()["id"]] for _ in range(40)}
    left = [rating for rating in made if rating < 1200 or rating >= 1850]
    nearest = sorted(left, key=lambda rating: abs(rating - 1510))[:12]
    assert len(later) > 3 and later <= set(nearest) and 2250 not in nearest
    for puzzle in Puzzle.objects.exclude(rounds__user=erin):
        PuzzleRound.objects.create(
            user=erin, puzzle=puzzle, won=False, rating_before=1500, rating_after=1500
        )
    replays = {by_id[client(erin).get("/api/puzzles/next/").json()["id"]] for _ in range(20)}
    assert replays and all(abs(rating - 1510) <= 290 for rating in replays)  # played: unrated
    visitor = {by_id[client().get("/api/puzzles/next/").json()["id"]] for _ in range(40)}
    assert len(visitor) > 10  # drawn near ratings at random: any part of the range
    # A streak's step asks near a rating of its own, signed in or not.
    for asker in (client(), client(make_user("kim"))):
        near = {by_id[asker.get("/api/puzzles/next/?rating=2400").json()["id"]] for _ in range(20)}
        assert near and all(rating >= 1850 for rating in near)  # the 12 nearest 2400
    for bad in ("-5", "4001", "12.5", "%C2%B2", "99999999"):
        refused = client().get(f"/api/puzzles/next/?rating={bad}")
        assert refused.status_code == 400 and "0 to 4000" in refused.json()["error"]


def test_a_streak_is_never_asked_the_same_puzzle_while_another_is_left() -> None:
    ids = [
        Puzzle.objects.create(
            variant="chesskers", fen=king_at(n), solver="white", moves=["Kh1"], rating=rating
        ).public_id
        for n, rating in enumerate((1000, 1100, 1200))
    ]
    for asker in (client(), client(make_user("kim"))):
        for _ in range(10):  # drawn at random among the three: never one skipped
            shown = asker.get(f"/api/puzzles/next/?rating=1000&skip={ids[0]},{ids[2]}")
            assert shown.json()["id"] == ids[1]
        # Every one skipped: one all the same (the streak goes on with a puzzle seen).
        every = asker.get(f"/api/puzzles/next/?rating=1000&skip={','.join(ids)}")
        assert every.json()["id"] in ids
    for bad in ("a,,b", "x" * 13, ",".join(["abc"] * 51), "ab;c", "%C2%B2"):
        refused = client().get(f"/api/puzzles/next/?skip={bad}")
        assert refused.status_code == 400 and "at most 50 puzzle ids" in refused.json()["error"]


def test_the_answers_are_what_the_schema_documents(line) -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    alice = make_user("alice")
    PuzzleRating.objects.create(user=alice, variant="chesskers")
    asked = [
        (client(alice).get("/api/puzzles/next/"), "/api/puzzles/next/", "get"),
        (client().get(f"/api/puzzles/{line.public_id}/"), "/api/puzzles/{puzzle_id}/", "get"),
        (move(client(alice), line, 0, "e4"), "/api/puzzles/{puzzle_id}/move/", "post"),
        (move(client(alice), line, 2, "Nf3"), "/api/puzzles/{puzzle_id}/move/", "post"),
        (move(client(), line, 0, "d4"), "/api/puzzles/{puzzle_id}/move/", "post"),
        (
            client(alice).post(f"/api/puzzles/{line.public_id}/solution/"),
            "/api/puzzles/{puzzle_id}/solution/",
            "post",
        ),
        (client(alice).get("/api/puzzles/history/"), "/api/puzzles/history/", "get"),
    ]
    problems = []
    for response, path, method in asked:
        assert response.status_code == 200, response.content
        spec = documented(schema, path, method, 200)
        problems += conforms(response.json(), spec, components, path)
    assert problems == []


def test_the_index_lists_every_game_and_the_page_is_given_its_puzzle(line, client) -> None:
    index = client.get("/training/puzzles/").content.decode()
    assert index.count('data-testid="puzzles-game"') == len(variants.VARIANTS)
    chesskers = re.search(r'data-game="chesskers".*?</li>', index, re.S).group(0)
    assert 'href="/training/puzzles/chesskers/"' in chesskers and "1 puzzle · " in chesskers

    def russian() -> str:
        index = client.get("/training/puzzles/").content.decode()
        return re.search(r'data-game="russian".*?</li>', index, re.S).group(0)

    assert "0 puzzles" in russian()
    found = Puzzle.objects.create(variant="russian", fen="W:Wc3:Bf6", solver="white", moves=["x"])
    assert "1 puzzle · " in russian()  # a new puzzle: counted again at once
    Puzzle.objects.filter(pk=found.pk).update(variant="brazilian")
    assert "1 puzzle · " in russian()  # the same newest puzzle: kept for a minute
    forget_counts()
    assert "0 puzzles" in russian()
    page = client.get("/training/puzzles/chesskers/")
    data = json.loads(
        re.search(r'id="page-data"[^>]*>(.*?)</script>', page.content.decode()).group(1)
    )
    assert data["puzzle"]["id"] == line.public_id
    assert "moves" not in data["puzzle"] and "themes" not in data["puzzle"]  # they would hint
    shared = client.get(f"/training/puzzles/chesskers/{line.public_id}/")
    assert shared.status_code == 200
    assert client.get(f"/training/puzzles/dameo/{line.public_id}/").status_code == 404
    assert client.get("/training/puzzles/chess960/").status_code == 404
    empty = client.get("/training/puzzles/dameo/").content.decode()
    assert '"puzzle": null' in empty
    streak = client.get("/training/puzzles/chesskers/streak/").content.decode()
    assert '"streak": true' in streak and '"puzzle": null' in streak  # the page asks for each
    assert '"streak": false' in client.get("/training/puzzles/dameo/streak/").content.decode()


def test_a_finished_games_blunder_becomes_a_puzzle_once() -> None:
    owner = make_user("frank")
    game = game_create_local(actor=Actor.of(owner), fen="4r1k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1")
    game_play(game_id=game.public_id, actor=Actor.of(owner), move=MoveRequest.of(ply=0, text="Re2"))
    game_resign(game_id=game.public_id, actor=Actor.of(owner))
    assert games_to_scan(10) == [Game.objects.get(pk=game.pk)]
    assert scan_game(game) == 1
    puzzle = Puzzle.objects.get()
    assert (puzzle.moves, puzzle.solver, puzzle.ply, puzzle.game_id) == (
        ["Ra8#"],
        "white",
        1,
        game.pk,
    )
    assert PuzzleScan.objects.get(game=game).found == 1
    assert games_to_scan(10) == []


def test_the_command_searches_finished_games_and_the_bots_own_games(monkeypatch) -> None:
    owner = make_user("gina")
    game = game_create_local(actor=Actor.of(owner), fen="4r1k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1")
    game_play(game_id=game.public_id, actor=Actor.of(owner), move=MoveRequest.of(ply=0, text="Re2"))
    game_resign(game_id=game.public_id, actor=Actor.of(owner))
    monkeypatch.setattr(finding, "SELF_PLAY_PLIES", 12)
    out = io.StringIO()
    call_command("find_puzzles", "--self-play", "1", "--variant", "international", stdout=out)
    assert f"game {game.public_id} (chesskers): 1 new puzzle\n" in out.getvalue()
    assert "international: " in out.getvalue()
    assert Puzzle.objects.filter(game=game).count() == 1
    # The bot's games are bounded by nodes, not seconds: a seed plays the same game anywhere.
    first = finding.self_played("international", 7)
    assert first == finding.self_played("international", 7) and len(first) == 13
    assert first != finding.self_played("international", 8)
    with pytest.raises(CommandError):
        call_command("find_puzzles", "--games", "-1")


def test_the_profile_shows_puzzle_ratings_and_the_data_download_holds_the_rounds(line) -> None:
    hugo = make_user("hugo")
    make_user("gina")
    done = move(client(hugo), line, 0, "d4").json()  # failed: rated
    browser = Client()
    page = browser.get("/@/hugo").content.decode()
    shown = re.search(r'data-testid="profile-puzzles">(.*?)</ul>', page, re.S).group(1)
    assert "/training/puzzles/chesskers/" in shown and str(done["rating"]["after"]) in shown
    assert "1 puzzle" in shown
    assert 'data-testid="profile-puzzles"' not in browser.get("/@/gina").content.decode()
    archive = client(hugo).get("/api/account/data/")
    with zipfile.ZipFile(io.BytesIO(b"".join(archive.streaming_content))) as opened:
        account = json.loads(opened.read("account.json"))
    assert account["puzzle_ratings"] == [
        {"variant": "chesskers", "rating": done["rating"]["after"], "plays": 1, "wins": 0}
    ]
    [kept] = account["puzzle_rounds"]
    assert (kept["puzzle"], kept["solved"], kept["rating_before"]) == (line.public_id, False, 1500)


def test_a_players_history_lists_their_rounds_newest_first_a_page_at_a_time(monkeypatch) -> None:
    ivan = make_user("ivan")
    puzzles = [
        Puzzle.objects.create(
            variant="chesskers",
            fen=king_at(n).replace("/8/8/8/8/8/8/", "/8/8/8/8/Q7/8/"),  # a queen: not over
            solver="white",
            moves=[f"K{'abcde'[n]}2"],
        )
        for n in range(5)
    ]
    for number, puzzle in enumerate(puzzles):
        if number % 2:
            client(ivan).post(f"/api/puzzles/{puzzle.public_id}/solution/")
        else:
            move(client(ivan), puzzle, 0, puzzle.moves[0])
    monkeypatch.setattr(services, "HISTORY_PAGE", 2)
    first = client(ivan).get("/api/puzzles/history/").json()
    assert [line["puzzle"] for line in first["rounds"]] == [
        puzzles[4].public_id,
        puzzles[3].public_id,
    ]
    assert [line["solved"] for line in first["rounds"]] == [True, False]
    second = client(ivan).get(f"/api/puzzles/history/?before={first['older']}").json()
    third = client(ivan).get(f"/api/puzzles/history/?before={second['older']}").json()
    assert [line["puzzle"] for line in second["rounds"] + third["rounds"]] == [
        puzzles[2].public_id,
        puzzles[1].public_id,
        puzzles[0].public_id,
    ]
    assert third["older"] is None
    assert client(ivan).get("/api/puzzles/history/?before=x").status_code == 400
    assert client(ivan).get("/api/puzzles/history/?before=%C2%B2").status_code == 400
    assert client().get("/api/puzzles/history/").status_code in (401, 403)
    assert client(make_user("jane")).get("/api/puzzles/history/").json() == {
        "rounds": [],
        "older": None,
    }
    browser = Client()
    browser.force_login(ivan)
    page = browser.get("/training/puzzles/history/").content.decode()
    assert page.count('data-testid="puzzle-round"') == 2 and "?before=" in page
    assert f"/training/puzzles/chesskers/{puzzles[4].public_id}/" in page
    assert browser.get("/training/puzzles/history/?before=zz").status_code == 400
    assert Client().get("/training/puzzles/history/").status_code == 302


def test_the_home_page_shows_the_puzzle_of_the_day_found_before_the_day(client) -> None:
    services._daily.clear()
    assert 'data-testid="daily-puzzle"' not in client.get("/").content.decode()
    today = Puzzle.objects.create(
        variant="chesskers",
        fen=king_at(9).replace("8/8/8", "8/Q7/8", 1),
        solver="white",
        moves=["Qa1"],
    )
    assert 'data-testid="daily-puzzle"' not in client.get("/").content.decode()  # found today
    older = [
        Puzzle.objects.create(
            variant="chesskers", fen=king_at(n), solver="white", moves=["Kh1"], rating=rating
        )
        for n, rating in enumerate((1200, 1500, 1800))
    ]
    Puzzle.objects.filter(pk__in=[p.pk for p in older]).update(
        created_at=timezone.now() - timedelta(days=1)
    )
    page = client.get("/").content.decode()
    shown = re.search(r'href="/training/puzzles/chesskers/(\w+)/" data-testid="daily-puzzle"', page)
    assert shown and shown.group(1) in {p.public_id for p in older}
    assert "White to play and win." in page and "<svg" in page
    day = timezone.now().date()
    services._daily.clear()  # another process: the same draw
    assert services.puzzle_of_the_day(day).public_id == shown.group(1) != today.public_id
    draws = {services.puzzle_of_the_day(day + timedelta(days=n)).public_id for n in range(1, 15)}
    assert len(draws) > 1  # another day, another draw
    Puzzle.objects.filter(public_id=shown.group(1)).delete()  # gone: another is drawn
    assert services.puzzle_of_the_day(day).public_id in {p.public_id for p in older} - {
        shown.group(1)
    }
