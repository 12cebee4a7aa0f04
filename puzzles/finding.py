"""Finding puzzles: the site's finished games searched by the engine (``engine.bot.puzzles``),
each game once, and games the bot plays against itself, for a site with too few games of its
own. Run by ``manage.py find_puzzles``, away from the requests: a game costs the engine
seconds, never a request's time."""

import random
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Exists, OuterRef

from engine import variants
from engine.bot import think
from engine.bot.puzzles import Puzzle as Found
from engine.bot.puzzles import puzzles_of_game
from games.models import Game
from puzzles.models import Puzzle, PuzzleScan
from puzzles.services import forget_counts

SELF_PLAY_LEVELS = (2, 3, 4)  # the bot's levels in its games against itself: they blunder
SELF_PLAY_NODES = 3_000  # the bot's nodes a move in them
SELF_PLAY_PLIES = 160  # a self-played game stops here if it has not ended


def games_to_scan(limit: int) -> list[Game]:
    """Returns up to ``limit`` finished games not searched yet, latest first: games played
    online, against the bot or pass-and-play (an import could be written to say anything)."""
    return list(
        Game.objects.filter(status=Game.Status.FINISHED)
        .exclude(mode=Game.Mode.IMPORTED)
        .exclude(Exists(PuzzleScan.objects.filter(game=OuterRef("pk"))))
        .order_by("-finished_at")[:limit]
    )


def keep(found: Sequence[Found], game: Game | None = None) -> int:
    """Stores the puzzles found (one a position of a game: a position found twice is kept
    once) and returns how many were new."""
    new = 0
    for puzzle in found:
        _, created = Puzzle.objects.get_or_create(
            variant=puzzle.variant,
            fen=puzzle.fen,
            defaults={
                "solver": puzzle.solver,
                "moves": list(puzzle.moves),
                "themes": list(puzzle.themes),
                "game": game,
                "ply": puzzle.ply,
            },
        )
        new += int(created)
    if new:
        forget_counts()
    return new


def scan_game(game: Game) -> int:
    """Searches one finished game for puzzles, stores them, marks the game searched and
    returns how many new puzzles it gave."""
    fens = [game.initial_fen, *game.moves.order_by("ply").values_list("fen_after", flat=True)]
    found = puzzles_of_game(game.variant, fens)
    with transaction.atomic():
        new = keep(found, game)
        PuzzleScan.objects.get_or_create(game=game, defaults={"found": new})
    return new


def self_played(variant: str, seed: int) -> list[str]:
    """Returns the positions of a game the bot plays against itself in ``variant`` (its start
    first), at weak levels and within a node budget a move, so the same seed plays the same
    game on any machine."""
    rng = random.Random(seed)
    game = variants.get(variant).new_game()
    fens = [game.fen()]
    while not game.is_over() and game.ply < SELF_PLAY_PLIES:
        result = think(
            game.fen(),
            rng.choice(SELF_PLAY_LEVELS),
            seed=rng.randrange(1 << 30),
            time_limit=3600.0,
            node_limit=SELF_PLAY_NODES,
            variant=variant,
        )
        game.push_text(result.move.machine())
        fens.append(game.fen())
    return fens


def self_play(variant: str, games: int, seed: int = 0) -> int:
    """Plays ``games`` games of the bot against itself in ``variant``, stores the puzzles they
    give and returns how many were new."""
    new = 0
    for number in range(games):
        found = puzzles_of_game(variant, self_played(variant, seed + number))
        with transaction.atomic():
            new += keep(found)
    return new
