"""A chapter's tree of moves as stored: one JSON document, the analysis board's own shape
(static/js/analysis_model.js), so that a page reads it as it comes.

``{"next": <the next node's id>, "nodes": {<id>: node}}``, the start's id ``"0"``. A node is
``{id, parent, ply, fen, text, move: {path, captured, kind} | null, children, glyph, comment,
shapes}``: its position (written by the engine), the move that reached it in the game's
notation, the ids of the moves played from it (the main continuation first), its glyph and
comment, and the circles and arrows drawn on its position (``Ge4``: a brush, G, R, B or Y, and
a square; ``Ge2e4``: an arrow; a node stored before shapes existed has none). Ids are never
reused, so a node's id names one position for the tree's whole life.

Nothing here decides a rule: a move and its position come from the engine
(``studies.services``); these functions only grow, prune, reorder and write the tree.
"""

import re
from typing import Any

from django.utils.translation import gettext as _

from common.i18n import grouped
from games.domain import pgn
from games.domain.errors import ErrorCode, GameError
from games.models import Annotation
from games.services.variations import checked_note

MAX_NODES = 1000  # positions one chapter holds, its start included
MAX_COMMENTS = 50_000  # characters of comment one chapter holds in all
MAX_NESTING = pgn.MAX_VARIATION_DEPTH  # side lines within side lines, as the text format allows
GLYPHS = tuple(Annotation.Glyph.values)
MAX_SHAPES = 32  # circles and arrows on one position
MAX_CHAPTER_SHAPES = 2000  # ... in one chapter
# A shape: its brush (green, red, blue, yellow) and a square, or two for an arrow.
SHAPE = re.compile(r"([GRBY])([a-z][1-9][0-9]?)([a-z][1-9][0-9]?)?")
# The text format's commands for them inside a comment, as lichess writes them: [%csl Gd5,Re4]
# (circles) and [%cal Ge2e4] (arrows).
SHAPE_COMMAND = re.compile(r"\[%(csl|cal)\s+([^\]]*)\]")

Tree = dict[str, Any]
Node = dict[str, Any]


def new_tree(fen: str) -> Tree:
    """Returns a tree holding its start position alone."""
    root = {
        "id": "0",
        "parent": None,
        "ply": 0,
        "fen": fen,
        "text": "",
        "move": None,
        "children": [],
        "glyph": "",
        "comment": "",
        "shapes": [],
    }
    return {"next": 1, "nodes": {"0": root}}


def size(tree: Tree) -> int:
    """Returns how many positions the tree holds, its start included."""
    return len(tree["nodes"])


def node_of(tree: Tree, node_id: Any) -> Node:
    """Returns the node ``node_id`` names, or refuses: it may have been deleted meanwhile."""
    node = tree["nodes"].get(node_id) if isinstance(node_id, str) else None
    if node is None:
        raise GameError(
            ErrorCode.NOT_FOUND,
            _("This chapter has no move %(node)s: it may have been deleted meanwhile.")
            % {"node": str(node_id)[:12]},
        )
    return node


def child_playing(tree: Tree, parent: Node, text: str) -> Node | None:
    """Returns the move ``text`` already played from ``parent``, if it is there."""
    for child_id in parent["children"]:
        child = tree["nodes"][child_id]
        if child["text"] == text:
            return child
    return None


def nesting(tree: Tree, node_id: str) -> int:
    """Returns how deep a node's line is nested: the side lines its path enters (each move that
    is not the first played from its position)."""
    depth, at = 0, tree["nodes"][node_id]
    while at["parent"] is not None:
        parent = tree["nodes"][at["parent"]]
        depth += parent["children"][0] != at["id"]
        at = parent
    return depth


def deepest(tree: Tree) -> int:
    """Returns the deepest nesting of any line of the tree (one pass from the start)."""
    most, waiting = 0, [("0", 0)]
    while waiting:
        node_id, depth = waiting.pop()
        most = max(most, depth)
        children = tree["nodes"][node_id]["children"]
        waiting.extend((child, depth + (index > 0)) for index, child in enumerate(children))
    return most


def too_deep() -> GameError:
    return GameError(
        ErrorCode.BAD_REQUEST,
        _("Side lines nest at most %(max_nesting)s deep: play this line at a shallower fork.")
        % {"max_nesting": MAX_NESTING},
    )


def add(tree: Tree, parent_id: str, move: dict[str, Any], fen: str) -> tuple[Node, bool]:
    """Adds ``move`` (the engine's ``{text, path, captured, kind}``) played from the node
    ``parent_id`` to ``fen``; returns the node and whether it is new (the same move played
    before is the same node: no duplicate line). Refuses a tree already full, and a side line
    nested deeper than the text format can write."""
    parent = node_of(tree, parent_id)
    same = child_playing(tree, parent, move["text"])
    if same is not None:
        return same, False
    if size(tree) >= MAX_NODES:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("A chapter holds at most %(max_nodes)s moves: delete some, or add a chapter.")
            % {"max_nodes": MAX_NODES - 1},
        )
    if parent["children"] and nesting(tree, parent_id) >= MAX_NESTING:
        raise too_deep()
    node_id = str(tree["next"])
    node = {
        "id": node_id,
        "parent": parent_id,
        "ply": parent["ply"] + 1,
        "fen": fen,
        "text": move["text"],
        "move": {
            "path": list(move.get("path") or []),
            "captured": list(move.get("captured") or []),
            "kind": move.get("kind") or "",
        },
        "children": [],
        "glyph": "",
        "comment": "",
        "shapes": [],
    }
    tree["next"] += 1
    tree["nodes"][node_id] = node
    parent["children"].append(node_id)
    return node, True


def remove(tree: Tree, node_id: str) -> list[str]:
    """Deletes the node ``node_id`` and every move after it; returns their ids. The start
    cannot be deleted."""
    node = node_of(tree, node_id)
    if node["parent"] is None:
        raise GameError(ErrorCode.BAD_REQUEST, _("The chapter's start cannot be deleted."))
    parent = tree["nodes"][node["parent"]]
    parent["children"].remove(node_id)
    removed, waiting = [], [node_id]
    while waiting:
        at = waiting.pop()
        removed.append(at)
        waiting.extend(tree["nodes"].pop(at)["children"])
    return removed


def promote(tree: Tree, node_id: str) -> Node | None:
    """Makes the side line through ``node_id`` the one before it at its nearest fork where it
    is not first (at the main line's fork: the main line); returns that fork's node, whose
    ``children`` changed order, or None on the main line (nothing to promote). Refused when the
    line it passes would then nest deeper than the text format can write."""
    at = node_of(tree, node_id)
    while at["parent"] is not None:
        parent = tree["nodes"][at["parent"]]
        index = parent["children"].index(at["id"])
        if index > 0:
            children = parent["children"]
            children[index - 1], children[index] = children[index], children[index - 1]
            if deepest(tree) > MAX_NESTING:
                children[index - 1], children[index] = children[index], children[index - 1]
                raise too_deep()
            return parent
        at = parent
    return None


def comment_chars(tree: Tree) -> int:
    """Returns the characters of every comment of the tree."""
    return sum(len(node["comment"]) for node in tree["nodes"].values())


def too_much_comment() -> str:
    return _("A chapter holds at most %(max_comments)s characters of comments.") % {
        "max_comments": grouped(MAX_COMMENTS)
    }


def set_note(tree: Tree, node_id: str, glyph: Any, comment: Any) -> Node:
    """Sets a move's glyph and comment (empty: none), checked: a known glyph, a comment of at
    most ``MAX_COMMENT`` characters without braces (the text format's comment marks), and at
    most ``MAX_COMMENTS`` characters of comments in the chapter."""
    node = node_of(tree, node_id)
    if not isinstance(glyph, str | None):
        raise GameError(ErrorCode.BAD_REQUEST, _("A glyph is one of ! ? !! ?? !? ?! or empty."))
    if not isinstance(comment, str | None):
        raise GameError(ErrorCode.BAD_REQUEST, _("A comment is text."))
    glyph, comment = checked_note(glyph, comment)
    if node["parent"] is None:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("Comments and glyphs are on moves, not on the start.")
        )
    if comment_chars(tree) - len(node["comment"]) + len(comment) > MAX_COMMENTS:
        raise GameError(ErrorCode.BAD_REQUEST, too_much_comment())
    node["glyph"], node["comment"] = glyph, comment
    return node


def shape_count(tree: Tree) -> int:
    """Returns the circles and arrows drawn on every position of the tree."""
    return sum(len(node.get("shapes", ())) for node in tree["nodes"].values())


def bad_shape() -> GameError:
    return GameError(
        ErrorCode.BAD_REQUEST,
        _(
            "A shape is a colour (G, R, B or Y) and a square of the board, or two for an arrow: "
            "Ge4, Re2e4."
        ),
    )


def too_many_shapes() -> str:
    return _("A chapter holds at most %(max_shapes)s circles and arrows.") % {
        "max_shapes": grouped(MAX_CHAPTER_SHAPES)
    }


def shape_of(text: Any, board: Any) -> str | None:
    """Returns a shape written as the tree keeps it (a circle's square once), or None if
    ``text`` is none on ``board`` (the engine's ``Board``: the squares it uses)."""
    match = SHAPE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        return None
    brush, start, end = match.groups()
    for name in (start, end or start):
        try:
            if not board.is_used(board.parse_square(name)):
                return None
        except ValueError:
            return None
    return brush + start + (end if end and end != start else "")


def kept_shapes(shapes: list[str]) -> list[str]:
    """Returns ``shapes`` with one shape for each square or pair of squares (the last drawn)."""
    by_squares = {shape[1:]: shape for shape in shapes}
    return list(by_squares.values())


def set_shapes(tree: Tree, node_id: str, shapes: Any, board: Any) -> Node:
    """Sets the circles and arrows drawn on a node's position (the start's too), checked: each
    a shape on ``board``, at most ``MAX_SHAPES`` on a position and ``MAX_CHAPTER_SHAPES`` in the
    chapter."""
    node = node_of(tree, node_id)
    if not isinstance(shapes, list):
        raise bad_shape()
    if len(shapes) > MAX_SHAPES:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("A position holds at most %(max_shapes)s circles and arrows.")
            % {"max_shapes": MAX_SHAPES},
        )
    written = [shape_of(shape, board) for shape in shapes]
    if None in written:
        raise bad_shape()
    written = kept_shapes(written)
    if shape_count(tree) - len(node.get("shapes", ())) + len(written) > MAX_CHAPTER_SHAPES:
        raise GameError(ErrorCode.BAD_REQUEST, too_many_shapes())
    node["shapes"] = written
    return node


def split_shapes(comment: str, board: Any) -> tuple[str, list[str]]:
    """Returns a comment of the text format without its shape commands, and the shapes they draw
    on ``board`` (at most ``MAX_SHAPES``; one the board cannot hold is left out, as a reader of
    the format skips a command it does not know)."""
    shapes: list[str] = []
    for _command, listed in SHAPE_COMMAND.findall(comment):
        for text in listed.split(","):
            shape = shape_of(text.strip(), board)
            if shape is not None:
                shapes.append(shape)
    rest = " ".join(SHAPE_COMMAND.sub(" ", comment).split())
    return rest, kept_shapes(shapes)[:MAX_SHAPES]


# --- the text format ---------------------------------------------------------------------------
def shape_commands(shapes: list[str]) -> str:
    """Returns the text format's commands that draw ``shapes`` ("" for none)."""
    circles = [shape for shape in shapes if SHAPE.fullmatch(shape).group(3) is None]
    arrows = [shape for shape in shapes if shape not in circles]
    commands = []
    if circles:
        commands.append(f"[%csl {','.join(circles)}]")
    if arrows:
        commands.append(f"[%cal {','.join(arrows)}]")
    return " ".join(commands)


def _notes_of(node: Node) -> list[pgn.Note]:
    comment = " ".join(
        part for part in (node["comment"], shape_commands(node.get("shapes", []))) if part
    )
    if node["glyph"] or comment:
        return [pgn.Note(glyph=node["glyph"], comment=comment)]
    return []


def _line(tree: Tree, first_id: str) -> list[str]:
    """Returns the ids of the main continuation from ``first_id`` on, itself included."""
    line = [first_id]
    while tree["nodes"][line[-1]]["children"]:
        line.append(tree["nodes"][line[-1]]["children"][0])
    return line


def _side_lines(tree: Tree, node: Node) -> list[pgn.Note]:
    """Returns the side lines that replace ``node`` (its parent's other moves), when it is its
    parent's first; a side line's own first move has none (they are its fork's)."""
    parent = tree["nodes"][node["parent"]]
    if parent["children"][0] != node["id"]:
        return []
    return [pgn.Note(line=_steps(tree, other)) for other in parent["children"][1:]]


def _steps(tree: Tree, first_id: str) -> tuple[pgn.Step, ...]:
    steps = []
    for index, at in enumerate(_line(tree, first_id)):
        node = tree["nodes"][at]
        notes = _notes_of(node) + (_side_lines(tree, node) if index else [])
        steps.append(pgn.Step(node["text"], tuple(notes)))
    return tuple(steps)


def text_of(tree: Tree, tags: list[tuple[str, str]], initial_fen: str) -> str:
    """Returns the tree in the archive's text format (PGN, PDN for the checkers family): its
    main line with every comment, glyph and side line, then ``*``."""
    root = tree["nodes"]["0"]
    moves: list[str] = []
    notes: dict[int, list[pgn.Note]] = {}
    if root["children"]:
        for index, at in enumerate(_line(tree, root["children"][0])):
            node = tree["nodes"][at]
            moves.append(node["text"])
            ply_notes = _notes_of(node) + _side_lines(tree, node)
            if ply_notes:
                notes[index] = ply_notes
    return pgn.render_game(tags=tags, moves=moves, notes=notes, result="*", initial_fen=initial_fen)
