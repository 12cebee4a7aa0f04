"""Chapters from text: each game of a text in the archive's format (PGN, PDN) becomes a chapter,
its main line, side lines, glyphs and comments a tree (``studies.tree``), every move played by the
engine from the position before it. The archive's own reader takes the text apart
(``games.domain.pgn``) and names the game (``games.services.archive.imported_variant``).

Bounded before any move is played: at most ``MAX_CHAPTERS`` games and ``tree.MAX_NODES`` moves a
game, and the engine's capture search spends at most ``MAX_IMPORT_JUMPS`` jumps for the whole
text, as an import to the archive does.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

import engine
from common.i18n import grouped, say
from engine.errors import WorkLimitError
from engine.variant import Variant
from engine.work import work_limit
from games.domain import pgn
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import fen_text
from games.services.archive import MAX_IMPORT_JUMPS, import_error, imported_variant
from games.services.core import sentence
from games.services.lines import play_on
from games.services.variations import MAX_COMMENT
from studies import tree as trees

MAX_CHAPTERS = 64  # chapters one study holds
NAME_LENGTH = 100


@dataclass
class NewChapter:
    """A chapter ready to store: its name, game, start and tree."""

    name: str
    variant: str
    initial_fen: str
    tree: trees.Tree


def start_of(variant: Variant, fen: str | None) -> str:
    """Returns the start a chapter of ``variant`` is given (its usual start when ``fen`` is
    empty), as the engine writes it; refuses one the engine cannot read or no game reaches."""
    written = fen_text(fen) or variant.start_fen
    try:
        variant.playable_position(written)
        return variant.new_game(written).fen()
    except engine.InvalidFenError as error:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("Bad FEN: %(error)s") % {"error": sentence(error)}
        ) from None


def chapter_name(parsed: pgn.ParsedGame) -> str:
    """Returns a chapter's name from its game's tags: the event, else the players, else its
    number in the text."""
    event = (parsed.tag("Event") or "").strip()
    white, black = (parsed.tag("White") or "").strip(), (parsed.tag("Black") or "").strip()
    if event and event not in ("?", "-"):
        name = event
    elif white not in ("", "?") or black not in ("", "?"):
        name = f"{white or '?'} \N{EN DASH} {black or '?'}"
    else:
        name = _("Chapter %(number)s") % {"number": parsed.number}
    return name[:NAME_LENGTH]


def chapters_of_text(text: str, room: int = MAX_CHAPTERS) -> list[NewChapter]:
    """Returns a chapter for each game of ``text``, at most ``room`` of them; refuses the whole
    text, naming the game and its first bad move, if any game is wrong."""
    try:
        parsed_games = pgn.parse_games(text)
    except pgn.PgnError as error:
        raise GameError(ErrorCode.BAD_REQUEST, str(error)) from None
    if len(parsed_games) > room:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("This text holds %(games)s games; the study has room for %(room)s more chapters.")
            % {"games": len(parsed_games), "room": room},
        )
    for parsed in parsed_games:
        moves = len(parsed.moves) + pgn.side_line_moves(parsed.notes)
        if moves >= trees.MAX_NODES:
            raise import_error(
                parsed,
                ErrorCode.BAD_REQUEST,
                _("a chapter holds at most %(max_nodes)s moves; this game has %(moves)s.")
                % {"max_nodes": grouped(trees.MAX_NODES - 1), "moves": grouped(moves)},
            )
    chapters = []
    with work_limit(MAX_IMPORT_JUMPS):
        for parsed in parsed_games:
            try:
                chapters.append(chapter_of(parsed))
            except WorkLimitError as error:
                raise import_error(parsed, ErrorCode.BAD_REQUEST, say(error) + ".") from None
    return chapters


def chapter_of(parsed: pgn.ParsedGame) -> NewChapter:
    variant = imported_variant(parsed)
    try:
        fen = start_of(variant, parsed.tag("FEN"))
    except GameError as error:
        raise import_error(parsed, error.code, error.message) from None
    tree = trees.new_tree(fen)
    grow(tree, variant, "0", parsed.steps(), parsed)
    for total, most, too_much in (
        (trees.comment_chars(tree), trees.MAX_COMMENTS, trees.too_much_comment),
        (trees.shape_count(tree), trees.MAX_CHAPTER_SHAPES, trees.too_many_shapes),
    ):
        if total > most:
            reason = too_much()
            raise import_error(parsed, ErrorCode.BAD_REQUEST, reason[:1].lower() + reason[1:])
    return NewChapter(chapter_name(parsed), variant.id, fen, tree)


def grow(
    tree: trees.Tree,
    variant: Variant,
    parent_id: str,
    steps: tuple[pgn.Step, ...],
    parsed: pgn.ParsedGame,
) -> None:
    """Plays ``steps`` from the node ``parent_id``, each with its glyph and comment, and the side
    lines among their notes from the position before the move they replace."""
    start = tree["nodes"][parent_id]
    eg = variant.new_game(start["fen"])
    at = parent_id
    for step in steps:
        before = at
        ply = tree["nodes"][at]["ply"]
        number, white = pgn.move_number(tree["nodes"]["0"]["fen"], ply)
        label = (_("move %(number)s. %(move)s") if white else _("move %(number)s... %(move)s")) % {
            "number": number,
            "move": step.move,
        }
        try:
            played = play_on(eg, step.move)
        except GameError as error:
            reason = error.message[:1].lower() + error.message[1:]
            raise import_error(
                parsed, error.code, _("%(label)s: %(reason)s") % {"label": label, "reason": reason}
            ) from None
        node, _new = trees.add(tree, at, played, eg.fen())
        glyphs = [note.glyph for note in step.notes if note.glyph and not note.line]
        comments = [note.comment for note in step.notes if note.comment and not note.line]
        comment, node["shapes"] = trees.split_shapes(" ".join(comments), variant.board)
        if glyphs or comment:
            node["glyph"] = glyphs[0] if glyphs else ""
            node["comment"] = comment[:MAX_COMMENT]
        at = node["id"]
        for note in step.notes:
            if note.line:
                grow(tree, variant, before, note.line, parsed)
