"""What the site asks a variant about its game (docs/engine.md, "What the site asks"): the style
and side to move of its FENs, how it is rated, its PDN number, its pieces' looks, the king in
check and whether a side can still win. Every game answers for itself; the lists of games come
from the registry."""

import random

import pytest

from engine import variants
from engine.errors import InvalidFenError
from engine.pieces import Color
from engine.variant import LOOKS, PieceKind

IDS = list(variants.VARIANTS)


def random_positions(variant_id: str, games: int = 6, plies: int = 60, seed: int = 5) -> list:
    """Returns the positions of seeded random games of a variant, captures preferred so that
    the games reach fights (and checks)."""
    variant = variants.get(variant_id)
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        game = variant.new_game()
        positions.append(game.position)
        for _ in range(plies):
            moves = game.legal_moves()
            if not moves or game.is_over():
                break
            captures = [m for m in moves if m.captured]
            game.push(rng.choice(captures or moves))
            positions.append(game.position)
    return positions


@pytest.mark.parametrize("variant_id", IDS)
def test_every_game_reads_the_side_to_move_of_its_fens_as_its_positions_do(variant_id):
    variant = variants.get(variant_id)
    positions = random_positions(variant_id, games=2, plies=30)
    sides = {position.turn for position in positions}
    assert sides == {Color.WHITE, Color.BLACK}
    for position in positions:
        assert variant.turn_of_fen(position.fen()) is position.turn
    assert variant.turn_of_fen("start") is variant.start_position().turn


@pytest.mark.parametrize("variant_id", IDS)
def test_every_game_writes_its_fens_in_its_fen_style(variant_id):
    variant = variants.get(variant_id)
    assert variant.fen_style in ("chess", "pdn")
    pdn = variant.fen_style == "pdn"
    for position in random_positions(variant_id, games=1, plies=10):
        fen = position.fen()
        assert (":" in fen) is pdn
        assert (fen.split(":")[0] in ("W", "B")) is pdn


@pytest.mark.parametrize("variant_id", IDS)
@pytest.mark.parametrize(
    "fen", ["", "   ", "rnbqkbnr/pppppppp", "8/8/8/8/8/8/8/8 x - - 0 1", "X:W1:B2", "W", 17]
)
def test_a_fen_whose_side_to_move_cannot_be_read_is_refused(variant_id, fen):
    with pytest.raises(InvalidFenError):
        variants.get(variant_id).turn_of_fen(fen)


@pytest.mark.parametrize("variant_id", IDS)
def test_a_fen_of_the_other_style_has_no_side_to_move_for_a_game(variant_id):
    variant = variants.get(variant_id)
    other = next(v for v in variants.VARIANTS.values() if v.fen_style != variant.fen_style)
    with pytest.raises(InvalidFenError):
        variant.turn_of_fen(other.start_fen)


def test_chesskers_alone_is_rated_by_speed_and_every_other_game_by_the_game():
    by_speed = [v.id for v in variants.VARIANTS.values() if v.rated_by_speed]
    assert by_speed == [variants.DEFAULT.id]


def test_the_draughts_games_pdn_numbers_name_their_game_type_and_no_other_game_has_one():
    # PDN's GameType numbers (its standard's table).
    numbered = {v.id: v.pdn_game_type for v in variants.VARIANTS.values() if v.pdn_game_type}
    assert numbered == {
        "international": "20",
        "checkers": "21",
        "italian": "22",
        "russian": "25",
        "brazilian": "26",
        "canadian": "27",
        "portuguese": "28",
        "czech": "29",
        "turkish": "30",
        "thai": "31",
    }
    assert all(variants.get(i).family == "draughts" for i in numbered)


@pytest.mark.parametrize("variant_id", IDS)
def test_every_piece_has_a_look_and_a_draughts_piece_looks_like_one(variant_id):
    variant = variants.get(variant_id)
    powers = getattr(getattr(variant, "rules", None), "pieces", ())
    jumps_as = {rule.piece: rule.jumps for rule in powers}
    for kind in variant.pieces:
        assert kind.look in LOOKS
        if variant.family == "draughts":
            assert kind.look == {"m": "man", "k": "draughts-king", "p": "parachutist"}[kind.symbol]
        elif jumps_as.get(kind.piece) is not None:
            # A hybrid's draughts piece, whatever the game calls it.
            assert kind.look == ("man" if jumps_as[kind.piece].name == "MAN" else "draughts-king")
        else:
            assert kind.look == kind.name


def test_a_piece_kind_with_a_look_the_site_cannot_draw_is_refused():
    kind = variants.DEFAULT.pieces[0]
    with pytest.raises(ValueError, match="unknown look 'dragon'"):
        PieceKind(kind.piece, kind.letter, kind.name, "dragon")


@pytest.mark.parametrize("variant_id", IDS)
def test_the_checked_king_is_the_side_to_moves_king_exactly_when_it_is_in_check(variant_id):
    variant = variants.get(variant_id)
    checks = 0
    for position in random_positions(variant_id):
        square = variant.checked_king(position)
        in_check = variant.family != "draughts" and position.is_check()
        assert (square is not None) is in_check
        if square is not None:
            checks += 1
            assert position.piece_at(square)[0] is position.turn
            assert position.piece_at(square)[1].symbol == "k"
    has_check = variant.family == "chesskers" or getattr(variant, "has_check", False)
    assert (checks > 0) is has_check


def test_a_chesskers_king_in_check_is_named_by_its_square():
    chesskers = variants.DEFAULT
    position = chesskers.position("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
    assert chesskers.checked_king(position) == position.king_square(Color.BLACK)
    assert chesskers.checked_king(chesskers.position("4k3/8/8/8/8/8/8/3R2K1 b - - 0 1")) is None


@pytest.mark.parametrize(
    ("variant_id", "fen", "white_can_win"),
    [
        ("chesskers", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", False),
        ("chesskers", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", False),
        ("chesskers", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", True),
        ("chesskers", "4k3/8/8/8/8/8/8/3BKB2 w - - 0 1", True),
        ("byelorussian-cheskers", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", False),
        ("byelorussian-cheskers", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", False),
        ("byelorussian-cheskers", "4k3/8/8/8/8/8/8/4KR2 w - - 0 1", True),
    ],
)
def test_a_side_can_win_unless_its_game_calls_its_material_insufficient(
    variant_id, fen, white_can_win
):
    variant = variants.get(variant_id)
    position = variant.position(fen)
    assert variant.can_win(position, Color.WHITE) is white_can_win
    assert variant.can_win(position, Color.BLACK) is False  # a lone king


@pytest.mark.parametrize("variant_id", [i for i in IDS if variants.get(i).family == "draughts"])
def test_in_the_draughts_family_any_piece_left_can_win(variant_id):
    variant = variants.get(variant_id)
    for position in random_positions(variant_id, games=2, plies=40):
        for color in Color:
            assert variant.can_win(position, color) is True
