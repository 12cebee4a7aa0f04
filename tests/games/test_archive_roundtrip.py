"""The archive round-trips: for every game in the registry, a random game ended in each way an
online game can end — by the rules, resignation, agreement, abandonment, time, or not at all
(``*``) — is exported and imported back with the same moves, result and ending; an aborted game's
export is refused with a sentence saying why.

The games are played through the services as players play them (moves, offers, the presence
sweep, the flag), from seeded random lines the engine draws: each case is reproducible from its
seed. A rules ending takes the shortest of a few random games to its end."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from engine import variants
from games.domain.clock import TimeControl
from games.domain.errors import GameError
from games.domain.schemas import MoveRequest
from games.models import Game
from games.reads.archive import game_export_text
from games.services.archive import game_import
from games.services.core import Actor
from games.services.play import game_abort, game_draw, game_resign
from games.services.presence import connection_close, connection_open, connection_seen
from games.services.round import game_play
from games.services.sweep import sweep
from games.services.timeout import flag_game
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db

VARIANTS = list(variants.VARIANTS)
CHOSEN = ["resignation", "agreement", "abandonment", "timeout", "unfinished"]
BLITZ = TimeControl(initial=180, increment=2)


def random_line(variant_id: str, seed: int, plies: int) -> list[str]:
    """Returns the texts of up to ``plies`` random moves of the game from its start, none of
    which ends it (fewer when every move would)."""
    variant = variants.get(variant_id)
    rng = random.Random(seed)
    game = variant.new_game()
    texts: list[str] = []
    while len(texts) < plies:
        moves = game.legal_moves()
        rng.shuffle(moves)
        for move in moves:
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


def line_to_the_end(variant_id: str, seeds: int = 8, cap: int = 600) -> list[str]:
    """Returns the shortest of ``seeds`` random games of the game played to their end by the
    rules (within ``cap`` plies)."""
    variant = variants.get(variant_id)
    best: list[str] | None = None
    for seed in range(seeds):
        rng = random.Random(seed)
        game = variant.new_game()
        texts: list[str] = []
        while not game.is_over() and len(texts) < cap:
            move = rng.choice(game.legal_moves())
            texts.append(variant.move_text(game.position, move))
            game.push(move)
        if game.is_over() and (best is None or len(texts) < len(best)):
            best = texts
    assert best is not None, f"no random game of {variant_id} ended within {cap} plies"
    return best


def play_line(game: Game, texts: list[str], white, black, now=None) -> Game:
    for ply, text in enumerate(texts):
        mover = white if game.mover(ply) == "white" else black
        if now is not None:
            now += timedelta(seconds=1)
        move = MoveRequest.of(ply=ply, text=text)
        game_play(game_id=game.public_id, actor=Actor.of(mover), move=move, now=now)
    game.refresh_from_db()
    return game


def user_of(game: Game, color: str, white, black):
    return white if color == "white" else black


def abandon(game: Game, white, black, leaver: str) -> None:
    """Both players at the table, then ``leaver`` leaves for good: the sweep forfeits them."""
    t0 = timezone.now()
    connection_open(game_id=game.public_id, channel_name="w", actor=Actor.of(white), now=t0)
    connection_open(game_id=game.public_id, channel_name="b", actor=Actor.of(black), now=t0)
    connection_close(channel_name=leaver[0], now=t0)
    stayer = "b" if leaver == "white" else "w"
    for minute in range(1, 12):
        connection_seen(channel_name=stayer, now=t0 + timedelta(minutes=minute))
    sweep(now=t0 + timedelta(minutes=11))


def ended(variant_id: str, ending: str, seed: int, white, black) -> Game:
    """Returns an online game of ``variant_id`` played from a seeded random line and ended by
    ``ending``."""
    rng = random.Random(seed)
    if ending == "rules":
        game = start_game(white, black, variant=variant_id)
        return play_line(game, line_to_the_end(variant_id), white, black)
    texts = random_line(variant_id, seed, rng.randint(2, 16))
    if ending == "timeout":
        game = start_game(white, black, variant=variant_id, clock=BLITZ)
        game = play_line(game, texts, white, black, now=game.clock_since)
        assert flag_game(game.public_id, now=game.clock_deadline)
    else:
        game = play_line(start_game(white, black, variant=variant_id), texts, white, black)
    side = rng.choice(["white", "black"])
    player = Actor.of(user_of(game, side, white, black))
    if ending == "resignation":
        game_resign(game_id=game.public_id, actor=player)
    elif ending == "agreement":
        game_draw(game_id=game.public_id, actor=player, action="offer")
        other = "black" if side == "white" else "white"
        other_player = Actor.of(user_of(game, other, white, black))
        game_draw(game_id=game.public_id, actor=other_player, action="accept")
    elif ending == "abandonment":
        abandon(game, white, black, side)
    game.refresh_from_db()
    return game


def round_trip(game: Game, importer) -> Game:
    (imported,) = game_import(actor=Actor.of(importer), text=game_export_text(game))
    return imported


def moves_of(game: Game) -> list[str]:
    return list(game.moves.order_by("ply").values_list("text", flat=True))


@pytest.mark.parametrize("ending", ["rules", *CHOSEN])
@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_ending_of_every_game_imports_back_as_it_was(
    variant_id, ending, alice, bob, carol
) -> None:
    seed = VARIANTS.index(variant_id) * 31 + (["rules", *CHOSEN]).index(ending)
    game = ended(variant_id, ending, seed, alice, bob)
    expected_status = "live" if ending == "unfinished" else "finished"
    assert game.status == expected_status
    if ending == "rules":
        assert game.result is not None and game.termination not in (*CHOSEN, None)
    elif ending == "unfinished":
        assert (game.result, game.termination) == (None, None)
    else:
        assert game.termination == ending

    imported = round_trip(game, carol)

    assert imported.mode == Game.Mode.IMPORTED and imported.variant == variant_id
    assert moves_of(imported) == moves_of(game)
    assert (imported.result, imported.termination) == (game.result, game.termination)
    assert imported.fen == game.fen and imported.ply == game.ply
    assert imported.status == "finished"  # an archive record: nobody plays an imported game


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_an_aborted_games_export_is_refused_saying_why(variant_id, alice, bob, carol) -> None:
    game = start_game(alice, bob, variant=variant_id)
    texts = random_line(variant_id, VARIANTS.index(variant_id), 1)
    game = play_line(game, texts, alice, bob)
    game_abort(game_id=game.public_id, actor=Actor.of(bob))
    game.refresh_from_db()
    assert game.status == "aborted"

    with pytest.raises(GameError, match="aborted before both sides moved") as refused:
        round_trip(game, carol)
    assert "the archive keeps games that were played" in str(refused.value)
    assert not Game.objects.filter(mode=Game.Mode.IMPORTED).exists()
