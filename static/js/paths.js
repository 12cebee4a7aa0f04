// The tap-by-tap move picker: a pure state machine over the server's `legal_moves` list.
//
// It owns the question "what does this tap mean, given the legal moves?" and nothing else: no
// DOM, no rule of any game. Every answer comes from the paths the server sent (docs/architecture.md:
// the browser computes no rule), so it serves every game alike. A picker state is a plain frozen object;
// every function returns a new one.
//
// A legal move is {text, path, captured, promotion, kind}. `path` is the origin then every square
// the piece stops on; `captured` the squares whose pieces the move removed: for a chain of jumps
// the piece each step jumped (stepCaptures finds which, however far a flying king lands), else
// every piece a sweep, a replacement or a removal took. Only what the list holds can be played:
// in Chesskers every prefix of a chain is its own legal move (docs/rules/chesskers.md §1.3: the
// list holds `Ra1:a4`, `Ra1:a4:c4` and `Ra1:a4:c4:c6`), while a draughts capture must be
// completed (only the whole chain is listed). A move whose path is its origin alone (Hawaiian
// checkers' opening removal, `d5`) is made by tapping the piece twice.
import { stepCaptures } from "./geometry.js";

/** Returns a picker over `legalMoves` with nothing selected. */
export function createPicker(legalMoves) {
  return freeze({ moves: legalMoves || [], path: [] });
}

/** Returns the squares that hold a piece with at least one legal move. */
export function origins(picker) {
  return [...new Set(picker.moves.map((m) => m.path[0]))];
}

/** Returns the legal moves whose path starts with `path` (including `path` itself). */
export function movesThrough(moves, path) {
  return moves.filter((m) => startsWith(m.path, path));
}

/** Returns the legal moves whose path is exactly `path` (several only for promotion choices). */
export function movesExactly(moves, path) {
  return moves.filter((m) => m.path.length === path.length && startsWith(m.path, path));
}

/**
 * Returns the next squares the selected piece may stop on, one entry a square:
 * {square, kind, captures}. `kind` is the kind of the move that stops there (for a chain
 * continuation, "jump"); `captures` the squares that step would empty (the jumped piece, the
 * replaced piece, every piece a sweep takes, the piece a removal takes). A move whose path is
 * the selected square alone is a target on that square.
 */
export function targets(picker) {
  const { path } = picker;
  if (!path.length) return [];
  const bySquare = new Map();
  for (const m of movesThrough(picker.moves, path)) {
    if (m.path.length < path.length || (m.path.length === path.length && path.length > 1)) {
      continue;
    }
    const square = m.path.length === 1 ? m.path[0] : m.path[path.length];
    if (bySquare.has(square)) continue;
    const oneStep = m.path.length <= path.length + 1;
    let captures;
    if (m.kind === "jump") captures = stepCaptures(m)[path.length - 1] || [];
    else captures = oneStep ? [...(m.captured || [])] : [];
    bySquare.set(square, { square, kind: m.kind, captures });
  }
  return [...bySquare.values()];
}

/**
 * Returns what the board should show for the picker: {selected, origin, at, removed, targets,
 * canStop, undoSquare, inChain}. `at` is where the piece stands now (its last landing),
 * `removed` the squares its jumps have emptied so far, `canStop` whether the path so far is
 * itself a legal move (§1.3), `undoSquare` the square it last jumped from.
 */
export function view(picker) {
  const { path } = picker;
  if (!path.length) {
    return freeze({
      selected: null, origin: null, at: null, removed: [], targets: [], canStop: false,
      undoSquare: null, inChain: false,
    });
  }
  const through = movesThrough(picker.moves, path);
  const removed = through.length ? stepCaptures(through[0]).slice(0, path.length - 1).flat() : [];
  const inChain = path.length > 1;
  return freeze({
    selected: path[path.length - 1],
    origin: path[0],
    at: path[path.length - 1],
    removed,
    targets: targets(picker),
    canStop: inChain && movesExactly(picker.moves, path).length > 0,
    undoSquare: inChain ? path[path.length - 2] : null,
    inChain,
  });
}

/**
 * Returns {picker, action} for a tap on `square`. `action.type` is one of:
 * - "select": a piece is now selected (or another one instead);
 * - "deselect": the selection is dropped;
 * - "advance": the piece jumped to `square` and may jump on (a chain in progress);
 * - "undo": the last jump is taken back;
 * - "move": a complete legal move is chosen, in `action.move`;
 * - "promote": the path is complete but several moves share it, in `action.choices`
 *   (the picker keeps the path; finish with `choosePromotion`);
 * - "none": the tap fits no legal move; nothing changes and nothing is to be sent.
 */
export function tap(picker, square) {
  const { path } = picker;
  if (!path.length) return selectOrNone(picker, square);
  const target = targets(picker).find((t) => t.square === square && t.square !== path.at(-1));
  if (target) return step(picker, square);
  if (path.length === 1) {
    if (square === path[0]) {
      // A second tap on a piece that may be removed where it stands removes it.
      if (movesExactly(picker.moves, path).length) return finish(picker, path);
      return { picker: withPath(picker, []), action: { type: "deselect" } };
    }
    if (origins(picker).includes(square)) return selectOrNone(picker, square);
    return { picker: withPath(picker, []), action: { type: "deselect" } };
  }
  // A chain in progress (§1.3): the piece stands on the last landing.
  if (square === path[path.length - 2]) {
    return { picker: withPath(picker, path.slice(0, -1)), action: { type: "undo" } };
  }
  if (square === path[path.length - 1]) return finish(picker, path);
  return { picker, action: { type: "none" } };
}

/** Returns the move of the picker's complete path with promotion `piece` ("q"…), or null. */
export function choosePromotion(picker, piece) {
  return moveForPath(picker.moves, picker.path, piece);
}

/** Returns the promotion letters the moves of the picker's complete path offer, in list order. */
export function promotionChoices(picker) {
  return movesExactly(picker.moves, picker.path).map((m) => m.promotion).filter(Boolean);
}

/** Returns the picker with its selection dropped. */
export function cancel(picker) {
  return withPath(picker, []);
}

/**
 * Returns {picker, action} for a piece dragged from `from` and dropped on `to`: the same as
 * selecting `from` and tapping `to`, except that a drop that fits nothing deselects.
 */
export function drop(picker, from, to) {
  const selected = selectOrNone(cancel(picker), from);
  if (selected.action.type !== "select") {
    return { picker: cancel(picker), action: { type: "none" } };
  }
  const result = tap(selected.picker, to);
  if (result.action.type === "deselect" || result.action.type === "select") {
    return { picker: cancel(picker), action: { type: "none" } };
  }
  return result;
}

/** Returns the legal move a whole path names (with promotion), or null. */
export function moveForPath(moves, path, promotion = null) {
  const want = promotion ? String(promotion).toLowerCase() : null;
  const letter = (m) => (m.promotion ? String(m.promotion).toLowerCase() : null);
  return movesExactly(moves, path).find((m) => letter(m) === want) || null;
}

function step(picker, square) {
  const next = [...picker.path, square];
  const longer = movesThrough(picker.moves, next).filter((m) => m.path.length > next.length);
  if (longer.length) return { picker: withPath(picker, next), action: { type: "advance" } };
  return finish(picker, next);
}

function finish(picker, path) {
  const exact = movesExactly(picker.moves, path);
  if (!exact.length) return { picker, action: { type: "none" } };
  if (exact.length === 1) {
    return { picker: withPath(picker, []), action: { type: "move", move: exact[0] } };
  }
  return { picker: withPath(picker, path), action: { type: "promote", choices: exact } };
}

function selectOrNone(picker, square) {
  if (!origins(picker).includes(square)) {
    const type = picker.path.length ? "deselect" : "none";
    return { picker: withPath(picker, []), action: { type } };
  }
  return { picker: withPath(picker, [square]), action: { type: "select" } };
}

function startsWith(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i += 1) if (path[i] !== prefix[i]) return false;
  return true;
}

function withPath(picker, path) {
  return freeze({ moves: picker.moves, path: Object.freeze([...path]) });
}

function freeze(object) {
  return Object.freeze(object);
}
