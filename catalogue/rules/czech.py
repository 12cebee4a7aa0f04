"""The rules pages of Czech Checkers and the BrainKing variants played by its rules (Corner, One
Way and Parachute Checkers): flying kings, and a king must take before a man.

Each page is written in our words from docs/rules/draughts.md, which settles each game's rules
from BrainKing's table and rules page and the Czech federation's rules it names.
"""

from django.utils.translation import gettext_lazy as _

from catalogue.rules.model import Example, GameRules, Rule
from catalogue.rules.shared import BRAINKING, FLYING_KING, man_rule, win

CZECH_PRIORITY = Rule(
    id="king-first",
    title=_("The king takes first"),
    paragraphs=(
        "Taking is compulsory, and when a king can take, a king must: a man's capture is then not "
        "allowed. Otherwise you choose freely among the captures; a longer one is not preferred.",
    ),
    example=Example(
        fen="W:Wc3,Kh2:Bd4,f4:H0:F1",
        move="h2xd6",
        caption="The man on c3 could take d4, but the king can take, so it must. Tap the king "
        "on h2, then d6: it takes f4 and flies on.",
        captures=("f4",),
    ),
)

CZECH = GameRules(
    id="czech",
    line=_("Flying kings, and a king must take before a man."),
    intro=(
        "Czech Checkers is played on the dark squares of a chess board with twelve men a side; "
        "White moves first. Its kings fly, and they have the first right to take.",
    ),
    pieces={
        "man": "steps one square diagonally forward; takes by jumping diagonally forward.",
        "king": FLYING_KING,
    },
    rules=(
        man_rule(
            "c3xe5xg7",
            "W:Wc3,e3:Bd4,f6,b6:H0:F1",
            "Tap the man on c3, then e5 and g7: it takes two men, forward each time.",
            ("d4", "f6"),
            becomes="",
        ),
        CZECH_PRIORITY,
        win(
            Example(
                fen="W:WKb2,g1:Be5:H0:F1",
                move="b2xg7",
                caption="Tap the king on b2, then g7 (or any square beyond e5): it takes "
                "Black's last piece, and White wins.",
                captures=("e5",),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}, with the Czech federation's removal of the pieces taken at the end of "
    "the move.",
)

CORNER = GameRules(
    id="corner",
    line=_("Czech Checkers crowning only in the far corner."),
    intro=(
        "Corner Checkers plays by the rules of Czech Checkers from its own start, with the long "
        "diagonal a1-h8 empty, and with one change: a man is crowned only on two squares.",
    ),
    pieces=CZECH.pieces,
    rules=(
        Rule(
            id="crowning",
            title=_("Crowning in the corner"),
            paragraphs=(
                "White's men are crowned only on a7 and b8, Black's only on g1 and h2: the far "
                "corner on each player's left. A man that reaches another square of its last row "
                "stays a man there, and can move no more.",
            ),
            example=Example(
                fen="W:Wc7,g1:Bh8,a3:H0:F1",
                move="c7-b8",
                caption="Tap the man on c7, then b8: it is crowned. On d8 it would stay a man.",
                becomes="king",
            ),
        ),
        CZECH_PRIORITY,
        win(
            Example(
                fen="W:We3:Bf4,c1:H0:F1",
                move="e3xg5",
                caption="Tap the man on e3, then g5. Black's man on c1 reached its last row away "
                "from the corner, so it can move no more: Black cannot move, and White wins.",
                captures=("f4",),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}; the start follows BrainKing's diagram as the PirnaschW/BoardGames "
    "project transcribes it.",
)

ONE_WAY = GameRules(
    id="one-way",
    line=_("Both sides' men move up the same board."),
    intro=(
        "One Way Checkers plays by the rules of Czech Checkers, but the men of both colours move "
        "and take the same way, up the board towards rank 8, and both are crowned there. White's "
        "men start on the right half of the board, Black's on the left.",
    ),
    pieces={
        "man": "steps one square diagonally up the board (towards rank 8), whatever its colour; "
        "takes by jumping the same way.",
        "king": FLYING_KING,
    },
    rules=(
        Rule(
            id="men",
            title=_("Every man goes up"),
            paragraphs=(
                "A Black man steps and takes towards rank 8, as White's do, and is crowned on "
                "rank 8. Kings move and take in all four directions as usual.",
            ),
            example=Example(
                fen="B:Wg1:Bc7:H0:F1",
                move="c7-b8",
                caption="Black to move: tap the man on c7, then b8. It went towards rank 8, as "
                "White's men do, and is crowned.",
                becomes="king",
            ),
        ),
        CZECH_PRIORITY,
        win(
            Example(
                fen="W:Wc7:Ba7:H0:F1",
                move="c7-b8",
                caption="Tap the man on c7, then b8: it is crowned, and it stands in the way of "
                "Black's man on a7, which can only go up. Black cannot move, and White wins.",
                becomes="king",
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}; the start rests on the PirnaschW/BoardGames transcription of "
    "BrainKing's picture, which makes it the least certain game of the family.",
)

PARACHUTE = GameRules(
    id="parachute",
    line=_("Czech Checkers with parachutists dropped behind the enemy's lines."),
    intro=(
        "Parachute Checkers is Czech Checkers with eight men a side, plus four parachutists each, "
        "which start on the opponent's first row.",
    ),
    pieces={
        "man": "steps one square diagonally forward; takes by jumping diagonally forward.",
        "king": FLYING_KING,
        "parachutist": "never steps. Its one move is a jump backwards, from the opponent's first "
        "row over an enemy piece onto the empty square behind it; then it becomes a man.",
    },
    rules=(
        Rule(
            id="parachutists",
            title=_("Parachutists"),
            paragraphs=(
                "A parachutist waits on the edge, where nothing can take it. When an enemy piece "
                "stands diagonally in front of it (towards its own side) with an empty square "
                "behind, it may jump it, and lands as an ordinary man. Its capture counts for "
                "compulsory capture, but a king's capture comes first, as in Czech Checkers.",
            ),
            example=Example(
                fen="W:WPb8,g3:Bc7,h8:H0:F1",
                move="b8xd6",
                caption="Tap White's parachutist on b8, then d6: it takes c7 and becomes a man.",
                captures=("c7",),
                becomes="man",
            ),
        ),
        CZECH_PRIORITY,
        win(
            Example(
                fen="W:We3:Bf4,Pc1:H0:F1",
                move="e3xg5",
                caption="Tap the man on e3, then g5: it takes Black's last man. Black's "
                "parachutist on c1 never steps, and has no white piece to jump: Black cannot "
                "move, and White wins.",
                captures=("f4",),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}; the start agrees with checkerschest.com and PirnaschW/BoardGames.",
)

CZECH_RULES = (CZECH, CORNER, ONE_WAY, PARACHUTE)
