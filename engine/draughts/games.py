"""The games of the draughts family, each a short declaration on the common core.

A game is added by declaring its ``Rules`` here (what differs from English checkers' rules,
which are the defaults) and listing it in ``DRAUGHTS``; the registry (``engine.variants``) and
the command line then know it. docs/rules/draughts.md has each game's rules in words; its
section is named beside each declaration.
"""

from dataclasses import replace

from engine.board import Board, Pattern
from engine.draughts.rules import (
    ALL_DIRECTIONS,
    DIAGONAL,
    DIAGONAL_FORWARD,
    FORWARD,
    ORTHOGONAL,
    SIDEWAYS,
    MidCapture,
    Notation,
    Numbering,
    Priority,
    Removal,
    Rules,
)
from engine.draughts.variant import DraughtsVariant
from engine.i18n import N_

DARK_8 = Board(8, 8, Pattern.DARK)
LIGHT_8 = Board(8, 8, Pattern.LIGHT)
FULL_8 = Board(8, 8, Pattern.ALL)
DARK_10 = Board(10, 10, Pattern.DARK)
DARK_12 = Board(12, 12, Pattern.DARK)


def _numbers(first: int, last: int) -> str:
    return ",".join(str(n) for n in range(first, last + 1))


def _squares(board: Board, parity: int) -> str:
    # The squares of ``board`` whose file + rank has ``parity`` (0: a1's colour), a1 first.
    return ",".join(
        board.names[sq]
        for sq in board.squares
        if (board.file_of(sq) + board.rank_of(sq)) % 2 == parity
    )


_CZECH_START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8:H0:F1"

# §2: English draughts; Black (on 1-12) moves first.
CHECKERS = Rules(
    id="checkers",
    name=N_("Checkers"),
    pdn_game_type="21",
    board=DARK_8,
    start_fen=f"B:W{_numbers(21, 32)}:B{_numbers(1, 12)}:H0:F1",
    notation=Notation.NUMBERS,
)

# §3: Checkers in which the side left without a move wins.
ANTI_CHECKERS = replace(
    CHECKERS, id="anti-checkers", name=N_("Anti Checkers"), pdn_game_type=None, no_move_wins=True
)

# §4: flying kings, and a king's capture comes first.
CZECH = Rules(
    id="czech",
    name=N_("Czech Checkers"),
    pdn_game_type="29",
    board=DARK_8,
    start_fen=_CZECH_START,
    flying=True,
    priority=(Priority.KING_FIRST,),
)

# §5: Czech rules; men are crowned on two corner squares only.
CORNER = replace(
    CZECH,
    id="corner",
    name=N_("Corner Checkers"),
    pdn_game_type=None,  # PDN numbers Czech draughts, not this game
    start_fen="W:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:Ba3,b4,a5,c5,b6,d6,a7,c7,e7,b8,d8,f8:H0:F1",
    promotion_squares=(("a7", "b8"), ("g1", "h2")),
)

# §6: Czech rules; the men of both sides move up the board.
ONE_WAY = replace(
    CZECH,
    id="one-way",
    name=N_("One Way Checkers"),
    pdn_game_type=None,  # PDN numbers Czech draughts, not this game
    start_fen="W:We1,g1,f2,h2,e3,g3,f4,h4,e5,g5,f6,h6:Ba1,c1,b2,d2,a3,c3,b4,d4,a5,c5,b6,d6:H0:F1",
    both_men_up=True,
)

# §7: Czech rules, and four parachutists a side on the opponent's first row.
PARACHUTE = replace(
    CZECH,
    id="parachute",
    name=N_("Parachute Checkers"),
    pdn_game_type=None,  # PDN numbers Czech draughts, not this game
    start_fen=(
        "W:Wb2,d2,f2,h2,a3,c3,e3,g3,Pb8,Pd8,Pf8,Ph8:BPa1,Pc1,Pe1,Pg1,b6,d6,f6,h6,a7,c7,e7,g7:H0:F1"
    ),
    parachutists=True,
)

# §8: all 64 squares; men step and jump forward, diagonally forward and sideways; short kings.
GOTHIC = Rules(
    id="gothic",
    name=N_("Gothic Checkers"),
    board=FULL_8,
    start_fen=(
        "W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2"
        ":Ba7,b7,c7,d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8:H0:F1"
    ),
    man_moves=FORWARD + DIAGONAL_FORWARD + SIDEWAYS,
    man_captures=FORWARD + DIAGONAL_FORWARD + SIDEWAYS,
    king_moves=ALL_DIRECTIONS,
    king_captures=ALL_DIRECTIONS,
)

# §9: orthogonal men and flying kings; the largest capture; pieces leave at once; no 180° turn.
TURKISH = Rules(
    id="turkish",
    name=N_("Turkish Checkers"),
    pdn_game_type="30",
    board=FULL_8,
    start_fen=(
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
        ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7:H0:F1"
    ),
    man_moves=FORWARD + SIDEWAYS,
    man_captures=FORWARD + SIDEWAYS,
    king_moves=ORTHOGONAL,
    king_captures=ORTHOGONAL,
    flying=True,
    removal=Removal.AT_ONCE,
    no_turning_back=True,
    priority=(Priority.MAX,),
)

# §10: men on the lines of a 5x5 board, no kings; a man's later jumps go any way along a line.
ALQUERQUE = Rules(
    id="alquerque",
    name=N_("Alquerque"),
    board=Board(5, 5, Pattern.POINTS),
    start_fen="W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5:H0:F1",
    man_moves=FORWARD + DIAGONAL_FORWARD + SIDEWAYS,
    man_captures=FORWARD + DIAGONAL_FORWARD + SIDEWAYS,
    man_later_captures=ALL_DIRECTIONS,
    men_rest_on_last_row=True,
    kings=False,
)

# §11: Konane: a full board, two opening removals, then straight orthogonal captures only,
# each of which may stop after any jump. Black moves first.
HAWAIIAN = Rules(
    id="hawaiian",
    name=N_("Hawaiian Checkers"),
    board=FULL_8,
    start_fen=f"B:W{_squares(FULL_8, 0)}:B{_squares(FULL_8, 1)}:H0:F1",
    man_moves=(),
    man_captures=ORTHOGONAL,
    kings=False,
    opening_removals=("a8", "d5", "e4", "h1"),
    free_stop=True,
    straight_captures=True,
)

# §12: FMJD draughts on 10x10; men take backwards; the largest capture; crowned only at the end.
INTERNATIONAL = Rules(
    id="international",
    name=N_("International Checkers"),
    pdn_game_type="20",
    board=DARK_10,
    start_fen=f"W:W{_numbers(31, 50)}:B{_numbers(1, 20)}:H0:F1",
    notation=Notation.NUMBERS,
    man_captures=DIAGONAL,
    flying=True,
    mid_capture=MidCapture.PASS,
    priority=(Priority.MAX,),
    no_progress_limit=50,
)

# §13: shashki: men take backwards, flying kings, free choice, crowned mid-capture and go on.
RUSSIAN = Rules(
    id="russian",
    name=N_("Russian Checkers"),
    pdn_game_type="25",
    board=DARK_8,
    start_fen=_CZECH_START,
    man_captures=DIAGONAL,
    flying=True,
    mid_capture=MidCapture.CROWN,
    no_progress_limit=30,
)

# §14: International rules on 12x12.
CANADIAN = replace(
    INTERNATIONAL,
    id="canadian",
    name=N_("Canadian Checkers"),
    pdn_game_type="27",
    board=DARK_12,
    start_fen=f"W:W{_numbers(43, 72)}:B{_numbers(1, 30)}:H0:F1",
)

# §15: 8 men a side; a flying king lands just beyond the piece it takes; pieces leave at once.
THAI = Rules(
    id="thai",
    name=N_("Thai Checkers"),
    pdn_game_type="31",
    board=DARK_8,
    start_fen="W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8:H0:F1",
    flying=True,
    lands_next=True,
    removal=Removal.AT_ONCE,
)

# §16: International rules on the 8x8 board.
BRAZILIAN = replace(
    INTERNATIONAL,
    id="brazilian",
    name=N_("Brazilian Checkers"),
    pdn_game_type="26",
    board=DARK_8,
    start_fen=_CZECH_START,
    notation=Notation.ALGEBRAIC,
)

# §17: the mirrored board, numbered from h1; flying kings; the largest capture, then most kings.
PORTUGUESE = Rules(
    id="portuguese",
    name=N_("Portuguese Checkers"),
    pdn_game_type="28",
    board=LIGHT_8,
    start_fen=f"W:W{_numbers(1, 12)}:B{_numbers(21, 32)}:H0:F1",
    notation=Notation.NUMBERS,
    numbering=Numbering.FROM_BOTTOM_RIGHT,
    flying=True,
    priority=(Priority.MAX, Priority.MOST_KINGS),
)

# §18: the mirrored board, numbered from a8; short kings; men never take kings; four priorities.
ITALIAN = Rules(
    id="italian",
    name=N_("Italian Checkers"),
    pdn_game_type="22",
    board=LIGHT_8,
    start_fen=f"W:W{_numbers(21, 32)}:B{_numbers(1, 12)}:H0:F1",
    notation=Notation.NUMBERS,
    men_take_kings=False,
    priority=(Priority.MAX, Priority.KING_FIRST, Priority.MOST_KINGS, Priority.FIRST_KING),
)

# §19: all 64 squares; men step forward or diagonally forward, alone or as a line; kings move
# like queens; everything captures orthogonally; the largest capture; crowned only at the end.
DAMEO = Rules(
    id="dameo",
    name=N_("Dameo"),
    board=FULL_8,
    start_fen=(
        "W:Wa1,b1,c1,d1,e1,f1,g1,h1,b2,c2,d2,e2,f2,g2,c3,d3,e3,f3"
        ":Bc6,d6,e6,f6,b7,c7,d7,e7,f7,g7,a8,b8,c8,d8,e8,f8,g8,h8:H0:F1"
    ),
    man_moves=FORWARD + DIAGONAL_FORWARD,
    man_captures=ORTHOGONAL,
    line_moves=True,
    king_moves=ALL_DIRECTIONS,
    king_captures=ORTHOGONAL,
    flying=True,
    mid_capture=MidCapture.PASS,
    priority=(Priority.MAX,),
)

DRAUGHTS = tuple(
    DraughtsVariant(rules)
    for rules in (
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
        INTERNATIONAL,
        RUSSIAN,
        CANADIAN,
        THAI,
        BRAZILIAN,
        PORTUGUESE,
        ITALIAN,
        DAMEO,
    )
)
"""The draughts variants, in the order the site lists them."""
