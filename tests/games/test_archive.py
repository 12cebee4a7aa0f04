"""The archive: filters and pagination, annotations and who may write them, analysis in the
background, the archive and import pages, the profile's game list."""

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from rest_framework.test import APIClient

from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.models import Analysis, Annotation, Evaluation, Game
from games.reads.archive import ArchiveFilters, archive_games
from games.services import analysis
from games.services.archive import annotation_create, game_import
from games.services.core import Actor
from games.services.play import game_create_bot, game_create_local, game_resign
from games.services.round import game_play
from tests.games.archive_helpers import EVERYTHING, FOOLS_MATE, finished_game
from tests.games.conftest import start_game


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def finish_at(game: Game, when: datetime) -> Game:
    Game.objects.filter(pk=game.pk).update(finished_at=when)
    game.refresh_from_db()
    return game


def ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["results"]]


@pytest.fixture
def library(db, alice, bob, carol) -> dict[str, Game]:
    """Five finished games of every kind and one live game, finished a day apart."""
    day = datetime(2026, 3, 1, 12, tzinfo=UTC)
    games = {
        "mate": finished_game(alice, bob, FOOLS_MATE),  # 0-1 checkmate, 4 plies
        "resigned": finished_game(bob, carol, ["e4", "e5"], resign=True),  # 0-1 resignation
        "everything": finished_game(carol, alice, EVERYTHING),  # 0-1 checkmate, 14 plies
    }
    local = game_create_local(actor=Actor.of(alice))
    game_play(game_id=local.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    game_resign(game_id=local.public_id, actor=Actor.of(alice))
    games["local"] = Game.objects.get(pk=local.pk)  # 1-0 resignation (Black resigned), 1 ply
    (games["imported"],) = game_import(
        actor=Actor.of(bob),
        text='[White "x"]\n[Black "y"]\n[Variant "Chesskers"]\n\n1. e4 e5 2. Nf3 1/2-1/2',
    )
    for offset, name in enumerate(["mate", "resigned", "everything", "local", "imported"]):
        games[name] = finish_at(games[name], day + timedelta(days=offset))
    games["live"] = start_game(alice, carol)
    annotation_create(game_id=games["resigned"].public_id, actor=Actor.of(bob), ply=0, glyph="!")
    return games


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["imported", "local", "everything", "resigned", "mate"]),
        ("player=alice", ["local", "everything", "mate"]),
        ("player=ALICE&result=0-1", ["everything", "mate"]),
        ("player=bob", ["resigned", "mate"]),  # not the game bob imported
        ("imported_by=bob", ["imported"]),
        ("imported_by=alice", []),
        ("result=1-0", ["local"]),
        ("result=1/2-1/2", ["imported"]),
        ("termination=resignation", ["local", "resigned"]),
        ("termination=checkmate&min_plies=5", ["everything"]),
        ("mode=online", ["everything", "resigned", "mate"]),
        ("mode=imported", ["imported"]),
        ("mode=local", ["local"]),
        ("since=2026-03-02&until=2026-03-04", ["local", "everything", "resigned"]),
        ("until=2026-03-01", ["mate"]),
        ("min_plies=3", ["imported", "everything", "mate"]),
        ("annotated=1", ["resigned"]),
        ("annotated=0", ["imported", "local", "everything", "resigned", "mate"]),
        ("player=dave", []),
    ],
)
def test_filters_return_exactly_the_right_games(library, query, expected) -> None:
    want = [library[name].public_id for name in expected]
    assert ids(api().get(f"/api/games/?status=finished&{query}")) == want
    filters = ArchiveFilters.from_query(dict(pair.split("=") for pair in query.split("&") if pair))
    assert [g.public_id for g in archive_games(filters)] == want


def test_the_api_without_status_still_lists_live_games_newest_first(library) -> None:
    listed = ids(api().get("/api/games/?player=alice"))
    assert listed[0] == library["live"].public_id and len(listed) == 4
    assert ids(api().get("/api/games/?status=live")) == [library["live"].public_id]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("result=2-0", "result is one of 1-0, 0-1, 1/2-1/2, not 2-0."),
        ("since=yesterday", "since is a date written YYYY-MM-DD, not yesterday."),
        ("min_plies=-3", "min_plies is a whole number, not -3."),
        ("mode=blitz", "mode is one of online, local, bot, imported, not blitz."),
        ("status=paused", "status is live or finished."),
    ],
)
def test_bad_filters_are_refused(library, query, message) -> None:
    response = api().get(f"/api/games/?{query}")
    assert response.status_code == 400 and response.json() == {"error": message}


def test_pagination_is_stable_when_games_finish_at_the_same_time(library) -> None:
    same = datetime(2026, 5, 5, tzinfo=UTC)
    Game.objects.filter(status=Game.Status.FINISHED).update(finished_at=same)
    pages = [ids(api().get(f"/api/games/?status=finished&page_size=2&page={n}")) for n in (1, 2, 3)]
    flat = [gid for page in pages for gid in page]
    assert [len(page) for page in pages] == [2, 2, 1]
    assert sorted(flat) == sorted(g.public_id for n, g in library.items() if n != "live")
    by_id = Game.objects.filter(status=Game.Status.FINISHED).order_by("-id")
    assert flat == [g.public_id for g in by_id]
    again = [ids(api().get(f"/api/games/?status=finished&page_size=2&page={n}")) for n in (1, 2, 3)]
    assert again == pages


def test_the_archive_page_lists_filters_and_pages(client, library) -> None:
    page = client.get("/games/?player=alice").content.decode()
    for name in ("local", "everything", "mate"):
        assert f"/game/{library[name].public_id}/" in page
    assert library["resigned"].public_id not in page
    assert page.count('class="mini-board"') == 3
    annotated = client.get("/games/?annotated=1").content.decode()
    assert library["resigned"].public_id in annotated and 'data-testid="annotated"' in annotated
    bad = client.get("/games/?since=soon")
    assert bad.status_code == 400 and "From is a date" in bad.content.decode()


def test_a_profile_lists_the_players_games(client, library) -> None:
    page = client.get("/@/carol").content.decode()
    assert library["resigned"].public_id in page and library["everything"].public_id in page
    assert library["mate"].public_id not in page


# --- annotations ----------------------------------------------------------------------------
def test_only_the_two_players_may_annotate_a_finished_game(library, alice, bob, carol) -> None:
    game = library["mate"]
    url = f"/api/games/{game.public_id}/annotations/"
    note = {"ply": 3, "glyph": "!!", "comment": "Mate."}
    assert api(carol).post(url, note, format="json").status_code == 403
    assert api().post(url, note, format="json").status_code == 403
    created = api(bob).post(url, note, format="json")
    assert created.status_code == 201
    assert created.json() | {"created_at": None, "updated_at": None} == {
        "id": created.json()["id"],
        "ply": 3,
        "glyph": "!!",
        "comment": "Mate.",
        "moves": [],
        "parent": None,
        "author": "bob",
        "created_at": None,
        "updated_at": None,
    }
    assert api(alice).post(url, {"ply": 1, "glyph": "?"}, format="json").status_code == 201
    listed = api().get(url).json()
    assert [(a["ply"], a["author"]) for a in listed] == [(1, "alice"), (3, "bob")]


def test_players_edit_and_delete_only_their_own_annotations(library, alice, bob) -> None:
    game = library["mate"]
    url = f"/api/games/{game.public_id}/annotations/"
    mine = api(bob).post(url, {"ply": 2, "comment": "Hm."}, format="json").json()["id"]
    assert api(alice).patch(f"{url}{mine}/", {"glyph": "?"}, format="json").status_code == 403
    assert api(alice).delete(f"{url}{mine}/").status_code == 403
    edited = api(bob).patch(f"{url}{mine}/", {"glyph": "??"}, format="json")
    assert edited.status_code == 200 and edited.json()["glyph"] == "??"
    assert edited.json()["comment"] == "Hm."
    assert api(bob).delete(f"{url}{mine}/").status_code == 204
    assert api(bob).delete(f"{url}{mine}/").status_code == 404
    assert not Annotation.objects.filter(game=game).exists()


def test_annotations_are_checked(library, alice, carol) -> None:
    url = f"/api/games/{library['mate'].public_id}/annotations/"
    for body, message in [
        ({"ply": 4, "glyph": "!"}, "A ply is a number from 0 to 3."),
        ({"ply": 0, "glyph": "!!!"}, "A glyph is one of ! ? !! ?? !? ?! or empty."),
        ({"ply": 0, "comment": "  "}, "An annotation needs a glyph or a comment."),
        ({"ply": 0, "comment": "a {b}"}, "A comment may not contain { or }."),
        ({"ply": 0, "comment": "x" * 2001}, "A comment has at most 2000 characters."),
    ]:
        response = api(alice).post(url, body, format="json")
        assert (response.status_code, response.json()) == (400, {"error": message})
    live = f"/api/games/{library['live'].public_id}/annotations/"
    response = api(alice).post(live, {"ply": 0, "glyph": "!"}, format="json")
    assert response.status_code == 400 and "finished" in response.json()["error"]
    assert not Annotation.objects.filter(game=library["mate"]).exists()


def test_the_importer_annotates_an_imported_game(library, bob, alice) -> None:
    game = library["imported"]
    annotation_create(game_id=game.public_id, actor=Actor.of(bob), ply=2, glyph="!?")
    with pytest.raises(GameError) as info:
        annotation_create(game_id=game.public_id, actor=Actor.of(alice), ply=2, glyph="!")
    assert info.value.code == ErrorCode.FORBIDDEN


def test_a_bot_games_human_annotates_it(alice, bob) -> None:
    game = game_create_bot(actor=Actor.of(alice), level=1, color="white")
    game_play(game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    game_resign(game_id=game.public_id, actor=Actor.of(alice))
    note = annotation_create(game_id=game.public_id, actor=Actor.of(alice), ply=0, glyph="?!")
    assert (note.author, note.ply, note.glyph) == (alice, 0, "?!")
    with pytest.raises(GameError) as info:
        annotation_create(game_id=game.public_id, actor=Actor.of(bob), ply=0, glyph="!")
    assert info.value.code == ErrorCode.FORBIDDEN


# --- export, bulk ---------------------------------------------------------------------------
def test_bulk_export_gives_a_users_games_and_imports_back(library, carol) -> None:
    response = api().get("/api/games/export/?player=alice")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert 'filename="chesskers-alice.pgn"' in response["Content-Disposition"]
    text = response.content.decode()
    assert text.count('[Variant "Chesskers"]') == 3
    imported = game_import(actor=Actor.of(carol), text=text)
    assert [g.ply for g in imported] == [1, 14, 4]
    one = api().get(f"/api/games/{library['mate'].public_id}/export/?download=1")
    assert f"chesskers-{library['mate'].public_id}.pgn" in one["Content-Disposition"]
    draughts = api().get("/api/games/export/?variant=international")
    assert 'filename="chesskers-international.pdn"' in draughts["Content-Disposition"]
    chess = api().get("/api/games/export/?variant=chesskers")
    assert 'filename="chesskers-chesskers.pgn"' in chess["Content-Disposition"]


def test_the_import_page_stores_games_and_shows_errors(client, alice) -> None:
    assert client.get("/games/import/").status_code == 302  # sign in first
    client.force_login(alice)
    bad = client.post("/games/import/", {"text": '[Variant "Chesskers"]\n\n1. e5 1-0'})
    assert "Game 1: move 1. e5: illegal move e5" in bad.content.decode()
    assert not Game.objects.exists()
    good = client.post("/games/import/", {"text": '[Variant "Chesskers"]\n\n1. e4 1-0'})
    game = Game.objects.get()
    assert good.url == f"/game/{game.public_id}/" and game.mode == "imported"


# --- analysis -------------------------------------------------------------------------------
WAIT = 60


def wait_for_analysis(game: Game) -> Analysis:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = Analysis.objects.filter(game=game).first()
        if found is not None and found.state != Analysis.State.RUNNING:
            return found
        time.sleep(0.05)
    raise AssertionError("the analysis never finished")


@pytest.mark.django_db(transaction=True)
def test_analysis_runs_off_the_request_path_and_fills_every_ply(
    settings, alice, bob, monkeypatch
) -> None:
    settings.ANALYSIS_DEPTH = 2
    settings.ANALYSIS_SECONDS = None  # depth only: the same verdicts on any machine
    game = finished_game(alice, bob, EVERYTHING)
    request_thread = threading.get_ident()
    seen_threads = set()
    original = analysis.analysis_record

    def spy(**kwargs):
        seen_threads.add(threading.get_ident())
        return original(**kwargs)

    monkeypatch.setattr(analysis, "analysis_record", spy)
    response = api(alice).post(f"/api/games/{game.public_id}/analysis/")
    assert response.status_code == 202
    assert response.json()["state"] == "running" and response.json()["total"] == 15
    assert api().post(f"/api/games/{game.public_id}/analysis/").status_code == 403
    done = wait_for_analysis(game)
    monkeypatch.undo()
    assert request_thread not in seen_threads and seen_threads
    assert (done.state, done.done, done.total) == ("done", 15, 15)
    evaluations = list(Evaluation.objects.filter(game=game))
    assert [e.index for e in evaluations] == list(range(15))
    assert evaluations[-1].score == -100000 and evaluations[-1].best == ""  # Black mated White
    assert all(e.best for e in evaluations[:-1])
    payload = api().get(f"/api/games/{game.public_id}/analysis/").json()
    assert [p["ply"] for p in payload["plies"]] == list(range(14))
    # White's 5. Qxd7+ gives the queen away for a pawn (Bxh6, at depth 2, was better).
    blunder = payload["plies"][8]
    assert blunder["judgement"] == "blunder" and blunder["loss"] >= 300
    assert blunder["better"] not in (None, "Qxd7+")
    assert payload["plies"][13]["judgement"] is None  # c3:a1=R# mates as well as =Q#
    again = api(bob).post(f"/api/games/{game.public_id}/analysis/")
    assert again.json()["state"] == "done"  # one job per game: not run twice
    assert Evaluation.objects.filter(game=game).count() == 15


@pytest.mark.django_db(transaction=True)
def test_watchers_hear_an_analysis_start_before_its_progress(
    settings, alice, bob, monkeypatch
) -> None:
    # The worker may evaluate the first position as soon as the job starts. The start is told
    # first all the same: told after, its payload (read once committed) counted that position
    # and could reach watchers after the progress it repeated.
    settings.ANALYSIS_DEPTH = 1
    settings.ANALYSIS_SECONDS = None
    game = finished_game(alice, bob, FOOLS_MATE)
    told: list[int] = []
    send_now, start = analysis.broadcast.send_now, analysis._start

    def listening(group, message):
        if message["type"] == "game.analysis":
            told.append(message["analysis"]["done"])
        return send_now(group, message)

    def start_and_let_it_run(game_id):
        started = start(game_id)
        deadline = time.monotonic() + 30
        while not Evaluation.objects.filter(game__public_id=game_id).exists():
            assert time.monotonic() < deadline, "the worker evaluated nothing"
            time.sleep(0.02)
        return started

    monkeypatch.setattr(analysis.broadcast, "send_now", listening)
    monkeypatch.setattr(analysis, "_start", start_and_let_it_run)
    analysis.game_analyse(game_id=game.public_id, actor=Actor.of(alice))
    assert wait_for_analysis(game).state == "done"
    # The last progress is told once its commit is in: a moment after the record reads done.
    deadline = time.monotonic() + WAIT
    while told[-1] != 5 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert told[0] == 0  # the start, before any position is counted
    assert told == sorted(told) and told[-1] == 5


def test_a_live_game_is_not_analysed(library, alice) -> None:
    response = api(alice).post(f"/api/games/{library['live'].public_id}/analysis/")
    assert response.status_code == 400 and not Analysis.objects.exists()


def test_judgements_count_the_movers_loss() -> None:
    from games.domain.evaluation import judge

    assert judge(30, -300, True) == (330, "blunder")
    assert judge(30, -300, False) == (0, None)
    assert judge(-20, 140, False) == (160, "mistake")
    assert judge(0, -70, True) == (70, "inaccuracy")
    assert judge(100000, 99990, True) == (0, None)  # a mate found a ply later is no mistake
    assert judge(900, -100000, True) == (1900, "blunder")


def test_the_schema_documents_the_archive_api(db) -> None:
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = schema["paths"]
    for path, method in [
        ("/api/games/export/", "get"),
        ("/api/games/import/", "post"),
        ("/api/games/{game_id}/export/", "get"),
        ("/api/games/{game_id}/annotations/", "get"),
        ("/api/games/{game_id}/annotations/", "post"),
        ("/api/games/{game_id}/annotations/{annotation_id}/", "patch"),
        ("/api/games/{game_id}/annotations/{annotation_id}/", "delete"),
        ("/api/games/{game_id}/analysis/", "post"),
    ]:
        assert method in paths[path], (path, method)
    listed = {p["name"] for p in paths["/api/games/"]["get"]["parameters"]}
    assert listed >= {"player", "result", "termination", "mode", "since", "until", "min_plies",
                      "annotated", "status", "page"}  # fmt: skip
    assert "403" in paths["/api/games/{game_id}/annotations/"]["post"]["responses"]
