"""Every game the engine plays is played on the site: for each of ``engine.variants.VARIANTS``, a
seek made and accepted over the API and the game played to its end through the sockets; a
pass-and-play game from a position one move from the end, finished over the API; the games list
filtered by game; export then import giving back the same game. Each game's moves come from a
seeded random player that prefers captures, run on the engine first, so the test knows the game
ends and how (``ending``)."""

import random
from dataclasses import dataclass
from functools import cache

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from engine import variants
from engine.moves import Move
from games.models import Game
from tests.games.test_consumers import connect, next_of_type

pytestmark = pytest.mark.django_db

VARIANT_IDS = list(variants.VARIANTS)
MAX_PLIES = 400


@dataclass(frozen=True)
class Ending:
    """A game from the start to its end: the moves (as paths and promotions), the FEN before
    the last move, and how the engine says it ended."""

    moves: tuple[Move, ...]
    fen_before_last: str
    result: str
    termination: str


def result_word(winner) -> str:
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner.name == "WHITE" else "0-1"


@cache
def ending(variant_id: str) -> Ending:
    """Returns the shortest of twenty seeded games of ``variant_id`` that ends by a rule a fresh
    game from the position before the last move also ends by (not a repetition)."""
    variant = variants.get(variant_id)
    found = []
    for seed in range(20):
        rng, game = random.Random(seed), variant.new_game()
        while not game.is_over() and game.ply < MAX_PLIES:
            legal = game.legal_moves()
            game.push(rng.choice([m for m in legal if m.captured] or legal))
        if not game.is_over():
            continue
        moves = tuple(game.moves)
        game.pop()
        before = game.fen()
        check = variant.new_game(before)
        check.push(moves[-1])
        outcome = check.outcome()
        if outcome.is_over:
            found.append(Ending(moves, before, result_word(outcome.winner), outcome.reason))
    assert found, f"no seeded game of {variant_id} ended"
    return min(found, key=lambda e: len(e.moves))


def move_body(move: Move, ply: int) -> dict:
    body = {"ply": ply, "path": move.path_names()}
    if move.promotion is not None:
        body["promotion"] = move.promotion.symbol
    return body


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def seek_and_accept(alice, bob, variant_id: str) -> tuple[dict, str]:
    """Alice seeks a game of ``variant_id`` as White over the API, Bob accepts it."""
    posted = api(alice).post("/api/seeks/", {"color": "white", "variant": variant_id}, "json")
    assert posted.status_code == 201, posted.content
    assert posted.json()["variant"] == variant_id
    listed = api(bob).get("/api/seeks/").json()
    assert [(s["id"], s["variant"]) for s in listed] == [(posted.json()["id"], variant_id)]
    accepted = api(bob).post(f"/api/seeks/{posted.json()['id']}/accept/")
    assert accepted.status_code == 201, accepted.content
    return posted.json(), accepted.json()["game"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("variant_id", VARIANT_IDS)
async def test_a_seek_accepted_over_the_api_and_played_to_its_end_through_the_sockets(
    ws, alice, bob, variant_id: str
) -> None:
    played = ending(variant_id)
    _, game_id = await database_sync_to_async(seek_and_accept)(alice, bob, variant_id)
    path = f"/ws/games/{game_id}/"
    white, state = await connect(ws, path, alice)
    black, _ = await connect(ws, path, bob)
    variant = variants.get(variant_id)
    assert (state["variant"], state["fen"]) == (variant_id, variant.start_fen)
    sockets = {"white": white, "black": black}
    for ply, move in enumerate(played.moves):
        # The move is one of the legal moves the server sent, by its path.
        assert move.path_names() in [m["path"] for m in state["legal_moves"]], (ply, move)
        await sockets[state["turn"]].send_json_to({"type": "move", **move_body(move, ply)})
        state = await next_of_type(white, "state")
        seen_by_black = await next_of_type(black, "state")
        assert state["ply"] == seen_by_black["ply"] == ply + 1
    assert state["status"] == "finished"
    assert (state["result"], state["termination"]) == (played.result, played.termination)
    assert state["legal_moves"] == []
    record = await database_sync_to_async(Game.objects.get)(public_id=game_id)
    assert (record.variant, record.ply, record.status) == (
        variant_id,
        len(played.moves),
        "finished",
    )


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_pass_and_play_from_one_move_before_the_end(client, variant_id: str) -> None:
    played = ending(variant_id)
    last = played.moves[-1]
    made = client.post(
        "/api/games/local/",
        {"variant": variant_id, "fen": played.fen_before_last},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    state = made.json()
    assert (state["variant"], state["mode"], state["ply"]) == (variant_id, "local", 0)
    assert last.path_names() in [m["path"] for m in state["legal_moves"]]
    answer = client.post(
        f"/api/games/{state['id']}/moves/", move_body(last, 0), content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    after = answer.json()
    assert (after["status"], after["result"], after["termination"]) == (
        "finished",
        played.result,
        played.termination,
    )


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_pass_and_play_moves_from_the_start_in_the_games_own_notation(
    client, variant_id: str
) -> None:
    played = ending(variant_id)
    variant = variants.get(variant_id)
    made = client.post(
        "/api/games/local/", {"variant": variant_id}, content_type="application/json"
    )
    assert made.status_code == 201, made.content
    game_id = made.json()["id"]
    engine_game = variant.new_game()
    for ply, move in enumerate(played.moves[:4]):
        text = engine_game.move_text(move)
        engine_game.push(move)
        answer = client.post(
            f"/api/games/{game_id}/moves/", {"move": text, "ply": ply}, "application/json"
        )
        assert answer.status_code == 201, answer.content
        assert answer.json()["moves"][-1]["text"] == text
        assert answer.json()["fen"] == engine_game.fen()


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_export_then_import_gives_back_the_same_game(alice, variant_id: str) -> None:
    played = ending(variant_id)
    client = api(alice)
    made = client.post("/api/games/local/", {"variant": variant_id}, "json").json()
    for ply, move in enumerate(played.moves):
        answer = client.post(f"/api/games/{made['id']}/moves/", move_body(move, ply), "json")
        assert answer.status_code == 201, (ply, answer.content)
    exported = client.get(f"/api/games/{made['id']}/export/")
    assert exported.status_code == 200
    text = exported.content.decode()
    name = variants.get(variant_id).name
    assert f'[Variant "{name}"]' in text
    family = variants.get(variant_id).family
    assert ("[GameType " in text) == (family == "draughts" and variant_id in PDN_NUMBERED)
    # Downloaded from the game's page: a checkers game is a .pdn file, the others .pgn.
    kind = "PDN" if family == "draughts" else "PGN"
    download = client.get(f"/api/games/{made['id']}/export/?download=1")
    assert f'filename="{variant_id}-{made["id"]}.{kind.lower()}"' in download["Content-Disposition"]
    page = client.get(f"/game/{made['id']}/").content.decode()
    assert f"Download ({kind})</a>" in page
    imported = client.post("/api/games/import/", {"text": text}, "json")
    assert imported.status_code == 201, imported.content
    original = Game.objects.get(public_id=made["id"])
    copy = Game.objects.get(public_id=imported.json()["id"])
    assert (copy.variant, copy.result, copy.termination, copy.fen, copy.initial_fen) == (
        variant_id,
        played.result,
        played.termination,
        original.fen,
        original.initial_fen,
    )

    def moves(game: Game) -> list:
        return list(game.moves.order_by("ply").values_list("text", "path", "fen_after"))

    assert moves(copy) == moves(original)
    listed = client.get(f"/api/games/?variant={variant_id}&mode=imported").json()
    assert [game["id"] for game in listed["results"]] == [copy.public_id]
    assert listed["results"][0]["variant"] == variant_id


def test_a_pdn_game_named_by_its_game_type_with_a_draughts_result_is_imported(alice) -> None:
    text = '[Event "Club"]\n[GameType "20"]\n[Result "2-0"]\n\n1. 32-28 17-22 2. 28x17 11x22 2-0\n'
    answer = api(alice).post("/api/games/import/", {"text": text}, "json")
    assert answer.status_code == 201, answer.content
    game = Game.objects.get(public_id=answer.json()["id"])
    assert (game.variant, game.result, game.termination, game.ply) == (
        "international",
        "1-0",
        None,  # PDN's result says who won, not how: the ending stays unknown
        4,
    )
    assert list(game.moves.order_by("ply").values_list("text", flat=True)) == [
        "32-28",
        "17-22",
        "28x17",
        "11x22",
    ]


PDN_NUMBERED = {
    "international",
    "checkers",
    "italian",
    "russian",
    "brazilian",
    "canadian",
    "portuguese",
    "czech",
    "turkish",
    "thai",
}


def test_an_unknown_game_is_refused_naming_the_games(alice, client) -> None:
    for url, user in (
        ("/api/seeks/", alice),
        ("/api/challenges/", alice),
        ("/api/games/local/", None),
    ):
        answer = api(user).post(url, {"color": "white", "variant": "go"}, "json")
        assert answer.status_code == 400
        assert answer.json()["error"].startswith("Unknown game 'go'; the games are: chesskers, ")
    answer = client.get("/api/games/?variant=go")
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("variant is one of chesskers, checkers, ")


def test_a_bad_start_position_is_refused_with_the_engines_reason(client) -> None:
    answer = client.post(
        "/api/games/local/",
        {"variant": "international", "fen": "W:W51:B1"},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("Bad FEN: ")
    assert not Game.objects.exists()


def test_the_variants_list_names_every_game_with_its_board_and_start(client) -> None:
    listed = client.get("/api/variants/").json()
    assert [v["id"] for v in listed] == VARIANT_IDS
    by_id = {v["id"]: v for v in listed}
    assert by_id["international"] == {
        "id": "international",
        "name": "International Checkers",
        "family": "draughts",
        "board": {"files": 10, "ranks": 10},
        "start_fen": variants.get("international").start_fen,
    }
    assert by_id["alquerque"]["board"] == {"files": 5, "ranks": 5}


def test_a_hybrids_check_is_marked_and_each_game_has_its_own_moves_for_a_fen(client) -> None:
    checked = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"
    made = client.post(
        "/api/games/local/",
        {"variant": "byelorussian-cheskers", "fen": checked},
        content_type="application/json",
    ).json()
    assert made["check"] == "e8"
    # The same FEN as Chesskers: its own legal moves, cached apart from the hybrid's.
    chess = client.post("/api/games/local/", {"fen": checked}, "application/json").json()
    assert chess["check"] == "e8"
    assert {m["text"] for m in chess["legal_moves"]} == {"Kd7", "Kf7", "Kd8", "Kf8"}
    # Game Mix and Mix Chess write positions alike but move differently: here only Game Mix's
    # king may go to e2. Each game's legal moves are its own, though the FEN is the same.
    fen = "2s2lDL/c4p2/Nkc5/1d3n2/3spc2/S1C1PP2/C1P4C/3DKS2 w - - 1 24"
    texts = {}
    for variant_id in ("game-mix", "mix-chess"):
        state = client.post(
            "/api/games/local/", {"variant": variant_id, "fen": fen}, "application/json"
        ).json()
        texts[variant_id] = {m["text"] for m in state["legal_moves"]}
    assert texts["game-mix"] - texts["mix-chess"] == {"Ke2"}
    assert texts["mix-chess"] <= texts["game-mix"]


def test_a_rematch_is_of_the_same_game(alice, bob) -> None:
    _, game_id = seek_and_accept(alice, bob, "turkish")
    assert api(alice).post(f"/api/games/{game_id}/resign/").status_code == 200
    offer = api(alice).post(f"/api/games/{game_id}/rematch/")
    assert offer.status_code == 201, offer.content
    assert offer.json()["variant"] == "turkish"
    accepted = api(bob).post(f"/api/games/{game_id}/rematch/")
    assert accepted.status_code == 201, accepted.content
    rematch = Game.objects.exclude(public_id=game_id).get()
    assert (rematch.variant, rematch.fen) == ("turkish", variants.get("turkish").start_fen)
