"""Side lines in the archive (issue #38): a game imported with nested side lines, glyphs, NAGs
and comments exports back equal to the text imported (up to whitespace), in every game; a
lichess-style text with judgement NAGs and comments opening a side line is read; a player adds
side lines and branches of them to a finished game they played, each move checked by the engine,
and the API lists, exports and deletes them."""

import random
import re

import pytest

from engine import variants
from games.domain import pgn
from games.models import Annotation, Game
from games.reads.archive import game_export_text
from games.services.archive import game_import
from games.services.core import Actor
from tests.games.archive_helpers import finished_game, play_out
from tests.games.conftest import start_game
from tests.games.test_archive import api
from tests.games.test_archive_roundtrip import random_line

pytestmark = pytest.mark.django_db

VARIANTS = list(variants.VARIANTS)


def normalised(text: str) -> str:
    """Returns a text with its whitespace made single spaces, none inside parentheses' edges."""
    flat = " ".join(text.split())
    return re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", flat))


def other_moves(variant_id: str, fen: str, rng: random.Random, avoid: str, count: int) -> list:
    """Returns up to ``count`` random moves' texts from ``fen``, the first not ``avoid``, none
    ending the game."""
    variant = variants.get(variant_id)
    game = variant.new_game(fen)
    texts: list[str] = []
    while len(texts) < count:
        choices = [
            move
            for move in game.legal_moves()
            if not (texts == [] and variant.move_text(game.position, move) == avoid)
        ]
        rng.shuffle(choices)
        for move in choices:
            game.push(move)
            over = game.is_over()
            game.pop()
            if not over:
                texts.append(variant.move_text(game.position, move))
                game.push(move)
                break
        else:
            break
    return texts


def fen_after(variant_id: str, fen: str, texts: list[str]) -> str:
    game = variants.get(variant_id).new_game(fen)
    for text in texts:
        game.push_text(text)
    return game.fen()


def text_with_side_lines(variant_id: str, seed: int) -> str:
    """Returns a game of ``variant_id`` as text: a random main line with a comment, a glyph and
    a NAG, a side line at an early ply (with notes) holding a side line of its own at its
    second move, and another side line on the same ply. Tries seeds from ``seed`` until the
    random lines leave a choice at each branch (a compulsory capture may leave none)."""
    for attempt in range(seed, seed + 20):
        for branch in range(6):
            text = _side_lines_of(variant_id, attempt, branch)
            if text is not None:
                return text
    raise AssertionError(f"no random game of {variant_id} had room for side lines")


def _side_lines_of(variant_id: str, seed: int, branch: int) -> str | None:
    variant = variants.get(variant_id)
    rng = random.Random(seed)
    main = random_line(variant_id, seed, 8)
    start = variant.start_fen
    if len(main) < branch + 2:
        return None
    before = fen_after(variant_id, start, main[:branch])
    side = other_moves(variant_id, before, rng, main[branch], 3)
    if len(side) < 2:
        return None
    inner = other_moves(variant_id, fen_after(variant_id, before, side[:1]), rng, side[1], 2)
    second = other_moves(variant_id, before, rng, side[0], 1)
    if not inner or not second or second[0] == main[branch]:
        return None
    side_steps = [pgn.Step(side[0], (pgn.Note(glyph="?!", comment="Tempting."),))]
    side_steps.append(pgn.Step(side[1], (pgn.Note(line=tuple(pgn.Step(m) for m in inner)),)))
    side_steps += [pgn.Step(move) for move in side[2:]]
    notes = {
        branch + 1: [pgn.Note(comment="The usual reply.")],
        branch: [
            pgn.Note(glyph="!", comment="Best."),
            pgn.Note(glyph="??"),
            pgn.Note(line=tuple(side_steps)),
            pgn.Note(line=(pgn.Step(second[0], (pgn.Note(glyph="!!"),)),)),
        ],
    }
    tags = [("Event", "Side lines"), ("Variant", variant.name), ("Result", "*")]
    return pgn.render_game(tags=tags, moves=main, notes=notes, result="*", initial_fen=start)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_game_imported_with_nested_side_lines_exports_back_equal(variant_id, alice) -> None:
    text = text_with_side_lines(variant_id, seed=VARIANTS.index(variant_id))
    assert text.count("(") == 3
    (game,) = game_import(actor=Actor(user_id=alice.pk), text=text)
    assert normalised(game_export_text(game)) == normalised(text)
    lines = Annotation.objects.filter(game=game).exclude(moves=[])
    assert lines.count() == 3 and lines.filter(parent__isnull=False).count() == 1
    assert Game.objects.get(pk=game.pk).annotation_count == 6


LICHESS_STYLE = """[Event "Casual"]
[Site "https://example.org/study"]
[Variant "Chesskers"]
[Result "*"]

1. e4 { [%eval 0.3] } 1... e5 $10 ( { Sharper: } 1... c5 $14 2. Nf3 ( 2. c3 d5 $2 ) 2... d6 )
2. Nf3 Nc6 $1 { A natural move. } *
"""


def test_a_lichess_style_text_with_side_lines_and_judgement_nags_is_read(alice) -> None:
    (game,) = game_import(actor=Actor(user_id=alice.pk), text=LICHESS_STYLE)
    (outer,) = [row for row in game.annotations.all() if row.moves and row.parent_id is None]
    assert outer.ply == 1
    assert [item["move"] for item in outer.moves] == ["c5", "Nf3", "d6"]
    inner = Annotation.objects.get(game=game, parent=outer)
    assert inner.ply == 1
    assert [(item["move"], item["glyph"]) for item in inner.moves] == [("c3", ""), ("d5", "?")]
    notes = [(row.ply, row.glyph, row.comment) for row in game.annotations.all() if not row.moves]
    assert notes == [(0, "", "[%eval 0.3]"), (3, "!", "A natural move.")]
    exported = game_export_text(game)
    assert "(1... c5 2. Nf3 (2. c3 d5?) 2... d6)" in normalised(exported)
    assert "Nc6! {A natural move.}" in normalised(exported)


@pytest.mark.parametrize(
    "text, says",
    [
        (
            '[Variant "Chesskers"]\n\n1. e4 ( 1. e5 ) *',
            "Game 1: in a side line: move 1 of the side line, e5",
        ),
        ("1. e4 ( 1. d4 *", "never closed"),
        ("1. e4 ) *", "closes no side line"),
        ("( 1. e4 ) *", "before any move"),
        ("1. e4 () *", "holds no move"),
        ("1. e4 " + "(1. d4 " * 17 + ")" * 17 + " *", "nest at most 16 deep"),
    ],
)
def test_a_bad_side_line_is_refused_naming_why_and_nothing_is_stored(alice, text, says) -> None:
    response = api(alice).post("/api/games/import/", {"text": text}, format="json")
    assert response.status_code == 400
    assert says in response.json()["error"], response.json()
    assert not Game.objects.exists()


@pytest.fixture
def mate(alice, bob) -> Game:
    return finished_game(alice, bob, ["f3", "e5", "g4", "Qh4#"])


def side_lines_url(game: Game) -> str:
    return f"/api/games/{game.public_id}/annotations/"


def test_a_player_adds_a_side_line_and_a_branch_of_it_and_the_export_has_both(mate, alice) -> None:
    url = side_lines_url(mate)
    line = {"ply": 2, "moves": ["g3", {"move": "Nc6", "glyph": "!?", "comment": "Calm."}]}
    created = api(alice).post(url, line, format="json")
    assert created.status_code == 201, created.json()
    payload = created.json()
    assert payload["ply"] == 2 and payload["parent"] is None and payload["author"] == "alice"
    after_g3 = fen_after("chesskers", variants.DEFAULT.start_fen, ["f3", "e5", "g3"])
    assert payload["moves"] == [
        {"move": "g3", "glyph": "", "comment": "", "fen": after_g3},
        {
            "move": "Nc6",
            "glyph": "!?",
            "comment": "Calm.",
            "fen": fen_after("chesskers", after_g3, ["Nc6"]),
        },
    ]
    branch = {"ply": 1, "moves": ["d5"], "parent": payload["id"]}
    nested = api(alice).post(url, branch, format="json")
    assert nested.status_code == 201, nested.json()
    assert nested.json()["parent"] == payload["id"]
    exported = normalised(game_export_text(mate))
    assert "2. g4 (2. g3 Nc6!? {Calm.} (2... d5)) 2... Qh4#" in exported
    listed = api().get(url).json()
    assert sorted(note["moves"][0]["move"] for note in listed) == ["d5", "g3"]


@pytest.mark.parametrize(
    "body, status, says",
    [
        ({"ply": 2, "moves": ["g3", "Ke7", "Qh5"]}, 400, "Move 3 of the side line, Qh5"),
        ({"ply": 2, "moves": ["Zz9"]}, 400, "Move 1 of the side line, Zz9"),
        ({"ply": 4, "moves": ["g3"]}, 400, "A ply is a number from 0 to 3."),
        ({"ply": 0, "moves": []}, 400, "`moves` is a list of 1 to 200 moves."),
        ({"ply": 0, "moves": ["e4"], "glyph": "!"}, 400, "notes go on its moves"),
        ({"ply": 0, "moves": ["e4"], "parent": 999}, 404, "no such side line"),
        ({"ply": 0, "moves": [{"move": "e4", "comment": "{x}"}]}, 400, "may not contain {"),
    ],
)
def test_a_side_line_the_engine_or_the_rules_refuse_is_refused_with_a_sentence(
    mate, alice, body, status, says
) -> None:
    response = api(alice).post(side_lines_url(mate), body, format="json")
    assert response.status_code == status, response.json()
    assert says in response.json()["error"]
    assert not Annotation.objects.exists()


def test_only_the_players_add_side_lines_and_only_once_the_game_is_over(
    mate, alice, bob, carol
) -> None:
    body = {"ply": 0, "moves": ["e4"]}
    assert api(carol).post(side_lines_url(mate), body, format="json").status_code == 403
    assert api().post(side_lines_url(mate), body, format="json").status_code == 403
    live = play_out(start_game(alice, bob), ["e4"], alice, bob)
    refused = api(alice).post(side_lines_url(live), body, format="json")
    assert refused.status_code == 400 and "once it is finished" in refused.json()["error"]


def test_deleting_a_side_line_deletes_its_branches_and_counts_them(mate, alice) -> None:
    url = side_lines_url(mate)
    outer = api(alice).post(url, {"ply": 2, "moves": ["g3", "Nc6"]}, format="json").json()
    api(alice).post(url, {"ply": 1, "moves": ["d5"], "parent": outer["id"]}, format="json")
    assert Game.objects.get(pk=mate.pk).annotation_count == 2
    assert api(alice).delete(f"{url}{outer['id']}/").status_code == 204
    assert not Annotation.objects.exists()
    assert Game.objects.get(pk=mate.pk).annotation_count == 0


def test_a_side_lines_notes_are_not_edited_as_a_notes(mate, alice) -> None:
    url = side_lines_url(mate)
    outer = api(alice).post(url, {"ply": 2, "moves": ["g3"]}, format="json").json()
    response = api(alice).patch(f"{url}{outer['id']}/", {"comment": "x"}, format="json")
    assert response.status_code == 400 and "notes go on its moves" in response.json()["error"]
