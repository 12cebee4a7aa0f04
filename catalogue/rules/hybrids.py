"""The rules pages of the four chess-draughts hybrids: Cheskers, Byelorussian Cheskers, Board 8x8
Game Mix and Mix Chess.

Each page is written in our words from docs/rules/hybrids.md, which settles each game from the
descriptions it credits (Wikipedia and the Chess Variant Pages).
"""

from django.utils.translation import gettext_lazy as _

from catalogue.rules.model import Example, GameRules, Rule

CHESS_KING = "as in chess: one square in any direction. It must never be left in check."
CHESS_PIECES = {
    "queen": "as in chess: any distance along a rank, file or diagonal.",
    "rook": "as in chess: any distance along a rank or file.",
    "bishop": "as in chess: any distance along a diagonal.",
    "knight": "as in chess: an L-shaped leap, over anything in between.",
}

CHESKERS = GameRules(
    id="cheskers",
    line=_("Solomon Golomb's 1948 game: checkers men and kings with a bishop and a camel."),
    intro=(
        "Cheskers is Solomon Golomb's game of 1948: checkers with a few chess-like pieces. Each "
        "side has eight pawns (checkers men), two kings (checkers kings: there is no check), a "
        "bishop and a camel, all on the dark squares. Black moves first, and you win by taking "
        "both enemy kings, or when your opponent cannot move.",
    ),
    pieces={
        "pawn": "a checkers man: steps one square diagonally forward, and takes by jumping an "
        "enemy piece diagonally in front of it onto the empty square beyond.",
        "king": "a checkers king: one square diagonally in any direction, stepping or jumping. "
        "Lose both and you lose the game.",
        "bishop": "as in chess: any distance along a diagonal, taking by moving onto an enemy "
        "piece. It never jumps.",
        "camel": "leaps to a square one file and three ranks away, or three files and one rank, "
        "over anything in between, and takes what stands there.",
    },
    rules=(
        Rule(
            id="compulsory",
            title=_("Compulsory capture"),
            paragraphs=(
                "When a pawn or king can jump, you must take: with that jump, or with the bishop "
                "or the camel. Jumps go on in a chain while they can.",
            ),
            example=Example(
                fen="7k/8/8/8/3p3p/2P5/5B2/6K1 w - - 0 1",
                move="Bxh4",
                caption="The pawn on c3 can jump d4, so White must take, but may take with the "
                "bishop instead. Tap the bishop on f2, then h4.",
                captures=("h4",),
            ),
        ),
        Rule(
            id="chains",
            title=_("Two or more"),
            paragraphs=(
                "When some chain takes two pieces or more, only such chains are allowed: no "
                "single jump and no bishop or camel capture. Among them you choose freely.",
            ),
            example=Example(
                fen="1k6/8/5p2/8/1p1p3p/P1P5/5B2/6K1 w - - 0 1",
                move="c3:e5:g7",
                caption="Only the chain of two is allowed. Tap the pawn on c3, then e5 and g7.",
                captures=("d4", "f6"),
            ),
        ),
        Rule(
            id="camel",
            title=_("The camel"),
            paragraphs=("The camel leaps like a long knight, (1, 3) instead of (1, 2).",),
            example=Example(
                fen="7k/8/8/8/1p6/8/8/C5K1 w - - 0 1",
                move="Cxb4",
                caption="Tap the camel on a1, then b4: it leaps and takes the pawn.",
                captures=("b4",),
            ),
        ),
        Rule(
            id="promotion",
            title=_("Promotion"),
            paragraphs=(
                "A pawn reaching the last rank becomes a king, a bishop or a camel, as you "
                "choose; its move ends there. A side with no legal move loses.",
            ),
            example=Example(
                fen="3k4/P7/8/8/8/8/8/6K1 w - - 0 1",
                move="b8=C",
                caption="Tap the pawn on a7, then b8, and choose the camel.",
                becomes="camel",
            ),
        ),
    ),
    source="Wikipedia's article 'Cheskers' and the Chess Variant Pages' page on it.",
    source_url="https://en.wikipedia.org/wiki/Cheskers",
)

BYELORUSSIAN = GameRules(
    id="byelorussian-cheskers",
    line=_("Chess against Russian draughts on one board, Minsk 1984."),
    intro=(
        "Byelorussian Cheskers, by N. N. Grushevsky and P. A. Shkludov (1984), crosses chess "
        "with Russian draughts. Each side has a king, a queen, a rook, a bishop, a knight, eight "
        "pawns, and eleven draughtsmen on the dark squares. White moves first; checkmate wins.",
    ),
    pieces={
        "king": CHESS_KING,
        **CHESS_PIECES,
        "pawn": "as in chess, with two steps from its start square, en passant and promotion.",
        "draughtsman": "steps one square diagonally forward; takes by jumping an enemy piece "
        "next to it, in any of the four diagonal directions; crowned a damka on the last rank.",
        "damka": "a flying draughts king: slides along diagonals, and takes only by jumping, "
        "from afar, landing on any empty square beyond.",
    },
    rules=(
        Rule(
            id="draughts-captures",
            title=_("Draughts captures come first"),
            paragraphs=(
                "If a draughtsman or damka can take, you must take with a draughts piece, and "
                "take the most pieces you can. Chess captures are never compulsory.",
                "A draughts capture comes even before your king's safety: if no largest capture "
                "gets your king out of check, it is checkmate.",
            ),
            example=Example(
                fen="4k3/2m5/8/8/5p2/8/7D/4K3 w - - 0 1",
                move="Dh2:e5:b8",
                caption="Tap the damka on h2, then e5 and b8: it takes two, the most it can.",
                captures=("f4", "c7"),
            ),
        ),
        Rule(
            id="crowning",
            title=_("Crowned on the way"),
            paragraphs=(
                "As in Russian draughts, a draughtsman that reaches the last rank in a capture "
                "becomes a damka at once, and goes on taking as one.",
            ),
            example=Example(
                fen="k7/2p5/1M3p2/8/8/8/8/4K3 w - - 0 1",
                move="Mb6:d8:h4",
                caption="Tap the draughtsman on b6, then d8: now a damka, it flies on. Tap h4.",
                captures=("c7", "f6"),
                becomes="damka",
            ),
        ),
        Rule(
            id="check",
            title=_("Check"),
            paragraphs=(
                "A king is in check when an enemy piece could take it, by a chess capture or by "
                "a draughts jump at any point of a capture. Stalemate, repetition and the "
                "fifty-move rule draw as in chess.",
            ),
            example=Example(
                fen="4k3/8/8/8/3m4/4K3/8/R7 w - - 0 1",
                move="Kxd4",
                caption="White's king on e3 is in check: the draughtsman on d4 could jump it to "
                "f2. Tap the king, then d4, to take it.",
                captures=("d4",),
            ),
        ),
    ),
    source="Hans Bodlaender's page on the Chess Variant Pages, after David Pritchard's "
    "Encyclopedia of Chess Variants.",
)

GAME_MIX_PIECES = {
    "king": "one square in any direction; no castling. It must never be left in check.",
    "dama": "a draughts king: slides along diagonals, and takes only by jumping, from afar, "
    "onto the square just beyond; it may go on straight ahead for up to three pieces.",
    "silver": "one square diagonally, or one straight forward.",
    "knight": CHESS_PIECES["knight"],
    "liner": "moves exactly as many squares as there are pieces on its line (both colours, "
    "itself included), in any of the eight directions, leaping over everything.",
    "checker": "a draughts man: steps diagonally forward, and takes one piece by jumping it "
    "diagonally in any direction; crowned a dama on the last rank.",
    "pawn": "as in chess; it promotes to a liner, a knight or a silver.",
}

DAMA_RULE = Rule(
    id="dama",
    title=_("The dama"),
    paragraphs=(
        "A dama takes by jumping: one piece, then straight on to a second, then a third, each "
        "with an empty square beyond. No capture is compulsory, so it may stop after any of "
        "them.",
    ),
    example=Example(
        fen="6k1/6p1/p7/4p3/8/2p5/8/D3K3 w - - 0 1",
        move="Da1:d4:f6:h8",
        caption="Tap the dama on a1: it may stop on d4 or f6, or take all three. Tap d4, f6 and "
        "h8.",
        captures=("c3", "e5", "g7"),
    ),
)

LINER_RULE = Rule(
    id="liner",
    title=_("The liner"),
    paragraphs=(
        "A liner counts the pieces on the line it moves along, itself included, and moves "
        "exactly that many squares.",
    ),
    example=Example(
        fen="4k3/7p/8/8/8/8/8/L3K3 w - - 0 1",
        move="Lc1",
        caption="Rank 1 holds two pieces, so the liner on a1 moves two squares along it. Tap "
        "a1, then c1.",
    ),
)

GAME_MIX = GameRules(
    id="game-mix",
    line=_("Chess, draughts and Lines of Action pieces on one board; connect them all to win."),
    intro=(
        "Board 8x8 Game Mix, by Lev Grigoriev (2023), puts chess, draughts, Makruk and Lines of "
        "Action pieces on one board. White moves first. Checkmate wins, and so does stalemating "
        "your opponent; and when every piece on the board touches another in one group, the "
        "side with more pieces wins.",
    ),
    pieces=GAME_MIX_PIECES,
    rules=(
        DAMA_RULE,
        LINER_RULE,
        Rule(
            id="connection",
            title=_("Connection"),
            paragraphs=(
                "When a move leaves every piece of both colours in one group, each touching "
                "another along a rank, file or diagonal, the game ends: the player who made it "
                "wins with more pieces on the board, and draws otherwise.",
            ),
            example=Example(
                fen="8/8/8/4k3/3p4/2L5/8/K1S5 w - - 0 1",
                move="Sb2",
                caption="Tap the silver on c1, then b2: all five pieces touch, and White, with "
                "three against two, wins.",
                ends="White wins",
            ),
        ),
    ),
    source="Lev Grigoriev's page 'Board 8x8 Game Mix' on the Chess Variant Pages.",
)

MIX_CHESS = GameRules(
    id="mix-chess",
    line=_("Game Mix without connection: only checkmate wins."),
    intro=(
        "Mix Chess is the variation at the end of Lev Grigoriev's Game Mix page: the same pieces "
        "and start, but connection does not count, stalemate is a draw, and the dama gives "
        "check like a bishop.",
    ),
    pieces=GAME_MIX_PIECES,
    rules=(
        Rule(
            id="dama-check",
            title=_("The dama checks like a bishop"),
            paragraphs=(
                "A king is in check from a dama that sees it along a clear diagonal, whatever "
                "stands beyond the king.",
            ),
            example=Example(
                fen="7k/8/8/8/p7/8/P7/D3K3 b - - 0 1",
                move="Kg8",
                caption="Black's king on h8 is in check from the dama on a1. Tap it, then g8.",
            ),
        ),
        DAMA_RULE,
        LINER_RULE,
    ),
    source="Lev Grigoriev's page 'Board 8x8 Game Mix' on the Chess Variant Pages (its last "
    "section).",
)

HYBRID_RULES = (CHESKERS, BYELORUSSIAN, GAME_MIX, MIX_CHESS)
