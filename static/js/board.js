// The board's play layer: what the pages play on. It joins the board's view (board_view.js) to
// the move picker of paths.js over the server's legal moves, and calls `onMove` with a complete
// legal move. It owns the pointer (a tap on release; a drag of a movable piece beyond a few
// pixels), a chain in progress (the piece on its landing, the jumped pieces shown taken), a
// promotion's choice, a move shown before its answer, the marks of a premove being entered,
// and another's chain replayed jump by jump. What each of those shows is worked out by pure
// functions (playMarks, promotionOf, replayFrames, dragStart, dropOn: node-tested); the view
// only draws it. No rule of any game is here.
import { createBoard } from "./board_view.js";
import { createGeometry, stepCaptures } from "./geometry.js";
import * as paths from "./paths.js";
import { applyPath, parsePlacement } from "./placement.js";
import { pieceArt, pieceName as nameOf, resolveVariant } from "./variant.js";

export { createBoard } from "./board_view.js";
export { applyPath, checkedKing, fenTurn } from "./placement.js";

const REPLAY_STEP_MS = 220;
const DRAG_AFTER_PX = 6; // a press that moves farther is a drag, not a tap

/** Returns the placement of a FEN as a Map square -> piece code ("wN", "bM"); the variant's
 * FEN style (Chesskers' when none is given). */
export function parseFen(fen, variant) {
  return parsePlacement(fen, variant);
}

/** Draws `fen` in `holder` as a picture of the position, taking no tap (the home page's gallery,
 * an invite's position, a thematic tournament's); returns the board. */
export function drawPosition(holder, { variant, fen, label }) {
  const board = createBoard(holder, { variant, label });
  board.update({ pieces: parseFen(fen, variant), interactive: false });
  return board;
}

/** Returns a piece's name for screen readers ("white knight"), as the variant names it. */
export function pieceName(code, variant) {
  return nameOf(code, variant);
}

/** Returns the promotion chooser for a picker whose path reached a promotion: {square, color,
 * choices}, the colour read from the piece on the path's origin in `pieces`. */
export function promotionOf(picker, pieces) {
  const code = pieces.get(picker.path[0]) || "wP";
  return {
    square: picker.path[picker.path.length - 1], color: code[0] === "w" ? "white" : "black",
    choices: paths.promotionChoices(picker),
  };
}

/** Returns what a drag starting on `square` does: the picker's tap result when it selects the
 * piece there, null otherwise (a drag in the middle of a chain starts nothing). */
export function dragStart(picker, square) {
  if (picker.path.length > 1) return null;
  const result = paths.tap(paths.cancel(picker), square);
  return result.action.type === "select" ? result : null;
}

/** Returns the picker's result of a piece dropped from `from` on `to`: in a chain whose piece
 * stands on `from`, the next landing; else the move from `from` to `to`. */
export function dropOn(picker, from, to) {
  const inChain = picker.path.length > 1 && picker.path[picker.path.length - 1] === from;
  return inChain ? paths.tap(picker, to) : paths.drop(picker, from, to);
}

/**
 * Returns the view the board draws (board_view.js's `update`) for the play state: `picker` (a
 * selection, a chain), `pieces` (the position's), `position` ({lastMove, check, interactive,
 * premove}), `pending` (a move sent and not yet answered, shown at once), `promotion` (the
 * chooser open, or null), `orientation` and `animate` (a slide, or null).
 */
export function playMarks({ picker, pieces: base, position, pending, promotion, orientation,
  animate }) {
  const v = paths.view(picker);
  let pieces = base;
  let lastMove = position.lastMove ? position.lastMove.path : [];
  let removed = [];
  let trail = [];
  if (pending) {
    pieces = applyPath(base, pending);
    lastMove = pending.path;
  } else if (v.inChain) {
    // The piece stands on its landing; each piece it jumped is shown taken.
    const piece = base.get(v.origin);
    pieces = new Map(base);
    pieces.delete(v.origin);
    pieces.set(v.at, piece);
    removed = v.removed;
    trail = picker.path.slice(0, -1);
  }
  if (promotion) {
    pieces = new Map(pieces);
    const piece = base.get(picker.path[0]);
    pieces.delete(picker.path[0]);
    pieces.set(promotion.square, piece);
    const captured = paths.movesExactly(picker.moves, picker.path)[0]?.captured || [];
    removed = captured.filter((sq) => sq !== promotion.square);
    trail = picker.path.slice(0, -1);
  }
  const dests = promotion ? [] : v.targets;
  const swept = [];
  const victims = [];
  for (const d of dests) {
    if (d.kind === "sweep" || d.kind === "removal") swept.push(...d.captures);
    if (d.kind === "jump") victims.push(...d.captures);
  }
  const interactive = position.interactive && !pending;
  const premove = !position.interactive && position.premove ? position.premove : null;
  return {
    pieces,
    orientation,
    selected: promotion ? null : v.selected || (premove && premove[0]) || null,
    dests,
    swept,
    victims,
    removed,
    trail,
    undo: promotion ? null : v.undoSquare,
    lastMove: v.inChain || promotion ? [] : lastMove,
    check: v.inChain || pending ? null : position.check,
    movable: interactive ? paths.origins(picker) : [],
    interactive: interactive || Boolean(premove),
    promotion,
    animate,
    premove: premove || [],
  };
}

/** Returns the frames of another's move played out step by step from `before` (the pieces
 * before it): one view per stop of its path, each jumped piece shown taken as it is jumped; a
 * sweep's pieces all leave (fade out) as the knight lands. */
export function replayFrames(before, move, orientation) {
  const piece = before.get(move.path[0]);
  const jumps = stepCaptures(move);
  const frames = [];
  for (let k = 1; k < move.path.length; k += 1) {
    const pieces = new Map(before);
    pieces.delete(move.path[0]);
    const leaving = move.kind === "sweep" ? move.captured : jumps[k - 1];
    for (const taken of jumps.slice(0, k - 1).flat()) {
      if (!leaving.includes(taken)) pieces.delete(taken);
    }
    pieces.set(move.path[k], piece);
    frames.push({
      pieces, orientation, lastMove: move.path.slice(0, k + 1), interactive: false,
      animate: { from: move.path[k - 1], to: move.path[k] }, removed: leaving,
    });
  }
  return frames;
}

/** Listens to the pointer on the board `view`: a press and release on one used square is
 * `onTap(square)`; a press on a movable piece dragged farther than a few pixels is
 * `onDragStart(square)`, then `onDrop(from, to)` where it is let go on another square. (The
 * play board's, and the board editor's, whose every piece is movable.) */
export function attachPointer(view, { onTap, onDragStart = () => {}, onDrop }) {
  const { grid } = view;
  let press = null;
  grid.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || !view.shown().interactive) return;
    const el = event.target.closest(".sq");
    if (!el || el.classList.contains("sq-unused")) return;
    press = {
      square: el.dataset.square, x: event.clientX, y: event.clientY, dragging: false, ghost: null,
      id: event.pointerId,
    };
  });
  grid.addEventListener("pointermove", (event) => {
    if (!press || press.id !== event.pointerId) return;
    if (!press.dragging) {
      const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) > DRAG_AFTER_PX;
      const { square } = press;
      const current = view.shown();
      if (!far || !current.movable.includes(square) || !current.pieces.get(square)) return;
      press.dragging = true;
      onDragStart(square);
      const source = view.square(square);
      const size = source.getBoundingClientRect().width;
      const ghost = document.createElement("span");
      ghost.className = "pc cb-drag";
      ghost.dataset.piece = current.pieces.get(square);
      ghost.dataset.art = pieceArt(ghost.dataset.piece, view.variant);
      ghost.style.width = ghost.style.height = `${size}px`;
      document.body.append(ghost);
      press.ghost = ghost;
      press.size = size;
      source.classList.add("is-dragging");
      try { grid.setPointerCapture(event.pointerId); } catch { /* already released */ }
    }
    press.ghost.style.transform =
      `translate(${event.clientX - press.size / 2}px, ${event.clientY - press.size / 2}px)`;
    const over = view.squareAt(event.clientX, event.clientY);
    for (const el of view.squares()) el.classList.toggle("is-hover", el.dataset.square === over);
  });
  function endPress(event, cancelled) {
    if (!press || press.id !== event.pointerId) return;
    const p = press;
    press = null;
    if (p.dragging) {
      p.ghost.remove();
      view.square(p.square)?.classList.remove("is-dragging");
      for (const el of view.squares()) el.classList.remove("is-hover");
      const to = cancelled ? null : view.squareAt(event.clientX, event.clientY);
      if (to && to !== p.square) onDrop(p.square, to);
      return;
    }
    if (cancelled) return;
    const el = event.target.closest?.(".sq");
    const square = el ? el.dataset.square : view.squareAt(event.clientX, event.clientY);
    if (square === p.square) {
      view.keepFocus(square);
      onTap(square);
    }
  }
  grid.addEventListener("pointerup", (event) => endPress(event, false));
  grid.addEventListener("pointercancel", (event) => endPress(event, true));
}

/**
 * Creates the board a page plays on: the view of `createBoard` plus the picker of paths.js.
 * Options: orientation, onMove(move) with a legal move of the list, onChange(action, view,
 * square) after every tap with the picker's view and the square tapped (for a hint line),
 * label, variant (the game's descriptor; Chesskers' by default), onPremoveSquare(square, piece)
 * for a tap while a premove is being entered (the page builds the path: premove.js; the board
 * holds no rule for it), shapes (the options of shapes.js's attachShapes: the player draws
 * circles and arrows on every play board).
 * Returns {set(position), revert(), setOrientation(o), flip(), orientation(), cancel(),
 * pickerView(), promoting(), pieceAt(square), pieceName(code), squareOf(name), showPremove(path),
 * variant}. `position`: {fen, legalMoves, lastMove: {path, captured} | null, check, interactive,
 * animate: {from, to} | null, replay: a move to show jump by jump | null, premove: the held
 * premove's path (board squares) or null; with it the board takes taps for the premove}.
 * Squares in moves may be written as the game's notation writes them (the numbers of a
 * numbered game); `onMove` gets the move as given.
 */
export function createPlayBoard(root, options = {}) {
  const variant = resolveVariant(options.variant);
  const geometry = createGeometry(variant.board);
  let orientation = options.orientation || "white";
  let position = { fen: "", legalMoves: [], lastMove: null, check: null, interactive: false };
  let basePieces = new Map();
  let picker = paths.createPicker([]);
  let given = new Map(); // each move the picker holds -> the move as the page gave it
  let promotion = null;
  let pending = null; // a move sent and not yet answered: shown at once, for instant feedback
  let held = false; // a move waits for the player's confirmation: the board takes no taps
  let animateNext = null;

  function onSquare(square) {
    if (held) return;
    if (position.premove && !position.interactive) {
      options.onPremoveSquare?.(square, basePieces.get(square) || null);
    } else {
      handle(paths.tap(picker, square), square);
    }
  }

  const view = createBoard(root, {
    label: options.label,
    variant,
    shapes: options.shapes || true,
    onSquare,
    onPromotion: (letter) => {
      if (!letter) {
        cancel();
        return;
      }
      const move = paths.choosePromotion(picker, letter);
      promotion = null;
      picker = paths.cancel(picker);
      if (move) play(move, false);
      else render();
    },
    onEscape: () => cancel(),
  });
  attachPointer(view, {
    onTap: onSquare,
    onDragStart: (square) => {
      if (held) return;
      const result = dragStart(picker, square);
      if (!result) return;
      picker = result.picker;
      render();
      options.onChange?.(result.action, paths.view(picker));
    },
    onDrop: (from, to) => handle(dropOn(picker, from, to), to, false),
  });

  const square = (name) => geometry.fromLabel(name) || name;
  function normalMove(move) {
    if (!move || !move.path) return move;
    return { ...move, path: move.path.map(square), captured: (move.captured || []).map(square) };
  }

  function handle(result, at, animate = true) {
    picker = result.picker;
    const { action } = result;
    if (action.type === "move") {
      play(action.move, animate);
      return;
    }
    if (action.type === "promote") promotion = promotionOf(picker, basePieces);
    if (action.type === "advance" && animate) {
      animateNext = { from: picker.path[picker.path.length - 2], to: at };
    }
    render();
    options.onChange?.(action, paths.view(picker), at);
  }

  function play(move, animate) {
    pending = move;
    animateNext = animate && move.path.length > 1
      ? { from: move.path.at(-2), to: move.path.at(-1) }
      : null;
    render();
    const original = given.get(move) || move;
    options.onChange?.({ type: "move", move: original }, paths.view(picker));
    options.onMove?.(original);
  }

  function render() {
    view.update(playMarks({
      picker, pieces: basePieces, position, pending, promotion, orientation,
      animate: animateNext,
    }));
    animateNext = null;
  }

  // Someone else's chain is shown jump by jump, then the position as it stands.
  let replayTimers = [];
  function stopReplay() {
    replayTimers.forEach(clearTimeout);
    replayTimers = [];
  }
  function replay(before, move) {
    const frames = replayFrames(before, move, orientation);
    // A flip during the replay turns the frames still to come.
    const show = (frame) => view.update({ ...frame, orientation });
    frames.forEach((frame, k) => {
      if (k === 0) show(frame);
      else replayTimers.push(setTimeout(() => show(frame), k * REPLAY_STEP_MS));
    });
    replayTimers.push(setTimeout(() => {
      replayTimers = [];
      render();
    }, Math.max(frames.length, 2) * REPLAY_STEP_MS));
  }

  function cancel() {
    promotion = null;
    picker = paths.cancel(picker);
    render();
    options.onChange?.({ type: "deselect" }, paths.view(picker));
  }

  return {
    /** Shows a position; drops any selection and any pending move. */
    set(next) {
      stopReplay();
      const before = basePieces;
      const wasPending = pending;
      if (next.fen !== position.fen) view.clearShapes(); // drawn for the position they were on
      position = { lastMove: null, check: null, interactive: false, premove: null, ...next };
      position.lastMove = normalMove(position.lastMove);
      if (position.check) position.check = square(position.check);
      basePieces = parsePlacement(position.fen, variant);
      given = new Map();
      const moves = position.interactive ? position.legalMoves || [] : [];
      picker = paths.createPicker(moves.map((move) => {
        const normal = normalMove(move);
        given.set(normal, move);
        return normal;
      }));
      promotion = null;
      pending = null;
      held = false;
      const slide = next.animate;
      animateNext = slide ? { from: square(slide.from), to: square(slide.to) } : null;
      const move = normalMove(next.replay);
      const shown = move
        && (move.path.length > 2 || (move.kind === "sweep" && move.captured.length));
      if (shown && !wasPending && before.get(move.path[0])) {
        animateNext = null;
        replay(before, move);
        return;
      }
      render();
    },
    /** Drops a move shown before the server answered (it was refused, or not confirmed). */
    revert() {
      pending = null;
      held = false;
      render();
    },
    /** Keeps the move just made shown, and the board from taking taps, while the page asks the
     * player to confirm it (`true`); `false` lets the board be played again. */
    hold(flag) {
      held = flag;
    },
    setOrientation(o) {
      orientation = o;
      render();
    },
    flip() {
      orientation = orientation === "white" ? "black" : "white";
      render();
      return orientation;
    },
    orientation: () => orientation,
    cancel,
    view,
    variant,
    pickerView: () => paths.view(picker),
    promoting: () => Boolean(promotion),
    pieceAt: (name) => basePieces.get(square(name)) || null,
    pieceName: (code) => nameOf(code, variant),
    squareOf: square,
    /** Shows the premove being entered (a path of board squares; [] or null: none) and takes
     * the board's taps for it while the turn is not the player's; keeps the position shown. */
    showPremove(path) {
      position = { ...position, premove: path || [] };
      render();
    },
  };
}
