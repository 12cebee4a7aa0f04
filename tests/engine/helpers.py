"""Small helpers of the engine tests: ASCII boards to FEN, move texts of one piece."""

from engine import Game, Position, parse_square
from engine.chesskers import CHESSKERS


def fen_from_board(board: str, side: str = "w", castling: str = "-", ep: str = "-") -> str:
    """Returns a FEN from an ASCII board: eight rows, rank 8 first, '.' for an empty square."""
    rows = [line.split() for line in board.strip().splitlines()]
    assert len(rows) == 8 and all(len(r) == 8 for r in rows), "a board is 8 rows of 8 squares"
    fen_rows = []
    for row in rows:
        text, empty = "", 0
        for cell in row:
            if cell == ".":
                empty += 1
            else:
                text += (str(empty) if empty else "") + cell
                empty = 0
        fen_rows.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(fen_rows)} {side} {castling} {ep} 0 1"


def texts(fen: str) -> set[str]:
    """Returns the canonical texts of every legal move in ``fen``."""
    return {text for _, text in Game(CHESSKERS, fen).describe_legal_moves()}


def texts_from(fen: str, square: str) -> set[str]:
    """Returns the canonical texts of the legal moves of the piece on ``square``."""
    sq = parse_square(square)
    return {
        text for move, text in Game(CHESSKERS, fen).describe_legal_moves() if move.path[0] == sq
    }


def machine_from(fen: str, square: str) -> set[str]:
    """Returns the machine forms of the legal moves of the piece on ``square``."""
    sq = parse_square(square)
    return {m.machine() for m in Position.from_fen(fen).legal_moves() if m.path[0] == sq}
