"""The analysis board on the server: a position of any game with its legal moves and its end,
a move played from it (``board_position``, ``board_play``: the board's rules are the engine's,
never the browser's), and the engine's view (``/ws/analysis/``): each socket's search of a
position, run in the analysis workers, its report of each depth handed to the socket as it comes.

Bounds, whatever a stranger sends: a socket has one analysis at most (a new request replaces
it, stopping its search within a few dozen nodes); a process runs at most ``BOARD_ANALYSES`` at
once (never more than its analysis workers, which the bot's replies never wait for:
``games.services.workers``), the others wait their turn, first come first served, at most
``MAX_WAITING_BOARD_ANALYSES`` of them; each search runs ``BOARD_ANALYSIS_SECONDS`` at most,
and while others wait, one that has run ``FAIR_SHARE`` seconds is done so that the next can
start. The position is checked before any search (``play.validated_fen``: the engine reads it, a
game may reach it, its moves and captures within their budgets, the game not over).
"""

import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engine
from common.db import release_connection
from common.i18n import say
from engine import variants
from engine.pieces import Color
from games.domain.errors import ErrorCode, GameError
from games.domain.evaluation import position_lines
from games.domain.policy import MAX_WAITING_BOARD_ANALYSES
from games.reads.openings import explore
from games.services import workers
from games.services.core import result_of, sentence
from games.services.moves import refuse_over_budget
from games.services.play import validated_fen
from games.storage.positions import check_square, kind_name, legal_tree_json

log = logging.getLogger(__name__)


# --- positions and moves ----------------------------------------------------------------------
def board_game(variant_id: str, fen: str) -> engine.Game:
    """Returns the engine's game of a position given to the board, or raises ``bad_request``
    saying why it is refused (unreadable, not reachable in a game, over the move or capture
    budgets); a position where the game is over is shown, not refused."""
    variant = variants.get(variant_id)
    release_connection()  # the engine's work holds no pooled connection
    try:
        variant.playable_position(fen)
        return variant.new_game(fen)
    except engine.InvalidFenError as error:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("Bad FEN: %(error)s") % {"error": sentence(error)}
        ) from None


def position_payload(variant_id: str, eg: engine.Game) -> dict[str, Any]:
    """Returns a position as the board shows it: its FEN, whose turn, the king in check, how
    the game ended there (``{result, reason}``, or null) and its legal moves as a tree
    (``legal_tree``, docs/api.md; empty once over)."""
    fen = eg.fen()
    outcome = eg.outcome()
    return {
        "variant": variant_id,
        "fen": fen,
        "turn": "white" if eg.position.turn is Color.WHITE else "black",
        "check": check_square(fen, variant_id),
        "outcome": (
            {"result": result_of(outcome), "reason": outcome.reason} if outcome.is_over else None
        ),
        "legal_tree": {} if outcome.is_over else json.loads(legal_tree_json(fen, variant_id)),
    }


def board_position(*, variant: str, fen: str) -> dict[str, Any]:
    """Returns a position of any game as the board shows it (``position_payload``)."""
    return position_payload(variant, board_game(variant, fen))


def board_explorer(*, variant: str, fen: str, speeds: list[str]) -> dict[str, Any]:
    """Returns the opening explorer's answer for a position of any game (``reads.openings``),
    or refuses a FEN the engine cannot read, saying why. Reading the FEN is all the engine's
    work: the explorer needs no legal moves."""
    try:
        written = variants.get(variant).position(fen).fen()
    except engine.InvalidFenError as error:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("Bad FEN: %(error)s") % {"error": sentence(error)}
        ) from None
    return explore(variant, written, speeds)


def board_play(*, variant: str, fen: str, move: str) -> dict[str, Any]:
    """Plays ``move`` (its text or machine form) from ``fen`` and returns ``{move: {text, path,
    captured, kind}, position}``: the move in the game's notation and the position it reaches.
    Refused, saying why: a move that cannot be read, is not legal, names several, is played
    after the game's end, or leads past the engine's budgets."""
    eg = board_game(variant, fen)
    played = play_on(eg, move)
    return {"move": played, "position": position_payload(variant, eg)}


def play_on(eg: engine.Game, move: str) -> dict[str, Any]:
    """Plays ``move`` (its text or machine form) in ``eg`` and returns it as the board shows
    it: ``{text, path, captured, kind}``. Refused, saying why, as ``board_play``."""
    if eg.is_over():
        raise GameError(ErrorCode.GAME_OVER, _("The game is over in this position."))
    try:
        played = eg.parse_move(move)
    except engine.AmbiguousMoveError as error:
        raise GameError(ErrorCode.AMBIGUOUS_MOVE, sentence(error)) from None
    except engine.InvalidMoveTextError as error:
        raise GameError(ErrorCode.BAD_MOVE_TEXT, sentence(error)) from None
    except engine.IllegalMoveError as error:
        raise GameError(ErrorCode.ILLEGAL_MOVE, sentence(error)) from None
    text = eg.move_text(played)
    eg.push(played)
    refuse_over_budget(eg)
    return {
        "text": text,
        "path": played.path_names(),
        "captured": played.captured_names(),
        "kind": kind_name(played),
    }


FAIR_SHARE = 2.0  # seconds a search keeps its place while others wait
BUSY = gettext_lazy("The analysis board is busy: try again in a few seconds.")

Send = Callable[[dict[str, Any]], None]


@dataclass(eq=False)
class Job:
    """One socket's analysis: what it searches, where its reports go (``send``, callable from
    any thread), and where it runs once it does."""

    owner: Hashable
    fen: str  # as the socket asked: its reports name it so
    searched: str  # as the engine writes it
    variant: str
    lines: int
    send: Send
    slot: int | None = None
    generation: int = 0
    started: float = 0.0
    last: dict[str, Any] | None = field(default=None)
    # The socket's language: a failure reported from the reader thread is written in it.
    language: str | None = field(default_factory=translation.get_language)

    def message(self, report: dict[str, Any] | None, done: bool) -> dict[str, Any]:
        """Returns the ``eval`` message of a report (none: nothing found yet)."""
        report = report or {"depth": 0, "lines": [], "nodes": 0, "seconds": 0.0}
        return {"type": "eval", "fen": self.fen, **report, "done": done}


def failure(job: Job, error: BaseException) -> dict[str, Any]:
    """Returns the ``error`` message of an analysis that failed, in its socket's language."""
    with translation.override(job.language):
        sentence = _("The engine could not analyse this position: %(error)s.") % {
            "error": say(error)
        }
    return {"type": "error", "code": ErrorCode.BAD_REQUEST, "error": sentence}


class Board:
    """This process's analyses: those running, by place, those stopping (a place whose work
    has been told to stop but has not yet said it ended), and those waiting."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[int, Job] = {}
        self.stopping: dict[int, int] = {}  # place → the generation told to stop
        self.waiting: deque[Job] = deque()
        self.of_owner: dict[Hashable, Job] = {}
        self.streams: tuple[Any, Any] | None = None
        self.timer = False  # a look at the fair shares is due

    # --- what the sockets ask -----------------------------------------------------------------
    def analyse(self, owner: Hashable, fen: str, variant: str, lines: int, send: Send) -> None:
        """Starts analysing ``fen`` of ``variant`` for ``owner`` (a socket), replacing its
        running analysis; each depth's ``eval`` message is given to ``send``. Returns the first
        message (depth 0, not done). Raises ``bad_request`` for a position refused (saying
        why) and ``rate_limited`` when too many wait."""
        job = Job(owner, fen, validated_fen(fen, variant), variant, lines, send)
        with self.lock:
            self._drop(owner)
            if len(self.waiting) >= MAX_WAITING_BOARD_ANALYSES:
                raise GameError(ErrorCode.RATE_LIMITED, BUSY)
            self.of_owner[owner] = job
            self.waiting.append(job)
            self._fill()

    def stop(self, owner: Hashable) -> None:
        """Stops ``owner``'s analysis, running or waiting (its socket closed)."""
        with self.lock:
            self._drop(owner)

    def counts(self) -> tuple[int, int, int]:
        """Returns how many analyses run, stop and wait in this process."""
        with self.lock:
            return len(self.running), len(self.stopping), len(self.waiting)

    # --- places -------------------------------------------------------------------------------
    def _places(self) -> int:
        # A search with a place runs at once: never more places than analysis workers.
        asked = getattr(settings, "BOARD_ANALYSES", 1)
        return max(1, min(asked, getattr(settings, "ANALYSIS_WORKERS", 1), workers.STREAM_SLOTS))

    def _drop(self, owner: Hashable) -> None:
        job = self.of_owner.pop(owner, None)
        if job is None:
            return
        if job.slot is None:
            self.waiting.remove(job)
        else:
            self._halt(job)

    def _halt(self, job: Job) -> None:
        """Tells a running job's work to stop; its place is free once the work says it ended."""
        assert job.slot is not None and self.streams is not None
        generations, _queue = self.streams
        generations[job.slot] = job.generation + 1
        if self.running.get(job.slot) is job:
            del self.running[job.slot]
            self.stopping[job.slot] = job.generation

    def _fill(self) -> None:
        """Starts waiting jobs in free places; while some wait and none is free, ends the
        longest running one that has had its fair share."""
        streams = workers.streams()
        if streams is not self.streams:  # a new pool (after a shutdown): nothing of the old runs
            self.streams = streams
            self.running.clear()
            self.stopping.clear()
            self.of_owner = {o: j for o, j in self.of_owner.items() if j.slot is None}
            threading.Thread(target=self._read, args=(streams,), daemon=True).start()
        places = self._places()
        now = time.monotonic()
        if self.waiting and len(self.running) + len(self.stopping) >= places and self.running:
            oldest = min(self.running.values(), key=lambda job: job.started)
            if now - oldest.started >= FAIR_SHARE:
                self._end(oldest)
            elif not self.timer:
                # Looked at again when the oldest has had its share, whatever arrives meanwhile.
                self.timer = True
                wait = FAIR_SHARE - (now - oldest.started) + 0.01
                threading.Timer(wait, self._look_again).start()
        free = [p for p in range(places) if p not in self.running and p not in self.stopping]
        for place in free:
            if not self.waiting:
                break
            self._start(self.waiting.popleft(), place, now)

    def _look_again(self) -> None:
        with self.lock:
            self.timer = False
            self._fill()

    def _end(self, job: Job) -> None:
        """Ends a running job that had its time: its last report, said done."""
        self._halt(job)
        if self.of_owner.get(job.owner) is job:
            del self.of_owner[job.owner]
        job.send(job.message(job.last, True))

    def _start(self, job: Job, place: int, now: float) -> None:
        generations, _queue = self.streams  # type: ignore[misc]
        job.slot, job.generation, job.started = place, generations[place] + 1, now
        generations[place] = job.generation
        self.running[place] = job
        seconds = getattr(settings, "BOARD_ANALYSIS_SECONDS", 8.0)
        args = (
            place,
            job.generation,
            position_lines,
            job.searched,
            job.variant,
            job.lines,
            seconds,
        )
        future = workers.process_pool(workers.ANALYSIS).submit(workers.streamed, *args)
        # A worker that died says nothing on the queue: its end is the future's.
        future.add_done_callback(
            lambda done: (
                done.exception() is not None
                and self._arrived(place, job.generation, ValueError("the analysis failed"))
            )
        )

    # --- what the workers say -----------------------------------------------------------------
    def _read(self, streams: tuple[Any, Any]) -> None:
        _generations, results = streams
        while True:
            try:
                place, generation, item = results.get()
            except (EOFError, OSError):
                return  # the pool was shut down
            try:
                self._arrived(place, generation, item)
            except Exception:
                log.exception("handing an analysis report on failed")

    def _arrived(self, place: int, generation: int, item: Any) -> None:
        """Takes one item a worker put on the queue: a report, the end (None) or a failure."""
        message = None
        with self.lock:
            job = self.running.get(place)
            current = job is not None and job.generation == generation
            if item is None or isinstance(item, BaseException):
                if current:
                    assert job is not None
                    del self.running[place]
                    if self.of_owner.get(job.owner) is job:
                        del self.of_owner[job.owner]
                    message = job.message(job.last, True) if item is None else failure(job, item)
                elif self.stopping.get(place) == generation:
                    del self.stopping[place]
            elif current:
                assert job is not None
                job.last = item
                message = job.message(item, False)
            send = job.send if current and job is not None else None
            self._fill()
        if send is not None and message is not None:
            send(message)


BOARD = Board()


def board_analyse(*, owner: Hashable, fen: str, variant: str, lines: int, send: Send) -> None:
    """Starts the analysis of a position for a socket (``Board.analyse``, this process's)."""
    BOARD.analyse(owner, fen, variant, lines, send)


def board_stop(*, owner: Hashable) -> None:
    """Stops a socket's analysis (``Board.stop``)."""
    BOARD.stop(owner)
