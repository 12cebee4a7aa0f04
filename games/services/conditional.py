"""Conditional premoves in correspondence games, as lichess has them: on the opponent's turn a
player writes lines — "if they play e5, I play Nf3; if then Nc6, I play Bb5" — and when the
opponent's move begins a line, the player's answer is played at once, through the same move
path as every move (``Round.play``, validated by the engine in its transaction).

The lines are checked by the engine when written (each move legal after the ones before it, the
game not over before the line ends, the player's answers the same wherever two lines share the
opponent's moves) and stored as the engine's canonical texts. They are the player's secret: no
one else reads them, and the game's state never carries them. The opponent's move consumes them:
the lines it began go on (their first two moves taken off), every other line is dropped. They
hold for the game's next revision only (``Game.revision``, which every move and takeback moves
on), so lines written before a takeback are never played on another position.
"""

import logging
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

import engine
from engine import variants
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.models import ConditionalMoves, Game
from games.services.core import Actor, lock_game, require_live, require_player
from games.services.moves import resolve_move
from games.storage.history import History, read_history

log = logging.getLogger(__name__)

MAX_LINES = 16  # lines a player keeps in a game
MAX_PLIES = 20  # moves in a line: ten of the opponent's, ten answers


def refuse(message: str) -> GameError:
    return GameError(ErrorCode.BAD_REQUEST, message)


def conditional_of(*, game_id: str, actor: Actor) -> dict[str, Any]:
    """Returns the actor's conditional premoves in the game: ``{"ply", "lines"}`` (no lines:
    ``[]``). Refused to anyone but one of its players."""
    game = game_of(game_id)
    color = require_player(game, actor)
    row = ConditionalMoves.objects.filter(game=game, color=color).first()
    if row is None or row.ply != game.ply or row.revision != game.revision + 1:
        return {"ply": game.ply, "lines": []}
    return {"ply": row.ply, "lines": row.lines}


def game_of(game_id: str) -> Game:
    game = Game.objects.filter(public_id=game_id).first()
    if game is None:
        raise GameError(
            ErrorCode.NOT_FOUND, _("There is no game %(game_id)s.") % {"game_id": game_id}
        )
    return game


def conditional_set(*, game_id: str, actor: Actor, ply: Any, lines: Any) -> dict[str, Any]:
    """Keeps the actor's conditional premoves (replacing those they had; no lines removes
    them), checked by the engine from the game's position at ``ply``, which must be now and the
    opponent's turn in a live online correspondence game. Returns them as ``conditional_of``,
    each move in the engine's own text."""
    asked = lines_asked(lines)
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise refuse(_("`ply` is the game's ply now, a whole number."))
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)
        require_live(game)
        if game.mode != Game.Mode.ONLINE or game.clock_days is None:
            raise refuse(_("Conditional premoves are for correspondence games."))
        if ply != game.ply:
            raise GameError(
                ErrorCode.STALE_PLY,
                _("The game is at ply %(ply)s, not %(sent)s: look at the board again.")
                % {"ply": game.ply, "sent": ply},
            )
        if game.turn == color:
            raise refuse(_("It is your turn: play your move, then write what follows."))
        checked = checked_lines(game, read_history(game), asked)
        ConditionalMoves.objects.filter(game=game, color=color).delete()
        if checked:
            ConditionalMoves.objects.create(
                game=game, color=color, ply=game.ply, revision=game.revision + 1, lines=checked
            )
    return {"ply": game.ply, "lines": checked}


def lines_asked(lines: Any) -> list[list[str]]:
    """The lines as sent: a list of at most ``MAX_LINES`` lists of move texts, each of an even
    number of moves from 2 to ``MAX_PLIES``; else refused, saying why."""
    if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
        raise refuse(_("`lines` is a list of lines, each a list of moves."))
    if len(lines) > MAX_LINES:
        raise refuse(_("At most %(most)s lines.") % {"most": MAX_LINES})
    for line in lines:
        if not all(isinstance(move, str) and 0 < len(move) <= 100 for move in line):
            raise refuse(_("A move is written as text."))
        if len(line) < 2 or len(line) % 2 or len(line) > MAX_PLIES:
            raise refuse(
                _(
                    "A line is their move and your answer, again and again: 2 to %(most)s "
                    "moves, an even number (%(line)s)."
                )
                % {"most": MAX_PLIES, "line": " ".join(line)[:200]}
            )
    return lines


def checked_lines(game: Game, history: History, lines: list[list[str]]) -> list[list[str]]:
    """Each line played out by the engine from the game's position: its moves in the engine's
    text; refused at the first move that is not legal or comes after the game is over, and
    where two lines answer the same moves differently."""
    variant = variants.get(game.variant)
    fens = [move["fen"] for move in history.moves]
    answers: dict[tuple[str, ...], str] = {}
    checked = []
    for line in lines:
        eg = engine.Game.from_fens(variant, game.initial_fen, fens)
        texts: list[str] = []
        for text in line:
            if eg.is_over():
                raise refuse(_("The game is over after %(moves)s.") % {"moves": " ".join(texts)})
            try:
                move = resolve_move(eg, text)
            except GameError as refusal:
                raise refuse(
                    _("%(moves)s: %(why)s")
                    % {"moves": " ".join([*texts, text]), "why": refusal.message}
                ) from None
            texts.append(eg.move_text(move))
            eg.push(move)
            if len(texts) % 2 == 0:
                earlier = answers.setdefault(tuple(texts[:-1]), texts[-1])
                if earlier != texts[-1]:
                    raise refuse(
                        _("After %(moves)s you answer both %(one)s and %(other)s: choose one.")
                        % {"moves": " ".join(texts[:-1]), "one": earlier, "other": texts[-1]}
                    )
        if texts not in checked:
            checked.append(texts)
    return checked


def conditional_answer(game: Game, history: History, play: Callable[..., Any]) -> None:
    """After the opponent's move in a correspondence game is committed: the answer of the
    player to move, if a line of theirs begins with that move, is played for them (``play``:
    ``Round.play``'s signature); the lines it began go on, the others are dropped. Never
    raises: the move that set it off is already played and told."""
    color = game.turn
    with transaction.atomic():
        row = (
            ConditionalMoves.objects.select_for_update()
            .filter(game_id=game.pk, color=color)
            .first()
        )
        if row is None:
            return
        played = history.moves[-1]["text"] if history.moves else None
        expected = row.revision == game.revision and row.ply == game.ply - 1
        begun = [line for line in row.lines if expected and line[0] == played]
        going_on = [line[2:] for line in begun if len(line) > 2]
        if going_on:  # after the answer, the opponent's next move: two more plies, revisions
            row.ply, row.revision, row.lines = game.ply + 1, game.revision + 2, going_on
            row.save(update_fields=["ply", "revision", "lines", "updated_at"])
        else:
            row.delete()
    if not begun:
        return
    owner = game.player_id_for(color)
    try:
        play(
            game_id=game.public_id,
            actor=Actor(user_id=owner),
            move=MoveRequest.of(ply=game.ply, text=begun[0][1]),
            answer=False,
        )
    except GameError as refusal:  # the game moved on (a resignation, a flag) meanwhile
        log.info("conditional premove in %s not played: %s", game.public_id, refusal.message)
