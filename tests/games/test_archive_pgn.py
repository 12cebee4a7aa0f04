"""Export and import: the archive's text format round-trips, and a malformed text is refused
with an error naming the game and its first bad move, storing nothing."""

import pytest
from rest_framework.test import APIClient

from games.domain import pgn
from games.domain.errors import ErrorCode, GameError
from games.models import Annotation, Game, GameMove
from games.reads.archive import game_export_text, games_export_text
from games.reads.state import game_state
from games.services.archive import annotation_create, game_import
from games.services.core import Actor
from tests.games.archive_helpers import EVERYTHING, FOOLS_MATE, finished_game

pytestmark = pytest.mark.django_db

PROMOTION_FEN = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 40"


def annotate(game: Game, user, ply: int, glyph: str = "", comment: str = "") -> None:
    annotation_create(
        game_id=game.public_id, actor=Actor.of(user), ply=ply, glyph=glyph, comment=comment
    )


def import_text(user, text: str) -> list[Game]:
    return game_import(actor=Actor.of(user), text=text)


def test_export_has_the_seven_tags_the_variant_the_termination_and_the_moves(alice, bob) -> None:
    game = finished_game(alice, bob, FOOLS_MATE)
    text = APIClient().get(f"/api/games/{game.public_id}/export/")
    assert text.status_code == 200 and text["Content-Type"].startswith("text/plain")
    day = game.finished_at.strftime("%Y.%m.%d")
    assert text.content.decode() == (
        '[Event "Online game"]\n[Site "Chesskers"]\n'
        f'[Date "{day}"]\n[Round "-"]\n[White "alice"]\n[Black "bob"]\n[Result "0-1"]\n'
        '[Variant "Chesskers"]\n[TimeControl "-"]\n[Termination "checkmate"]\n\n'
        "1. f3 e5 2. g4 Qh4# 0-1\n"
    )


def test_a_game_from_a_set_up_position_exports_its_fen(alice, bob) -> None:
    game = finished_game(alice, bob, ["b8=Q+", "Kd7"], resign=True, fen=PROMOTION_FEN)
    text = game_export_text(game)
    assert '[SetUp "1"]\n[FEN "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 40"]' in text
    assert "40. b8=Q+ Kd7 41. " not in text and text.endswith("40. b8=Q+ Kd7 0-1\n")


def test_export_then_import_round_trips_moves_tags_comments_and_glyphs(alice, bob, carol) -> None:
    chains = finished_game(alice, bob, EVERYTHING)
    assert {m.kind for m in chains.moves.all()} >= {"jump", "sweep", "castle"}
    assert chains.moves.get(ply=13).text == "c3:a1=R#"
    annotate(chains, alice, 6, "!!", "The knight sweeps the pawn and gives check.")
    annotate(chains, bob, 7, "!", "A chain of two jumps.")
    annotate(chains, bob, 7, "?!")
    annotate(chains, alice, 12, comment="Castling long into it.")
    annotate(chains, alice, 13, "??")
    annotate(chains, bob, 13, comment="Mate by a promoting jump.\nTwo lines.")
    promotion = finished_game(alice, bob, ["b8=Q+", "Kd7"], resign=True, fen=PROMOTION_FEN)
    annotate(promotion, bob, 1, "?", "Should have run the other way.")
    exported = games_export_text([chains, promotion])

    imported = import_text(carol, exported)
    assert [game.mode for game in imported] == ["imported", "imported"]
    assert games_export_text(imported) == exported  # tags, moves, notes: exactly
    for original, copy in zip([chains, promotion], imported, strict=True):
        assert list(copy.moves.values_list("text", "path", "captured", "kind", "fen_after")) == (
            list(original.moves.values_list("text", "path", "captured", "kind", "fen_after"))
        )
        assert (copy.result, copy.termination, copy.initial_fen, copy.fen) == (
            original.result,
            original.termination,
            original.initial_fen,
            original.fen,
        )
        assert list(copy.annotations.values_list("ply", "glyph", "comment")) == list(
            original.annotations.values_list("ply", "glyph", "comment")
        )
    assert imported[0].tag("White") == "alice" and imported[0].tag("Variant") == "Chesskers"
    assert game_state(imported[0])["white"] == "alice"


def test_import_accepts_machine_form_nags_and_missing_check_marks(alice) -> None:
    text = (
        '[White "x"]\n[Black "y"]\n[Result "0-1"]\n[Variant "Chesskers"]\n\n'
        "1. f2-f3 $2 {weakens the king} e5 2. g4 $4 Qh4 0-1"
    )
    (game,) = import_text(alice, text)
    assert list(game.moves.values_list("text", flat=True)) == FOOLS_MATE
    assert game.termination == "checkmate" and game.result == "0-1"
    assert list(game.annotations.values_list("ply", "glyph", "comment")) == [
        (0, "?", "weakens the king"),
        (2, "??", ""),
    ]


# After these moves Black has two knights that can go to f5 (d6 and h6).
AMBIGUOUS = (
    "1. a3 Nh6 2. Nf3 c5 3. c3 g5 4. Ng1 Nc6 5. h3 Na5 6. b3 f6 7. Nf3 b5 8. Nh2 Nb7 9. b4 e6 "
    "10. f3 Na5 11. bxc5 N~c4 12. h4 N~b2 13. g3 Nc4 14. Nc3 Nd6 15. d3"
)
MALFORMED = [
    (
        '[White "x"]\n[Black y]\n[Variant "Chesskers"]\n\n1. e4 e5 1-0',
        ErrorCode.BAD_REQUEST,
        "Game 2: cannot read the tag '[Black y]'",
    ),
    (
        '[Variant "Chesskers"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0',
        ErrorCode.ILLEGAL_MOVE,
        "Game 2: move 2. Ke3: illegal move Ke3",
    ),
    (
        f'[Variant "Chesskers"]\n[Result "1-0"]\n\n{AMBIGUOUS} Nf5 1-0',
        ErrorCode.AMBIGUOUS_MOVE,
        "Game 2: move 15... Nf5: ambiguous move Nf5: Ndf5 or Nhf5",
    ),
    (
        '[Variant "Chesskers"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0',
        ErrorCode.BAD_REQUEST,
        "Game 2: the result 1-0 is wrong: the game ended by checkmate and the result is 0-1.",
    ),
    (
        '[Variant "Chesskers"]\n[Result "1-0"]\n\n1. e4 e5 0-1',
        ErrorCode.BAD_REQUEST,
        "Game 2: the Result tag says 1-0 but the moves end with 0-1.",
    ),
]


@pytest.mark.parametrize(("second", "code", "message"), MALFORMED)
def test_a_malformed_game_is_refused_naming_it_and_nothing_is_stored(
    alice, second, code, message
) -> None:
    good = '[Variant "Chesskers"]\n[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n\n'
    with pytest.raises(GameError) as info:
        import_text(alice, good + second)
    assert info.value.code == code
    assert info.value.message.startswith(message), info.value.message
    assert not Game.objects.exists() and not GameMove.objects.exists()
    response = APIClient()
    response.force_authenticate(alice)
    answer = response.post("/api/games/import/", {"text": good + second}, format="json")
    assert answer.status_code == 400 and answer.json()["error"].startswith(message)
    assert not Game.objects.exists() and not Annotation.objects.exists()


def test_the_same_texts_import_when_they_are_right(alice) -> None:
    client = APIClient()
    client.force_authenticate(alice)
    text = (
        f'[Variant "Chesskers"]\n[Result "1-0"]\n\n{AMBIGUOUS} Ndf5 1-0\n\n'
        '[Variant "Chesskers"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1'
    )
    answer = client.post("/api/games/import/", {"text": text}, format="json")
    assert answer.status_code == 201
    ids = answer.json()["ids"]
    assert answer.json()["id"] == ids[0] and len(ids) == 2
    first = Game.objects.get(public_id=ids[0])
    # No Termination tag: the ending is unknown, and stays so (not made up as a resignation).
    assert (first.result, first.termination, first.ply) == ("1-0", None, 30)
    assert first.imported_by == alice


def test_other_import_refusals(alice) -> None:
    for text, message in [
        ("1. e4 e5 1-0", "Game 1: it has no Variant tag; the Variant tag names one of: Chess"),
        ('[Variant "Go"]\n\n1. e4 e5 1-0', "Game 1: it has the game 'Go'; the Variant tag names "),
        ('[GameType "99"]\n\n1. 11-15 1-0', "Game 1: it has the GameType 99, which names no game"),
        (
            '[Variant "Chesskers"]\n[Termination "aborted"]\n\n1. e4 *',
            "Game 1: the game was aborted before both sides moved: the archive keeps games that",
        ),
        ('[Variant "Chesskers"]\n[Termination "timeout"]\n\n1. e4 *', "Game 1: an unfinished"),
        ('[Variant "Chesskers"]\n[Termination "agreement"]\n\n1. e4 1-0', "Game 1: the result 1-"),
        ('[Variant "Chesskers"]\n\n1. e4 {never closed 1-0', "Game 1: a comment is opened"),
        ('[Variant "Chesskers"]\n\n{first} 1. e4 1-0', "Game 1: a comment comes before"),
        ('[Variant "Chesskers"]\n[Termination "stalemate"]\n\n1. e4 1-0', "Game 1: the term"),
        ('[Variant "Chesskers"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1', "Game 1: move 3. a3: the game"),
    ]:
        with pytest.raises(GameError) as info:
            import_text(alice, text)
        assert info.value.message.startswith(message), info.value.message
    with pytest.raises(GameError) as info:
        game_import(actor=Actor(), text='[Variant "Chesskers"]\n\n1. e4 1-0')
    assert info.value.code == ErrorCode.FORBIDDEN
    assert not Game.objects.exists()


def test_an_unfinished_game_imports_as_one_and_a_timeout_as_a_timeout(alice) -> None:
    unfinished, flagged, drawn = import_text(
        alice,
        '[Variant "Chesskers"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n\n'
        '[Variant "Chesskers"]\n[Termination "timeout"]\n\n1. e4 e5 0-1\n\n'
        '[Variant "Checkers"]\n[Termination "timeout"]\n\n1. 11-15 23-19 1/2-1/2\n',
    )
    assert (unfinished.result, unfinished.termination, unfinished.ply) == (None, None, 3)
    assert (flagged.result, flagged.termination) == ("0-1", "timeout")
    assert (drawn.variant, drawn.result, drawn.termination) == ("checkers", "1/2-1/2", "timeout")
    assert game_export_text(unfinished).endswith("1. e4 e5 2. Nf3 *\n")


def test_parse_and_render_agree_on_notes_and_numbers() -> None:
    notes = {0: [pgn.Note("!?", "a"), pgn.Note("", "b")], 1: [pgn.Note("??", "")]}
    text = pgn.render_game(
        tags=[("Variant", "Chesskers"), ("White", 'Say "hi" \\o/')],
        moves=["e5", "Nf3"],
        notes=notes,
        result="1/2-1/2",
        initial_fen="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    )
    assert text.endswith("1... e5!? {a} {b} 2. Nf3?? 1/2-1/2\n")
    (game,) = pgn.parse_games(text)
    assert game.tags == [("Variant", "Chesskers"), ("White", 'Say "hi" \\o/')]
    assert (game.moves, game.notes, game.result) == (["e5", "Nf3"], notes, "1/2-1/2")


def test_long_games_wrap_at_eighty_columns_without_breaking_a_comment() -> None:
    moves = ["Nf3", "Nf6", "Ng1", "Ng8"] * 10
    comment = "x " * 60
    text = pgn.render_game(
        tags=[], moves=moves, notes={3: [pgn.Note("", comment.strip())]}, result="1/2-1/2",
        initial_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )  # fmt: skip
    lines = text.strip().split("\n")
    assert all(len(line) <= 80 for line in lines if "{" not in line)
    assert any(line == "{" + comment.strip() + "}" for line in lines)
    assert pgn.parse_games(text)[0].moves == moves
