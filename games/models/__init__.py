"""Game records: seeks, challenges, games, their moves, and who is connected to each game.

Models stay thin: the rules live in ``engine`` and every write goes through the games app's
services (``games.services.core`` says how).
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Case, F, Q, Value, When
from django.utils.translation import gettext_lazy as _

from engine import STARTING_FEN, variants

ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
# A game's id (``engine.variants``): the longest, ``byelorussian-cheskers``, has 21 characters.
VARIANT_LENGTH = 32
DEFAULT_VARIANT = "chesskers"
# The longest FEN of any game: the draughts family lists every piece (Hawaiian's 64 squares).
FEN_LENGTH = 400


def fen_turn(fen: str) -> str:
    """Returns the side to move of a FEN of any game, ``w`` or ``b``: the second field of a
    chess FEN, the first letter of a draughts FEN (``W:W21,…:B1,…``)."""
    fields = fen.split()
    if len(fields) > 1:
        return fields[1]
    return fen[:1].lower()


def variant_name(variant_id: str) -> str:
    """Returns the name of a game's rules (``Turkish Checkers``) as the pages write it: its
    id if the engine does not know it."""
    known = variants.VARIANTS.get(variant_id)
    return known.name if known is not None else variant_id


def export_format(variant_id: str) -> str:
    """Returns the name of the text format a game is exported in: ``PDN`` (Portable Draughts
    Notation) for the games whose FENs are PDN's (the checkers family), ``PGN`` for Chesskers
    and the hybrids."""
    known = variants.VARIANTS.get(variant_id)
    return "PDN" if known is not None and known.fen_style == "pdn" else "PGN"


# A time control's estimated duration, ``initial + ESTIMATE_MOVES * increment`` seconds, names its
# speed (``games.domain.clock``); a correspondence game's estimate is -1 and an unlimited game's -2,
# so that one indexed expression answers the archive's speed filter. The columns it reads are the
# time control's, which no move changes.
ESTIMATE_MOVES = 40
CORRESPONDENCE_ESTIMATE = -1
UNLIMITED_ESTIMATE = -2


def clock_estimate() -> Case:
    """Returns a game's estimated duration in seconds as the database computes it: the
    expression of the ``game_speed_finished`` index, which the speed filter must repeat."""
    return Case(
        When(clock_days__isnull=False, then=Value(CORRESPONDENCE_ESTIMATE)),
        When(clock_initial__isnull=True, then=Value(UNLIMITED_ESTIMATE)),
        default=F("clock_initial") + Value(ESTIMATE_MOVES) * F("clock_increment"),
        output_field=models.IntegerField(),
    )


def finished(**condition) -> Q:
    """Returns the condition of a finished game (``Game.Status.FINISHED``) and ``condition``:
    the archive's indexes hold finished games only, which no move changes any more."""
    return Q(status="finished", **condition)


def new_public_id() -> str:
    """Returns a fresh random id for URLs (8 characters, no look-alike letters)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(8))


class Color(models.TextChoices):
    WHITE = "white", _("White")
    BLACK = "black", _("Black")


class SeekColor(models.TextChoices):
    WHITE = "white", _("White")
    BLACK = "black", _("Black")
    RANDOM = "random", _("Random")


class Seek(models.Model):
    """An open offer in the lobby to play anyone; ``color`` is what its owner will play."""

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seeks"
    )
    color = models.CharField(max_length=6, choices=SeekColor.choices, default=SeekColor.RANDOM)
    rated = models.BooleanField(default=True)
    variant = models.CharField(max_length=VARIANT_LENGTH, default=DEFAULT_VARIANT)
    # The time control offered (``games.domain.clock.TimeControl.as_json``); null: unlimited.
    clock = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"seek {self.public_id} by {self.owner_id}"


class Challenge(models.Model):
    """A direct challenge to one user, or (``to`` empty) an invite link anyone may accept."""

    class State(models.TextChoices):
        OPEN = "open", _("Open")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        CANCELLED = "cancelled", _("Cancelled")

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    to = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="challenges_received",
        null=True,
        blank=True,
    )
    color = models.CharField(max_length=6, choices=SeekColor.choices, default=SeekColor.RANDOM)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    rated = models.BooleanField(default=True)
    variant = models.CharField(max_length=VARIANT_LENGTH, default=DEFAULT_VARIANT)
    # The time control offered (``games.domain.clock.TimeControl.as_json``); null: unlimited.
    clock = models.JSONField(null=True, blank=True)
    # The position the game starts from, in the game's own FEN, as the engine wrote it; empty:
    # the game's usual start. A game from another position is never rated.
    initial_fen = models.CharField(max_length=FEN_LENGTH, blank=True, default="")
    rematch_of = models.ForeignKey(
        "Game", on_delete=models.CASCADE, null=True, blank=True, related_name="rematches"
    )
    game = models.ForeignKey(
        "Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["to", "state"]),
            models.Index(fields=["challenger", "state"]),
        ]

    def __str__(self) -> str:
        return f"challenge {self.public_id} ({self.state})"

    @property
    def variant_name(self) -> str:
        """The name of the challenge's game (``Turkish Checkers``), as the pages write it."""
        return variant_name(self.variant)


class Game(models.Model):
    """A game of any of the site's games (``variant``: its rules' id in ``engine.variants``): its
    players, mode, result and current position.

    ``fen`` and ``ply`` are the current position; the moves that led there are ``GameMove`` rows.
    Presence and absence bookkeeping (the rules page: 10 minutes to come back, counted while the
    opponent waits at the table) is stored here so it survives restarts and works across
    processes: ``absence_side`` is the side whose absence is being counted since
    ``absence_since``, on top of its ``*_absent_seconds`` already counted.
    """

    class Mode(models.TextChoices):
        ONLINE = "online", _("Online")
        LOCAL = "local", _("Pass-and-play")
        BOT = "bot", _("Bot")
        IMPORTED = "imported", _("Imported")

    class Status(models.TextChoices):
        LIVE = "live", _("Live")
        FINISHED = "finished", _("Finished")
        # A side did not make its first move in time: no result, unrated.
        ABORTED = "aborted", _("Aborted")

    class Result(models.TextChoices):
        WHITE = "1-0", "1-0"
        BLACK = "0-1", "0-1"
        DRAW = "1/2-1/2", "1/2-1/2"

    class Termination(models.TextChoices):
        CHECKMATE = "checkmate", _("Checkmate")
        STALEMATE = "stalemate", _("Stalemate")
        THREEFOLD = "threefold", _("Threefold repetition")
        FIFTY_MOVES = "fifty-moves", _("Fifty-move rule")
        INSUFFICIENT = "insufficient-material", _("Insufficient material")
        RESIGNATION = "resignation", _("Resignation")
        AGREEMENT = "agreement", _("Draw by agreement")
        ABANDONMENT = "abandonment", _("Abandonment")
        # The endings of the other games (``engine.variant.Outcome.reason``).
        NO_PROGRESS = "no-progress", _("No progress")
        NO_MOVES = "no-moves", _("No moves left")
        NO_PIECES = "no-pieces", _("No pieces left")
        KINGS_CAPTURED = "kings-captured", _("Kings captured")
        CONNECTION = "connection", _("Connection")
        TIMEOUT = "timeout", _("Time forfeit")

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    variant = models.CharField(max_length=VARIANT_LENGTH, default=DEFAULT_VARIANT)
    mode = models.CharField(max_length=10, choices=Mode.choices)
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="games_as_white",
        null=True,
        blank=True,
        db_index=False,  # game_white_finished leads with it
    )
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="games_as_black",
        null=True,
        blank=True,
        db_index=False,  # game_black_finished leads with it
    )
    # Pass-and-play games of visitors without an account belong to their session.
    owner_session = models.CharField(max_length=64, blank=True, default="")
    bot_level = models.PositiveSmallIntegerField(null=True, blank=True)
    # Bot games: the side the human plays (the other is the bot's).
    human_color = models.CharField(max_length=5, choices=Color.choices, null=True, blank=True)
    # Only online games are ever rated (``is_rated``); the flag says what the players agreed to.
    rated = models.BooleanField(default=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LIVE)
    result = models.CharField(max_length=7, choices=Result.choices, null=True, blank=True)
    termination = models.CharField(
        max_length=24, choices=Termination.choices, null=True, blank=True
    )
    initial_fen = models.CharField(max_length=FEN_LENGTH, default=STARTING_FEN)
    fen = models.CharField(max_length=FEN_LENGTH, default=STARTING_FEN)
    ply = models.PositiveIntegerField(default=0)
    # Goes up by one with every change to the moves (a move, a takeback): names one history.
    revision = models.PositiveIntegerField(default=0)
    draw_offer = models.CharField(max_length=5, choices=Color.choices, null=True, blank=True)
    # An online game's takeback offer (the side that asked), and the side whose offer the other
    # declined: it may not ask again until the next move (``games.services.play``).
    takeback_offer = models.CharField(max_length=5, choices=Color.choices, null=True, blank=True)
    takeback_refused = models.CharField(max_length=5, choices=Color.choices, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    white_absent_seconds = models.FloatField(default=0)
    black_absent_seconds = models.FloatField(default=0)
    absence_side = models.CharField(max_length=5, choices=Color.choices, null=True, blank=True)
    absence_since = models.DateTimeField(null=True, blank=True)
    # The clock (``games.domain.clock``). The time control: Fischer (``clock_initial`` seconds plus
    # ``clock_increment`` a move), correspondence (``clock_days`` a move), or neither
    # (unlimited). Each side's time left in milliseconds as of ``clock_since`` (when the side
    # to move began its turn); ``clock_deadline`` is when the side to move runs out (or, before
    # its first move, when the game is aborted), null when no clock runs: the flag timers and
    # the sweep find games by it. ``*_lag_ms``: each side's reserve of lag credit.
    clock_initial = models.PositiveIntegerField(null=True, blank=True)
    clock_increment = models.PositiveIntegerField(default=0)
    clock_days = models.PositiveSmallIntegerField(null=True, blank=True)
    white_ms = models.BigIntegerField(null=True, blank=True)
    black_ms = models.BigIntegerField(null=True, blank=True)
    white_lag_ms = models.PositiveIntegerField(default=0)
    black_lag_ms = models.PositiveIntegerField(default=0)
    clock_since = models.DateTimeField(null=True, blank=True)
    clock_deadline = models.DateTimeField(null=True, blank=True)
    # Imported games: the tags of the text they came from, in order, as [name, value] pairs (a
    # list, since PostgreSQL's jsonb does not keep the order of an object's keys), and who
    # imported them.
    tags = models.JSONField(default=list, blank=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        related_name="games_imported",
        null=True,
        blank=True,
    )
    # Kept by the services that add and remove annotations (``games.services.archive``), so that a
    # page of the archive shows its badges without counting every game's annotations.
    annotation_count = models.PositiveIntegerField(default=0)
    # A tournament's game (set by the app that runs tournaments, which this app does not know):
    # the tournament's public id and the round it was paired in; null for every other game.
    tournament = models.CharField(max_length=12, null=True, blank=True)
    tournament_round = models.PositiveIntegerField(null=True, blank=True)
    # A simul's game (set by the app that runs simuls): the simul's public id; null for every
    # other game. Its first moves have no deadline and its absences are not counted.
    simul = models.CharField(max_length=12, null=True, blank=True)
    # Berserk (an arena's): a player whose game allows it may halve their own time before their
    # first move (``games.services.play.game_berserk``); the tournament scores it.
    berserk_allowed = models.BooleanField(default=False)
    white_berserk = models.BooleanField(default=False)
    black_berserk = models.BooleanField(default=False)
    # ``ply`` once the game is over (null while it is live), for the archive's length filter:
    # every move changes ``ply``, so indexing it would cost every move its heap-only update
    # (``GAME_FILLFACTOR``, migration 0006); this copy is written once, when the game ends.
    final_ply = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The archive's order (newest ending first, then id) read straight from the index.
            models.Index(fields=["status", "-finished_at", "-id"], name="game_status_finished"),
            models.Index(fields=["status", "mode", "-created_at"], name="game_status_mode_created"),
            # The archive's filters: finished games only, by one column each, then in the
            # archive's order, so that a filter matching few games reads only those (and one
            # matching many stops at its page). None of these columns changes on a move.
            models.Index(
                fields=["variant", "-finished_at", "-id"],
                name="game_finished_variant",
                condition=finished(),
            ),
            models.Index(
                fields=["termination", "-finished_at", "-id"],
                name="game_finished_termination",
                condition=finished(),
            ),
            models.Index(
                fields=["mode", "-finished_at", "-id"],
                name="game_finished_mode",
                condition=finished(),
            ),
            # Every game's, live ones too: PostgreSQL keeps no statistics of a partial index's
            # expression, and without them it takes a common speed for a rare one.
            models.Index(
                clock_estimate(),
                F("finished_at").desc(),
                F("id").desc(),
                name="game_speed_finished",
            ),
            models.Index(
                fields=["-finished_at", "-id"],
                name="game_finished_annotated",
                condition=finished(annotation_count__gt=0),
            ),
            models.Index(fields=["final_ply"], name="game_finished_length", condition=finished()),
            # The archive's tournament filter: a tournament's finished games, in its order.
            models.Index(
                fields=["tournament", "-finished_at", "-id"],
                name="game_finished_tournament",
                condition=finished(tournament__isnull=False),
            ),
            # A simul's games (its host's next board, its page's boards).
            models.Index(fields=["simul"], name="game_simul", condition=Q(simul__isnull=False)),
            models.Index(fields=["white", "-finished_at"], name="game_white_finished"),
            # Two players' games against each other (the crosstable, the archive's opponent
            # filter), newest first: read as two ranges, one for each colour.
            models.Index(
                fields=["white", "black", "-finished_at", "-id"],
                name="game_pair_finished",
                condition=finished(),
            ),
            models.Index(fields=["black", "-finished_at"], name="game_black_finished"),
            models.Index(
                fields=["clock_deadline"],
                name="game_clock_deadline",
                condition=Q(clock_deadline__isnull=False),
            ),
            models.Index(
                fields=["absence_side"],
                name="game_absence_counting",
                condition=Q(absence_side__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.public_id} ({self.mode}, {self.status})"

    @property
    def variant_name(self) -> str:
        """The name of the game's rules (``Turkish Checkers``), as the pages write it."""
        return variant_name(self.variant)

    @property
    def export_format(self) -> str:
        """``PDN`` for a game of the checkers family, else ``PGN`` (``export_format``)."""
        return export_format(self.variant)

    @property
    def export_filename(self) -> str:
        """The name a downloaded export is saved under: ``international-Ab3dEf7h.pdn``."""
        return f"{self.variant}-{self.public_id}.{self.export_format.lower()}"

    def player(self, color: str):
        """Returns the user playing ``color`` ("white"/"black"), or None."""
        return self.white if color == Color.WHITE else self.black

    def player_id_for(self, color: str) -> int | None:
        return self.white_id if color == Color.WHITE else self.black_id

    @property
    def is_rated(self) -> bool:
        """Whether the game's ending moves ratings: online, agreed rated, two distinct players,
        and not ended before both sides made their first move (nothing was played to rate)."""
        ended_early = self.status != self.Status.LIVE and (self.final_ply or 0) < 2
        return (
            self.mode == self.Mode.ONLINE
            and self.rated
            and self.white_id is not None
            and self.black_id is not None
            and self.white_id != self.black_id
            and not ended_early
        )

    @property
    def turn(self) -> str:
        """Returns the colour to move now."""
        return self.mover(self.ply)

    def mover(self, ply: int) -> str:
        """Returns the colour that makes (or made) the move of index ``ply``."""
        return Color.WHITE if (ply + self.initial_ply_parity) % 2 == 0 else Color.BLACK

    @property
    def initial_ply_parity(self) -> int:
        """0 when White moved first from ``initial_fen``, 1 when Black did."""
        return 0 if fen_turn(self.initial_fen) == "w" else 1

    def tag(self, name: str) -> str | None:
        """Returns the value of an imported game's tag ``name``, or None."""
        for key, value in self.tags or ():
            if key == name:
                return value
        return None


class GameMove(models.Model):
    """One ply of a game: its canonical text, the squares it stopped on, what it removed."""

    # Indexed by game_move_unique_ply, which leads with it.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    ply = models.PositiveIntegerField()
    text = models.CharField(max_length=80)
    kind = models.CharField(max_length=12)
    path = models.JSONField()
    captured = models.JSONField(default=list)
    captured_pieces = models.JSONField(default=list)
    fen_after = models.CharField(max_length=FEN_LENGTH)
    # A real-time game's clock: the mover's time left after the move, increment added (a
    # takeback puts the clocks back to these).
    clock_ms = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ply"]
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="game_move_unique_ply")]

    def __str__(self) -> str:
        return f"{self.ply}: {self.text}"


class Connection(models.Model):
    """One open WebSocket to a game, for presence and the spectator count.

    Rows are added on connect and removed on disconnect; a row whose ``last_seen`` is older than
    the heartbeat window belongs to a process that died and is pruned by the sweep.
    """

    # Indexed by the (game, color) index, which leads with it.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="connections", db_index=False
    )
    # Unique by a constraint rather than ``unique=True``, which on PostgreSQL also builds a
    # second index for ``LIKE`` lookups that nothing makes: one entry fewer for every socket.
    channel_name = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True
    )
    color = models.CharField(max_length=5, choices=Color.choices, null=True, blank=True)
    connected_at = models.DateTimeField(auto_now_add=True)
    # Not indexed: every heartbeat changes it, and an indexed column changed makes PostgreSQL
    # write the row's new version into every index of the table; unindexed, the update stays
    # on the row's page (heap-only). Only the sweep filters on it alone, every 30 s, over one
    # row per open socket.
    last_seen = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["game", "color"])]
        constraints = [
            models.UniqueConstraint(fields=["channel_name"], name="connection_unique_channel")
        ]

    def __str__(self) -> str:
        return f"{self.channel_name} at {self.game_id}"


class Annotation(models.Model):
    """A player's comment and/or glyph on one ply (``GameMove.ply``) of a finished game, or a
    side line: ``moves`` (``{move, glyph, comment, fen}``) replacing the move at ``ply``, or within
    a ``parent`` side line, ``ply`` indexing its moves. No ``author``: came with an import."""

    class Glyph(models.TextChoices):
        NONE = "", "none"
        GOOD = "!", "good move"
        MISTAKE = "?", "mistake"
        BRILLIANT = "!!", "brilliant move"
        BLUNDER = "??", "blunder"
        INTERESTING = "!?", "interesting move"
        DUBIOUS = "?!", "dubious move"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="annotations")
    ply = models.PositiveIntegerField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="annotations",
        null=True,
        blank=True,
    )
    glyph = models.CharField(max_length=2, choices=Glyph.choices, blank=True, default="")
    comment = models.TextField(blank=True, default="")
    moves = models.JSONField(default=list, blank=True)
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, related_name="variations", null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["ply", "id"]
        indexes = [models.Index(fields=["game", "ply"])]

    def __str__(self) -> str:
        return f"{self.game_id} ply {self.ply}: {self.glyph} {self.comment[:20]}"


class Analysis(models.Model):
    """The bot's analysis of a finished game: one evaluation per position, filled in by a
    background job (``games.services.analysis``); ``done`` of ``total`` positions so far."""

    class State(models.TextChoices):
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    state = models.CharField(max_length=8, choices=State.choices, default=State.RUNNING)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"analysis of {self.game_id}: {self.state} {self.done}/{self.total}"


class Evaluation(models.Model):
    """The bot's verdict on one position of an analysed game: ``index`` 0 is the initial
    position, ``index`` n the position after ply n-1. ``score`` is in centipawns from White's
    side (a mate in n plies is ±(100000 - n)); ``best`` is the best move's canonical text
    (empty when the game was over there)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="evaluations")
    index = models.PositiveIntegerField()
    score = models.IntegerField()
    best = models.CharField(max_length=80, blank=True, default="")
    depth = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="evaluation_unique_index")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.index}: {self.score}"


# Kept in modules of their own, imported here so that Django finds them with the others.
from games.models.openings import OpeningMove as OpeningMove  # noqa: E402
from games.models.people import Bookmark as Bookmark  # noqa: E402
from games.models.people import ChatLine as ChatLine  # noqa: E402
from games.models.people import GameNote as GameNote  # noqa: E402
from games.models.people import PlayerRecord as PlayerRecord  # noqa: E402
from games.models.people import TurnMail as TurnMail  # noqa: E402
from games.models.premoves import ConditionalMoves as ConditionalMoves  # noqa: E402
