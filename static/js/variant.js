// The variant descriptor: what the browser is told about a game to draw it — its board, the
// style of its FEN and its pieces (letter -> name and art). The server sends it with the page
// data; a page given none plays Chesskers. This module owns the default and the pieces' names
// and pictures; it knows no rule.
//
// A piece on the board is a colour and a letter, "wN", "bM": the letter as the game's FEN
// writes it (a "pdn" FEN: M man, K king, P parachutist). Its picture is the art file
// `static/pieces/<set>/<w|b><Name>.svg` for art "<set>/<Name>", drawn by board.css from the
// piece element's `data-art` ("cburnett/wN").

export const CHESSKERS = Object.freeze({
  id: "chesskers",
  name: "Chesskers",
  family: "chesskers",
  board: Object.freeze({ files: 8, ranks: 8, playable: "all", lines: null, labels: null }),
  fen: "chess",
  pieces: Object.freeze({
    P: { name: "pawn", art: "cburnett/P" },
    N: { name: "knight", art: "cburnett/N" },
    B: { name: "bishop", art: "cburnett/B" },
    R: { name: "rook", art: "cburnett/R" },
    Q: { name: "queen", art: "cburnett/Q" },
    K: { name: "king", art: "cburnett/K" },
  }),
});

/** Returns the descriptor to draw: `descriptor` when one is given, else Chesskers'. */
export function resolveVariant(descriptor) {
  if (!descriptor || !descriptor.board) return CHESSKERS;
  return descriptor;
}

function pieceOf(code, variant) {
  const pieces = resolveVariant(variant).pieces || {};
  return pieces[String(code).slice(1).toUpperCase()] || null;
}

/** Returns a piece's name for assistive technology: "white knight", "black man". */
export function pieceName(code, variant = CHESSKERS) {
  const color = code[0] === "w" ? "white" : "black";
  const piece = pieceOf(code, variant);
  return `${color} ${piece ? piece.name : `piece ${code.slice(1)}`}`;
}

/** Returns the `data-art` of a piece ("cburnett/wN", "chesskers/bMan"), or "" if it has none. */
export function pieceArt(code, variant = CHESSKERS) {
  const piece = pieceOf(code, variant);
  if (!piece || !piece.art) return "";
  const slash = piece.art.lastIndexOf("/");
  return `${piece.art.slice(0, slash + 1)}${code[0]}${piece.art.slice(slash + 1)}`;
}

/** Returns the name of the piece a promotion letter ("q", "C") gives, as the descriptor says. */
export function promotionName(letter, variant = CHESSKERS) {
  const piece = pieceOf(`w${letter}`, variant);
  return piece ? piece.name : String(letter);
}
