// The board: draws a position and its marks, and reports taps, drops and promotion choices.
//
// Two layers. `createBoard` is the view: it knows squares, pieces and CSS classes, no rule and no
// legal move — it is handed everything it shows (chessground's idea; nothing copied). It draws
// any game's board from its variant descriptor (variant.js): square boards of any size with
// every square or only the dark (or the mirrored) ones in use, and Alquerque's points joined by
// lines; without a descriptor, Chesskers' board. State is shown by classes on the squares:
// `is-dest` (with `dest-quiet`, `dest-replacement`, `dest-jump`, `dest-sweep`, `dest-castle`,
// `dest-en_passant`, `dest-line`, `dest-removal`), `is-last`, `is-check`, `is-removed`,
// `is-swept`, `is-victim`, `is-selected`, `is-trail`, `is-undo`, `is-premove` (a premove's
// path, held for the player's next turn); unused squares are
// `sq-unused` and take no tap and no focus.
// `createPlayBoard` is the board adapter the pages use: it joins the view to the move picker of
// paths.js over the server's legal moves, and calls `onMove` with a complete legal move.
import { createGeometry, stepCaptures } from "./geometry.js";
import * as paths from "./paths.js";
import { applyPath, fenTurn, parsePlacement } from "./placement.js";
import { pieceArt, pieceName as nameOf, promotionName, resolveVariant } from "./variant.js";

export { applyPath, fenTurn } from "./placement.js";

const KIND_LABELS = {
  quiet: "move", castle: "castle", replacement: "capture", en_passant: "capture en passant",
  jump: "jump", sweep: "sweep", line: "line move", removal: "removal",
};
const SVG = "http://www.w3.org/2000/svg";

/** Returns the placement of a FEN as a Map square -> piece code ("wN", "bM"); the variant's
 * FEN style (Chesskers' when none is given). */
export function parseFen(fen, variant) {
  return parsePlacement(fen, variant);
}

/** Returns a piece's name for screen readers ("white knight"), as the variant names it. */
export function pieceName(code, variant) {
  return nameOf(code, variant);
}

const REPLAY_STEP_MS = 220;

const EMPTY_VIEW = {
  pieces: new Map(), orientation: "white", selected: null, dests: [], swept: [], victims: [],
  removed: [], trail: [], undo: null, lastMove: [], check: null, movable: [], interactive: false,
  promotion: null, animate: null, premove: [],
};

/**
 * Creates the board view inside `root`. `handlers`: onSquare(square) for a tap or Enter/Space,
 * onDragStart(square) when a drag starts, onDrop(from, to) when it ends on a square,
 * onPromotion(letter | null) from the chooser, onEscape(); and `label` (the board's accessible
 * name) and `variant` (the descriptor of the game drawn; Chesskers' by default).
 * Returns {update(view), element, square(name), focus()}.
 */
export function createBoard(root, handlers = {}) {
  const variant = resolveVariant(handlers.variant);
  const geometry = createGeometry(variant.board);
  const { files, ranks } = geometry;
  const wrap = document.createElement("div");
  wrap.className = "cb-wrap";
  const grid = document.createElement("div");
  grid.className = "cb-board";
  if (geometry.points) grid.classList.add("is-points");
  if (geometry.numbered) grid.classList.add("has-numbers");
  grid.dataset.variant = variant.id || "";
  grid.style.setProperty("--files", String(files));
  grid.style.setProperty("--ranks", String(ranks));
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", handlers.label || `${variant.name || "Chesskers"} board`);
  const lines = geometry.points ? createLines() : null;
  if (lines) grid.append(lines);
  const squares = new Map();
  for (let row0 = 0; row0 < ranks; row0 += 1) {
    // Rows for assistive technology; `display: contents` leaves the squares on the CSS grid.
    const row = document.createElement("div");
    row.className = "cb-row";
    row.setAttribute("role", "row");
    grid.append(row);
    for (const square of geometry.squares.slice(row0 * files, (row0 + 1) * files)) {
      const el = document.createElement("div");
      const used = geometry.isUsed(square);
      let tone = geometry.isDark(square) ? "sq-dark" : "sq-light";
      if (geometry.points) tone = "sq-point";
      el.className = `sq ${tone}${used ? "" : " sq-unused"}`;
      el.dataset.square = square;
      el.setAttribute("role", "gridcell");
      if (used) el.tabIndex = -1;
      else el.setAttribute("aria-disabled", "true");
      const piece = document.createElement("span");
      piece.className = "pc";
      el.append(piece);
      squares.set(square, el);
      row.append(el);
    }
  }
  const promo = document.createElement("div");
  promo.className = "cb-promo";
  promo.hidden = true;
  wrap.append(grid, promo);
  root.replaceChildren(wrap);

  let current = { ...EMPTY_VIEW };
  const firstFocus = geometry.isUsed("e2")
    ? "e2"
    : geometry.squares.slice().reverse().find((square) => geometry.isUsed(square));
  let focusSquare = firstFocus;

  function update(next) {
    const previous = current;
    current = { ...EMPTY_VIEW, ...next };
    const v = current;
    const dests = new Map(v.dests.map((d) => [d.square, d]));
    const sets = {
      "is-last": new Set(v.lastMove), "is-swept": new Set(v.swept), "is-victim": new Set(v.victims),
      "is-removed": new Set(v.removed), "is-trail": new Set(v.trail),
      "is-movable": new Set(v.movable), "is-premove": new Set(v.premove),
    };
    const orientationChanged = previous.orientation !== v.orientation || !grid.dataset.orientation;
    grid.dataset.orientation = v.orientation;
    grid.classList.toggle("is-interactive", Boolean(v.interactive));
    if (orientationChanged && lines) drawLines(lines, v.orientation);
    for (const [square, el] of squares) {
      if (orientationChanged) placeSquare(el, square, v.orientation);
      const code = v.pieces.get(square) || "";
      const pc = el.firstChild;
      if (pc.dataset.piece !== code) {
        if (code) {
          pc.dataset.piece = code;
          pc.dataset.art = pieceArt(code, variant);
        } else {
          delete pc.dataset.piece;
          delete pc.dataset.art;
        }
      }
      for (const [cls, set] of Object.entries(sets)) el.classList.toggle(cls, set.has(square));
      const dest = dests.get(square);
      el.classList.toggle("is-dest", Boolean(dest));
      for (const kind of Object.keys(KIND_LABELS)) {
        el.classList.toggle(`dest-${kind}`, Boolean(dest && dest.kind === kind));
      }
      el.classList.toggle("is-occupied", Boolean(code) && !sets["is-removed"].has(square));
      el.classList.toggle("is-selected", square === v.selected);
      el.classList.toggle("is-check", square === v.check);
      el.classList.toggle("is-undo", square === v.undo);
      if (!geometry.isUsed(square)) continue;
      el.setAttribute("aria-label", squareLabel(square, code, dest, v));
      el.setAttribute("aria-selected", square === v.selected ? "true" : "false");
    }
    if (v.animate) animate(v.animate, v.orientation);
    renderPromotion(v.promotion, v.orientation);
    if (!geometry.isUsed(focusSquare)) focusSquare = firstFocus;
    for (const [square, el] of squares) {
      if (geometry.isUsed(square)) el.tabIndex = square === focusSquare ? 0 : -1;
    }
  }

  function squareLabel(square, code, dest, v) {
    let label = geometry.label(square);
    if (code && !v.removed.includes(square)) label += `, ${nameOf(code, variant)}`;
    if (v.removed.includes(square)) label += ", taken";
    if (square === v.selected) label += ", selected";
    if (dest && dest.kind === "removal") label += ", tap again to remove it";
    else if (dest) label += `, ${KIND_LABELS[dest.kind] || "move"} here`;
    if (square === v.undo) label += ", tap to undo the jump";
    if (square === v.check) label += ", in check";
    return label;
  }

  function placeSquare(el, square, orientation) {
    const [x, y] = geometry.xy(square, orientation);
    el.style.gridColumn = String(x + 1);
    el.style.gridRow = String(y + 1);
    el.querySelectorAll(".coord").forEach((c) => c.remove());
    if (geometry.numbered) {
      // Numbered games are written with the numbers of the used squares: those are drawn.
      if (geometry.isUsed(square)) el.append(coord("coord-num", geometry.label(square)));
      return;
    }
    if (x === 0) el.append(coord("coord-rank", square.slice(1)));
    if (y === ranks - 1) el.append(coord("coord-file", square[0]));
  }

  function coord(cls, text) {
    const span = document.createElement("span");
    span.className = `coord ${cls}`;
    span.textContent = text;
    span.setAttribute("aria-hidden", "true");
    return span;
  }

  // Alquerque: the lines between the points, and a dot on each point, under the pieces.
  function createLines() {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "cb-lines");
    svg.setAttribute("viewBox", `0 0 ${files} ${ranks}`);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    return svg;
  }

  function drawLines(svg, orientation) {
    const centre = (square) => geometry.xy(square, orientation).map((n) => n + 0.5);
    const children = [];
    for (const [a, b] of geometry.lines) {
      const [x1, y1] = centre(a);
      const [x2, y2] = centre(b);
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("x1", x1);
      line.setAttribute("y1", y1);
      line.setAttribute("x2", x2);
      line.setAttribute("y2", y2);
      children.push(line);
    }
    for (const square of geometry.squares) {
      const [cx, cy] = centre(square);
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", cx);
      dot.setAttribute("cy", cy);
      dot.setAttribute("r", "0.07");
      children.push(dot);
    }
    svg.replaceChildren(...children);
  }

  function animate({ from, to }, orientation) {
    const el = squares.get(to);
    if (!el || !squares.get(from) || from === to) return;
    const pc = el.firstChild;
    const [fx, fy] = geometry.xy(from, orientation);
    const [tx, ty] = geometry.xy(to, orientation);
    pc.style.transition = "none";
    pc.style.transform = `translate(${(fx - tx) * 100}%, ${(fy - ty) * 100}%)`;
    pc.getBoundingClientRect();
    pc.style.transition = "";
    pc.style.transform = "";
  }

  function renderPromotion(promotion, orientation) {
    promo.hidden = !promotion;
    promo.replaceChildren();
    if (!promotion) return;
    const [x, y] = geometry.xy(promotion.square, orientation);
    const fromTop = y < ranks / 2;
    const column = document.createElement("div");
    column.className = "cb-promo-column";
    column.setAttribute("role", "dialog");
    column.setAttribute("aria-label", "Promote to");
    column.style.left = `${(x * 100) / files}%`;
    column.style.width = `${100 / files}%`;
    column.style[fromTop ? "top" : "bottom"] = "0";
    for (const choice of promotion.choices || ["q", "r", "b", "n"]) {
      const letter = String(choice).toLowerCase();
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cb-promo-choice";
      button.dataset.promotion = letter;
      button.setAttribute("aria-label", `Promote to ${promotionName(letter, variant)}`);
      const pc = document.createElement("span");
      pc.className = "pc";
      pc.dataset.piece = promotion.color[0] + letter.toUpperCase();
      pc.dataset.art = pieceArt(pc.dataset.piece, variant);
      button.append(pc);
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        handlers.onPromotion?.(letter);
      });
      column.append(button);
    }
    promo.append(column);
    column.querySelector("button").focus();
  }

  promo.addEventListener("pointerdown", (event) => {
    if (event.target === promo) handlers.onPromotion?.(null);
  });
  promo.addEventListener("keydown", (event) => {
    if (event.key === "Escape") handlers.onPromotion?.(null);
  });

  // --- pointer: tap on release; drag a movable piece beyond a few pixels -----------------
  let press = null;
  grid.addEventListener("pointerdown", (event) => {
    // A tap does not take the keyboard focus (arrow keys keep stepping through the moves); the
    // keyboard reaches the squares by Tab.
    event.preventDefault();
    if (event.button !== 0 || !current.interactive) return;
    const el = event.target.closest(".sq");
    if (!el || !geometry.isUsed(el.dataset.square)) return;
    const square = el.dataset.square;
    press = {
      square, x: event.clientX, y: event.clientY, dragging: false, ghost: null, id: event.pointerId,
    };
  });
  grid.addEventListener("pointermove", (event) => {
    if (!press || press.id !== event.pointerId) return;
    if (!press.dragging) {
      const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) > 6;
      const square = press.square;
      if (!far || !current.movable.includes(square) || !current.pieces.get(square)) return;
      press.dragging = true;
      handlers.onDragStart?.(square);
      const source = squares.get(square);
      const size = source.getBoundingClientRect().width;
      const ghost = document.createElement("span");
      ghost.className = "pc cb-drag";
      ghost.dataset.piece = current.pieces.get(square);
      ghost.dataset.art = pieceArt(ghost.dataset.piece, variant);
      ghost.style.width = ghost.style.height = `${size}px`;
      document.body.append(ghost);
      press.ghost = ghost;
      press.size = size;
      source.classList.add("is-dragging");
      try { grid.setPointerCapture(event.pointerId); } catch { /* already released */ }
    }
    press.ghost.style.transform =
      `translate(${event.clientX - press.size / 2}px, ${event.clientY - press.size / 2}px)`;
    const over = squareAt(event.clientX, event.clientY);
    for (const el of squares.values()) el.classList.toggle("is-hover", el.dataset.square === over);
  });
  function endPress(event, cancelled) {
    if (!press || press.id !== event.pointerId) return;
    const p = press;
    press = null;
    if (p.dragging) {
      p.ghost.remove();
      squares.get(p.square)?.classList.remove("is-dragging");
      for (const el of squares.values()) el.classList.remove("is-hover");
      const to = cancelled ? null : squareAt(event.clientX, event.clientY);
      if (to && to !== p.square) handlers.onDrop?.(p.square, to);
      return;
    }
    if (cancelled) return;
    const el = event.target.closest?.(".sq");
    const square = el ? el.dataset.square : squareAt(event.clientX, event.clientY);
    if (square === p.square) {
      focusSquare = square;
      handlers.onSquare?.(square);
    }
  }
  grid.addEventListener("pointerup", (event) => endPress(event, false));
  grid.addEventListener("pointercancel", (event) => endPress(event, true));

  function squareAt(x, y) {
    const rect = grid.getBoundingClientRect();
    if (x < rect.left || y < rect.top || x >= rect.right || y >= rect.bottom) return null;
    const cx = Math.floor(((x - rect.left) / rect.width) * files);
    const cy = Math.floor(((y - rect.top) / rect.height) * ranks);
    const square = geometry.at(cx, cy, current.orientation);
    return square && geometry.isUsed(square) ? square : null;
  }

  // --- keyboard: arrows move the focus over the used squares, Enter/Space taps ------------
  // Up and down go to the nearest used square of the next row that has one, towards the
  // column the focus set out from, so on a board of dark squares the focus zigzags up a file.
  let column = null; // {square, x}: the column kept while the focus goes up or down
  function neighbour(square, dx, dy) {
    const o = current.orientation;
    const [x, y] = geometry.xy(square, o);
    const want = column && column.square === square ? column.x : x;
    if (dy === 0) {
      for (let nx = x + dx; nx >= 0 && nx < files; nx += dx) {
        const other = geometry.at(nx, y, o);
        if (geometry.isUsed(other)) return { square: other, x: nx };
      }
      return null;
    }
    for (let ny = y + dy; ny >= 0 && ny < ranks; ny += dy) {
      let best = null;
      for (let nx = 0; nx < files; nx += 1) {
        const other = geometry.at(nx, ny, o);
        if (!geometry.isUsed(other)) continue;
        if (!best || Math.abs(nx - want) < Math.abs(best.nx - want)) best = { other, nx };
      }
      if (best) return { square: best.other, x: want };
    }
    return null;
  }

  grid.addEventListener("keydown", (event) => {
    const el = event.target.closest(".sq");
    if (!el) return;
    const square = el.dataset.square;
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      event.stopPropagation();
      const next = neighbour(square, ...moves[event.key]);
      if (!next) return;
      column = { square: next.square, x: next.x };
      focusSquare = next.square;
      for (const [s, e] of squares) if (geometry.isUsed(s)) e.tabIndex = s === next.square ? 0 : -1;
      squares.get(next.square).focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (current.interactive) handlers.onSquare?.(square);
    } else if (event.key === "Escape") {
      handlers.onEscape?.();
    }
  });

  return {
    element: wrap,
    update,
    square: (name) => squares.get(name),
    focus: () => squares.get(focusSquare)?.focus(),
  };
}

/**
 * Creates the board adapter a page plays on: the view of `createBoard` plus the picker of
 * paths.js. Options: orientation, onMove(move) with a legal move of the list,
 * onChange(action, view, square) after every tap with the picker's view and the square tapped
 * (for a hint line), label, variant (the game's descriptor; Chesskers' by default),
 * onPremoveSquare(square, piece) for a tap while a premove
 * is being entered (the page builds the path: premove.js; the board holds no rule for it).
 * Returns {set(position), revert(), setOrientation(o), flip(), orientation(), cancel(),
 * pickerView(), promoting(), pieceAt(square), pieceName(code), squareOf(name), showPremove(path),
 * variant}. `position`: {fen, legalMoves, lastMove: {path, captured} | null, check, interactive,
 * animate: {from, to} | null, replay: a move to show jump by jump | null, premove: the held
 * premove's path (board squares) or null; with it the board takes taps for the premove}. Squares in moves may be written as the game's
 * notation writes them (the numbers of a numbered game); `onMove` gets the move as given.
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
  let animateNext = null;

  const view = createBoard(root, {
    label: options.label,
    variant,
    onSquare: (square) => {
      if (position.premove && !position.interactive) {
        options.onPremoveSquare?.(square, basePieces.get(square) || null);
      } else {
        handle(paths.tap(picker, square), square);
      }
    },
    onDragStart: (square) => {
      if (picker.path.length > 1) return;
      const result = paths.tap(paths.cancel(picker), square);
      if (result.action.type === "select") {
        picker = result.picker;
        render();
        options.onChange?.(result.action, paths.view(picker));
      }
    },
    onDrop: (from, to) => {
      const inChain = picker.path.length > 1 && picker.path[picker.path.length - 1] === from;
      const result = inChain ? paths.tap(picker, to) : paths.drop(picker, from, to);
      handle(result, to, false);
    },
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
    if (action.type === "promote") {
      const code = basePieces.get(picker.path[0]) || "wP";
      promotion = {
        square: picker.path[picker.path.length - 1], color: code[0] === "w" ? "white" : "black",
        choices: paths.promotionChoices(picker),
      };
    }
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
    const v = paths.view(picker);
    let pieces = basePieces;
    let lastMove = position.lastMove ? position.lastMove.path : [];
    let removed = [];
    let trail = [];
    if (pending) {
      pieces = applyPath(basePieces, pending);
      lastMove = pending.path;
    } else if (v.inChain) {
      // The piece stands on its landing; each piece it jumped is shown taken.
      const piece = basePieces.get(v.origin);
      pieces = new Map(basePieces);
      pieces.delete(v.origin);
      pieces.set(v.at, piece);
      removed = v.removed;
      trail = picker.path.slice(0, -1);
    }
    if (promotion) {
      pieces = new Map(pieces);
      const piece = basePieces.get(picker.path[0]);
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
    view.update({
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
      animate: animateNext,
      premove: premove || [],
    });
    animateNext = null;
  }

  // Someone else's chain is shown jump by jump: each jumped piece is shown taken as it is jumped.
  let replayTimers = [];
  function stopReplay() {
    replayTimers.forEach(clearTimeout);
    replayTimers = [];
  }
  // A sweep's pieces all leave (fade out) as the knight lands.
  function replay(before, move) {
    const piece = before.get(move.path[0]);
    const steps = move.path.length - 1;
    const sweep = move.kind === "sweep";
    const jumps = stepCaptures(move);
    for (let k = 1; k <= steps; k += 1) {
      const show = () => {
        const pieces = new Map(before);
        pieces.delete(move.path[0]);
        const leaving = sweep ? move.captured : jumps[k - 1];
        for (const taken of jumps.slice(0, k - 1).flat()) {
          if (!leaving.includes(taken)) pieces.delete(taken);
        }
        pieces.set(move.path[k], piece);
        view.update({
          pieces, orientation, lastMove: move.path.slice(0, k + 1), interactive: false,
          animate: { from: move.path[k - 1], to: move.path[k] }, removed: leaving,
        });
      };
      if (k === 1) show();
      else replayTimers.push(setTimeout(show, (k - 1) * REPLAY_STEP_MS));
    }
    replayTimers.push(setTimeout(() => {
      replayTimers = [];
      render();
    }, Math.max(steps, 2) * REPLAY_STEP_MS));
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
    /** Drops a move shown before the server answered (it was refused). */
    revert() {
      pending = null;
      render();
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

/** Returns the square of the king in check after a move written `text` (with "+" or "#"),
 * read from the notation and the FEN after it; null when the text gives no check. */
export function checkedKing(fenAfter, text, variant) {
  if (!/[+#]$/.test(String(text || ""))) return null;
  const king = fenTurn(fenAfter) === "white" ? "wK" : "bK";
  for (const [at, code] of parsePlacement(fenAfter, variant)) if (code === king) return at;
  return null;
}
