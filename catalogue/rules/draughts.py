"""The rules pages of the checkers family's games from BrainKing's table: the English game and
the variants that change a rule or two of it (Checkers to Hawaiian; the games played by Czech
rules are in ``czech``).

Each page is written in our words from docs/rules/draughts.md, which settles each game's rules
from BrainKing's table and rules page and the federations' rules it names. Shared sentences are
kept once in ``shared``, so that games with the same rule say it the same way.
"""

from django.utils.translation import gettext_lazy as _

from catalogue.rules.czech import CORNER, CZECH, ONE_WAY, PARACHUTE
from catalogue.rules.model import Example, GameRules, Rule
from catalogue.rules.shared import BRAINKING, SHORT_KING, compulsory, man_rule, win

CHECKERS = GameRules(
    id="checkers",
    line=_("English draughts, American checkers: short kings, Black moves first."),
    intro=(
        "Checkers is the game played in Britain and America. Two players each have twelve men on "
        "the dark squares of a chess board; Black moves first. Squares are written by their "
        "numbers, 1 to 32, as the board shows them.",
    ),
    pieces={
        "man": "steps one square diagonally forward; takes by jumping diagonally forward.",
        "king": SHORT_KING,
    },
    rules=(
        man_rule(
            "14x23x32",
            "B:W18,27:B14:H0:F1",
            "Black must take. Tap the man on 14, then 23 and 32: two jumps, and on the last "
            "row it becomes a king.",
            ("d4", "f2"),
            becomes="king",
            ends="Black wins",
        ),
        Rule(
            id="kings",
            title=_("Kings"),
            paragraphs=(
                "A king moves one square at a time, but in all four diagonal directions, so it "
                "can take backwards too.",
            ),
            example=Example(
                fen="W:WK11:B15,22,4:H0:F1",
                move="11x18x25",
                caption="Tap the king on 11, then 18 and 25: it takes two men going backwards.",
                captures=("e5", "c3"),
            ),
        ),
        compulsory(
            Example(
                fen="B:W18,30:B14,9:H0:F1",
                move="14x23",
                caption="Black to move. The men on 9 and 14 could step, but 14 can take, so it "
                "must: every step is refused. Tap 14, then 23.",
                captures=("d4",),
            )
        ),
        win(
            Example(
                fen="B:W28:B16,24:H0:F1",
                move="16-19",
                caption="Black to move: tap the man on 16, then 19. White's man on 28 can neither "
                "step to 24 nor jump it, so White cannot move, and Black wins.",
                ends="Black wins",
            )
        ),
    ),
    source=f"{BRAINKING}, with the world federation's numbering and Black moving first.",
)

ANTI_CHECKERS = GameRules(
    id="anti-checkers",
    line=_("Checkers played to lose: the side left without a move wins."),
    intro=(
        "Anti Checkers is Checkers turned round: the board, the men, the kings and the moves are "
        "those of Checkers, but you try to have all your pieces taken, or blocked.",
    ),
    pieces=CHECKERS.pieces,
    rules=(
        Rule(
            id="aim",
            title=_("Losing wins"),
            paragraphs=(
                "The side to move that has no legal move, because its pieces are all taken or "
                "all blocked, wins. Taking is still compulsory, which is how you force your "
                "opponent to take your pieces.",
            ),
            example=Example(
                fen="B:W22:B18,4:H0:F1",
                move="18x25",
                caption="Black must take: tap the man on 18, then 25. White has no piece left, "
                "and so White wins.",
                captures=("c3",),
                ends="White wins",
            ),
        ),
        compulsory(
            Example(
                fen="B:W18,28:B14,9:H0:F1",
                move="14x23",
                caption="Black to move. Black would rather not take a piece, but the man on 14 "
                "can, so it must: every step is refused. Tap 14, then 23.",
                captures=("d4",),
            )
        ),
    ),
    source=f"{BRAINKING}.",
)

GOTHIC = GameRules(
    id="gothic",
    line=_("Every square used: men go forward, diagonally and sideways."),
    intro=(
        "Gothic Checkers uses all 64 squares, with sixteen men a side on the first two rows. Its "
        "men have five directions, and its kings eight, one square at a time.",
    ),
    pieces={
        "man": "steps one square forward, diagonally forward or sideways, and takes by jumping in "
        "the same five directions; never backwards.",
        "king": "a crowned man: one square in any of the eight directions, stepping or jumping.",
    },
    rules=(
        Rule(
            id="men",
            title=_("Men"),
            paragraphs=(
                "A man steps or jumps forward, diagonally forward or sideways. A man on the far "
                "row is crowned; if it got there by a capture, the move ends.",
            ),
            example=Example(
                fen="W:Wd4,a1:Be4,h8:H0:F1",
                move="d4xf4",
                caption="Tap the man on d4, then f4: it takes sideways.",
                captures=("e4",),
            ),
        ),
        Rule(
            id="kings",
            title=_("Kings"),
            paragraphs=("A king moves like a chess king, and jumps in the same eight directions.",),
            example=Example(
                fen="W:WKd4,a1:Bd5,e4,h8:H0:F1",
                move="d4xd6",
                caption="Tap the king on d4: it may take d5 or e4, but not both. Tap d6.",
                captures=("d5",),
            ),
        ),
        compulsory(
            Example(
                fen="W:Wc3,f2:Bc4,h8:H0:F1",
                move="c3xc5",
                caption="The men on c3 and f2 could step, but c3 can take, so it must: every "
                "step is refused. Tap c3, then c5.",
                captures=("c4",),
            )
        ),
        win(
            Example(
                fen="W:Wd4,a1:Be5:H0:F1",
                move="d4xf6",
                caption="Tap the man on d4, then f6: it takes Black's last piece, and White wins.",
                captures=("e5",),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}.",
)

TURKISH = GameRules(
    id="turkish",
    line=_("Straight moves, flying rook-like kings, and the longest capture is compulsory."),
    intro=(
        "Turkish Checkers uses all 64 squares, with sixteen men a side on the second and third "
        "rows. Everything moves straight: forward and sideways, never diagonally.",
    ),
    pieces={
        "man": "steps one square straight forward or sideways, and takes by jumping in the same "
        "three directions.",
        "king": "a crowned man that flies like a rook: any distance along a rank or a file, and "
        "takes a piece at any distance, landing on any empty square beyond.",
    },
    rules=(
        Rule(
            id="captures",
            title=_("The longest capture"),
            paragraphs=(
                "You must take the most pieces you can. Each piece taken leaves the board at "
                "once, so its square is free for the rest of the move; but a jump may not turn "
                "straight back the way the last one came.",
            ),
            example=Example(
                fen="W:Wd3,a1:Bd4,e5,f6,c3,h8:H0:F1",
                move="d3xd5xf5xf7",
                caption="The man on d3 could take c3 alone, but it must take three. Tap d3, "
                "then d5, f5 and f7.",
                captures=("d4", "e5", "f6"),
            ),
        ),
        Rule(
            id="kings",
            title=_("Kings"),
            paragraphs=(
                "A man on the far row is crowned (a capture that crowns ends there). The king "
                "flies along ranks and files, and may turn a corner between jumps.",
            ),
            example=Example(
                fen="W:WKb2:Bb5,e7,h8:H0:F1",
                move="b2xb7xg7",
                caption="Tap the king on b2, then b7: it must go on, turning right along rank 7. "
                "Then tap g7.",
                captures=("b5", "e7"),
            ),
        ),
        win(
            Example(
                fen="W:Wc4:Bd4,f4:H0:F1",
                move="c4xe4xg4",
                caption="Tap the man on c4, then e4 and g4: it takes Black's last two men "
                "sideways, and White wins.",
                captures=("d4", "f4"),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}, with the Turkish rules' removal of each piece as it is taken and "
    "their rule against turning back.",
)

ALQUERQUE = GameRules(
    id="alquerque",
    line=_("The old game of points and lines, twelve men a side and no kings."),
    intro=(
        "Alquerque, an ancestor of checkers, is played on the 25 points of a board of lines. Every "
        "point is joined to its neighbours along the ranks and files; the diagonal lines run only "
        "through some points. Each side has twelve men, and there are no kings.",
    ),
    pieces={
        "man": "steps one point along a line, forward, diagonally forward or sideways. It takes "
        "by jumping an enemy man along a line onto the empty point beyond: the first jump in "
        "those directions, and any further jump in any direction, backwards too.",
    },
    rules=(
        Rule(
            id="captures",
            title=_("Captures"),
            paragraphs=(
                "Taking is compulsory and you must finish the capture, but you choose among the "
                "captures freely. After its first jump a man may jump backwards.",
            ),
            points=(
                "A man on its last row makes no quiet move, but may still take.",
                "The side that cannot move loses.",
            ),
            example=Example(
                fen="W:Wc1:Bc2,d2,a5:H0:F1",
                move="c1xc3xe1",
                caption="Tap the man on c1, then c3: it may jump on backwards. Tap e1.",
                captures=("c2", "d2"),
            ),
        ),
    ),
    source=f"{BRAINKING}, from the usual twelve-a-side start.",
)

HAWAIIAN = GameRules(
    id="hawaiian",
    line=_("Konane: a full board, straight jumps only, and you may stop."),
    intro=(
        "Hawaiian Checkers (Konane) starts with every square full, the two colours alternating. "
        "Black first takes one of its own pieces off the board; from then on every move is a "
        "capture.",
    ),
    pieces={
        "man": "takes by jumping an enemy piece next to it along a rank or file onto the empty "
        "square beyond, and may go on in the same direction.",
    },
    rules=(
        Rule(
            id="opening",
            title=_("Opening the board"),
            paragraphs=(
                "Black begins by taking off one of its own pieces from a8, d5, e4 or h1. White "
                "then takes off one of its own pieces next to the empty square.",
            ),
            example=Example(
                fen="B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4,d4,f4,h4,a5,c5,e5,g5,b6,d6,f6,"
                "h6,a7,c7,e7,g7,b8,d8,f8,h8:Bb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3,a4,c4,e4,g4,b5,"
                "d5,f5,h5,a6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8:H0:F1",
                move="d5",
                caption="Tap Black's piece on d5, then tap it again to take it off.",
                captures=("d5",),
            ),
        ),
        Rule(
            id="jumps",
            title=_("Jumps"),
            paragraphs=(
                "A jump goes along a rank or a file. It may go on in the same direction only, "
                "and you may stop after any jump. The side that cannot move loses.",
            ),
            example=Example(
                fen="W:Wb3,h1:Bb4,b6,h8:H0:F1",
                move="b3xb5xb7",
                caption="Tap the piece on b3, then b5: you may stop there, or go on to b7. Tap b7.",
                captures=("b4", "b6"),
                ends="White wins",
            ),
        ),
    ),
    source=f"{BRAINKING}.",
)

DRAUGHTS_RULES = (
    CHECKERS,
    ANTI_CHECKERS,
    CZECH,
    CORNER,
    ONE_WAY,
    PARACHUTE,
    GOTHIC,
    TURKISH,
    ALQUERQUE,
    HAWAIIAN,
)
