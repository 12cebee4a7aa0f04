// The variant descriptor: what the browser is told about a game to draw it — its board, the
// style of its FEN and its pieces (letter -> name and art). The server sends it with the page
// data; a page given none plays Chesskers. This module owns the default and the pieces' names
// and pictures; it knows no rule.
//
// A piece on the board is a colour and a letter, "wN", "bM": the letter as the game's FEN
// writes it (a "pdn" FEN: M man, K king, P parachutist). Its picture is the art file
// `static/pieces/<set>/<w|b><Name>.svg` for art "<set>/<Name>", drawn by board.css from the
// piece element's `data-art` ("cburnett/wN").

import { pgettext } from "./i18n.js";

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

// The pieces' names in the page's language, by the descriptor's English name: the piece alone
// and each side's (whole phrases: a language agrees the colour with the piece, "белая ладья",
// "tour blanche"). A king is a chess king where its art is chess art, else a draughts king.
const PIECE_WORDS = {
  pawn: () => [pgettext("piece", "pawn"), pgettext("piece", "white pawn"), pgettext("piece", "black pawn")],
  knight: () => [pgettext("piece", "knight"), pgettext("piece", "white knight"), pgettext("piece", "black knight")],
  bishop: () => [pgettext("piece", "bishop"), pgettext("piece", "white bishop"), pgettext("piece", "black bishop")],
  rook: () => [pgettext("piece", "rook"), pgettext("piece", "white rook"), pgettext("piece", "black rook")],
  queen: () => [pgettext("piece", "queen"), pgettext("piece", "white queen"), pgettext("piece", "black queen")],
  chessKing: () => [
    pgettext("chess piece", "king"), pgettext("chess piece", "white king"), pgettext("chess piece", "black king"),
  ],
  // Translators: a draughts man (the uncrowned piece).
  man: () => [pgettext("piece", "man"), pgettext("piece", "white man"), pgettext("piece", "black man")],
  draughtsKing: () => [
    pgettext("draughts piece", "king"), pgettext("draughts piece", "white king"),
    pgettext("draughts piece", "black king"),
  ],
  // Translators: Parachute Checkers' piece that starts on the far side and becomes a man after its first jump.
  parachutist: () => [
    pgettext("piece", "parachutist"), pgettext("piece", "white parachutist"), pgettext("piece", "black parachutist"),
  ],
  // Translators: Cheskers' camel (leaps 3+1, like a long knight).
  camel: () => [pgettext("piece", "camel"), pgettext("piece", "white camel"), pgettext("piece", "black camel")],
  // Translators: Byelorussian Cheskers' draughts man.
  draughtsman: () => [
    pgettext("piece", "draughtsman"), pgettext("piece", "white draughtsman"), pgettext("piece", "black draughtsman"),
  ],
  // Translators: Byelorussian Cheskers' crowned draughtsman (Russian \"дамка\").
  damka: () => [pgettext("piece", "damka"), pgettext("piece", "white damka"), pgettext("piece", "black damka")],
  // Translators: Game Mix's crowned checker (a draughts king).
  dama: () => [pgettext("piece", "dama"), pgettext("piece", "white dama"), pgettext("piece", "black dama")],
  // Translators: Game Mix's silver general (as in shogi).
  silver: () => [pgettext("piece", "silver"), pgettext("piece", "white silver"), pgettext("piece", "black silver")],
  // Translators: Game Mix's piece that moves along a line exactly as many squares as pieces stand on it.
  liner: () => [pgettext("piece", "liner"), pgettext("piece", "white liner"), pgettext("piece", "black liner")],
  // Translators: Game Mix's draughts man.
  checker: () => [pgettext("piece", "checker"), pgettext("piece", "white checker"), pgettext("piece", "black checker")],
};

function wordsOf(piece) {
  if (piece.name === "king") {
    return PIECE_WORDS[String(piece.art).startsWith("cburnett/") ? "chessKing" : "draughtsKing"]();
  }
  return Object.hasOwn(PIECE_WORDS, piece.name) ? PIECE_WORDS[piece.name]() : null;
}

/** Returns a piece's name for assistive technology, in the page's language: "white knight",
 * "black man". */
export function pieceName(code, variant = CHESSKERS) {
  const white = code[0] === "w";
  const piece = pieceOf(code, variant);
  if (!piece) {
    const letter = String(code).slice(1);
    return white ? pgettext("piece", "white piece %(letter)s", { letter })
      : pgettext("piece", "black piece %(letter)s", { letter });
  }
  const words = wordsOf(piece);
  if (words) return white ? words[1] : words[2];
  // A piece this module has no words for: its name as the descriptor gives it.
  return white ? pgettext("piece", "white %(piece)s", { piece: piece.name })
    : pgettext("piece", "black %(piece)s", { piece: piece.name });
}

/** Returns a piece's name without its colour, in the page's language: "knight", "man" (the
 * piece's own letter when the descriptor has none such). */
export function pieceKindName(code, variant = CHESSKERS) {
  const piece = pieceOf(code, variant);
  if (!piece) return String(code).slice(1);
  const words = wordsOf(piece);
  return words ? words[0] : piece.name;
}

/** Returns the `data-art` of a piece ("cburnett/wN", "chesskers/bMan"), or "" if it has none. */
export function pieceArt(code, variant = CHESSKERS) {
  const piece = pieceOf(code, variant);
  if (!piece || !piece.art) return "";
  const slash = piece.art.lastIndexOf("/");
  return `${piece.art.slice(0, slash + 1)}${code[0]}${piece.art.slice(slash + 1)}`;
}

/** Returns the name of the piece a promotion letter ("q", "C") gives, as the descriptor says, in
 * the page's language. */
export function promotionName(letter, variant = CHESSKERS) {
  const piece = pieceOf(`w${letter}`, variant);
  return piece ? pieceKindName(`w${letter}`, variant) : String(letter);
}
