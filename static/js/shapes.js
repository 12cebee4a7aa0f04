// Circles and arrows a player draws on a board to think aloud, as on lichess: press the right
// button on a square and let go on the same square for a circle, on another for an arrow. The
// brush follows the keys held: green, red with Shift or Ctrl, blue with Alt (or ⌘), yellow with
// Shift and Alt. Drawing the same shape again takes it off; the same squares in another brush
// change its colour. A press of the main button on the board, or a new position, clears them.
// They are the reader's own, never a rule; a study keeps them on its positions (study.js: its
// board keeps them on a click, and hands each drawing to the page to send). (Nothing copied
// from chessground; its idea.)

const SVG = "http://www.w3.org/2000/svg";

/** The brush of a press, by the modifier keys it was made with. */
export function brushOf({ shiftKey = false, ctrlKey = false, altKey = false, metaKey = false }) {
  const red = shiftKey || ctrlKey;
  const blue = altKey || metaKey;
  if (red && blue) return "yellow";
  if (red) return "red";
  if (blue) return "blue";
  return "green";
}

const LETTERS = { green: "G", red: "R", blue: "B", yellow: "Y" };
const BRUSH_OF = Object.fromEntries(Object.entries(LETTERS).map(([brush, l]) => [l, brush]));
const WRITTEN = /^([GRBY])([a-z][1-9][0-9]?)([a-z][1-9][0-9]?)?$/;

/** A shape as a study keeps it: its brush's letter and its square, or two for an arrow
 * ("Ge4", "Re2e4"). */
export function writeShape({ from, to, brush }) {
  return LETTERS[brush] + from + (to === from ? "" : to);
}

/** The shape a study's text names, or null. */
export function readShape(text) {
  const match = WRITTEN.exec(String(text));
  if (!match) return null;
  const [, letter, from, to] = match;
  return { from, to: to || from, brush: BRUSH_OF[letter] };
}

/** Returns `shapes` with `shape` ({from, to, brush}; from === to: a circle) drawn: taken off if
 * it was there, recoloured if its squares held one of another brush, else added. */
export function toggleShape(shapes, shape) {
  const at = shapes.findIndex((s) => s.from === shape.from && s.to === shape.to);
  if (at < 0) return [...shapes, shape];
  if (shapes[at].brush === shape.brush) return shapes.filter((_, k) => k !== at);
  return shapes.map((s, k) => (k === at ? shape : s));
}

/** The points of an arrow from (x1, y1) to (x2, y2), centres of squares one unit wide: the
 * shaft's end and the head's three corners, the tip short of the target's centre. */
export function arrowGeometry(x1, y1, x2, y2) {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const tip = [x2 - ux * 0.1, y2 - uy * 0.1];
  const base = [tip[0] - ux * 0.4, tip[1] - uy * 0.4];
  const [px, py] = [-uy * 0.22, ux * 0.22];
  return {
    shaft: [x1, y1, base[0], base[1]],
    head: [tip, [base[0] + px, base[1] + py], [base[0] - px, base[1] - py]],
  };
}

function svgElement(name, attributes) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/**
 * Lets the player draw on the board view `view` (board_view.js): `geometry` places the squares,
 * `orientation()` says which way up the board is. Options: `keepOnClick` (the main button's
 * press leaves them), `onChange(shapes)` after each shape the player draws and after a press
 * clears them (not after `clear` or `set`: the page's own). Returns {clear(), redraw(),
 * set(shapes), shapes()}.
 */
export function attachShapes(view, geometry, orientation, { keepOnClick = false, onChange } = {}) {
  const { grid } = view;
  const layer = svgElement("svg", {
    class: "cb-shapes",
    viewBox: `0 0 ${geometry.files} ${geometry.ranks}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  grid.append(layer);
  let shapes = [];
  let press = null; // {from, brush} while the right button is down

  function centre(square) {
    return geometry.xy(square, orientation()).map((n) => n + 0.5);
  }

  function redraw() {
    layer.replaceChildren(...shapes.map((shape) => {
      const common = { "data-from": shape.from, "data-to": shape.to, "data-brush": shape.brush };
      const [x1, y1] = centre(shape.from);
      if (shape.from === shape.to) {
        return svgElement("circle", {
          ...common, class: `shape-circle brush-${shape.brush}`, cx: x1, cy: y1, r: 0.44,
        });
      }
      const { shaft, head } = arrowGeometry(x1, y1, ...centre(shape.to));
      const arrow = svgElement("g", { ...common, class: `shape-arrow brush-${shape.brush}` });
      const [ax, ay, bx, by] = shaft;
      arrow.append(
        svgElement("line", { x1: ax, y1: ay, x2: bx, y2: by }),
        svgElement("polygon", { points: head.map((p) => p.join(",")).join(" ") }),
      );
      return arrow;
    }));
  }

  function clear() {
    if (!shapes.length) return;
    shapes = [];
    redraw();
  }

  grid.addEventListener("contextmenu", (event) => event.preventDefault());
  grid.addEventListener("pointerdown", (event) => {
    if (event.button === 0) {
      if (!keepOnClick && shapes.length) {
        clear();
        onChange?.(shapes);
      }
      return;
    }
    if (event.button !== 2) return;
    const from = view.squareAt(event.clientX, event.clientY);
    press = from ? { from, brush: brushOf(event) } : null;
  });
  grid.addEventListener("pointerup", (event) => {
    if (event.button !== 2 || !press) return;
    const to = view.squareAt(event.clientX, event.clientY);
    const { from, brush } = press;
    press = null;
    if (!to) return;
    shapes = toggleShape(shapes, { from, to, brush });
    redraw();
    onChange?.(shapes);
  });

  /** Shows `next` (shapes the page holds: a study's position's), telling no one. */
  function set(next) {
    shapes = next.filter((shape) => geometry.isUsed(shape.from) && geometry.isUsed(shape.to));
    redraw();
  }
  return { clear, redraw, set, shapes: () => shapes };
}
