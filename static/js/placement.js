// Placements: where the pieces stand, read from a FEN in either of the two styles the games
// use, and what a move does to them. Pure functions (node-tested); no rule of any game — a
// move's effect is read from its path and captured squares.
//
// A placement is a Map square -> piece code ("wN", "bM"). FEN styles:
// - "chess": ranks of letters and digits from the far rank down, "/" between ranks, then the
//   side to move ("w"/"b") after a space;
// - "pdn": `W:W31,32,K5:B1,2:H0:F1` — the side to move, then each colour's list of squares in
//   the game's notation (numbers through the board's labels), a `K` before a king and a `P`
//   before a parachutist; numbered games may give ranges (`31-50`).
import { createGeometry, squareName } from "./geometry.js";
import { resolveVariant } from "./variant.js";

/** Returns the placement of a FEN as a Map square -> piece code, for the variant's FEN style. */
export function parsePlacement(fen, variant) {
  const v = resolveVariant(variant);
  const geometry = createGeometry(v.board);
  return isPdn(fen, v) ? parsePdn(fen, geometry) : parseChess(fen, geometry);
}

/**
 * Returns the FEN of a set-up position in the variant's style: `pieces` (square -> piece code)
 * on the game's used squares, `turn` ("white" or "black") and, in the chess style, `castling`
 * (the rights as FEN writes them, "KQkq"; "" for none). The inverse of `parsePlacement` and
 * `fenTurn`: it only writes. Whether the position may be played is the server's to say
 * (`/api/analysis/position/`), which also drops castling rights the pieces do not have.
 */
export function composeFen({ pieces, turn = "white", castling = "" }, variant) {
  const v = resolveVariant(variant);
  const geometry = createGeometry(v.board);
  if (v.fen === "pdn") return composePdn(pieces, turn, geometry);
  const rows = [];
  for (let rank = geometry.ranks - 1; rank >= 0; rank -= 1) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < geometry.files; file += 1) {
      const code = pieces.get(squareName(file, rank));
      if (!code) {
        empty += 1;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += code[0] === "w" ? code.slice(1).toUpperCase() : code.slice(1).toLowerCase();
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return `${rows.join("/")} ${turn === "black" ? "b" : "w"} ${castling || "-"} - 0 1`;
}

/** Returns the castling rights a chess-style FEN writes ("KQkq", "" for none or another
 * style). */
export function fenCastling(fen) {
  const text = String(fen || "").trim();
  if (text.includes(":")) return "";
  const field = text.split(/\s+/)[2] || "-";
  return field === "-" ? "" : field;
}

function composePdn(pieces, turn, geometry) {
  const lists = { w: [], b: [] };
  for (const square of geometry.squares) {
    const code = pieces.get(square);
    if (!code || !geometry.isUsed(square)) continue;
    const kind = code.slice(1).toUpperCase();
    lists[code[0]].push((kind === "M" ? "" : kind) + geometry.label(square));
  }
  return `${turn === "black" ? "B" : "W"}:W${lists.w.join(",")}:B${lists.b.join(",")}:H0:F1`;
}

/** Returns a FEN as the pages' addresses write it (`/analysis/<game>/<FEN>`,
 * `/editor/<game>/<FEN>`): its spaces as `_`. */
export function fenInPath(fen) {
  return String(fen).replaceAll(" ", "_");
}

/** Returns the analysis board's address of a position of `variant` (its spaces written `_`). */
export function analysisHref(variant, fen) {
  return `/analysis/${variant}/${fenInPath(fen)}`;
}

/** Returns the lobby's address that challenges a friend to a game of `variant` from `fen`: its
 * form, filled in; the server checks the position when the challenge is sent. */
export function challengeHref(variant, fen) {
  const query = new URLSearchParams({ variant, fen: String(fen).trim() });
  return `/play/?${query}#challenge`;
}

/** Returns the FEN's side to move, "white" or "black" (either style). */
export function fenTurn(fen) {
  const text = String(fen || "").trim();
  if (text.includes(":")) return text[0] === "B" ? "black" : "white";
  return text.split(/\s+/)[1] === "b" ? "black" : "white";
}

/**
 * Returns the pieces after `move` ({path, captured, promotion}) is played on `pieces`: the piece
 * leaves its origin for the last square of its path (promoted if the move says so) and every
 * captured square is emptied. A move whose path is one square removes and moves nothing else.
 */
export function applyPath(pieces, move) {
  const next = new Map(pieces);
  const { path } = move;
  const piece = next.get(path[0]);
  next.delete(path[0]);
  for (const square of move.captured || []) next.delete(square);
  if (path.length === 1) {
    if (piece && !(move.captured || []).includes(path[0])) next.set(path[0], piece);
    return next;
  }
  if (piece) {
    const promoted = move.promotion ? piece[0] + move.promotion.toUpperCase() : piece;
    next.set(path[path.length - 1], promoted);
  }
  return next;
}

/** Returns the square of the king in check after a move written `text` (with "+" or "#"),
 * read from the notation and the FEN after it; null when the text gives no check. */
export function checkedKing(fenAfter, text, variant) {
  if (!/[+#]$/.test(String(text || ""))) return null;
  const king = fenTurn(fenAfter) === "white" ? "wK" : "bK";
  for (const [at, code] of parsePlacement(fenAfter, variant)) if (code === king) return at;
  return null;
}

function isPdn(fen, variant) {
  if (variant.fen === "pdn") return true;
  if (variant.fen === "chess") return false;
  return String(fen || "").includes(":");
}

function parseChess(fen, geometry) {
  const pieces = new Map();
  const rows = String(fen || "").trim().split(/\s+/)[0].split("/");
  rows.forEach((row, index) => {
    const rank = geometry.ranks - 1 - index;
    let file = 0;
    for (const token of row.match(/\d+|[A-Za-z]/g) || []) {
      if (/\d/.test(token)) {
        file += Number(token);
        continue;
      }
      const color = token === token.toUpperCase() ? "w" : "b";
      if (file < geometry.files && rank >= 0) {
        pieces.set(squareName(file, rank), color + token.toUpperCase());
      }
      file += 1;
    }
  });
  return pieces;
}

function parsePdn(fen, geometry) {
  const pieces = new Map();
  const fields = String(fen || "").split(":").map((field) => field.trim());
  for (const field of fields.slice(1)) {
    const color = { W: "w", B: "b" }[field[0]];
    if (!color) continue; // the H and F counters
    for (const item of field.slice(1).split(",").map((text) => text.trim())) {
      if (!item) continue;
      const kind = /^[KP]/.test(item) ? item[0] : "M";
      const where = kind === "M" ? item : item.slice(1).trim();
      for (const label of expandRange(where)) {
        const square = geometry.fromLabel(label);
        if (square) pieces.set(square, color + kind);
      }
    }
  }
  return pieces;
}

function expandRange(text) {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(text);
  if (!range) return [text];
  const labels = [];
  for (let n = Number(range[1]); n <= Number(range[2]); n += 1) labels.push(String(n));
  return labels;
}
