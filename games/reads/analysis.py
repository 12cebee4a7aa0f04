"""A game's analysis as clients see it: its progress, each position's evaluation, each ply's
judgement and each side's tally (the verdicts themselves are ``games.domain.evaluation``'s);
and the time each move took, from the clocks the server kept."""

from typing import Any

from games.domain.clock import move_times
from games.domain.evaluation import judge, tally
from games.models import Analysis, Evaluation, Game


def analysis_payload(game: Game) -> dict[str, Any]:
    """Returns a game's analysis as clients get it: its state and progress, the evaluation of
    every position analysed so far, the judgement of every ply both of whose positions are in
    (its ``side``, with the better move when the ply lost something), and each side's tally of
    those plies (``summary``: ``evaluation.tally``)."""
    analysis = Analysis.objects.filter(game=game).first()
    evaluations = {e.index: e for e in Evaluation.objects.filter(game=game)}
    moves = list(game.moves.order_by("ply").values_list("ply", "text"))
    plies = []
    for ply, text in moves:
        before, after = evaluations.get(ply), evaluations.get(ply + 1)
        if before is not None and after is not None:
            plies.append(judged_ply(game, ply, text, before, after))
    return {
        "state": analysis.state if analysis else "none",
        "done": analysis.done if analysis else 0,
        "total": analysis.total if analysis else game.ply + 1,
        "evaluations": [
            {"index": e.index, "score": e.score, "best": e.best or None, "depth": e.depth}
            for e in sorted(evaluations.values(), key=lambda e: e.index)
        ],
        "plies": plies,
        "summary": tally(plies),
    }


def judged_ply(
    game: Game, ply: int, text: str, before: Evaluation, after: Evaluation
) -> dict[str, Any]:
    """Returns the judgement of the move ``text`` at ``ply`` from the evaluations of the
    positions before and after it: ``{ply, side, loss, judgement, better}``, ``better`` the
    best move when the ply lost something and the best was another move (else None)."""
    side = str(game.mover(ply))
    loss, judgement = judge(before.score, after.score, side == "white")
    better = before.best if judgement and before.best and before.best != text else None
    return {"ply": ply, "side": side, "loss": loss, "judgement": judgement, "better": better}


def no_analysis(game: Game) -> dict[str, Any]:
    """Returns the analysis payload of a game not analysed, without reading the database."""
    return {
        "state": "none",
        "done": 0,
        "total": game.ply + 1,
        "evaluations": [],
        "plies": [],
        "summary": tally([]),
    }


def game_move_times(game: Game) -> list[float | None]:
    """Returns the seconds each move of a game with a Fischer clock took so far
    (``clock.move_times``; a game without one: an empty list)."""
    return move_times(game, list(game.moves.order_by("ply").values_list("clock_ms", flat=True)))
