"""The bot in every game but Chesskers (whose own tests are test_bot.py): a legal move from the
start and from positions of real play at every kind of level, the win when one move wins, the
levels' bounds and bad input refused, the command line's ``bestmove --variant``, Gothic's
late-move reductions and Game Mix's contempt for draws."""

import random
import subprocess
import sys

import pytest

from engine import variants
from engine.bot import analyse, choose_move, think
from engine.bot.generic import CONTEMPT, REDUCED, GenericSearcher
from engine.bot.search import Limits
from engine.errors import InvalidFenError, UnknownVariantError
from engine.variant import Variant

OTHER_GAMES = [v for v in variants.VARIANTS.values() if v is not variants.DEFAULT]
IDS = [v.id for v in OTHER_GAMES]
NODES = 3000  # enough for a real search, machine-independent (no clock)

# A position of each game where one move wins at once and at least two others do not (found by
# random play and checked by the test itself). Anti Checkers has none: there the side left
# without a move wins, so the mover can win only after the opponent's reply (below).
WINS_IN_ONE = {
    "checkers": "B:W13:B1,2,5,K6,12,16:H0:F23",
    "czech": "B:Wa5:Ba3,g5,Kf6,h6,a7,c7,f8:H0:F21",
    "corner": "W:Wg1,Ke3,g3,e7,f8:Ba1,b2:H0:F21",
    "one-way": "W:WKa1,e1,f2,h4,g5,h6,Kb8:Ba7:H0:F19",
    "parachute": "W:Wh4,e5,Kb6,e7,g7,Pd8,Pf8:BPc1,Pe1,d2,h2:H0:F18",
    "gothic": "B:Wb4,c6:BKc1,g2,f3,b6,a7,b7,d7,h8:H0:F52",
    "turkish": "W:Wa1,a3,b1,c2:Ba2:H0:F10",
    "alquerque": "W:Wb1,e1,a4:Ba1:H0:F15",
    "hawaiian": (
        "B:Wc1,e1,g1,h2,c3,h4,f6,h6,e7,b8,d8,f8,h8:Bd1,f1,h1,a4,e4,h5,c6,f7,h7,a8,e8:H0:F18"
    ),
    "international": "W:W25,30,36,37,38,40,41:B26:H0:F46",
    "russian": "B:Wh4:Bg5,d6,g7:H0:F24",
    "canadian": "B:W31:B6,7,8,9,11,14,15,16,17,25,30,35,K42:H0:F70",
    "thai": "W:We1,g1,c3,b4,Kg7:Ba5:H0:F17",
    "brazilian": "W:Wc1,d2,a3,Kc5:Bh2:H0:F24",
    "portuguese": "B:W17:B15,K16,19,25,26,27:H0:F23",
    "italian": "B:W9:B1,2,4,5,11,26,K28,K29:H0:F20",
    "dameo": "W:Wa1,b1,c1,h1,b2,c2,b3,d3,e3,f4,Kg5:Bc4:H0:F25",
    "cheskers": "3k1k1b/p1p1c1p1/5p2/6p1/8/P3P1P1/1P1K1P1P/B3b3 b - - 1 7",
    "byelorussian-cheskers": ("r1b1kmRm/4m2B/4pm1m/mp2m3/p4PP1/N7/PMP1PM1M/M2Q1K1R w - - 0 28"),
    "game-mix": "1k6/s7/2SNd1D1/D7/3P4/4P3/C3K3/5DS1 w - - 17 78",
    "mix-chess": "l1skdsnl/1c1np1c1/5p2/5cN1/2pp1P2/2c1P2C/CCD3SC/1NS1K2L w - - 2 15",
}
# Anti Checkers: White gives its last man away; Black must take it, and White, left without a
# move, wins.
ANTI_WIN_IN_TWO = "W:W9,22:B1,2,6,7,20,23,25:H0:F24"


def positions_of_play(variant: Variant, seed: int = 7) -> list:
    """Returns the start and the positions after 10, 25 and 40 plies of seeded random play
    (those reached before the game ends)."""
    rng = random.Random(seed)
    position = variant.start_position()
    out = [position]
    for ply in range(1, 41):
        moves = position.legal_moves()
        if not moves or variant.outcome(position, 1).is_over:
            break
        position = position.play_unchecked(rng.choice(moves))
        if ply in (10, 25, 40) and position.has_legal_move():
            out.append(position)
    return out


def wins_at_once(variant: Variant, position, move) -> bool:
    after = variant.outcome(position.play_unchecked(move), 1)
    return after.is_over and after.winner is position.turn


def test_every_game_but_chesskers_has_a_win_in_one_position_listed():
    assert set(WINS_IN_ONE) | {"anti-checkers"} == set(IDS)


@pytest.mark.parametrize("variant", OTHER_GAMES, ids=IDS)
def test_the_bot_plays_a_legal_move_from_the_start_and_from_real_play(variant):
    positions = positions_of_play(variant)
    assert len(positions) >= 2
    for position in positions:
        for level in (1, 4, 8):
            result = think(position.fen(), level, seed=level, node_limit=NODES, variant=variant.id)
            assert position.is_legal(result.move), (position.fen(), level, result.move)
        # The entry point the site calls answers in machine form, read back by the game.
        machine = choose_move(position.fen(), 4, seed=1, time_limit=0.05, variant=variant.id)
        assert position.is_legal(variant.parse_move(position, machine))


@pytest.mark.parametrize("variant_id", sorted(WINS_IN_ONE))
@pytest.mark.parametrize("level", [5, 8])
def test_the_bot_takes_a_win_in_one(variant_id, level):
    variant = variants.get(variant_id)
    fen = WINS_IN_ONE[variant_id]
    position = variant.position(fen)
    verdicts = [wins_at_once(variant, position, m) for m in position.legal_moves()]
    assert any(verdicts) and verdicts.count(False) >= 2  # the choice is a real one
    move = think(fen, level, seed=1, node_limit=20_000, variant=variant_id).move
    assert wins_at_once(variant, position, move), move.machine()


def test_the_anti_checkers_bot_gives_its_last_man_away_to_win():
    variant = variants.get("anti-checkers")
    position = variant.position(ANTI_WIN_IN_TWO)
    move = think(ANTI_WIN_IN_TWO, 8, seed=1, node_limit=20_000, variant="anti-checkers").move
    after = position.play_unchecked(move)
    replies = after.legal_moves()
    assert replies
    for reply in replies:
        assert variant.outcome(after.play_unchecked(reply), 1).winner is position.turn
    assert len(position.legal_moves()) == 3  # and two other moves that do not win


@pytest.mark.parametrize("variant_id", ["checkers", "international", "cheskers", "game-mix"])
def test_the_analysis_scores_a_win_in_one_from_whites_side(variant_id):
    fen = WINS_IN_ONE[variant_id]
    variant = variants.get(variant_id)
    position = variant.position(fen)
    score, machine, depth = analyse(fen, depth=3, variant=variant_id)
    sign = 1 if position.side == 1 else -1
    assert score * sign > 90_000  # a win in one ply, for the side to move
    assert wins_at_once(variant, position, variant.parse_move(position, machine))
    assert depth >= 1


def test_bad_levels_variants_and_positions_are_refused():
    start = variants.get("international").start_fen
    for level in (0, 9, True, "3"):
        with pytest.raises(ValueError, match="level must be an integer from 1 to 8"):
            think(start, level, variant="international")  # type: ignore[arg-type]
    with pytest.raises(UnknownVariantError, match="unknown variant 'chess'"):
        choose_move(start, 3, variant="chess")
    with pytest.raises(InvalidFenError):
        choose_move("W:W51:B1:H0:F1", 3, variant="international")
    won = "B:Wa1,a3,b2,c2:Ba2:H0:F10"  # Turkish, after White's winning b1-b2
    with pytest.raises(ValueError, match="no legal move"):
        choose_move(won, 3, variant="turkish")
    with pytest.raises(ValueError, match="node limit must be positive"):
        think(start, 8, node_limit=0, variant="international")


def test_the_same_seed_gives_the_same_move_at_the_noisy_levels():
    fen = variants.get("russian").start_fen
    for level in (1, 2, 3):
        first = [
            think(fen, level, seed=s, node_limit=NODES, variant="russian").move for s in range(3)
        ]
        again = [
            think(fen, level, seed=s, node_limit=NODES, variant="russian").move for s in range(3)
        ]
        assert first == again


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("variant_id", ["checkers", "turkish", "byelorussian-cheskers"])
def test_bestmove_with_a_variant_prints_the_move_in_the_games_notation(variant_id):
    fen = WINS_IN_ONE[variant_id]
    done = run("--variant", variant_id, "bestmove", fen, "--level", "8", "--time", "1")
    assert done.returncode == 0, done.stderr
    variant = variants.get(variant_id)
    position = variant.position(fen)
    texts = dict((text, move) for move, text in variant.describe_moves(position))
    text = done.stdout.strip()
    assert text in texts  # the canonical text of a legal move
    assert wins_at_once(variant, position, texts[text])


def test_bestmove_from_the_start_of_a_game():
    done = run("--variant", "alquerque", "bestmove", "start", "--level", "2", "--seed", "4")
    assert done.returncode == 0, done.stderr
    variant = variants.get("alquerque")
    texts = [text for _, text in variant.describe_moves(variant.start_position())]
    assert done.stdout.strip() in texts


def test_gothic_searches_late_quiet_moves_shallower_and_no_other_game_does():
    # Late-move reductions: at the same depth, Gothic's search visits far fewer nodes with them
    # than without, and still finds a win in one among its many moves (test above).
    gothic = variants.get("gothic")
    counts = {True: 0, False: 0}
    for position in positions_of_play(gothic):
        for reduces in (True, False):
            searcher = GenericSearcher(gothic, position, limits=Limits(depth=4))
            searcher.reduces = reduces
            result = searcher.search()
            assert result.depth == 4 and position.is_legal(result.move)
            counts[reduces] += result.nodes
    assert counts[True] < 0.8 * counts[False], counts
    assert {"gothic"} == REDUCED
    assert not GenericSearcher(
        variants.get("dameo"), variants.get("dameo").start_position()
    ).reduces


def test_game_mix_plays_on_a_little_behind_and_takes_the_draw_far_behind():
    # White to move can end each game drawn by joining every piece, as many pieces each. With a
    # knight and a checker against a liner and a knight, 240 behind, the bot plays on; with a
    # pawn and a checker against a liner and a dama, 590 behind, it takes the draw. A draw is
    # worth CONTEMPT less than nothing to the side searching, in Game Mix only.
    game_mix = variants.get("game-mix")
    for fen, takes_draw in (
        ("8/8/2kl1K2/2N2n2/2C5/8/8/8 w - - 0 1", False),
        ("8/8/4PC2/8/2klK3/2d5/8/8 w - - 0 1", True),
    ):
        position = game_mix.position(fen)
        drawing = [
            move
            for move in position.legal_moves()
            if game_mix.outcome(position.play(move), 1).status == "connection-draw"
        ]
        assert drawing
        decision = think(fen, 8, seed=1, node_limit=NODES, variant="game-mix")
        assert (decision.move in drawing) is takes_draw, (fen, decision)
        if takes_draw:
            assert decision.score == -CONTEMPT["game-mix"]
            # Analysis has no contempt: the draw is worth nothing to either side.
            assert analyse(fen, depth=3, variant="game-mix")[0] == 0
        else:
            assert decision.score > -CONTEMPT["game-mix"]
    assert {"game-mix"} == set(CONTEMPT)
