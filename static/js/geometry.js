// Board geometry: which squares a game's board has, which of them are used, where each is drawn
// and what the game's notation calls it. Pure functions over the `board` part of a variant
// descriptor ({files, ranks, playable, lines, labels}); no DOM and no rule of any game.
//
// Squares are named as in chess whatever the game: file letters a, b, … from White's left and
// rank numbers 1, 2, … from White's side ("a1", "j10", "l12"). A board's `playable`:
// - "dark": the squares whose file and rank (counted from 0, a1 = 0,0) add up to an even number,
//   drawn dark (a1 dark, as on a chess board);
// - "light": the others, drawn dark (the mirrored board: h1 dark, a1 light and unused);
// - "all": every square, coloured as on a chess board;
// - "points": every square is a point where lines meet (Alquerque), drawn with its `lines`.
// Numbered games give `labels`, square -> number: the notation of those games, drawn on the used
// squares and read back from FENs and move lists.

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Returns [file, rank] counted from 0 (a1 = [0, 0]) for a square name, or null. */
export function parseSquare(name) {
  const match = /^([a-z])(\d{1,2})$/.exec(String(name));
  if (!match) return null;
  return [LETTERS.indexOf(match[1]), Number(match[2]) - 1];
}

/** Returns the name of the square at file and rank counted from 0. */
export function squareName(file, rank) {
  return `${LETTERS[file]}${rank + 1}`;
}

/**
 * Returns the squares strictly between `from` and `to` when they share a file, a rank or a
 * diagonal (nearest to `from` first); otherwise an empty list.
 */
export function squaresBetween(from, to) {
  const a = parseSquare(from);
  const b = parseSquare(to);
  if (!a || !b) return [];
  const df = b[0] - a[0];
  const dr = b[1] - a[1];
  if (!(df === 0 || dr === 0 || Math.abs(df) === Math.abs(dr))) return [];
  const steps = Math.max(Math.abs(df), Math.abs(dr));
  const between = [];
  for (let k = 1; k < steps; k += 1) {
    between.push(squareName(a[0] + (df / steps) * k, a[1] + (dr / steps) * k));
  }
  return between;
}

/**
 * Returns, for each step path[k] -> path[k+1] of a move, the captured squares that step took.
 * A jump takes the captured piece standing between its two landings, whether it was jumped in
 * the jumps' order or the list is in another one, and however far the landings are (a flying
 * king). A piece already taken earlier in the move is not taken again when a later jump
 * crosses its square. A step with no captured piece on its line (a leap) takes `captured[k]`.
 * Other kinds of move take nothing step by step: a replacement, a sweep and a removal take
 * their pieces as a whole.
 */
export function stepCaptures(move) {
  const path = move.path || [];
  const captured = move.captured || [];
  const steps = [];
  if (move.kind !== "jump") {
    for (let k = 0; k + 1 < path.length; k += 1) steps.push([]);
    return steps;
  }
  const taken = new Set();
  for (let k = 0; k + 1 < path.length; k += 1) {
    const between = new Set(squaresBetween(path[k], path[k + 1]));
    let took = captured.filter((square) => between.has(square) && !taken.has(square));
    if (!took.length && captured[k] !== undefined && !taken.has(captured[k])) took = [captured[k]];
    for (const square of took) taken.add(square);
    steps.push(took);
  }
  return steps;
}

/**
 * Returns the geometry of a board descriptor: {files, ranks, playable, points, squares, used,
 * lines, isUsed(square), isDark(square), xy(square, orientation), at(x, y, orientation),
 * label(square), fromLabel(text), numbered}. `squares` lists every square row by row from
 * White's far side, as the board draws them for White; `xy` gives a square's column and row
 * on the screen for the side at the bottom.
 */
export function createGeometry(board = {}) {
  const files = board.files || 8;
  const ranks = board.ranks || 8;
  const playable = board.playable || "all";
  const points = playable === "points";
  const labels = board.labels || null;
  const squares = [];
  const used = new Set();
  const dark = new Set();
  for (let rank = ranks - 1; rank >= 0; rank -= 1) {
    for (let file = 0; file < files; file += 1) {
      const name = squareName(file, rank);
      squares.push(name);
      const even = (file + rank) % 2 === 0;
      const isDark = playable === "light" ? !even : even;
      if (isDark && !points) dark.add(name);
      if (playable === "all" || points || isDark) used.add(name);
    }
  }
  const byLabel = new Map();
  for (const [square, label] of Object.entries(labels || {})) byLabel.set(String(label), square);

  function xy(square, orientation = "white") {
    const [file, rank] = parseSquare(square);
    return orientation === "black" ? [files - 1 - file, rank] : [file, ranks - 1 - rank];
  }

  function at(x, y, orientation = "white") {
    if (x < 0 || y < 0 || x >= files || y >= ranks) return null;
    return orientation === "black"
      ? squareName(files - 1 - x, y)
      : squareName(x, ranks - 1 - y);
  }

  return Object.freeze({
    files,
    ranks,
    playable,
    points,
    numbered: Boolean(labels),
    squares: Object.freeze(squares),
    used,
    lines: points ? board.lines || [] : [],
    isUsed: (square) => used.has(square),
    isDark: (square) => dark.has(square),
    xy,
    at,
    /** The square's name in the game's notation: its number in a numbered game. */
    label: (square) => (labels && labels[square] !== undefined ? String(labels[square]) : square),
    /** The square a notation names (a number of a numbered game, or a square name). */
    fromLabel: (text) => {
      const key = String(text).trim();
      if (byLabel.has(key)) return byLabel.get(key);
      return parseSquare(key) ? key : null;
    },
  });
}
