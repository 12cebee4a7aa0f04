"""A position as a picture (``games.reads.picture``, ``/game/<id>/position.svg``): each square and
piece where the game page draws it, for every game of the registry, White or Black at the
bottom, the last move marked; a finished game's picture kept by caches for a day, a live one's
for seconds; a stranger's address answered 404."""

from xml.etree import ElementTree

import pytest
from django.test import Client

from engine import variants
from engine.board import Pattern
from games.domain.schemas import MAX_FEN_CHARS, MoveRequest
from games.reads.picture import DARK, LAST, position_svg
from games.services.core import Actor
from games.services.play import game_create_local, game_resign
from games.services.round import game_play
from tests.factories import make_user

SVG = "{http://www.w3.org/2000/svg}"


def drawn(picture: str) -> ElementTree.Element:
    return ElementTree.fromstring(picture)


def pieces_of(picture: str) -> dict[str, tuple[str, float, float]]:
    """Each piece drawn: its square, the symbol drawing it and where it stands."""
    root = drawn(picture)
    return {
        use.get("data-square"): (use.get("href"), float(use.get("x")), float(use.get("y")))
        for use in root.iter(f"{SVG}use")
    }


def test_chesskers_start_stands_where_the_board_draws_it_either_way_up() -> None:
    game = variants.get("chesskers")
    picture = position_svg("chesskers", game.start_fen)
    pieces = pieces_of(picture)
    assert len(pieces) == 32
    assert pieces["e1"] == ("#pieces-cburnett-wK", 4, 7)
    assert pieces["d8"] == ("#pieces-cburnett-bQ", 3, 0)
    assert pieces["a2"] == ("#pieces-cburnett-wP", 0, 6)
    flipped = pieces_of(position_svg("chesskers", game.start_fen, "black"))
    assert flipped["e1"] == ("#pieces-cburnett-wK", 3, 0)
    assert flipped["h8"] == ("#pieces-cburnett-bR", 0, 7)
    # a1 dark, h1 light: 32 dark squares, the one at a1's place among them.
    dark = [(r.get("x"), r.get("y")) for r in drawn(picture).iter(f"{SVG}rect")]
    assert len([r for r in drawn(picture).iter(f"{SVG}rect") if r.get("fill") == DARK]) == 32
    assert ("0", "7") in dark and ("7", "7") not in dark


def test_every_game_is_drawn_with_its_pieces_and_each_piece_drawing_once() -> None:
    for variant in variants.VARIANTS.values():
        picture = position_svg(variant.id, variant.start_fen)
        root = drawn(picture)
        uses = [use.get("href")[1:] for use in root.iter(f"{SVG}use")]
        symbols = [symbol.get("id") for symbol in root.iter(f"{SVG}symbol")]
        assert len(uses) == len(variant.position(variant.start_fen).pieces()), variant.id
        assert sorted(set(uses)) == sorted(symbols), variant.id  # each drawing once, each used
        board = variant.board
        squares = [
            rect
            for rect in root.iter(f"{SVG}rect")
            if rect.get("fill") == DARK and rect.get("width") == "1"
        ]
        lines = list(root.iter(f"{SVG}line"))
        if board.pattern is Pattern.POINTS:
            assert (len(squares), len(lines)) == (0, len(board.lines)), variant.id
        elif board.pattern is Pattern.ALL:
            assert len(squares) == board.size // 2 and not lines, variant.id
        else:  # dark squares (or, mirrored, light ones) only: the ones in use are the dark ones
            assert len(squares) == len(board.squares) and not lines, variant.id
        for square in pieces_of(picture):
            assert board.is_used(board.parse_square(square)), (variant.id, square)


def test_a_bad_position_is_the_engines_error() -> None:
    with pytest.raises(ValueError):
        position_svg("chesskers", "not a fen")


@pytest.mark.django_db
def test_a_games_picture_marks_its_last_move_and_is_kept_once_it_is_over() -> None:
    alice = make_user("alice")
    actor = Actor(user_id=alice.pk)
    game = game_create_local(actor=actor)
    client = Client()
    url = f"/game/{game.public_id}/position.svg"
    start = client.get(url)
    assert start.status_code == 200 and start["Content-Type"] == "image/svg+xml"
    assert start["Cache-Control"] == "public, max-age=5"
    assert len(pieces_of(start.content.decode())) == 32
    game_play(game_id=game.public_id, actor=actor, move=MoveRequest.of(ply=0, text="e4"))
    game_resign(game_id=game.public_id, actor=actor)
    over = client.get(url)
    assert over["Cache-Control"] == "public, max-age=86400"
    picture = over.content.decode()
    assert pieces_of(picture)["e4"][1:] == (4, 4)
    marked = {
        (r.get("x"), r.get("y")) for r in drawn(picture).iter(f"{SVG}rect") if r.get("fill") == LAST
    }
    assert marked == {("4", "6"), ("4", "4")}  # e2 and e4
    black = pieces_of(client.get(url, {"orientation": "black"}).content.decode())
    assert black["e4"][1:] == (3, 3)
    assert client.get("/game/nosuchgm/position.svg").status_code == 404
    assert client.post(url).status_code == 405


@pytest.mark.django_db
def test_any_position_is_drawn_from_its_fen_and_a_bad_one_is_refused_saying_why() -> None:
    client = Client()
    lone_kings = client.get(
        "/position.svg", {"variant": "chesskers", "fen": "4k3/8/8/8/8/8/8/4K3_w_-_-_0_1"}
    )
    assert lone_kings.status_code == 200 and lone_kings["Content-Type"] == "image/svg+xml"
    assert lone_kings["Cache-Control"] == "public, max-age=86400"
    pieces = pieces_of(lone_kings.content.decode())
    assert pieces == {
        "e1": ("#pieces-cburnett-wK", 4, 7),
        "e8": ("#pieces-cburnett-bK", 4, 0),
    }
    start = client.get("/position.svg", {"variant": "international", "orientation": "black"})
    assert len(pieces_of(start.content.decode())) == 40
    for query, says in (
        ({"variant": "go"}, "There is no game go."),
        ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "There is no game None."),
        ({"variant": "chesskers", "fen": "8/8/8"}, "Bad FEN: "),
        ({"variant": "chesskers", "fen": "é" * 5}, "A FEN is written in plain ASCII"),
        ({"variant": "chesskers", "fen": "8/" * (MAX_FEN_CHARS // 2 + 1)}, "A FEN has at most"),
    ):
        refused = client.get("/position.svg", query)
        assert refused.status_code == 400, query
        assert refused["Content-Type"] == "text/plain; charset=utf-8"
        assert refused.content.decode().startswith(says), refused.content
