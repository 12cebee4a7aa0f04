"""The rules pages of the checkers family's games that federations play (International to
Dameo): the men take backwards, the kings fly, and most of them must take the most pieces.

Each page is written in our words from docs/rules/draughts.md, which settles each game's rules
from BrainKing's table and the federations' rules it names.
"""

from django.utils.translation import gettext_lazy as _

from catalogue.rules.model import Example, GameRules, Rule
from catalogue.rules.shared import BRAINKING, FLYING_KING, win

MAN_BOTH_WAYS = (
    "steps one square diagonally forward; takes by jumping an enemy piece next to it in any of "
    "the four diagonal directions, backwards too."
)
LANDING = (
    "A flying king that takes may land on any empty square beyond the piece; but if landing on "
    "some of them lets it take again, it must land on one of those and go on."
)


def international_end(example: Example) -> Rule:
    """Returns the winning rule of the games played by the international federation's rules
    (drawn after 25 moves each without progress), with the game's example of a winning move."""
    return Rule(
        id="end",
        title=_("Winning"),
        paragraphs=(
            "You win when your opponent cannot move. The game is drawn when the same position "
            "comes a third time, or after 25 moves each with no capture and no man's move.",
        ),
        example=example,
    )


def most_pieces(fen: str, move: str, caption: str, captures: tuple[str, ...]) -> Rule:
    """Returns the rule of the games where the capture taking the most pieces is compulsory."""
    return Rule(
        id="most",
        title=_("Take the most"),
        paragraphs=(
            "Taking is compulsory, and you must make the capture that takes the most pieces, men "
            "and kings counting alike. The pieces taken stay on the board until the move is over: "
            "they cannot be jumped twice, and they block a king's way.",
        ),
        example=Example(fen=fen, move=move, caption=caption, captures=captures),
    )


INTERNATIONAL = GameRules(
    id="international",
    line=_("The world game: 10x10, flying kings, men take backwards, take the most."),
    intro=(
        "International Checkers, the game of the world federation (FMJD), is played on the 50 "
        "dark squares of a 10x10 board, twenty men a side; White moves first. Squares are written "
        "by their numbers, 1 to 50, as the board shows them.",
    ),
    pieces={"man": MAN_BOTH_WAYS, "king": FLYING_KING},
    rules=(
        most_pieces(
            "W:W22:B27,37,18,5:H0:F1",
            "22x31x42",
            "The man on 22 could take 18 forwards, but backwards it takes two. Tap 22, then 31 "
            "and 42.",
            ("c5", "c3"),
        ),
        Rule(
            id="kings",
            title=_("Crowning and kings"),
            paragraphs=(
                "A man that ends its move on the far row is crowned. A man that only passes "
                "through the far row during a capture goes on as a man.",
                LANDING,
            ),
            example=Example(
                fen="W:WK46:B32,6:H0:F1",
                move="46x10",
                caption="Tap the king on 46: it can take 32 from afar and land on any square "
                "beyond. Tap 10.",
                captures=("d4",),
            ),
        ),
        international_end(
            Example(
                fen="W:W18:B22,31:H0:F1",
                move="18x27x36",
                caption="Tap the man on 18, then 27 and 36: it takes Black's last two men, "
                "backwards both times, and White wins.",
                captures=("d6", "b4"),
                ends="White wins",
            )
        ),
    ),
    source="The international federation's rules (FMJD), which BrainKing adopts and its table "
    "of checkers variants confirms.",
)

RUSSIAN = GameRules(
    id="russian",
    line=_("Shashki: flying kings, free choice, a man crowned mid-capture goes on."),
    intro=(
        "Russian Checkers (shashki) is played on the dark squares of a chess board, twelve men a "
        "side; White moves first. Men take backwards, kings fly, and you choose freely among the "
        "captures.",
    ),
    pieces={"man": MAN_BOTH_WAYS, "king": FLYING_KING},
    rules=(
        Rule(
            id="captures",
            title=_("Captures"),
            paragraphs=(
                "Taking is compulsory and you must finish the capture, but any capture may be "
                "chosen: a longer one is not preferred. The pieces taken stay until the move is "
                "over, and block a king's way (the 'Turkish strike').",
            ),
            example=Example(
                fen="W:Wc3:Bd4,b4,f6:H0:F1",
                move="c3xa5",
                caption="The man on c3 could take two pieces towards g7, but may take b4 alone. "
                "Tap c3, then a5.",
                captures=("b4",),
            ),
        ),
        Rule(
            id="crowning",
            title=_("Crowned on the way"),
            paragraphs=(
                "A man that reaches the far row during a capture is crowned at once, and goes on "
                "taking as a king if it can.",
            ),
            example=Example(
                fen="W:Wb6:Bc7,f6,b8:H0:F1",
                move="b6xd8xh4",
                caption="Tap the man on b6, then d8: it is a king now, and flies on. Tap h4.",
                captures=("c7", "f6"),
                becomes="king",
            ),
        ),
        Rule(
            id="end",
            title=_("Winning"),
            paragraphs=(
                "You win when your opponent cannot move. The game is drawn when the same position "
                "comes a third time, or after 15 moves each with no capture and no man's move.",
            ),
            example=Example(
                fen="W:Wd4,b6:Ba7:H0:F1",
                move="d4-c5",
                caption="Tap the man on d4, then c5. Black's man on a7 can neither step to b6 "
                "nor jump it, so Black cannot move, and White wins.",
                ends="White wins",
            ),
        ),
    ),
    source=f"{BRAINKING}, with the Russian federation's removal of the pieces taken at the end "
    "of the move.",
)

CANADIAN = GameRules(
    id="canadian",
    line=_("International Checkers on a 12x12 board, thirty men a side."),
    intro=(
        "Canadian Checkers is International Checkers on a 12x12 board: 72 dark squares, numbered "
        "1 to 72 as the board shows them, thirty men a side. White moves first.",
    ),
    pieces={"man": MAN_BOTH_WAYS, "king": FLYING_KING},
    rules=(
        Rule(
            id="men",
            title=_("Men take both ways"),
            paragraphs=(
                "Men step forward only, but take forwards and backwards. Taking is compulsory, "
                "the capture that takes the most is compulsory, and a man is crowned only if its "
                "move ends on the far row.",
            ),
            example=Example(
                fen="W:W39:B33,45,6:H0:F1",
                move="39x50",
                caption="The man on 39 may take 33 forwards or 45 backwards. Tap 39, then 50.",
                captures=("e5",),
            ),
        ),
        international_end(
            Example(
                fen="W:W35:B27,28:H0:F1",
                move="35x22x33",
                caption="Tap the man on 35, then 22 and 33: it takes Black's last two men, "
                "forward and then backwards, and White wins.",
                captures=("h8", "f8"),
                ends="White wins",
            )
        ),
    ),
    source="BrainKing's table of checkers variants and the Canadian rules, which agree: "
    "International rules on 12x12.",
)

THAI = GameRules(
    id="thai",
    line=_("Mak-hot: eight men a side, kings land just beyond what they take."),
    intro=(
        "Thai Checkers (Mak-hot) is played on the dark squares of a chess board with only eight "
        "men a side, on the first two rows; White moves first.",
    ),
    pieces={
        "man": "steps one square diagonally forward; takes by jumping diagonally forward.",
        "king": "a crowned man. It slides any distance along a diagonal, and takes a piece at "
        "any distance on a clear diagonal, but lands on the square just beyond it.",
    },
    rules=(
        Rule(
            id="kings",
            title=_("Kings land just beyond"),
            paragraphs=(
                "A king that takes lands on the square right after the piece, and flies on from "
                "there. Each piece taken leaves the board at once, so its square is free for the "
                "rest of the move. You choose freely among the captures.",
            ),
            example=Example(
                fen="W:WKa1:Bd4,f4,h8:H0:F1",
                move="a1xe5xg3",
                caption="Tap the king on a1: it lands on e5, just beyond d4. Tap e5, then g3.",
                captures=("d4", "f4"),
            ),
        ),
        win(
            Example(
                fen="W:WKa1:Bd4:H0:F1",
                move="a1xe5",
                caption="Tap the king on a1, then e5: it lands just beyond d4, Black's last "
                "piece, and White wins.",
                captures=("d4",),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}, with the removal at once and the turning back of the Thai rules as "
    "Makhos descriptions give them.",
)

BRAZILIAN = GameRules(
    id="brazilian",
    line=_("International Checkers on the 8x8 board."),
    intro=(
        "Brazilian Checkers is International Checkers played with twelve men a side on the dark "
        "squares of a chess board; White moves first.",
    ),
    pieces={"man": MAN_BOTH_WAYS, "king": FLYING_KING},
    rules=(
        most_pieces(
            "W:Wc3:Bd4,f6,b4,h8:H0:F1",
            "c3xe5xg7",
            "The man on c3 could take b4 alone, but it must take two. Tap c3, then e5 and g7.",
            ("d4", "f6"),
        ),
        international_end(
            Example(
                fen="W:Wa5:Bb6,d6:H0:F1",
                move="a5xc7xe5",
                caption="Tap the man on a5, then c7 and e5: it takes Black's last two men, the "
                "second backwards, and White wins.",
                captures=("b6", "d6"),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}: 'International Checkers on 8x8 with 12 pieces'.",
)

PORTUGUESE = GameRules(
    id="portuguese",
    line=_("The mirrored board, flying kings, take the most and then the most kings."),
    intro=(
        "Portuguese Checkers is played on the mirrored board, whose dark squares start at h1, "
        "with twelve men a side; White moves first. Squares are numbered 1 to 32 from h1, as the "
        "board shows them.",
    ),
    pieces={
        "man": "steps one square diagonally forward; takes by jumping diagonally forward only.",
        "king": FLYING_KING,
    },
    rules=(
        Rule(
            id="priority",
            title=_("The most pieces, then the most kings"),
            paragraphs=(
                "You must take the most pieces you can; among the captures taking as many, you "
                "must take the most kings.",
            ),
            example=Example(
                fen="W:W11:B15,K14,32:H0:F1",
                move="11x18",
                caption="The man on 11 can take one piece either way; it must take the king. "
                "Tap 11, then 18.",
                captures=("e4",),
            ),
        ),
        win(
            Example(
                fen="W:W23,24:B32:H0:F1",
                move="24-28",
                caption="Tap the man on 24, then 28. Black's man on 32 can neither step to 28 "
                "nor jump it, as 23 stands behind: Black cannot move, and White wins.",
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING}, with the Portuguese federation's numbering.",
)

ITALIAN = GameRules(
    id="italian",
    line=_("Dama italiana: men never take kings, and four rules choose the capture."),
    intro=(
        "Italian Checkers is played on the mirrored board, dark squares from h1, twelve men a "
        "side; White moves first. Squares are numbered 1 to 32 from a8, as the board shows them. "
        "Its kings are short, and a man may never take a king.",
    ),
    pieces={
        "man": "steps one square diagonally forward; takes men (never kings) by jumping "
        "diagonally forward.",
        "king": "a crowned man: one square diagonally in any of the four directions, stepping "
        "or jumping.",
    },
    rules=(
        Rule(
            id="men",
            title=_("A man never takes a king"),
            paragraphs=("A man may jump men only; a king stands safe from men.",),
            example=Example(
                fen="W:W22:B18,K19,1:H0:F1",
                move="22x13",
                caption="The man on 22 faces a king on 19 and a man on 18. It may take only the "
                "man: tap 22, then 13.",
                captures=("c4",),
            ),
        ),
        Rule(
            id="priority",
            title=_("Choosing the capture"),
            paragraphs=("Taking is compulsory, and these rules, in order, choose the capture:",),
            points=(
                "the capture taking the most pieces;",
                "then a king's capture before a man's;",
                "then the one taking the most kings;",
                "then the one that meets a king first.",
            ),
            example=Example(
                fen="W:W22,K23:B18,19,21,1:H0:F1",
                move="23x14",
                caption="The man on 22 and the king on 23 can each take one piece; the king's "
                "capture comes first. Tap 23, then 14.",
                captures=("e4",),
            ),
        ),
        win(
            Example(
                fen="W:W23,31:BK32:H0:F1",
                move="31-28",
                caption="Tap the man on 31, then 28. Black's king in the corner can neither step "
                "to 28 nor jump it, as 23 stands behind: Black cannot move, and White wins.",
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING} for the order of the rules; the Italian federation for the numbering "
    "and the start.",
)

DAMEO = GameRules(
    id="dameo",
    line=_("Christian Freeling's game: lines of men march together, captures are straight."),
    intro=(
        "Dameo uses all 64 squares, eighteen men a side in a trapezium; White moves first. Men "
        "move forward, and a line of them may move as one; every capture is straight.",
    ),
    pieces={
        "man": "steps one square straight or diagonally forward; a line of men may move one "
        "square along itself; takes by jumping straight forward, backward or sideways.",
        "king": "a crowned man: moves like a chess queen, and takes along ranks and files at "
        "any distance, landing on any empty square beyond.",
    },
    rules=(
        Rule(
            id="line",
            title=_("The line move"),
            paragraphs=(
                "An unbroken line of your men, one behind another in a forward direction, moves "
                "one square along itself when the square in front of it is empty: the rear man "
                "leaves its square and a man appears in front.",
            ),
            example=Example(
                fen="W:Wc1,c2,c3:Bh8:H0:F1",
                move="c1-c4",
                caption="Tap the rear man on c1, then c4: the whole column steps forward.",
            ),
        ),
        Rule(
            id="captures",
            title=_("Straight captures"),
            paragraphs=(
                "Men and kings take only along ranks and files, men backwards too. The capture "
                "taking the most is compulsory, and the pieces taken leave when the move is over.",
            ),
            example=Example(
                fen="W:WKa1:Ba4,d7,h8:H0:F1",
                move="a1xa7xf7",
                caption="Tap the king on a1, then a7, then f7: two pieces, turning the corner.",
                captures=("a4", "d7"),
            ),
        ),
        win(
            Example(
                fen="W:Wd5:Bd4:H0:F1",
                move="d5xd3",
                caption="Tap the man on d5, then d3: it takes Black's last piece, backwards, and "
                "White wins.",
                captures=("d4",),
                ends="White wins",
            )
        ),
    ),
    source=f"{BRAINKING} (Dameo with international capture rules), and Christian Freeling's own "
    "rules for the line move.",
)

FEDERATION_RULES = (
    INTERNATIONAL,
    RUSSIAN,
    CANADIAN,
    THAI,
    BRAZILIAN,
    PORTUGUESE,
    ITALIAN,
    DAMEO,
)
