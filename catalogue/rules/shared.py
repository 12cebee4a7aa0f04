"""The sentences and rules the checkers family's pages share (``draughts``, ``czech``,
``federations``): the credit to BrainKing, the two kinds of king, and the rules whose text is the
same in several games while each game's live example is its own.
"""

from django.utils.translation import gettext_lazy as _

from catalogue.rules.model import Example, Rule

BRAINKING = "BrainKing's table of checkers variants and its rules of checkers"
SHORT_KING = (
    "a crowned man. It steps one square diagonally in any of the four directions, forwards or "
    "backwards, and jumps an enemy piece next to it in any of the four onto the empty square "
    "beyond."
)
FLYING_KING = (
    "a crowned man that flies: it slides any distance along a diagonal over empty squares, and "
    "takes an enemy piece at any distance on a clear diagonal, landing on any empty square beyond "
    "it."
)


def compulsory(example: Example) -> Rule:
    """Returns the rule that taking is compulsory and a capture is finished, with the game's
    example of a capture that must be made."""
    return Rule(
        id="compulsory",
        title=_("Taking is compulsory"),
        paragraphs=(
            "If you can take, you must, and you must finish the capture: after each jump, the "
            "same piece jumps again while it can, in one move. The pieces taken leave the board "
            "when the move is over.",
        ),
        example=example,
    )


def win(example: Example) -> Rule:
    """Returns the rule of the games won by leaving the opponent no move, drawn by repetition or
    40 moves each without progress, with the game's example of a winning move."""
    return Rule(
        id="end",
        title=_("Winning"),
        paragraphs=(
            "You win when your opponent cannot move: every piece taken or blocked. The game is "
            "drawn when the same position comes a third time, or after a long stretch with no "
            "capture and no man's move (40 moves each).",
        ),
        example=example,
    )


def man_rule(
    move: str, fen: str, caption: str, captures: tuple[str, ...], becomes: str, ends: str = ""
) -> Rule:
    """Returns the rule of the men of the games whose men go and take forward only."""
    return Rule(
        id="men",
        title=_("Men"),
        paragraphs=(
            "A man steps one square diagonally forward. It takes by jumping an enemy piece "
            "diagonally in front of it onto the empty square beyond, and never goes backwards.",
            "A man that ends its move on the far row is crowned a king; if it got there by a "
            "capture, the move ends there.",
        ),
        example=Example(
            fen=fen, move=move, caption=caption, captures=captures, becomes=becomes, ends=ends
        ),
    )
