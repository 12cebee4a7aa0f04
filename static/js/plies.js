// Turns and move numbers in every FEN style, and what a move took and says: pure, shared by the
// game page's model (game_model.js re-exports them) and the move list.
import { fenTurn } from "./placement.js";
import { gettext } from "./i18n.js";
import { bySide, otherSide } from "./game_words.js";

/** Returns the side ("white" or "black") that plays the move of index `ply` of a game from
 * `initialFen` — the side to move after `ply` moves — in either FEN style (placement.js). */
export function turnAt(initialFen, ply) {
  const first = fenTurn(initialFen);
  return ply % 2 === 0 ? first : otherSide(first);
}

function isPdnFen(fen) {
  return String(fen || "").includes(":");
}

/** Returns whether the move of index `index` opens a numbered move ("1." rather than "1…"), as
 * the archive's export numbers them (games/domain/pgn.py): in a chess FEN White's move opens one, in a
 * draughts FEN the first mover's (Black's in Checkers). */
export function opensMove(initialFen, index) {
  if (isPdnFen(initialFen)) return index % 2 === 0;
  return turnAt(initialFen, index) === "white";
}

/** Returns the move number and the mover's colour of the move at `index` in a game from
 * `initialFen`: {number, color}. The number is counted as the archive's export counts it (a
 * chess FEN's sixth field, a draughts FEN's `F`; 1 when absent). */
export function moveNumber(initialFen, index) {
  const color = turnAt(initialFen, index);
  const text = String(initialFen || "");
  if (isPdnFen(text)) {
    const digits = text.split(":F").length > 1 ? text.slice(text.lastIndexOf(":F") + 2) : "";
    const first = /^\d+$/.test(digits) ? Number(digits) : 1;
    return { number: first + Math.floor(index / 2), color };
  }
  const fields = text.split(" ");
  const blackFirst = fields[1] === "b" ? 1 : 0;
  const fullmove = Number(fields[5]) || 1;
  return { number: fullmove + Math.floor((blackFirst + index) / 2), color };
}

/** Returns the move's number as the list writes it before the move: "1." or "1…". */
export function numberText(initialFen, index) {
  const { number } = moveNumber(initialFen, index);
  return `${number}${opensMove(initialFen, index) ? "." : "…"}`;
}

/** Returns the piece codes ("wM") a chain or a sweep took, of the side that did not play it;
 * [] for any other move (a Hawaiian removal takes the mover's own piece and shows none). */
export function tookPieces(initialFen, index, move) {
  const took = move.captured_pieces || [];
  if (!took.length || (move.kind !== "jump" && move.kind !== "sweep")) return [];
  const theirs = turnAt(initialFen, index) === "white" ? "b" : "w";
  return took.map((letter) => theirs + letter.toUpperCase());
}

/** Returns what screen readers are told of a move just played: "Black played 11-15." */
export function announcement(initialFen, move) {
  const played = { move: move.text };
  return bySide(turnAt(initialFen, move.ply), () => gettext("White played %(move)s.", played),
    () => gettext("Black played %(move)s.", played));
}
