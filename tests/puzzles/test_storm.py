"""Puzzle storm through its service and API as the page plays it: the clock starts at the first
move; a solved puzzle scores and its combo's steps give seconds back; a miss costs seconds,
breaks the combo and moves on; a move after the clock ran out is not judged and ends the run;
a stale ply, an illegal move, another player's run and a run that is over are refused with the
run unchanged; the best score kept; visitors' old runs deleted; the answers as the OpenAPI
schema documents them; the page."""

import io
import json
import random
import re
import uuid
import zipfile
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from engine import variants
from games.domain.errors import GameError
from puzzles import storm
from puzzles.models import Puzzle, PuzzleRound, StormRun
from tests.factories import make_user
from tests.games.test_openapi import SchemaChecked

pytestmark = pytest.mark.django_db

START = variants.get("chesskers").start_fen
FILES = "abcdefg"


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


def king_steps(count: int, rating: float = 1500) -> list[Puzzle]:
    """``count`` one-move puzzles of Chesskers, each a king on the first rank whose solution is
    the step up its file (``Ka2`` …); every other king move misses."""
    puzzles = []
    for n in range(count):
        rank = f"{n or ''}K{7 - n or ''}"
        puzzles.append(
            Puzzle.objects.create(
                variant="chesskers",
                fen=f"7k/8/8/8/8/Q7/8/{rank} w - - 0 1",
                solver="white",
                moves=[f"K{FILES[n]}2"],
                rating=rating + n,
            )
        )
    return puzzles


def by_id(public_id: str) -> Puzzle:
    return Puzzle.objects.get(public_id=public_id)


def solve(user, run: dict, now, right: bool = True) -> dict:
    """Plays the run's puzzle's next solution move (``right``) or another legal move."""
    puzzle = by_id(run["puzzle"]["id"])
    game = storm.replayed(puzzle, run["ply"])
    solution = game.parse_move(puzzle.moves[run["ply"]])
    move = solution if right else next(m for m in game.legal_moves() if m != solution)
    asked = {"ply": run["ply"], "path": move.path_names()}
    return storm.storm_move(user, run["id"], asked, now=now, rng=random.Random(1))


def test_the_clock_starts_at_the_first_move_and_combo_steps_give_time_back() -> None:
    king_steps(7)
    alice = make_user("alice")
    run = storm.start_run(alice, "chesskers", rng=random.Random(3))
    assert (run["ms_left"], run["running"], run["over"], run["shown"]) == (180_000, False, False, 1)
    assert run["best"] is None and run["puzzle"]["solver"] == "white"
    now = timezone.now()
    seen = [run["puzzle"]["id"]]
    gained = []
    for solved in range(1, 6):
        answer = solve(alice, run, now)
        run = answer["run"]
        assert answer["result"] == "solved"
        assert (run["score"], run["combo"], run["best_combo"]) == (solved, solved, solved)
        gained.append(answer["seconds"])
        assert run["puzzle"]["id"] not in seen  # none twice while the game has another
        seen.append(run["puzzle"]["id"])
    assert gained == [0, 0, 0, 0, 3]  # the combo's first step: 5 in a row
    assert run["running"] and run["ms_left"] == 183_000  # the clock started at the first move
    assert run["best"] == 5 and storm.best_score(alice, "chesskers") == 5
    assert not PuzzleRound.objects.exists()  # a storm is not rated


def test_a_miss_costs_ten_seconds_breaks_the_combo_and_moves_on() -> None:
    king_steps(4)
    run = storm.start_run(AnonymousUser(), "chesskers", rng=random.Random(2))
    now = timezone.now()
    run = solve(AnonymousUser(), run, now)["run"]
    run = solve(AnonymousUser(), run, now + timedelta(seconds=5))["run"]
    missed = run["puzzle"]["id"]
    answer = solve(AnonymousUser(), run, now + timedelta(seconds=20), right=False)
    assert (answer["result"], answer["seconds"]) == ("wrong", -10)
    run = answer["run"]
    assert (run["score"], run["misses"], run["combo"], run["best_combo"]) == (2, 1, 0, 2)
    assert run["ms_left"] == 150_000  # 180 s from the first move, 20 s played, 10 lost
    assert run["puzzle"]["id"] != missed and run["shown"] == 4
    assert run["best"] is None  # a visitor's best is not kept


def test_a_longer_puzzle_is_played_move_by_move_and_a_stale_ply_is_refused() -> None:
    line = Puzzle.objects.create(
        variant="chesskers", fen=START, solver="white", moves=["e4", "e5", "Nf3"]
    )
    run = storm.start_run(AnonymousUser(), "chesskers")
    assert run["puzzle"]["id"] == line.public_id
    now = timezone.now()
    answer = storm.storm_move(AnonymousUser(), run["id"], {"ply": 0, "move": "e4"}, now=now)
    assert answer["result"] == "right" and answer["reply"]["text"] == "e5"
    assert answer["run"]["ply"] == 2 and answer["run"]["score"] == 0
    assert answer["run"]["puzzle"]["position"]["fen"] == answer["position"]["fen"]
    with pytest.raises(GameError) as refused:
        storm.storm_move(AnonymousUser(), run["id"], {"ply": 0, "move": "e4"}, now=now)
    assert refused.value.code == "stale_ply"
    assert "answers ply 0, but the puzzle is at ply 2" in refused.value.message
    with pytest.raises(GameError) as illegal:
        storm.storm_move(AnonymousUser(), run["id"], {"ply": 2, "move": "Ke3"}, now=now)
    assert illegal.value.code == "illegal_move"
    kept = StormRun.objects.get(public_id=run["id"])
    assert (kept.ply, kept.score, kept.misses) == (2, 0, 0)
    answer = storm.storm_move(AnonymousUser(), run["id"], {"ply": 2, "move": "Nf3"}, now=now)
    assert answer["result"] == "solved" and answer["run"]["score"] == 1
    assert answer["run"]["puzzle"]["id"] == line.public_id  # the only one: asked again


def test_a_move_after_the_clock_ran_out_ends_the_run_unjudged() -> None:
    king_steps(3)
    bob = make_user("bob")
    now = timezone.now()
    just_in = now + timedelta(seconds=180 + storm.GRACE_SECONDS)
    run = solve(bob, storm.start_run(bob, "chesskers"), now)["run"]
    answer = solve(bob, run, just_in)  # sent as the clock ran out: counted, and the run ends
    assert answer["result"] == "solved" and answer["run"]["score"] == 2
    assert answer["run"]["over"] and answer["run"]["ms_left"] == 0
    run = solve(bob, storm.start_run(bob, "chesskers"), now)["run"]
    late = solve(bob, run, just_in + timedelta(milliseconds=1))
    assert (late["result"], late["move"], late["seconds"]) == ("late", None, 0)
    assert late["run"]["over"] and late["run"]["score"] == 1 and late["run"]["puzzle"] is None
    assert late["run"]["ms_left"] == 0
    with pytest.raises(GameError) as over:
        solve(bob, run, just_in)
    assert (over.value.code, over.value.message) == ("game_over", "This storm is over.")


def test_a_miss_that_empties_the_clock_ends_the_run() -> None:
    king_steps(3)
    run = storm.start_run(AnonymousUser(), "chesskers")
    now = timezone.now()
    run = solve(AnonymousUser(), run, now)["run"]
    answer = solve(AnonymousUser(), run, now + timedelta(seconds=175), right=False)
    assert answer["result"] == "wrong" and answer["run"]["over"]
    assert answer["run"]["puzzle"] is None and answer["run"]["ms_left"] == 0


def test_a_run_ends_when_it_has_shown_its_most_puzzles() -> None:
    (only,) = king_steps(1)
    run = storm.start_run(AnonymousUser(), "chesskers")
    kept = StormRun.objects.get(public_id=run["id"])
    kept.puzzles = ["x"] * (storm.MAX_RUN_PUZZLES - 1) + [only.public_id]
    kept.save()
    answer = solve(AnonymousUser(), {**run, "ply": 0}, timezone.now())
    assert answer["result"] == "solved" and answer["run"]["over"]
    assert answer["run"]["shown"] == storm.MAX_RUN_PUZZLES


def test_only_its_player_acts_on_a_run_and_ending_keeps_the_best() -> None:
    king_steps(3)
    alice, bob = make_user("alice"), make_user("bob")
    run = storm.start_run(alice, "chesskers")
    with pytest.raises(GameError) as stranger:
        solve(bob, run, timezone.now())
    assert (stranger.value.code, stranger.value.message) == ("not_found", "There is no such storm.")
    with pytest.raises(GameError):
        storm.end_run(AnonymousUser(), run["id"])
    now = timezone.now()
    run = solve(alice, run, now)["run"]
    ended = storm.end_run(alice, run["id"], now=now + timedelta(seconds=30))
    assert ended["over"] and ended["score"] == 1 and ended["ms_left"] == 150_000
    assert storm.end_run(alice, run["id"], now=now + timedelta(seconds=90)) == {
        **ended,
        "ms_left": 150_000,
    }  # ended once: asked again, the same
    second = storm.start_run(alice, "chesskers")
    assert second["best"] == 1
    storm.end_run(alice, second["id"])  # never started: no score
    assert storm.best_score(alice, "chesskers") == 1
    assert storm.best_score(bob, "chesskers") is None


def test_visitors_runs_are_kept_a_day_and_players_runs_stay() -> None:
    king_steps(1)
    alice = make_user("alice")
    old_visitor = storm.start_run(AnonymousUser(), "chesskers")["id"]
    old_player = storm.start_run(alice, "chesskers")["id"]
    StormRun.objects.update(created_at=timezone.now() - timedelta(days=2))
    new = storm.start_run(AnonymousUser(), "chesskers")["id"]
    kept = set(StormRun.objects.values_list("public_id", flat=True))
    assert kept == {old_player, new} and old_visitor not in kept


def test_a_game_without_puzzles_and_an_unknown_game_are_refused() -> None:
    with pytest.raises(GameError) as none:
        storm.start_run(AnonymousUser(), "chesskers")
    assert (none.value.code, none.value.message) == ("not_found", "This game has no puzzles yet.")
    with pytest.raises(GameError) as unknown:
        storm.start_run(AnonymousUser(), "chess")
    assert unknown.value.message == "There is no game chess."
    assert not StormRun.objects.exists()


def test_combo_steps() -> None:
    bonuses = {combo: storm.combo_bonus(combo) for combo in range(1, 61)}
    given = {combo: seconds for combo, seconds in bonuses.items() if seconds}
    assert given == {5: 3, 12: 5, 20: 7, 30: 10, 40: 10, 50: 10, 60: 10}


def test_the_api_answers_as_the_schema_documents_and_refuses_in_json() -> None:
    king_steps(3)
    alice = make_user("alice")
    api = APIClient()
    api.force_authenticate(alice)
    checked = SchemaChecked()
    run = checked(api, "post", "/api/storm/", "/api/storm/", 201, {"variant": "chesskers"})
    puzzle = by_id(run["puzzle"]["id"])
    move_url = f"/api/storm/{run['id']}/move/"
    path = "/api/storm/{run_id}/move/"
    checked(api, "post", move_url, path, 200, {"ply": 0, "move": puzzle.moves[0]})
    refused = checked(api, "post", move_url, path, 400, {"ply": 0, "move": "Qh8"})
    assert "error" in refused
    stale = checked(api, "post", move_url, path, 409, {"ply": 2, "move": "Ka2"})
    assert re.search(r"answers ply 2", stale["error"])
    end_url = f"/api/storm/{run['id']}/end/"
    ended = checked(api, "post", end_url, "/api/storm/{run_id}/end/", 200)
    assert ended["over"] and ended["score"] == 1
    checked(api, "post", move_url, path, 410, {"ply": 0, "move": "Ka2"})
    checked(APIClient(), "post", end_url, "/api/storm/{run_id}/end/", 404)
    checked(api, "post", "/api/storm/", "/api/storm/", 400, {"variant": "nope"})
    checked(api, "post", "/api/storm/", "/api/storm/", 404, {"variant": "russian"})
    assert checked.problems == []


def test_the_page_and_the_links_to_it(client) -> None:
    king_steps(1)
    page = client.get("/training/puzzles/chesskers/storm/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'data-testid="storm-clock"' in text and "js/storm.js" in text
    assert '"has_puzzles": true' in text and '"storm_seconds": 180' in text
    assert client.get("/training/puzzles/nope/storm/").status_code == 404
    index = client.get("/training/puzzles/").content.decode()
    links = re.findall(r'href="(/training/puzzles/\w+/storm/)"', index)
    assert links == ["/training/puzzles/chesskers/storm/"]  # the games with puzzles only
    one = client.get("/training/puzzles/chesskers/").content.decode()
    assert 'href="/training/puzzles/chesskers/storm/"' in one


def test_the_profile_and_the_data_download_hold_a_players_storms() -> None:
    king_steps(2)
    hugo = make_user("hugo")
    make_user("gina")
    now = timezone.now()
    run = solve(hugo, storm.start_run(hugo, "chesskers"), now)["run"]
    storm.end_run(hugo, run["id"], now=now)
    storm.end_run(hugo, storm.start_run(hugo, "chesskers")["id"])  # never started: not kept
    browser = Client()
    page = browser.get("/@/hugo").content.decode()
    shown = re.search(r'data-testid="profile-storms">(.*?)</ul>', page, re.S).group(1)
    assert 'href="/training/puzzles/chesskers/storm/"' in shown
    assert "best 1 · 1 storm<" in " ".join(shown.split())
    assert 'data-testid="profile-storms"' not in browser.get("/@/gina").content.decode()
    api = APIClient()
    api.force_authenticate(hugo)
    archive = api.get("/api/account/data/")
    with zipfile.ZipFile(io.BytesIO(b"".join(archive.streaming_content))) as opened:
        account = json.loads(opened.read("account.json"))
    [kept] = account["puzzle_storms"]
    assert (kept["id"], kept["variant"], kept["score"], kept["misses"]) == (
        run["id"],
        "chesskers",
        1,
        0,
    )


def test_a_move_on_a_puzzle_removed_meanwhile_is_refused() -> None:
    king_steps(1)
    run = storm.start_run(AnonymousUser(), "chesskers")
    Puzzle.objects.all().delete()
    with pytest.raises(GameError) as gone:
        storm.storm_move(AnonymousUser(), run["id"], {"ply": 0, "move": "Ka2"})
    assert (gone.value.code, gone.value.message) == (
        "gone",
        "That puzzle was removed: start a new storm.",
    )
    assert StormRun.objects.get().deadline is None  # the clock never started


def test_the_days_leaders_are_each_players_best_of_the_day() -> None:
    now = timezone.now()
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)

    def ran(user, score, created, started=True, variant="chesskers") -> None:
        run = StormRun.objects.create(
            user=user, variant=variant, score=score, deadline=now if started else None
        )
        StormRun.objects.filter(pk=run.pk).update(created_at=created)

    players = [make_user(f"p{n:02}") for n in range(12)]
    for n, player in enumerate(players):
        ran(player, 10 + n, day + timedelta(minutes=n))
    ran(players[0], 30, day + timedelta(hours=1))  # p00's better run: counted once, at 30
    ran(players[1], 99, day - timedelta(seconds=1))  # yesterday's
    ran(players[2], 99, day, started=False)  # a score can't be without a start: left out
    ran(players[3], 98, day, variant="russian")  # another game's
    ran(None, 97, day)  # a visitor's
    closed = make_user("closed")
    closed.is_active = False
    closed.save()
    ran(closed, 96, day)
    leaders = storm.storm_leaders("chesskers", now=now)
    assert leaders[0] == {"player": "p00", "score": 30}
    assert [line["player"] for line in leaders[1:]] == [f"p{n:02}" for n in range(11, 2, -1)]
    assert len(leaders) == storm.LEADERS
    assert storm.storm_leaders("russian", now=now) == [{"player": "p03", "score": 98}]
    assert storm.storm_leaders("dameo", now=now) == []
    api = APIClient()
    checked = SchemaChecked()
    answer = checked(
        api,
        "get",
        "/api/storm/leaders/?variant=russian",
        "/api/storm/leaders/",
        200,
    )
    assert answer == {"variant": "russian", "leaders": [{"player": "p03", "score": 98}]}
    checked(api, "get", "/api/storm/leaders/?variant=nope", "/api/storm/leaders/", 400)
    assert checked.problems == []


def test_a_run_over_lists_its_puzzles_done_to_play_again() -> None:
    king_steps(4, rating=1200)
    run = storm.start_run(AnonymousUser(), "chesskers", rng=random.Random(5))
    assert run["review"] is None  # while it goes on
    now = timezone.now()
    first = run["puzzle"]["id"]
    run = solve(AnonymousUser(), run, now)["run"]
    second = run["puzzle"]["id"]
    run = solve(AnonymousUser(), run, now, right=False)["run"]
    assert run["review"] is None
    ended = storm.end_run(AnonymousUser(), run["id"], now=now)
    ratings = {p.public_id: round(p.rating) for p in Puzzle.objects.all()}
    assert ended["review"] == [  # the puzzle shown when it ended was not done: left out
        {"id": first, "rating": ratings[first], "solved": True},
        {"id": second, "rating": ratings[second], "solved": False},
    ]
    Puzzle.objects.filter(public_id=first).delete()
    assert [line["id"] for line in storm.end_run(AnonymousUser(), run["id"])["review"]] == [second]
