"""The variant interface (docs/engine.md): every game answers it alike, and the registry lists
them all for the command line and the site."""

import pickle
import random

import pytest

import engine
from engine import variants
from engine.chesskers import CHESSKERS
from engine.draughts.games import DRAUGHTS
from engine.errors import InvalidFenError, UnknownVariantError
from engine.moves import Move
from engine.variant import Outcome

IDS = list(variants.VARIANTS)


def test_the_registry_lists_chesskers_and_every_game_of_the_draughts_family():
    assert IDS[0] == "chesskers"
    families = [variants.VARIANTS[i].family for i in IDS]
    assert families.count("chesskers") == 1
    assert families.count("draughts") == len(DRAUGHTS) > 0
    assert len(set(IDS)) == len(IDS)


def test_an_unknown_id_is_refused_naming_the_known_ones():
    with pytest.raises(UnknownVariantError, match="known: chesskers, checkers"):
        variants.get("chess")
    assert isinstance(UnknownVariantError("x"), ValueError)


def test_the_summaries_are_what_the_api_lists():
    summary = variants.summaries()[IDS.index("international")]
    assert summary == {
        "id": "international",
        "name": "International Checkers",
        "family": "draughts",
        "board": {"files": 10, "ranks": 10},
        "start_fen": variants.get("international").start_fen,
    }


@pytest.mark.parametrize("variant_id", IDS)
def test_every_variant_starts_a_game_and_describes_its_board_and_pieces(variant_id):
    variant = variants.get(variant_id)
    game = variant.new_game()
    assert game.variant is variant
    assert game.fen() == variant.start_fen
    assert game.outcome() == Outcome("ongoing")
    assert game.outcome().is_over is False
    described = variant.describe()
    assert len(described["board"]["squares"]) == len(variant.board.squares)
    pieces = {square: piece for square, piece in game.position.pieces().items()}
    symbols = {kind["symbol"] for kind in described["pieces"]}
    assert {piece.symbol for _, piece in pieces.values()} <= symbols
    assert all(variant.board.is_used(square) for square in pieces)


@pytest.mark.parametrize("variant_id", IDS)
def test_every_variants_moves_share_one_shape_and_name_their_squares(variant_id):
    variant = variants.get(variant_id)
    game = variant.new_game()
    for move, text in game.describe_legal_moves():
        assert isinstance(move, Move)
        assert move.kind in engine.MoveKind
        assert len(move.path_names()) == len(move.path)
        assert all(
            variant.board.parse_square(name) == sq
            for name, sq in zip(move.path_names(), move.path, strict=True)
        )
        assert game.parse_move(move.machine()) == move
        assert game.move_text(move) == text
        assert pickle.loads(pickle.dumps(move)) == move


@pytest.mark.parametrize("variant_id", IDS)
def test_every_variant_rebuilds_a_game_from_its_fens(variant_id):
    variant = variants.get(variant_id)
    game = variant.new_game()
    fens = []
    for _ in range(4):
        if game.is_over():
            break
        game.push(game.legal_moves()[0])
        fens.append(game.fen())
    rebuilt = variant.game_from_fens(variant.start_fen, fens)
    assert (rebuilt.fen(), rebuilt.ply, rebuilt.outcome()) == (game.fen(), game.ply, game.outcome())
    assert rebuilt.pop() is None


@pytest.mark.parametrize("variant_id", IDS)
def test_a_rebuilt_game_counts_repetitions_and_takes_back_as_the_played_one(variant_id):
    # Rebuilding reads only the last FEN and counts the others by their text
    # (``Variant.key_of_fen``): every key must be the one the position gives, and popping back
    # through the rebuilt game must meet the played game's positions and repetition counts.
    variant = variants.get(variant_id)
    rng = random.Random(variant_id)
    for _ in range(3):
        game = variant.new_game()
        fens, seen = [], []
        while len(fens) < 60 and not game.is_over():
            game.push(rng.choice(game.legal_moves()))
            fens.append(game.fen())
            seen.append((game.fen(), game.repetitions(), game.status()))
            assert variant.key_of_fen(game.fen()) == game.position.key()
        rebuilt = variant.game_from_fens(variant.start_fen, fens)
        while seen:
            assert (rebuilt.fen(), rebuilt.repetitions(), rebuilt.status()) == seen.pop()
            assert rebuilt.position == variant.position(rebuilt.fen())
            rebuilt.pop()
        assert rebuilt.fen() == variant.position(variant.start_fen).fen()


@pytest.mark.parametrize(
    ("variant_id", "fen"),
    [
        ("russian", "W:WKa1,c3:Bb8,Kh8"),  # squares by name, kings of both sides
        ("international", "B:W31,K46:BK5,19"),  # by number, Black to move
        ("parachute", None),  # parachutists
        ("checkers", "W:W:B1"),  # a side with no piece left
    ],
)
def test_the_key_of_a_written_fen_is_its_positions(variant_id, fen):
    variant = variants.get(variant_id)
    position = variant.position(fen) if fen else variant.start_position()
    assert variant.key_of_fen(position.fen()) == position.key()


def test_a_rebuilt_game_finds_a_repetition_through_positions_it_never_read():
    variant = variants.get("chesskers")
    played = variant.new_game()
    fens = []
    for text in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
        played.push_text(text)
        fens.append(played.fen())
    rebuilt = variant.game_from_fens(variant.start_fen, fens[:-1])
    assert rebuilt.repetitions() == 2
    rebuilt.push_text("Ng8")
    assert rebuilt.repetitions() == 3 and rebuilt.status() is engine.Status.THREEFOLD


@pytest.mark.parametrize("variant_id", IDS)
def test_every_variant_refuses_a_bad_fen(variant_id):
    with pytest.raises(InvalidFenError):
        variants.get(variant_id).position("not a position")


def test_big_boards_name_their_squares_up_to_l12():
    canadian = variants.get("canadian")
    assert canadian.board.names[-1] == "l12"
    move = canadian.new_game().legal_moves()[0]
    assert type(move).__name__ == "Move12x12"
    assert move.machine() == "-".join(move.path_names())


def test_a_chesskers_game_keeps_its_status_enum_and_the_outcome_adds_the_reason():
    game = engine.Game(CHESSKERS, "7k/5K2/8/8/6N1/8/8/8 w - - 0 1")
    game.push_text("Nh6")
    assert game.status() is engine.Status.CHECKMATE
    assert game.outcome() == Outcome("checkmate", engine.Color.WHITE, "checkmate")
    drawn = engine.Game(CHESSKERS, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert drawn.outcome() == Outcome("insufficient-material", None, "insufficient-material")
    assert drawn.outcome().is_draw
