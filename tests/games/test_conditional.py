"""Conditional premoves, as docs/site.md "Accounts, lobby and games" says: on the opponent's
turn in a correspondence game a player writes lines of the opponent's move and their answer;
the opponent's move that begins a line is answered at once through the move path, the lines it
began go on and the others are dropped; lines are checked by the engine when written, kept
secret, and never played on a position other than the one they were written for."""

import pytest

from games.domain.clock import TimeControl
from games.domain.errors import GameError
from games.domain.schemas import MoveRequest
from games.models import ConditionalMoves, Game
from games.services.conditional import MAX_LINES, conditional_of, conditional_set
from games.services.core import Actor
from games.services.round import Round, game_play
from tests.community.conftest import api
from tests.factories import make_user
from tests.games.conftest import start_game
from tests.games.test_openapi import SchemaChecked

pytestmark = pytest.mark.django_db

MAIL = TimeControl(days=3)
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


@pytest.fixture
def players():
    return make_user("alice"), make_user("bob")


@pytest.fixture
def play(django_capture_on_commit_callbacks):
    """Plays a move for a user with what it does after commit done, as after a real commit
    (the state told, and the other player's answer played)."""

    def move(game: Game, user, text: str) -> None:
        game.refresh_from_db()
        with django_capture_on_commit_callbacks(execute=True):
            game_play(
                game_id=game.public_id,
                actor=Actor.of(user),
                move=MoveRequest.of(ply=game.ply, text=text),
            )

    return move


def moves_of(game: Game) -> list[str]:
    return list(game.moves.order_by("ply").values_list("text", flat=True))


def lines_of(game: Game, user) -> dict:
    return conditional_of(game_id=game.public_id, actor=Actor.of(user))


def test_the_opponents_move_is_answered_at_once_and_the_line_goes_on(players, play) -> None:
    alice, bob = players
    game = start_game(alice, bob, clock=MAIL)
    play(game, alice, "e4")
    kept = conditional_set(
        game_id=game.public_id, actor=Actor.of(alice), ply=1,
        lines=[["e7-e5", "Nf3", "Nc6", "Bb5"], ["d5", "exd5"], ["e5", "Nf3", "Nf6", "Nxe5"]],
    )  # fmt: skip
    assert kept == {
        "ply": 1,
        "lines": [["e5", "Nf3", "Nc6", "Bb5"], ["d5", "exd5"], ["e5", "Nf3", "Nf6", "Nxe5"]],
    }  # the engine's own texts
    play(game, bob, "e5")
    assert moves_of(game) == ["e4", "e5", "Nf3"]  # answered at once, as any move
    assert lines_of(game, alice) == {"ply": 3, "lines": [["Nc6", "Bb5"], ["Nf6", "Nxe5"]]}
    play(game, bob, "Nc6")
    assert moves_of(game) == ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    assert lines_of(game, alice) == {"ply": 5, "lines": []}
    assert not ConditionalMoves.objects.exists()
    game.refresh_from_db()
    assert game.turn == "black" and game.status == Game.Status.LIVE


def test_a_move_outside_the_lines_drops_them_unplayed(players, play) -> None:
    alice, bob = players
    game = start_game(alice, bob, clock=MAIL)
    play(game, alice, "e4")
    conditional_set(game_id=game.public_id, actor=Actor.of(alice), ply=1, lines=[["e5", "Nf3"]])
    play(game, bob, "d5")
    assert moves_of(game) == ["e4", "d5"]
    assert lines_of(game, alice)["lines"] == [] and not ConditionalMoves.objects.exists()


def test_lines_written_before_a_takeback_are_never_played(
    players, play, django_capture_on_commit_callbacks
) -> None:
    alice, bob = players
    game = start_game(alice, bob, clock=MAIL)
    for user, text in ((alice, "e4"), (bob, "e5"), (alice, "Nf3")):
        play(game, user, text)
    conditional_set(game_id=game.public_id, actor=Actor.of(alice), ply=3, lines=[["Nc6", "Bb5"]])
    with django_capture_on_commit_callbacks(execute=True):
        Round(game.public_id).takeback(actor=Actor.of(alice), action="offer")
        Round(game.public_id).takeback(actor=Actor.of(bob), action="accept")
    assert moves_of(game) == ["e4", "e5"]
    assert lines_of(game, alice)["lines"] == []  # written for another revision
    play(game, alice, "Nf3")
    play(game, bob, "Nc6")
    assert moves_of(game) == ["e4", "e5", "Nf3", "Nc6"]  # the same moves again: not answered


def refused(game: Game, user, ply, lines) -> str:
    with pytest.raises(GameError) as refusal:
        conditional_set(game_id=game.public_id, actor=Actor.of(user), ply=ply, lines=lines)
    return refusal.value.message


def test_what_is_refused_and_why(players, play) -> None:
    alice, bob = players
    game = start_game(alice, bob, clock=MAIL)
    play(game, alice, "e4")
    assert refused(game, bob, 1, [["Nf3", "e5"]]) == (
        "It is your turn: play your move, then write what follows."
    )
    assert refused(game, alice, 0, [["e5", "Nf3"]]) == (
        "The game is at ply 1, not 0: look at the board again."
    )
    assert refused(game, alice, 1, [["e5"]]).startswith("A line is their move and your answer")
    assert refused(game, alice, 1, [["e5", "Nf3", "Nc6"]]).startswith("A line is their move")
    assert refused(game, alice, 1, [["e5", "Ke3"]]).startswith("e5 Ke3: ")
    assert refused(game, alice, 1, [["e5", "Nf3"], ["e5", "Nc3"]]) == (
        "After e5 you answer both Nf3 and Nc3: choose one."
    )
    assert refused(game, alice, 1, [["e5", "Nf3"]] * (MAX_LINES + 1)) == "At most 16 lines."
    assert refused(game, alice, 1, "e5 Nf3") == "`lines` is a list of lines, each a list of moves."
    assert refused(game, alice, 1, [["e5", 3]]) == "A move is written as text."
    assert refused(game, alice, "1", [["e5", "Nf3"]]) == (
        "`ply` is the game's ply now, a whole number."
    )
    carol = make_user("carol")
    with pytest.raises(GameError):
        conditional_set(game_id=game.public_id, actor=Actor.of(carol), ply=1, lines=[])
    unlimited = start_game(alice, bob)
    play(unlimited, alice, "e4")
    assert refused(unlimited, alice, 1, [["e5", "Nf3"]]) == (
        "Conditional premoves are for correspondence games."
    )
    mate = start_game(bob, make_user("dora"), clock=MAIL, fen=MATE_IN_ONE)
    dora = mate.black
    assert refused(mate, dora, 0, [["Ra8#", "Kh7"]]) == "The game is over after Ra8#."
    assert not ConditionalMoves.objects.exists()


def test_they_are_the_players_secret_and_the_api_as_its_schema_says(players, play) -> None:
    alice, bob = players
    game = start_game(alice, bob, clock=MAIL)
    play(game, alice, "e4")
    url = f"/api/games/{game.public_id}/conditional/"
    call = SchemaChecked()
    written = call(api(alice), "put", url, "/api/games/{game_id}/conditional/", 200,
                   {"ply": 1, "lines": [["e5", "Nf3"]]})  # fmt: skip
    assert written == {"ply": 1, "lines": [["e5", "Nf3"]]}
    assert call(api(alice), "get", url, "/api/games/{game_id}/conditional/", 200) == written
    assert call(api(bob), "get", url, "/api/games/{game_id}/conditional/", 200) == {
        "ply": 1, "lines": []
    }  # fmt: skip
    assert call.problems == []
    state = api(bob).get(f"/api/games/{game.public_id}/").content.decode()
    assert "Nf3" not in state and "conditional" not in state
    stranger = api(make_user("carol")).get(url)
    assert stranger.status_code == 403 and "error" in stranger.json()
    assert api().get(url).status_code in (401, 403)
    bad = api(alice).put(url, {"ply": 1, "lines": [["e5", "Ke3"]]}, format="json")
    assert bad.status_code == 400 and bad.json()["error"].startswith("e5 Ke3: ")
    stale = api(alice).put(url, {"ply": 0, "lines": []}, format="json")
    assert stale.status_code == 409
    removed = api(alice).put(url, {"ply": 1, "lines": []}, format="json")
    assert removed.json() == {"ply": 1, "lines": []} and not ConditionalMoves.objects.exists()
