"""Finished games for the archive suites, played through the services as users play them."""

from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_resign
from games.services.round import game_play
from tests.games.conftest import start_game

# A game with a chain (c7:e5:c3), a sweep (N~d6+), castling (O-O-O) and a promotion ending in
# mate (c3:a1=R#), found by a seeded random mover.
EVERYTHING = [
    "d4",
    "e5",
    "Nd2",
    "Nh6",
    "Ne4",
    "f6",
    "N~d6+",
    "c7:e5:c3",
    "Qxd7+",
    "Bxd7",
    "Bg5",
    "Qc7",
    "O-O-O",
    "c3:a1=R#",
]
FOOLS_MATE = ["f3", "e5", "g4", "Qh4#"]


def play_out(game: Game, moves: list[str], white, black) -> Game:
    """Plays ``moves`` in an online game, each by the side to move."""
    for ply, text in enumerate(moves):
        game.refresh_from_db()
        mover = white if game.turn == "white" else black
        game_play(
            game_id=game.public_id, actor=Actor.of(mover), move=MoveRequest.of(ply=ply, text=text)
        )
    game.refresh_from_db()
    return game


def finished_game(white, black, moves: list[str], *, resign: bool = False, fen=None) -> Game:
    """Returns an online game between the two, played to its end (resigned by the side to move
    when ``resign``)."""
    game = play_out(start_game(white, black, fen), moves, white, black)
    if resign:
        loser = white if game.turn == "white" else black
        game_resign(game_id=game.public_id, actor=Actor.of(loser))
        game.refresh_from_db()
    return game
