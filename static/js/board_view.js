// The board's view: draws a position and its marks, and reports taps, keys and promotion
// choices. It knows squares, pieces and CSS classes, no rule and no legal move — it is handed
// everything it shows (chessground's idea; nothing copied). It draws any game's board from its
// variant descriptor (variant.js): square boards of any size with every square or only the dark
// (or the mirrored) ones in use, and Alquerque's points joined by lines; without a descriptor,
// Chesskers' board. State is shown by classes on the squares:
// `is-dest` (with `dest-quiet`, `dest-replacement`, `dest-jump`, `dest-sweep`, `dest-castle`,
// `dest-en_passant`, `dest-line`, `dest-removal`), `is-last`, `is-check`, `is-removed`,
// `is-swept`, `is-victim`, `is-selected`, `is-trail`, `is-undo`, `is-premove` (a premove's
// path, held for the player's next turn); unused squares are `sq-unused` and take no tap and no
// focus. The play layer (board.js) joins it to the move picker and handles the pointer: taps
// and drags. A board made with `shapes` lets the player draw circles and arrows on it with the
// right button (shapes.js).
import { createGeometry } from "./geometry.js";
import { gettext } from "./i18n.js";
import { attachShapes } from "./shapes.js";
import { pieceArt, pieceName as nameOf, promotionName, resolveVariant } from "./variant.js";

// What a target square says to screen readers, by the kind of move that lands there.
const KIND_LABELS = {
  quiet: () => gettext("move here"),
  castle: () => gettext("castle here"),
  replacement: () => gettext("capture here"),
  en_passant: () => gettext("capture en passant here"),
  jump: () => gettext("jump here"),
  sweep: () => gettext("sweep here"),
  line: () => gettext("line move here"),
  removal: () => gettext("tap again to remove it"),
};
const SVG = "http://www.w3.org/2000/svg";

const EMPTY_VIEW = {
  pieces: new Map(), orientation: "white", selected: null, dests: [], swept: [], victims: [],
  removed: [], trail: [], undo: null, lastMove: [], check: null, movable: [], interactive: false,
  promotion: null, animate: null, premove: [],
};

/**
 * Creates the board view inside `root`. `handlers`: onSquare(square) for Enter/Space on a
 * square (the play layer reports pointer taps the same way), onPromotion(letter | null) from
 * the chooser, onEscape(); and `label` (the board's accessible name), `variant` (the
 * descriptor of the game drawn; Chesskers' by default) and `shapes` (true, or the options of
 * shapes.js's attachShapes: the player may draw on it). Returns {update(view), element, grid,
 * square(name), squares(), focus(), keepFocus(square), squareAt(x, y), shown(), clearShapes(),
 * shapes(), setShapes(shapes), variant}.
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
  grid.setAttribute("aria-label",
    handlers.label || gettext("%(game)s board", { game: variant.name || "Chesskers" }));
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
  const drawn = handlers.shapes
    ? attachShapes({ grid, squareAt }, geometry, () => current.orientation,
      handlers.shapes === true ? {} : handlers.shapes)
    : null;
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
    if (orientationChanged && drawn) drawn.redraw();
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

  // A square's name for screen readers: the square, its piece and its marks, after commas.
  function squareLabel(square, code, dest, v) {
    const parts = [geometry.label(square)];
    if (code && !v.removed.includes(square)) parts.push(nameOf(code, variant));
    if (v.removed.includes(square)) parts.push(gettext("taken"));
    if (square === v.selected) parts.push(gettext("selected"));
    if (dest) parts.push((KIND_LABELS[dest.kind] || KIND_LABELS.quiet)());
    if (square === v.undo) parts.push(gettext("tap to undo the jump"));
    if (square === v.check) parts.push(gettext("in check"));
    return parts.join(", ");
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
    // The file before the rank, as the square's name writes them: a corner's labels read
    // "a1", which its accessible name ("a1, white rook") contains.
    if (y === ranks - 1) el.append(coord("coord-file", square[0]));
    if (x === 0) el.append(coord("coord-rank", square.slice(1)));
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
    column.setAttribute("aria-label", gettext("Promote to"));
    column.style.left = `${(x * 100) / files}%`;
    column.style.width = `${100 / files}%`;
    column.style[fromTop ? "top" : "bottom"] = "0";
    for (const choice of promotion.choices || ["q", "r", "b", "n"]) {
      const letter = String(choice).toLowerCase();
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cb-promo-choice";
      button.dataset.promotion = letter;
      button.setAttribute("aria-label",
        gettext("Promote to %(piece)s", { piece: promotionName(letter, variant) }));
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

  // A tap does not take the keyboard focus (arrow keys keep stepping through the moves); the
  // keyboard reaches the squares by Tab.
  grid.addEventListener("pointerdown", (event) => event.preventDefault());

  /** Returns the used square under the viewport point (x, y), or null. */
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
    grid,
    update,
    variant,
    square: (name) => squares.get(name),
    squares: () => squares.values(),
    focus: () => squares.get(focusSquare)?.focus(),
    /** Makes `square` the one the keyboard's Tab reaches (a tap's square), without focusing. */
    keepFocus(square) {
      focusSquare = square;
    },
    squareAt,
    /** The view last drawn (its pieces, orientation, movable squares, interactivity). */
    shown: () => current,
    /** Takes off the circles and arrows the player drew (a new position). */
    clearShapes: () => drawn?.clear(),
    /** The circles and arrows drawn: [{from, to, brush}]. */
    shapes: () => (drawn ? drawn.shapes() : []),
    /** Shows circles and arrows the page holds (a study's), in place of those drawn. */
    setShapes: (shapes) => drawn?.set(shapes),
  };
}
