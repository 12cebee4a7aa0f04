// The board: draws a position and its marks, and reports taps, drops and promotion choices.
//
// Two layers. `createBoard` is the view: it knows squares, pieces and CSS classes, no rule and no
// legal move — it is handed everything it shows (chessground's idea; nothing copied). State is
// shown by classes on the squares: `is-dest` (with `dest-quiet`, `dest-replacement`,
// `dest-jump`, `dest-sweep`, `dest-castle`, `dest-en_passant`), `is-last`, `is-check`,
// `is-removed`, `is-swept`, `is-victim`, `is-selected`, `is-trail`, `is-undo`.
// `createPlayBoard` is the board adapter the pages use: it joins the view to the move picker of
// paths.js over the server's legal moves, and calls `onMove` with a complete legal move.
import * as paths from "./paths.js";

const FILES = "abcdefgh";
const PIECE_NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
const KIND_LABELS = {
  quiet: "move", castle: "castle", replacement: "capture", en_passant: "capture en passant",
  jump: "jump", sweep: "sweep",
};

/** Returns the placement of a FEN as a Map square -> piece code ("wN", "bP"). */
export function parseFen(fen) {
  const pieces = new Map();
  const rows = String(fen || "").split(" ")[0].split("/");
  rows.forEach((row, index) => {
    const rank = 8 - index;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        const color = ch === ch.toUpperCase() ? "w" : "b";
        if (file < 8) pieces.set(`${FILES[file]}${rank}`, color + ch.toUpperCase());
        file += 1;
      }
    }
  });
  return pieces;
}

/** Returns the FEN's side to move, "white" or "black". */
export function fenTurn(fen) {
  return String(fen || "").split(" ")[1] === "b" ? "black" : "white";
}

/** Returns the pieces after `move` ({path, captured, promotion}) is played on `pieces`. */
export function applyPath(pieces, move) {
  const next = new Map(pieces);
  const { path } = move;
  const piece = next.get(path[0]);
  next.delete(path[0]);
  for (const square of move.captured || []) next.delete(square);
  if (piece) {
    const promoted = move.promotion ? piece[0] + move.promotion.toUpperCase() : piece;
    next.set(path[path.length - 1], promoted);
  }
  return next;
}

export function pieceName(code) {
  return `${code[0] === "w" ? "white" : "black"} ${PIECE_NAMES[code[1].toLowerCase()]}`;
}

function squareXY(square, orientation) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]) - 1;
  return orientation === "white" ? [file, 7 - rank] : [7 - file, rank];
}

const REPLAY_STEP_MS = 220;

const EMPTY_VIEW = {
  pieces: new Map(), orientation: "white", selected: null, dests: [], swept: [], victims: [],
  removed: [], trail: [], undo: null, lastMove: [], check: null, movable: [], interactive: false,
  promotion: null, animate: null,
};

/**
 * Creates the board view inside `root`. `handlers`: onSquare(square) for a tap or Enter/Space,
 * onDragStart(square) when a drag starts, onDrop(from, to) when it ends on a square,
 * onPromotion(letter | null) from the chooser. Returns {update(view), element, focus()}.
 */
export function createBoard(root, handlers = {}) {
  const wrap = document.createElement("div");
  wrap.className = "cb-wrap";
  const grid = document.createElement("div");
  grid.className = "cb-board";
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", handlers.label || "Chesskers board");
  const squares = new Map();
  for (let rank = 8; rank >= 1; rank -= 1) {
    // Rows for assistive technology; `display: contents` leaves the squares on the CSS grid.
    const row = document.createElement("div");
    row.className = "cb-row";
    row.setAttribute("role", "row");
    grid.append(row);
    for (const f of FILES) {
      const square = `${f}${rank}`;
      const el = document.createElement("div");
      el.className = `sq ${(FILES.indexOf(f) + rank) % 2 === 0 ? "sq-light" : "sq-dark"}`;
      el.dataset.square = square;
      el.setAttribute("role", "gridcell");
      el.tabIndex = -1;
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
  let focusSquare = "e2";

  function update(next) {
    const previous = current;
    current = { ...EMPTY_VIEW, ...next };
    const v = current;
    const dests = new Map(v.dests.map((d) => [d.square, d]));
    const sets = {
      "is-last": new Set(v.lastMove), "is-swept": new Set(v.swept), "is-victim": new Set(v.victims),
      "is-removed": new Set(v.removed), "is-trail": new Set(v.trail),
      "is-movable": new Set(v.movable),
    };
    const orientationChanged = previous.orientation !== v.orientation || !grid.dataset.orientation;
    grid.dataset.orientation = v.orientation;
    grid.classList.toggle("is-interactive", Boolean(v.interactive));
    for (const [square, el] of squares) {
      if (orientationChanged) placeSquare(el, square, v.orientation);
      const code = v.pieces.get(square) || "";
      const pc = el.firstChild;
      if (pc.dataset.piece !== code) {
        if (code) pc.dataset.piece = code;
        else delete pc.dataset.piece;
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
      el.setAttribute("aria-label", squareLabel(square, code, dest, v));
      el.setAttribute("aria-selected", square === v.selected ? "true" : "false");
    }
    if (v.animate) animate(v.animate, v.orientation);
    renderPromotion(v.promotion, v.orientation);
    if (!squares.get(focusSquare)) focusSquare = "e2";
    for (const [square, el] of squares) el.tabIndex = square === focusSquare ? 0 : -1;
  }

  function squareLabel(square, code, dest, v) {
    let label = square;
    if (code && !v.removed.includes(square)) label += `, ${pieceName(code)}`;
    if (v.removed.includes(square)) label += ", taken";
    if (square === v.selected) label += ", selected";
    if (dest) label += `, ${KIND_LABELS[dest.kind] || "move"} here`;
    if (square === v.undo) label += ", tap to undo the jump";
    if (square === v.check) label += ", in check";
    return label;
  }

  function placeSquare(el, square, orientation) {
    const [x, y] = squareXY(square, orientation);
    el.style.gridColumn = String(x + 1);
    el.style.gridRow = String(y + 1);
    el.querySelectorAll(".coord").forEach((c) => c.remove());
    if (x === 0) el.append(coord("coord-rank", square[1]));
    if (y === 7) el.append(coord("coord-file", square[0]));
  }

  function coord(cls, text) {
    const span = document.createElement("span");
    span.className = `coord ${cls}`;
    span.textContent = text;
    span.setAttribute("aria-hidden", "true");
    return span;
  }

  function animate({ from, to }, orientation) {
    const el = squares.get(to);
    if (!el || !squares.get(from) || from === to) return;
    const pc = el.firstChild;
    const [fx, fy] = squareXY(from, orientation);
    const [tx, ty] = squareXY(to, orientation);
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
    const [x, y] = squareXY(promotion.square, orientation);
    const fromTop = y < 4;
    const column = document.createElement("div");
    column.className = "cb-promo-column";
    column.setAttribute("role", "dialog");
    column.setAttribute("aria-label", "Promote to");
    column.style.left = `${x * 12.5}%`;
    column.style[fromTop ? "top" : "bottom"] = "0";
    for (const letter of ["q", "r", "b", "n"]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cb-promo-choice";
      button.dataset.promotion = letter;
      button.setAttribute("aria-label", `Promote to ${PIECE_NAMES[letter]}`);
      const pc = document.createElement("span");
      pc.className = "pc";
      pc.dataset.piece = promotion.color[0] + letter.toUpperCase();
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
    if (!el) return;
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
    const cx = Math.floor(((x - rect.left) / rect.width) * 8);
    const cy = Math.floor(((y - rect.top) / rect.height) * 8);
    for (const [square] of squares) {
      const [sx, sy] = squareXY(square, current.orientation);
      if (sx === cx && sy === cy) return square;
    }
    return null;
  }

  // --- keyboard: arrows move the focus over the squares, Enter/Space taps ---------------
  grid.addEventListener("keydown", (event) => {
    const el = event.target.closest(".sq");
    if (!el) return;
    const square = el.dataset.square;
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      event.stopPropagation();
      const [x, y] = squareXY(square, current.orientation);
      const nx = Math.min(7, Math.max(0, x + moves[event.key][0]));
      const ny = Math.min(7, Math.max(0, y + moves[event.key][1]));
      for (const [other] of squares) {
        const [ox, oy] = squareXY(other, current.orientation);
        if (ox === nx && oy === ny) {
          focusSquare = other;
          for (const [s, e] of squares) e.tabIndex = s === other ? 0 : -1;
          squares.get(other).focus();
        }
      }
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
 * paths.js. Options: orientation, onMove(move) with a legal move of the list, onChange(info)
 * after every tap with the picker's view (for a hint line), label.
 * Returns {set(position), revert(), setOrientation(o), flip(), orientation(), cancel(),
 * pickerView(), promoting()}. `position`: {fen, legalMoves, lastMove: {path, captured} | null,
 * check, interactive, animate: {from, to} | null, replay: a move to show jump by jump | null}.
 */
export function createPlayBoard(root, options = {}) {
  let orientation = options.orientation || "white";
  let position = {
    fen: "8/8/8/8/8/8/8/8 w - - 0 1", legalMoves: [], lastMove: null, check: null,
    interactive: false,
  };
  let basePieces = new Map();
  let picker = paths.createPicker([]);
  let promotion = null;
  let pending = null; // a move sent and not yet answered: shown at once, for instant feedback
  let animateNext = null;

  const view = createBoard(root, {
    label: options.label,
    onSquare: (square) => handle(paths.tap(picker, square), square),
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

  function handle(result, square, animate = true) {
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
      };
    }
    if (action.type === "advance" && animate) {
      animateNext = { from: picker.path[picker.path.length - 2], to: square };
    }
    render();
    options.onChange?.(action, paths.view(picker));
  }

  function play(move, animate) {
    pending = move;
    animateNext = animate ? { from: move.path.at(-2), to: move.path.at(-1) } : null;
    render();
    options.onChange?.({ type: "move", move }, paths.view(picker));
    options.onMove?.(move);
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
      // RULES §1.3: the piece stands on its landing; each jumped piece is gone at once.
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
      removed = captured.filter((square) => square !== promotion.square);
      trail = picker.path.slice(0, -1);
    }
    const dests = promotion ? [] : v.targets;
    const swept = [];
    const victims = [];
    for (const d of dests) {
      if (d.kind === "sweep") swept.push(...d.captures);
      if (d.kind === "jump") victims.push(...d.captures);
    }
    const interactive = position.interactive && !pending;
    view.update({
      pieces,
      orientation,
      selected: promotion ? null : v.selected,
      dests,
      swept,
      victims,
      removed,
      trail,
      undo: promotion ? null : v.undoSquare,
      lastMove: v.inChain || promotion ? [] : lastMove,
      check: v.inChain || pending ? null : position.check,
      movable: interactive ? paths.origins(picker) : [],
      interactive,
      promotion,
      animate: animateNext,
    });
    animateNext = null;
  }

  // Someone else's chain is shown jump by jump: each jumped piece goes as it is jumped.
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
    for (let k = 1; k <= steps; k += 1) {
      const show = () => {
        const pieces = new Map(before);
        pieces.delete(move.path[0]);
        const leaving = sweep ? move.captured : move.captured.slice(k - 1, k);
        for (const square of move.captured.slice(0, k)) {
          if (!leaving.includes(square)) pieces.delete(square);
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
      position = { lastMove: null, check: null, interactive: false, ...next };
      basePieces = parseFen(position.fen);
      picker = paths.createPicker(position.interactive ? position.legalMoves : []);
      promotion = null;
      pending = null;
      animateNext = next.animate || null;
      const move = next.replay;
      const shown = move && (move.path.length > 2 || (move.kind === "sweep" && move.captured.length));
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
    pickerView: () => paths.view(picker),
    promoting: () => Boolean(promotion),
    pieceAt: (square) => basePieces.get(square) || null,
  };
}

/** Returns the square of the king in check after a move written `text` (with "+" or "#"),
 * read from the notation and the FEN after it; null when the text gives no check. */
export function checkedKing(fenAfter, text) {
  if (!/[+#]$/.test(String(text || ""))) return null;
  const king = fenTurn(fenAfter) === "white" ? "wK" : "bK";
  for (const [square, code] of parseFen(fenAfter)) if (code === king) return square;
  return null;
}
