"""The analysis board's engine (``engine.bot.lines``): in every game it reports each depth with
legal best lines in the game's own notation, announces a win in one as ``mate: 1`` (from White's
side), keeps its lines best first and distinct, and refuses what it cannot analyse."""

import pytest

from engine import variants
from engine.bot.lines import MAX_LINES, Control, analyse_lines, white_score
from engine.bot.search import MATE
from engine.errors import InvalidFenError
from tests.engine.bot.test_every_game import (
    ANTI_WIN_IN_TWO,
    WINS_IN_ONE,
    positions_of_play,
    wins_at_once,
)

GAMES = list(variants.VARIANTS.values())
IDS = [v.id for v in GAMES]
NODES = 4000  # a real search at every depth it reaches, the same on any machine
# Chesskers (docs/rules/chesskers.md §1.3): the rook jumps a3, a5 and a7 and lands on a8, mate.
CHESSKERS_MATE = "6k1/p4ppp/8/p7/8/p7/8/R6K w - - 0 1"
WIN_IN_ONE = {**WINS_IN_ONE, "chesskers": CHESSKERS_MATE}


def reports(fen: str, variant: str, lines: int = 1, nodes: int = NODES) -> list:
    return list(analyse_lines(fen, variant, lines=lines, time_limit=600, node_limit=nodes))


def replay(variant, fen: str, texts) -> list:
    """Plays a line's texts from ``fen``; every one must be a legal move where it stands."""
    position = variant.position(fen)
    played = []
    for text in texts:
        move = variant.parse_move(position, text)
        assert variant.move_text(position, move) == text  # the canonical text, as the site shows
        played.append(move)
        position = position.play(move)
    return played


@pytest.mark.parametrize("variant", GAMES, ids=IDS)
def test_every_game_is_analysed_from_its_start_and_the_middle_with_legal_best_lines(variant):
    positions = positions_of_play(variant)[:3]
    assert len(positions) >= 2  # the start and at least one position of play
    for position in positions:
        found = reports(position.fen(), variant.id, lines=2)
        assert found, position.fen()
        assert [r.depth for r in found] == list(range(1, len(found) + 1))
        last = found[-1]
        assert 1 <= len(last.lines) <= 2
        for line in last.lines:
            assert line.pv, position.fen()
            replay(variant, position.fen(), line.pv)
        firsts = [line.pv[0] for line in last.lines]
        assert len(set(firsts)) == len(firsts)  # each line starts with another move


@pytest.mark.parametrize("variant_id", sorted(WIN_IN_ONE), ids=sorted(WIN_IN_ONE))
def test_a_win_in_one_is_announced_as_mate_in_one_from_whites_side(variant_id):
    variant = variants.get(variant_id)
    fen = WIN_IN_ONE[variant_id]
    position = variant.position(fen)
    best = reports(fen, variant_id)[-1].lines[0]
    sign = 1 if position.side == 1 else -1
    assert best.mate == sign
    assert best.cp is None
    (move, *_) = replay(variant, fen, best.pv)
    assert wins_at_once(variant, position, move)


def test_every_game_but_anti_checkers_has_a_win_in_one_to_announce():
    assert set(WIN_IN_ONE) | {"anti-checkers"} == set(variants.VARIANTS)


def test_a_win_after_the_opponents_forced_reply_counts_the_winners_one_move():
    # Anti Checkers: White gives its last man away, Black must take it, White cannot move: won.
    best = reports(ANTI_WIN_IN_TWO, "anti-checkers", nodes=20_000)[-1].lines[0]
    assert best.mate == 1
    assert len(best.pv) == 2


def test_lines_are_best_first_for_the_side_to_move():
    for variant_id in ("chesskers", "international", "cheskers"):  # White and Black to move
        variant = variants.get(variant_id)
        side = variant.start_position().side
        last = reports(variant.start_fen, variant_id, lines=MAX_LINES)[-1]
        assert len(last.lines) == MAX_LINES
        scores = [line.cp * side for line in last.lines]
        assert scores == sorted(scores, reverse=True)


def test_a_position_with_fewer_legal_moves_than_lines_asked_gives_one_line_a_move():
    fen = "W:Wc3,h2:Bd4,a7:H0:F1"  # Russian: White must take d4, one way
    moves = variants.get("russian").position(fen).legal_moves()
    assert len(moves) < MAX_LINES
    last = reports(fen, "russian", lines=MAX_LINES)[-1]
    assert len(last.lines) == len(moves)


def test_scores_from_whites_side_count_mates_in_moves():
    assert white_score(MATE - 1, 1) == (None, 1)
    assert white_score(MATE - 1, -1) == (None, -1)
    assert white_score(-(MATE - 2), 1) == (None, -1)
    assert white_score(MATE - 3, 1) == (None, 2)
    assert white_score(35, -1) == (-35, None)


def test_the_search_stops_at_its_node_limit():
    few = reports(variants.DEFAULT.start_fen, "chesskers", nodes=300)
    more = reports(variants.DEFAULT.start_fen, "chesskers", nodes=30_000)
    assert few and more[-1].depth > few[-1].depth
    assert few[-1].nodes < 300


@pytest.mark.parametrize(
    "fen, variant_id, error",
    [
        ("not a fen", "chesskers", InvalidFenError),
        ("W:W31:B1:H0:F1", "no-such-game", ValueError),
        ("6k1/6Q1/6K1/8/8/8/8/8 b - - 0 1", "chesskers", ValueError),  # mated: no move
    ],
)
def test_what_cannot_be_analysed_is_refused(fen, variant_id, error):
    with pytest.raises(error):
        reports(fen, variant_id)


@pytest.mark.parametrize("lines", [0, 4])
def test_one_to_three_lines_are_asked(lines):
    with pytest.raises(ValueError):
        reports(variants.DEFAULT.start_fen, "chesskers", lines=lines)


def test_a_stopped_analysis_reports_nothing_more():
    control = Control()
    found = []
    for report in analyse_lines(
        variants.DEFAULT.start_fen,
        "chesskers",
        time_limit=600,
        node_limit=1_000_000,
        control=control,
    ):
        found.append(report)
        if report.depth == 2:
            control.stop()
    assert [r.depth for r in found] == [1, 2]


def test_an_analysis_stopped_before_it_starts_reports_nothing():
    control = Control()
    control.stop()
    assert list(analyse_lines(variants.DEFAULT.start_fen, "chesskers", control=control)) == []
