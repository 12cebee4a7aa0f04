"""A rules page made from a game's declaration, for a game with no page written by hand: its
board, its pieces, how men and kings move and capture, which capture comes first, promotion, and
how the game ends — for the checkers family from its ``engine.draughts.rules.Rules``, for any
other game from what its variant describes. Its one live board is the start position with the
engine's first legal move to try, so every sentence is the declaration's and every move the
engine's.
"""

from django.utils.translation import gettext_lazy as _

from catalogue.rules.model import Example, GameRules, Rule
from engine.board import Pattern
from engine.draughts import rules as draughts
from engine.draughts.rules import MidCapture, Priority, Removal, Rules
from engine.variant import Variant

SOURCE = "Written from the game's declaration in the engine (docs/rules/)."

PATTERNS = {
    Pattern.DARK: "the dark squares",
    Pattern.LIGHT: "the light squares",
    Pattern.ALL: "every square",
    Pattern.POINTS: "the points where its lines cross",
}
PRIORITIES = {
    Priority.KING_FIRST: "a capture with a king comes before a capture with a man",
    Priority.MAX: "the capture that takes the most pieces must be chosen",
    Priority.MOST_KINGS: "among those, the one that takes the most kings",
    Priority.FIRST_KING: "among those, the one that takes a king soonest",
}
MID_CAPTURE = {
    MidCapture.STOP: "A man that reaches the far row during a capture is crowned and its move "
    "ends there.",
    MidCapture.PASS: "A man that passes over the far row during a capture goes on as a man; it "
    "is crowned only if the capture ends there.",
    MidCapture.CROWN: "A man that reaches the far row during a capture is crowned at once and "
    "goes on capturing as a king.",
}


def directions(steps: tuple[int, ...]) -> str:
    """Returns a set of directions (``engine.draughts.rules``) in words, from the mover's side."""
    named = [
        (draughts.DIAGONAL, "diagonally, forward and backward"),
        (draughts.DIAGONAL_FORWARD, "diagonally forward"),
        (draughts.DIAGONAL_BACKWARD, "diagonally backward"),
        (draughts.ORTHOGONAL, "straight forward, backward and sideways"),
        (draughts.FORWARD + draughts.SIDEWAYS, "straight forward and sideways"),
        (draughts.FORWARD, "straight forward"),
        (draughts.SIDEWAYS, "sideways"),
        (draughts.BACKWARD, "straight backward"),
    ]
    left, words = set(steps), []
    for group, text in named:
        if set(group) <= left:
            words.append(text)
            left -= set(group)
    return " and ".join(words) or "nowhere"


def generated_rules(variant: Variant) -> GameRules:
    """Returns the rules page of ``variant`` made from its declaration."""
    declared = getattr(variant, "rules", None)
    if isinstance(declared, Rules):
        return draughts_page(variant, declared)
    return plain_page(variant)


def first_move(variant: Variant) -> Example:
    """The start position with the engine's first legal move to try."""
    start = variant.start_position()
    move, text = variant.describe_moves(start)[0]
    return Example(
        fen=variant.start_fen,
        move=text,
        caption=f"The start. Try {text}.",
        captures=tuple(move.captured_names()),
    )


def draughts_page(variant: Variant, rules: Rules) -> GameRules:
    board = rules.board
    first = "Black" if variant.start_fen.startswith("B") else "White"
    moves = (
        f"Men move one square {directions(rules.man_moves)}"
        if rules.man_moves
        else "Men make no quiet move"
    )
    men = f"{moves} and capture by jumping an enemy piece {directions(rules.man_captures)}"
    if rules.man_later_captures is not None:
        men += f", and after a first jump {directions(rules.man_later_captures)}"
    kings = (
        (
            f"Kings are flying: they move any distance {directions(rules.king_moves)} and "
            f"capture from afar, landing "
            + ("on the square just beyond" if rules.lands_next else "on any empty square beyond")
            + " the piece they take."
        )
        if rules.flying
        else f"Kings move and capture one square {directions(rules.king_moves)}."
    )
    capture_points = ["Capturing is compulsory, and a capture goes on while it can."]
    capture_points += [f"{PRIORITIES[p].capitalize()}." for p in rules.priority]
    capture_points.append(
        "Captured pieces leave the board as they are jumped."
        if rules.removal == Removal.AT_ONCE
        else "Captured pieces stay on the board until the capture ends, and cannot be jumped twice."
    )
    if rules.no_turning_back:
        capture_points.append("A capture may not turn straight back.")
    if rules.free_stop:
        capture_points.append("A capture may stop after any jump.")
    if rules.straight_captures:
        capture_points.append("After its first jump a capture keeps going the same way.")
    if not rules.men_take_kings:
        capture_points.append("Men may not capture kings.")
    promotion = (
        "A man that ends its move on the far row is crowned king."
        if rules.promotion_squares is None
        else "A man is crowned on the squares "
        + ", ".join(rules.promotion_squares[0])
        + " (White) and "
        + ", ".join(rules.promotion_squares[1])
        + " (Black)."
    )
    losing = "wins" if rules.no_move_wins else "loses"
    sections = [
        Rule(
            "board",
            _("Board and start"),
            (
                f"{board.files}x{board.ranks} board, played on {PATTERNS[board.pattern]}. "
                f"{first} moves first.",
            ),
            example=first_move(variant),
        ),
        Rule("men", _("Men"), (men + ".",)),
        Rule("captures", _("Captures"), (), tuple(capture_points)),
    ]
    if rules.kings:
        sections.insert(2, Rule("kings", _("Kings"), (kings,)))
        sections.append(
            Rule("promotion", _("Promotion"), (promotion, MID_CAPTURE[rules.mid_capture]))
        )
    sections.append(
        Rule(
            "end",
            _("The end"),
            (
                f"A player who cannot move, or has no piece left, {losing}.",
                f"The game is drawn after {rules.no_progress_limit // 2} moves each without a "
                "capture or a man's move.",
            ),
        )
    )
    special = [
        text
        for applies, text in (
            (
                rules.parachutists,
                "Parachutists start behind the enemy's lines; a parachutist "
                "jumps once and becomes a man.",
            ),
            (rules.line_moves, "A line of men may move together, one square along the line."),
            (rules.men_rest_on_last_row, "A man on its last row makes no quiet move."),
            (
                bool(rules.opening_removals),
                "The game opens with each side removing one of its own pieces.",
            ),
        )
        if applies
    ]
    if special:
        sections.insert(-1, Rule("special", _("Special rules"), (), tuple(special)))
    pieces = {"man": men + "."}
    if rules.kings:
        pieces["king"] = kings
    if rules.parachutists:
        pieces["parachutist"] = (
            "A parachutist starts behind the enemy's lines, jumps once and becomes a man."
        )
    return GameRules(
        id=variant.id,
        line=f"Checkers on a {board.files}x{board.ranks} board"
        + (", with flying kings" if rules.flying else ""),
        intro=(f"{variant.name}, a game of the checkers family, as the engine plays it.",),
        pieces=pieces,
        rules=tuple(sections),
        source=SOURCE,
    )


def plain_page(variant: Variant) -> GameRules:
    board = variant.board
    pieces = {kind.name: f"The {kind.name} of {variant.name}." for kind in variant.pieces}
    # (a game outside the checkers family with no page written names its pieces only)
    return GameRules(
        id=variant.id,
        line=f"{variant.name} on a {board.files}x{board.ranks} board",
        intro=(f"{variant.name}, as the engine plays it.",),
        pieces=pieces,
        rules=(
            Rule(
                "board",
                _("Board and start"),
                (f"{board.files}x{board.ranks} board.",),
                example=first_move(variant),
            ),
        ),
        source=SOURCE,
    )
