"""The opening explorer (``GET /api/explorer/``): the moves the site's players chose in a
position of their online games' openings and how those games ended, counted as each game ends
and the same when recounted from the archive."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine import variants
from games.domain.clock import TimeControl
from games.domain.policy import EXPLORER_PLIES
from games.domain.schemas import MoveRequest
from games.models import Game, OpeningMove
from games.services.core import Actor
from games.services.play import game_abort, game_create_local, game_draw, game_resign
from games.services.round import game_play
from games.storage.openings import counted, position_key, rebuild_openings
from tests.factories import api_client, make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db

BLITZ = TimeControl(initial=180, increment=2)


def play(game: Game, *texts: str) -> Game:
    """Plays ``texts`` in turn in ``game``, each by the side to move, as a player sends it."""
    for text in texts:
        game.refresh_from_db()
        mover = game.white if game.turn == "white" else game.black
        game_play(
            game_id=game.public_id,
            actor=Actor.of(mover),
            move=MoveRequest.of(ply=game.ply, text=text),
        )
    game.refresh_from_db()
    return game


def play_randomly(game: Game, plies: int, seed: int) -> list[str]:
    """Plays up to ``plies`` random legal moves (fewer if the game ends); returns their texts."""
    rng = random.Random(seed)
    variant = variants.get(game.variant)
    played: list[str] = []
    eg = variant.new_game(game.fen)
    for _ in range(plies):
        if eg.is_over():
            break
        move = rng.choice(sorted(eg.legal_moves(), key=eg.move_text))
        text = eg.move_text(move)
        play(game, text)
        eg.push(move)
        played.append(text)
        game.refresh_from_db()
        if game.status != Game.Status.LIVE:
            break
    return played


def resign(game: Game, loser) -> Game:
    game_resign(game_id=game.public_id, actor=Actor.of(loser))
    game.refresh_from_db()
    return game


def explorer(**query) -> dict:
    answer = api_client().get("/api/explorer/", query)
    assert answer.status_code == 200, answer.content
    return answer.json()


def fen_after(game: Game, ply: int) -> str:
    return game.moves.get(ply=ply - 1).fen_after


def test_a_finished_game_counts_each_move_of_its_opening_with_its_result(alice, bob) -> None:
    game = resign(play(start_game(alice, bob), "e4", "e5", "Nf3"), bob)  # White won
    start = explorer()
    assert start["fen"] == variants.get("chesskers").start_fen
    assert start["moves"] == [{"move": "e4", "games": 1, "white": 1, "draws": 0, "black": 0}]
    assert (start["games"], start["white"], start["draws"], start["black"]) == (1, 1, 0, 0)
    assert start["plies"] == EXPLORER_PLIES
    assert [g["id"] for g in start["latest"]] == [game.public_id]
    assert start["latest"][0] | {"finished_at": None} == {
        "id": game.public_id,
        "move": "e4",
        "white": "alice",
        "black": "bob",
        "result": "1-0",
        "speed": "unlimited",
        "finished_at": None,
    }
    after_e5 = explorer(fen=fen_after(game, 2))
    assert [m["move"] for m in after_e5["moves"]] == ["Nf3"]
    after_nf3 = explorer(fen=fen_after(game, 3))
    assert after_nf3["moves"] == [] and after_nf3["games"] == 0 and after_nf3["latest"] == []


def test_moves_are_listed_most_played_first_with_each_result(alice, bob, carol) -> None:
    resign(play(start_game(alice, bob), "e4"), alice)  # Black won
    resign(play(start_game(bob, carol), "e4"), bob)  # Black won
    drawn = play(start_game(carol, alice), "d4")
    game_draw(game_id=drawn.public_id, actor=Actor.of(carol), action="offer")
    game_draw(game_id=drawn.public_id, actor=Actor.of(alice), action="accept")
    start = explorer()
    assert start["moves"] == [
        {"move": "e4", "games": 2, "white": 0, "draws": 0, "black": 2},
        {"move": "d4", "games": 1, "white": 0, "draws": 1, "black": 0},
    ]
    assert (start["games"], start["white"], start["draws"], start["black"]) == (3, 0, 1, 2)
    # The newest game of each move, the newest first: the draw's d4, then the second e4.
    assert [(g["move"], g["result"]) for g in start["latest"]] == [("d4", "1/2-1/2"), ("e4", "0-1")]
    assert start["latest"][0]["id"] == drawn.public_id


def test_transpositions_meet_and_a_repeated_position_counts_once(alice, bob) -> None:
    # Two orders of the same four moves reach the same position, with the same move after it.
    first = resign(play(start_game(alice, bob), "Nf3", "Nf6", "Nc3", "Nc6", "e4"), bob)
    second = resign(play(start_game(bob, alice), "Nc3", "Nc6", "Nf3", "Nf6", "e4"), bob)
    assert fen_after(first, 4).split()[:4] == fen_after(second, 4).split()[:4]
    meeting = explorer(fen=fen_after(first, 4))
    assert meeting["moves"] == [{"move": "e4", "games": 2, "white": 1, "draws": 0, "black": 1}]
    # Knights out and back: the start comes again, and Nf3 is played from it a second time.
    back = resign(play(start_game(alice, bob), "Nf3", "Nf6", "Ng1", "Ng8", "Nf3"), alice)
    nf3 = {m["move"]: m for m in explorer()["moves"]}["Nf3"]
    assert nf3 == {"move": "Nf3", "games": 2, "white": 1, "draws": 0, "black": 1}
    assert back.result == "0-1"


def test_only_the_first_plies_of_a_game_are_counted(alice, bob) -> None:
    game = start_game(alice, bob)
    played = play_randomly(game, EXPLORER_PLIES + 6, seed=3)
    assert len(played) == EXPLORER_PLIES + 6, "the random line ended early; pick another seed"
    resign(game, alice)
    last_counted = explorer(fen=fen_after(game, EXPLORER_PLIES - 1))
    assert [m["move"] for m in last_counted["moves"]] == [played[EXPLORER_PLIES - 1]]
    assert explorer(fen=fen_after(game, EXPLORER_PLIES))["moves"] == []
    rows = OpeningMove.objects.filter(last_game=game)
    assert rows.count() == len(set(zip(positions_of(game), played[:EXPLORER_PLIES], strict=True)))


def positions_of(game: Game) -> list[str]:
    """The explorer's keys of the positions before each of the game's first counted plies."""
    fens = [game.initial_fen, *game.moves.order_by("ply").values_list("fen_after", flat=True)]
    return [position_key(game.variant, fen) for fen in fens[:EXPLORER_PLIES]]


def test_games_nobody_played_here_from_the_start_are_not_counted(alice, bob) -> None:
    aborted = play(start_game(alice, bob), "e4")
    game_abort(game_id=aborted.public_id, actor=Actor.of(bob))
    live = play(start_game(alice, bob), "d4")
    after_e4 = play(start_game(alice, bob), "e4").fen
    from_position = play(start_game(alice, bob, fen=after_e4), "e5")
    resign(from_position, alice)
    local = game_create_local(actor=Actor.of(alice))
    game_play(game_id=local.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    game_resign(game_id=local.public_id, actor=Actor.of(alice))
    local.refresh_from_db()
    assert local.status == Game.Status.FINISHED and local.ply == 1
    assert explorer()["moves"] == []
    assert explorer(fen=after_e4)["moves"] == []
    assert live.status == Game.Status.LIVE
    assert OpeningMove.objects.count() == 0


def test_speeds_are_counted_apart_and_chosen_together(alice, bob) -> None:
    resign(play(start_game(alice, bob, clock=BLITZ), "e4"), bob)
    resign(play(start_game(alice, bob), "d4"), bob)
    assert [m["move"] for m in explorer(speeds="blitz")["moves"]] == ["e4"]
    assert [m["move"] for m in explorer(speeds="unlimited")["moves"]] == ["d4"]
    both = explorer(speeds="blitz,unlimited")
    assert {m["move"] for m in both["moves"]} == {"e4", "d4"}
    assert both["speeds"] == ["blitz", "unlimited"]
    assert explorer(speeds="bullet")["moves"] == []
    assert explorer()["games"] == 2


@pytest.mark.parametrize("variant_id", list(variants.VARIANTS))
def test_every_game_counts_as_it_ends_as_the_archive_recounts_it(variant_id) -> None:
    players = [make_user(f"p{n}") for n in range(3)]
    for seed in range(3):
        game = start_game(players[seed], players[(seed + 1) % 3], variant=variant_id)
        play_randomly(game, 12, seed=seed)
        if game.status == Game.Status.LIVE:
            resign(game, players[seed])
    counted = sorted(
        OpeningMove.objects.values_list(
            "variant", "position", "speed", "move", "white_wins", "draws", "black_wins"
        )
    )
    assert counted, "no game was counted"
    assert {row[0] for row in counted} == {variant_id}
    start = explorer(variant=variant_id)
    assert start["games"] == 3
    assert start["fen"] == variants.get(variant_id).start_fen
    rebuild_openings()
    assert (
        sorted(
            OpeningMove.objects.values_list(
                "variant", "position", "speed", "move", "white_wins", "draws", "black_wins"
            )
        )
        == counted
    )


def test_a_position_is_found_whatever_its_counters_and_however_its_fen_is_written(
    alice, bob
) -> None:
    game = resign(play(start_game(alice, bob), "e4", "e5", "Nf3"), bob)
    fen = fen_after(game, 2)
    other_counters = " ".join([*fen.split()[:-2], "7", "40"])
    assert explorer(fen=other_counters)["moves"] == explorer(fen=fen)["moves"] != []
    draughts = start_game(alice, bob, variant="international")
    play_randomly(draughts, 2, seed=1)
    resign(draughts, bob)
    # The start written with its pieces in another order is the same position.
    start = variants.get("international").start_fen
    head, white, black, *counters = start.split(":")
    shuffled = ":".join([head, "W" + ",".join(reversed(white[1:].split(","))), black, *counters])
    assert shuffled != start
    assert explorer(variant="international", fen=shuffled)["games"] == 1


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ({"fen": "not a position"}, "Bad FEN"),
        ({"variant": "international", "fen": "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1"}, "Bad FEN"),
        ({"variant": "go"}, "Unknown game"),
        ({"speeds": "blitz,lightning"}, "Unknown speed"),
        ({"speeds": ","}, "Unknown speed"),
        ({"fen": "8/8/8/8/8/8/8/8 w - - 0 " + "9" * 40}, "FEN"),
    ],
)
def test_a_bad_question_is_refused_saying_why(query, words) -> None:
    answer = api_client().get("/api/explorer/", query)
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_the_explorer_is_throttled_by_address(settings) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "explorer_address": "3/60"}
    client = api_client()
    codes = [client.get("/api/explorer/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


@pytest.mark.services
def test_the_explorer_reads_its_positions_rows_by_index_not_the_table(alice, bob) -> None:
    resign(play(start_game(alice, bob), "e4", "e5"), bob)
    OpeningMove.objects.bulk_create(
        OpeningMove(variant="chesskers", position=f"{n:032x}", speed=speed, move=move, white_wins=1)
        for n in range(4000)
        for speed in ("blitz", "rapid")
        for move in ("e4", "d4")
    )
    table = OpeningMove._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {table}")
    with CaptureQueriesContext(connection) as queries:
        assert explorer()["games"] == 1
    reads = [q["sql"] for q in queries.captured_queries if f'"{table}"' in q["sql"]]
    assert len(reads) == 1, reads  # the position's rows (then their games, by primary key)
    for sql in reads:
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN {sql}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
        assert "opening_move_unique" in plan and "Seq Scan" not in plan, plan


def test_a_start_written_otherwise_counts_and_one_that_cannot_be_read_never_stops_an_end(
    alice, bob
) -> None:
    start = variants.get("chesskers").start_fen
    other_counters = start.rsplit(" ", 2)[0] + " 0 7"
    counted_game = resign(play(start_game(alice, bob, fen=other_counters), "e4"), bob)
    assert counted_game.result == "1-0"
    assert [m["move"] for m in explorer()["moves"]] == ["e4"]
    # A start the engine cannot read (no game here has one) is not counted, and raises nothing:
    # the explorer is asked in the transaction that ends the game.
    unreadable = Game(
        mode="online", status="finished", result="1-0", white=alice, black=bob,
        variant="international", initial_fen="W:Wnonsense:B1",
    )  # fmt: skip
    assert counted(unreadable) is False
