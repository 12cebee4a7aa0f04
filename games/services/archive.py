"""The archive's writes: players' annotations on finished games, and importing games from
text, each replayed through the engine. Reads (filters, exports, payloads) are
``games.reads.archive``.
"""

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from common.i18n import grouped, say
from engine import variants
from engine.errors import WorkLimitError
from engine.variant import Variant
from engine.work import CAPTURE_BUDGET, work_limit
from games.domain import pgn
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import SideLineMove, fen_text
from games.models import Annotation, Game, GameMove
from games.reads.archive import annotations_of, may_annotate
from games.services.core import Actor, lock_game, result_of, sentence
from games.services.moves import refuse_over_budget
from games.services.variations import (
    MAX_SIDE_LINES,
    checked_moves,
    checked_notes,
    clean_note,
    fen_before,
    side_line_count,
    store_notes,
)
from games.storage import broadcast
from games.storage.history import captured_pieces
from games.storage.positions import kind_name

# --- the archive: annotations -----------------------------------------------------------------


def require_annotator(game: Game, actor: Actor) -> None:
    if actor.user_id is None or not may_annotate(game, actor.user_id):
        if game.status != Game.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, _("A game is annotated once it is finished."))
        raise GameError(ErrorCode.FORBIDDEN, _("Only the game's two players may annotate it."))


def publish_annotations(game: Game) -> None:
    transaction.on_commit(
        lambda: broadcast.send_now(
            broadcast.game_group(game.public_id),
            {"type": "game.annotations", "annotations": annotations_of(game)},
        )
    )


def annotation_create(
    *,
    game_id: str,
    actor: Actor,
    ply: int | None,
    glyph: str | None = "",
    comment: str | None = "",
) -> Annotation:
    """Adds the actor's note to a ply of a finished game they played (``ply`` None: not a whole
    number, refused with the game's range)."""
    with transaction.atomic():
        game = lock_game(game_id)
        require_annotator(game, actor)
        if ply is None or not 0 <= ply < game.ply:
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("A ply is a number from 0 to %(last)s.") % {"last": max(game.ply - 1, 0)},
            )
        glyph, comment = clean_note(glyph, comment)
        annotation = Annotation.objects.create(
            game=game, ply=ply, author_id=actor.user_id, glyph=glyph, comment=comment
        )
        count_annotations(game, +1)
        publish_annotations(game)
    return annotation


def side_line_create(
    *,
    game_id: str,
    actor: Actor,
    ply: int | None,
    moves: tuple[SideLineMove, ...],
    parent: int | None = None,
) -> Annotation:
    """Adds the actor's side line to a finished game they played: ``moves`` replacing the
    game's move at ``ply``, or with ``parent`` the move at index ``ply`` of that side line.
    Every move is checked by the engine; a refusal names the first bad one."""
    with transaction.atomic():
        game = lock_game(game_id)
        require_annotator(game, actor)
        branch_of = None
        if parent is not None:
            branch_of = Annotation.objects.filter(game=game, pk=parent).exclude(moves=[]).first()
            if branch_of is None:
                raise GameError(ErrorCode.NOT_FOUND, _("There is no such side line on this game."))
        last = len(branch_of.moves) if branch_of is not None else game.ply
        if ply is None or not 0 <= ply < last:
            raise GameError(
                ErrorCode.BAD_REQUEST,
                _("A ply is a number from 0 to %(last)s.") % {"last": max(last - 1, 0)},
            )
        if game.annotations.exclude(moves=[]).count() >= MAX_SIDE_LINES:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("A game holds at most %(max_side_lines)s side lines.")
                % {"max_side_lines": MAX_SIDE_LINES},
            )
        start = fen_before(game, ply, branch_of)
        checked, _fens = checked_moves(game.variant, start, list(moves))
        annotation = Annotation.objects.create(
            game=game, ply=ply, author_id=actor.user_id, moves=checked, parent=branch_of
        )
        count_annotations(game, +1)
        publish_annotations(game)
    return annotation


def count_annotations(game: Game, change: int) -> None:
    """Moves the locked game's stored ``annotation_count`` by ``change`` (the archive's lists
    read it instead of counting each game's annotations)."""
    Game.objects.filter(pk=game.pk).update(annotation_count=F("annotation_count") + change)


def lock_own_annotation(game: Game, actor: Actor, annotation_id: int) -> Annotation:
    annotation = Annotation.objects.select_for_update().filter(game=game, pk=annotation_id).first()
    if annotation is None:
        raise GameError(ErrorCode.NOT_FOUND, _("There is no such annotation on this game."))
    require_annotator(game, actor)
    if annotation.author_id != actor.user_id:
        raise GameError(ErrorCode.FORBIDDEN, _("You may change only your own annotations."))
    return annotation


def annotation_edit(
    *,
    game_id: str,
    actor: Actor,
    annotation_id: int,
    glyph: str | None = None,
    comment: str | None = None,
) -> Annotation:
    """Changes the glyph and/or comment of one of the actor's annotations (None: unchanged)."""
    with transaction.atomic():
        game = lock_game(game_id)
        annotation = lock_own_annotation(game, actor, annotation_id)
        if annotation.moves:
            raise GameError(ErrorCode.BAD_REQUEST, _("A side line's notes go on its moves."))
        annotation.glyph, annotation.comment = clean_note(
            annotation.glyph if glyph is None else glyph,
            annotation.comment if comment is None else comment,
        )
        annotation.save(update_fields=["glyph", "comment", "updated_at"])
        publish_annotations(game)
    return annotation


def annotation_delete(*, game_id: str, actor: Actor, annotation_id: int) -> None:
    """Deletes one of the actor's annotations (a side line with the side lines branching from
    it)."""
    with transaction.atomic():
        game = lock_game(game_id)
        deleted, _kinds = lock_own_annotation(game, actor, annotation_id).delete()
        count_annotations(game, -deleted)  # a side line takes its branches with it
        publish_annotations(game)


# --- the archive: import ----------------------------------------------------------------------
MAX_IMPORT_GAMES = 200
# Every ply of an import is replayed through the engine on the request's thread: bounded, with
# each position's moves within the engine's budget, so an import takes seconds at most.
MAX_IMPORT_PLIES = 6000
# The capture search of every position of one import, in all (``engine.work``): each position
# may spend up to the engine's budget, and an import of 6,000 plies of real games spends a few
# thousand jumps in all, so that many positions each near the budget cannot add up to seconds.
MAX_IMPORT_JUMPS = 5 * CAPTURE_BUDGET
CHOSEN_TERMINATIONS = {
    Game.Termination.RESIGNATION: (Game.Result.WHITE, Game.Result.BLACK),
    Game.Termination.ABANDONMENT: (Game.Result.WHITE, Game.Result.BLACK),
    Game.Termination.AGREEMENT: (Game.Result.DRAW,),
    # A flag: a win, or a draw when the side with time could not have won.
    Game.Termination.TIMEOUT: (Game.Result.WHITE, Game.Result.BLACK, Game.Result.DRAW),
}
# The Termination tag of an aborted game's export (``reads.archive.export_tags``): refused.
ABORTED = "aborted"


@dataclass
class ReplayedGame:
    """A parsed game replayed through the engine, ready to store."""

    parsed: pgn.ParsedGame
    variant: str
    initial_fen: str
    moves: list[dict[str, Any]]
    fen: str
    result: str | None
    termination: str | None
    notes: dict[int, list[Any]]  # by ply: ``pgn.Note`` s and checked side lines, in order


def import_error(parsed: pgn.ParsedGame, code: ErrorCode, message: str) -> GameError:
    return GameError(
        code, _("Game %(number)s: %(message)s") % {"number": parsed.number, "message": message}
    )


def replay_parsed(parsed: pgn.ParsedGame) -> ReplayedGame:
    """Replays a parsed game through the engine; raises ``GameError`` naming the game and its
    first bad move, or what else is wrong (variant, position, result, termination)."""
    variant = imported_variant(parsed)
    try:
        fen = fen_text(parsed.tag("FEN")) or variant.start_fen
    except GameError as error:
        raise import_error(
            parsed, error.code, _("bad FEN: %(error)s") % {"error": error.message}
        ) from None
    try:
        variant.playable_position(fen)  # a game reaches it, and its moves are within budget
        eg = variant.new_game(fen)
    except engine.InvalidFenError as error:
        raise import_error(
            parsed, ErrorCode.BAD_REQUEST, _("bad FEN: %(error)s") % {"error": sentence(error)}
        ) from None
    initial_fen = eg.fen()
    moves = []
    before = []  # the position before each move, where its side lines start
    for index, written in enumerate(parsed.moves):
        number, white = pgn.move_number(initial_fen, index)
        if white:
            label = _("move %(number)s. %(move)s") % {"number": number, "move": written}
        else:
            label = _("move %(number)s... %(move)s") % {"number": number, "move": written}
        if eg.is_over():
            raise import_error(
                parsed,
                ErrorCode.ILLEGAL_MOVE,
                _("%(label)s: the game was already over.") % {"label": label},
            )
        try:
            move = eg.parse_move(written)
        except engine.AmbiguousMoveError as error:
            raise import_error(
                parsed,
                ErrorCode.AMBIGUOUS_MOVE,
                _("%(label)s: %(error)s.") % {"label": label, "error": say(error)},
            ) from None
        except engine.InvalidMoveTextError as error:
            raise import_error(
                parsed,
                ErrorCode.BAD_MOVE_TEXT,
                _("%(label)s: %(error)s.") % {"label": label, "error": say(error)},
            ) from None
        except engine.IllegalMoveError as error:
            raise import_error(
                parsed,
                ErrorCode.ILLEGAL_MOVE,
                _("%(label)s: %(error)s.") % {"label": label, "error": say(error)},
            ) from None
        before.append(eg.fen())
        position = eg.position
        moves.append(
            {
                "ply": index,
                "text": eg.move_text(move),
                "kind": kind_name(move),
                "path": move.path_names(),
                "captured": move.captured_names(),
                "captured_pieces": captured_pieces(position, move),
            }
        )
        eg.push(move)
        try:
            refuse_over_budget(eg)
        except GameError as error:
            reason = error.message[:1].lower() + error.message[1:]
            raise import_error(
                parsed, error.code, _("%(label)s: %(reason)s") % {"label": label, "reason": reason}
            ) from None
        moves[-1]["fen_after"] = eg.fen()
    result, termination = imported_result(parsed, eg)
    try:
        notes = checked_notes(variant.id, before, parsed.notes)
    except GameError as error:
        reason = error.message[:1].lower() + error.message[1:]
        raise import_error(
            parsed, error.code, _("in a side line: %(reason)s") % {"reason": reason}
        ) from None
    if side_line_count(notes) > MAX_SIDE_LINES:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            _("a game holds at most %(max_side_lines)s side lines.")
            % {"max_side_lines": MAX_SIDE_LINES},
        )
    return ReplayedGame(
        parsed, variant.id, initial_fen, moves, eg.fen(), result, termination, notes
    )


def imported_variant(parsed: pgn.ParsedGame) -> Variant:
    """Returns the game a parsed game is of: its ``Variant`` tag (the game's name or id, in any
    case), else PDN's ``GameType`` number; refused when neither names a game the site plays."""
    named = (parsed.tag("Variant") or "").strip().lower()
    for variant in variants.VARIANTS.values():
        if named in (variant.id, variant.name.lower()):
            return variant
    game_type = (parsed.tag("GameType") or "").split(",")[0].strip()
    for variant in variants.VARIANTS.values():
        if not named and variant.pdn_game_type is not None and game_type == variant.pdn_game_type:
            return variant
    known = ", ".join(variant.name for variant in variants.VARIANTS.values())
    if named:
        refusal = _("it has the game %(name)s; the Variant tag names one of: %(known)s.") % {
            "name": repr(parsed.tag("Variant")),
            "known": known,
        }
    elif game_type:
        refusal = _(
            "it has the GameType %(number)s, which names no game the site plays,; the Variant "
            "tag names one of: %(known)s."
        ) % {"number": game_type, "known": known}
    else:
        refusal = _("it has no Variant tag; the Variant tag names one of: %(known)s.") % {
            "known": known
        }
    raise import_error(parsed, ErrorCode.BAD_REQUEST, refusal)


def imported_result(parsed: pgn.ParsedGame, eg: engine.Game) -> tuple[str | None, str | None]:
    """Returns the result and termination of a replayed game, checked against the rules: an
    unfinished game (``*``) has neither; a result whose ending is not said keeps no termination
    (an unknown ending is not made up). An aborted game is refused."""
    tagged = pgn.plain_result(parsed.tag("Result"))
    written = parsed.result
    if tagged is not None and written is not None and tagged != written:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            _("the Result tag says %(tagged)s but the moves end with %(written)s.")
            % {"tagged": tagged, "written": written},
        )
    result = written or tagged
    termination = parsed.tag("Termination")
    if termination == ABORTED:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            _(
                "the game was aborted before both sides moved: the archive keeps games that were "
                "played."
            ),
        )
    if result not in (*Game.Result.values, "*", None):
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            _("the result is 1-0, 0-1, 1/2-1/2 or * (unfinished), not %(result)s.")
            % {"result": result},
        )
    outcome = eg.outcome()
    if outcome.is_over:
        rule = outcome.reason
        expected = result_of(outcome)
        if result != expected:
            raise import_error(
                parsed,
                ErrorCode.BAD_REQUEST,
                _(
                    "the result %(result)s is wrong: the game ended by %(rule)s and the result "
                    "is %(expected)s."
                )
                % {"result": result or "*", "rule": rule, "expected": expected},
            )
        if termination is not None and termination != rule:
            raise import_error(
                parsed,
                ErrorCode.BAD_REQUEST,
                _("the termination %(termination)s is wrong: the game ended by %(rule)s.")
                % {"termination": termination, "rule": rule},
            )
        return result, rule
    if result in ("*", None):
        if termination is not None:
            raise import_error(
                parsed,
                ErrorCode.BAD_REQUEST,
                _("an unfinished game (*) has no termination, not %(termination)s.")
                % {"termination": termination},
            )
        return None, None
    if termination is None:
        return result, None
    if termination not in CHOSEN_TERMINATIONS:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            _(
                "the termination %(termination)s is wrong: the last position is not over, so the "
                "game ended by resignation, agreement, abandonment or time."
            )
            % {"termination": termination},
        )
    if result not in CHOSEN_TERMINATIONS[termination]:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            _("the result %(result)s is wrong for a game ended by %(termination)s.")
            % {"result": result, "termination": termination},
        )
    return result, termination


def game_import(*, actor: Actor, text: str) -> list[Game]:
    """Stores every game of a text in the archive format as an imported game of the actor's,
    each replayed through the engine, whose capture search spends at most ``MAX_IMPORT_JUMPS``
    jumps for the whole text. All or nothing: if one game is wrong, the ``GameError`` names it
    and its first bad move, and nothing is stored."""
    if actor.user_id is None:
        raise GameError(ErrorCode.FORBIDDEN, _("Sign in to import games."))
    try:
        parsed_games = pgn.parse_games(text)
    except pgn.PgnError as error:
        raise GameError(ErrorCode.BAD_REQUEST, str(error)) from None
    if len(parsed_games) > MAX_IMPORT_GAMES:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("Import at most %(max_import_games)s games at once.")
            % {"max_import_games": MAX_IMPORT_GAMES},
        )
    plies = sum(len(parsed.moves) + pgn.side_line_moves(parsed.notes) for parsed in parsed_games)
    if plies > MAX_IMPORT_PLIES:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("Import at most %(max_import_plies)s moves at once; this text has %(plies)s.")
            % {"max_import_plies": grouped(MAX_IMPORT_PLIES), "plies": grouped(plies)},
        )
    replayed = []
    with work_limit(MAX_IMPORT_JUMPS):
        for parsed in parsed_games:
            try:
                replayed.append(replay_parsed(parsed))
            except WorkLimitError as error:
                raise import_error(parsed, ErrorCode.BAD_REQUEST, say(error) + ".") from None
    now = timezone.now()
    stored = []
    with transaction.atomic():
        for item in replayed:
            game = Game.objects.create(
                mode=Game.Mode.IMPORTED,
                rated=False,  # imported games are never rated
                status=Game.Status.FINISHED,
                result=item.result,
                termination=item.termination,
                variant=item.variant,
                initial_fen=item.initial_fen,
                fen=item.fen,
                ply=len(item.moves),
                final_ply=len(item.moves),
                tags=[list(pair) for pair in item.parsed.tags],
                imported_by_id=actor.user_id,
                finished_at=now,
            )
            GameMove.objects.bulk_create(GameMove(game=game, **move) for move in item.moves)
            if side_line_count(item.notes):
                notes = store_notes(game, item.notes)  # one by one: a branch names its parent
            else:
                notes = len(
                    Annotation.objects.bulk_create(
                        Annotation(game=game, ply=ply, glyph=note.glyph, comment=note.comment)
                        for ply, ply_notes in sorted(item.notes.items())
                        for note in ply_notes
                    )
                )
            if notes:
                count_annotations(game, notes)
            stored.append(game)
    return stored
