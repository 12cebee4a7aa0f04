"""Move text of the hybrids (docs/rules/hybrids.md §0.4): letters, disambiguation, check marks,
and the parser — canonical text with or without its mark, and the machine form."""

import pytest

from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveTextError
from tests.engine.hybrids.helpers import position, texts, variant


def parse(game: str, fen: str, text: str) -> str:
    """Returns the machine form of the move ``text`` names in ``fen``."""
    pos = position(game, fen)
    return variant(game).parse_move(pos, text).machine()


# --- writing -------------------------------------------------------------------------------------
def test_pawn_steps_of_cheskers_and_draughtsmen_name_their_file_when_two_reach_one_square():
    assert {"bc5", "dc5"} <= texts("cheskers", variant("cheskers").start_fen)
    assert {"Mab4", "Mcb4", "Mh4"} <= texts(
        "byelorussian-cheskers", variant("byelorussian-cheskers").start_fen
    )


def test_two_pieces_on_one_file_name_their_rank():
    assert texts("cheskers", "7k/2C5/8/8/8/8/8/K1C5 w - - 0 1") == {
        "Kb2",
        "Cf2",
        "C1b4",
        "C1d4",
        "C7b4",
        "C7d4",
        "Cf6",
        "Cf8",
    }


def test_a_piece_sharing_file_and_rank_with_others_names_both():
    found = texts("byelorussian-cheskers", "4k3/8/8/1N3N2/8/1N6/8/4K3 w - - 0 1")
    assert {"N3d4", "Nb5d4", "Nfd4"} <= found
    assert not any(t.endswith("d4") and len(t) == 3 for t in found)


def test_checkmate_is_marked_with_a_hash_and_check_with_a_plus():
    assert {"Ra8#", "Ra2"} <= texts("byelorussian-cheskers", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1")
    assert "Sg7#" in texts("game-mix", "7k/8/5SK1/8/8/8/8/8 w - - 0 1")
    assert "La5+" in texts("game-mix", variant("game-mix").start_fen)


def test_cheskers_has_no_check_marks():
    assert texts("cheskers", "8/8/8/4k3/3P4/8/8/K7 w - - 0 1") == {"d4:f6"}


def test_move_text_gives_one_move_its_canonical_text():
    game = variant("byelorussian-cheskers")
    pos = game.position("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1")
    move = game.parse_move(pos, "a1-a8")
    assert game.move_text(pos, move) == "Ra8#"
    assert game.move_text(pos, game.parse_move(pos, "e1-c1")) == "O-O-O"


# --- reading -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Ra8#", "Ra8+", "Ra8", "a1-a8", "A1-A8", " Ra8 "])
def test_canonical_text_with_or_without_its_mark_and_the_machine_form_are_read(text):
    assert parse("byelorussian-cheskers", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", text) == "a1-a8"


@pytest.mark.parametrize(
    ("text", "machine"),
    [
        ("b6:d8=K", "b6-d8-k"),
        ("b6-d8-b", "b6-d8-b"),
        ("b6-d8c", "b6-d8-c"),
        ("B6-D8-K", "b6-d8-k"),
    ],
)
def test_a_chosen_promotion_is_read_in_every_form(text, machine):
    assert parse("cheskers", "7k/2p1p3/1P6/8/8/8/8/K7 w - - 0 1", text) == machine


def test_a_promotion_with_a_choice_needs_its_letter():
    with pytest.raises(AmbiguousMoveError):
        parse("cheskers", "7k/2p1p3/1P6/8/8/8/8/K7 w - - 0 1", "b6-d8")
    with pytest.raises(AmbiguousMoveError):
        parse("byelorussian-cheskers", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8")
    with pytest.raises(IllegalMoveError):
        parse("byelorussian-cheskers", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=M")


def test_a_letter_on_a_promotion_without_a_choice_is_refused():
    fen = "k7/1C6/8/8/8/8/8/7K w - - 0 1"
    assert parse("game-mix", fen, "b7-c8") == "b7-c8"
    assert parse("game-mix", fen, "Cc8") == "b7-c8"
    with pytest.raises(IllegalMoveError):
        parse("game-mix", fen, "b7-c8-d")


def test_castling_is_read_as_text_and_as_the_kings_path():
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    for text in ("O-O", "0-0", "e1-g1"):
        assert parse("byelorussian-cheskers", fen, text) == "e1-g1"


def test_a_fuller_origin_than_needed_is_read():
    start = variant("byelorussian-cheskers").start_fen
    assert parse("byelorussian-cheskers", start, "Ma3b4") == "a3-b4"
    assert parse("byelorussian-cheskers", start, "Mh4") == "g3-h4"


@pytest.mark.parametrize(
    ("game", "text", "error"),
    [
        ("byelorussian-cheskers", "Mb4", AmbiguousMoveError),  # a3 or c3
        ("byelorussian-cheskers", "Mb5", IllegalMoveError),
        ("byelorussian-cheskers", "Pb4", InvalidMoveTextError),  # pawns have no letter
        ("byelorussian-cheskers", "Lb4", InvalidMoveTextError),  # no liner in this game
        ("byelorussian-cheskers", "zz9", InvalidMoveTextError),
        ("byelorussian-cheskers", "", InvalidMoveTextError),
        ("game-mix", "xd3", InvalidMoveTextError),  # a pawn's capture names its file
        ("game-mix", "c2-c5", IllegalMoveError),
        ("cheskers", "a5:c3", IllegalMoveError),
    ],
)
def test_text_that_names_no_legal_move_is_refused_by_kind(game, text, error):
    with pytest.raises(error):
        parse(game, variant(game).start_fen, text)


@pytest.mark.parametrize("text", ["Bb6:d8", "Kb6:d8=K", "Cb6:d8"])
def test_a_chain_written_with_another_pieces_letter_is_illegal_not_ambiguous(text):
    # Only the pawn on b6 jumps (to d8, promoting); no bishop, king or camel has that chain.
    with pytest.raises(IllegalMoveError, match=r"no legal move fits the chain$"):
        parse("cheskers", "7k/2p1p3/1P6/8/8/8/8/K7 w - - 0 1", text)
