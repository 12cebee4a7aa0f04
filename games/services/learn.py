"""Learn from your mistakes: an analysed game's mistakes and blunders of one side, each asked
again as a question — the position before it, find a better move.

``learn_mistakes`` lists them from the game's stored analysis (``games.reads.archive``): the
plies of that side judged a mistake or a blunder, each with its position as the board shows it.
``learn_try`` judges a move tried in one of them the way the analysis judged the game's: the
analysis' best move is right at once, the game's own move is the same mistake, and any other
is searched by the bot with the analysis' own settings (in an analysis worker, never on a
request's thread or the event loop), as is the position after the best move, and judged by the
centipawns it loses against that.

Bounds, whatever a stranger sends: the move is read and played by the engine within its budgets
(``lines.play_on``); at most ``LEARN_SEARCHES_AT_ONCE`` tries are searched at once in a process
(the others are refused, to try again), each waits ``LEARN_WAIT_SECONDS`` at most, and no pooled
database connection is held while one waits. A move's verdict is kept in the process
(``LEARN_REMEMBERED`` of them), so trying it again costs no search.
"""

import threading
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.db import release_connection
from engine import variants
from games.domain.errors import ErrorCode, GameError
from games.domain.evaluation import evaluate_position, judge
from games.domain.schemas import MoveRequest
from games.models import Game
from games.reads.analysis import analysis_payload, judged_ply
from games.reads.live import game_by_id
from games.services import workers
from games.services.analysis import analysis_limits
from games.services.lines import play_on, position_payload

# The judgements asked again (an inaccuracy is not: the analysis' own margin is too fine).
LEARNED = ("mistake", "blunder")
LEARN_SEARCHES_AT_ONCE = 4
LEARN_WAIT_SECONDS = 30.0
LEARN_REMEMBERED = 512
BUSY = gettext_lazy("The engine is busy with other players' tries: try again in a few seconds.")

_searches = threading.BoundedSemaphore(LEARN_SEARCHES_AT_ONCE)
_remembered: OrderedDict[tuple[str, int, str], int] = OrderedDict()
_remembered_lock = threading.Lock()


def learn_mistakes(*, game_id: str, side: str) -> dict[str, Any]:
    """Returns ``{side, state, mistakes}``: the mistakes and blunders ``side`` made in a
    finished game, in the order played, each ``{ply, judgement, loss, played, best, position}``
    (``best``: the analysis' best move, as its payload shows it; ``position``: the board before
    the move, its legal moves with it). ``state`` is the analysis' (``none``, ``running``,
    ``done``, ``failed``): while it runs, the list holds what is judged so far. Refused, saying
    why: an unknown game, a side that is neither colour."""
    game = game_by_id(game_id)
    if side not in ("white", "black"):
        raise GameError(ErrorCode.BAD_REQUEST, _("The side is white or black."))
    analysis = analysis_payload(game)
    moves = list(game.moves.order_by("ply").values_list("ply", "text", "fen_after"))
    release_connection()  # the engine's work below holds no pooled connection
    variant = variants.get(game.variant)
    best = {e["index"]: e["best"] for e in analysis["evaluations"]}
    found = []
    for judged in analysis["plies"]:
        ply = judged["ply"]
        if judged["judgement"] not in LEARNED or game.mover(ply) != side or not judged["better"]:
            continue  # ("better" is absent where the game's move was the best found after all)
        # The game went on from there, so its history cannot have ended it: the FEN is enough.
        eg = variant.new_game(moves[ply - 1][2] if ply else game.initial_fen)
        found.append(
            {
                "ply": ply,
                "judgement": judged["judgement"],
                "loss": judged["loss"],
                "played": moves[ply][1],
                "best": best[ply],
                "position": position_payload(game.variant, eg),
            }
        )
    return {"side": side, "state": analysis["state"], "mistakes": found}


def learn_try(*, game_id: str, asked: Mapping[str, Any]) -> dict[str, Any]:
    """Judges a move tried instead of one of a game's mistakes (``asked``: ``ply``, the
    mistake's, and ``move``, its text, or ``path`` and ``promotion``) and answers ``{verdict,
    move, loss, best, position}``: ``best`` (the analysis' best move), ``good`` (another that
    loses less than an inaccuracy against it, both searched alike), ``played`` (the game's own
    move) or ``worse``, with the centipawns the move loses against the best (0 for the best;
    null for the game's own, whose loss is the mistake's), the best move's text and the
    position the move reaches. Refused, saying why: an unknown game, a ply that was no mistake
    or blunder of its analysis, a move that cannot be read or is not legal, too many tries
    searched at once."""
    request = MoveRequest.of(
        ply=asked.get("ply"),
        text=asked.get("move"),
        path=asked.get("path"),
        promotion=asked.get("promotion"),
    )
    game = game_by_id(game_id)
    ply = request.ply
    evaluations = {e.index: e for e in game.evaluations.filter(index__in=(ply, ply + 1))}
    before, after = evaluations.get(ply), evaluations.get(ply + 1)
    played_text = game.moves.filter(ply=ply).values_list("text", flat=True).first()
    judged = None
    if before is not None and after is not None and played_text is not None:
        judged = judged_ply(game, ply, played_text, before, after)
    if judged is None or judged["judgement"] not in LEARNED or not judged["better"]:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("Ply %(ply)s of this game was not judged a mistake or a blunder.") % {"ply": ply},
        )
    fens = list(game.moves.order_by("ply").values_list("fen_after", flat=True)[:ply])
    release_connection()  # the engine's work and the search hold no pooled connection
    eg = variants.get(game.variant).game_from_fens(game.initial_fen, fens)
    move = play_on(eg, request.text)
    answer = {"move": move, "best": before.best, "position": position_payload(game.variant, eg)}
    if move["text"] == before.best:
        return {"verdict": "best", "loss": 0, **answer}
    if move["text"] == played_text:
        return {"verdict": "played", "loss": None, **answer}
    # Both positions searched alike: the position before, searched as deep, would favour one
    # side by the parity of the depth, and judge the best move itself a loss.
    best = variants.get(game.variant).game_from_fens(game.initial_fen, fens)
    best.push(best.parse_move(before.best))
    best_score = _score_after(game, ply, [*fens, best.fen()], best.moves[-1].machine())
    score = _score_after(game, ply, [*fens, eg.fen()], eg.moves[-1].machine())
    loss, judgement = judge(best_score, score, game.mover(ply) == "white")
    return {"verdict": "worse" if judgement else "good", "loss": loss, **answer}


def _score_after(game: Game, ply: int, fens_after: list[str], machine: str) -> int:
    """The analysis' score (from White's side) of the position a tried move reached: searched
    with the analysis' settings in an analysis worker, or remembered from an earlier try."""
    key = (game.public_id, ply, machine)
    with _remembered_lock:
        if key in _remembered:
            _remembered.move_to_end(key)
            return _remembered[key]
    if not _searches.acquire(blocking=False):
        raise GameError(ErrorCode.RATE_LIMITED, str(BUSY))
    try:
        future = workers.compute(
            evaluate_position,
            game.initial_fen,
            fens_after,
            *analysis_limits(),
            game.variant,
            kind=workers.ANALYSIS,
        )
        try:
            score, _best, _depth = future.result(timeout=LEARN_WAIT_SECONDS)
        except FutureTimeout:
            future.cancel()
            raise GameError(ErrorCode.RATE_LIMITED, str(BUSY)) from None
    finally:
        _searches.release()
    with _remembered_lock:
        _remembered[key] = score
        while len(_remembered) > LEARN_REMEMBERED:
            _remembered.popitem(last=False)
    return score
