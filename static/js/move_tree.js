// A tree of moves drawn as text (the analysis board's and a study's): the main line numbered,
// each side line in its place after the move it replaces, every move a button that shows its
// position, the current one marked. With `comments`, each move's comment follows it. And the
// keys that walk it.
import { numberText } from "./game_model.js";
import { lineFrom } from "./analysis_model.js";

/** Draws `tree` in `box` with `current` marked; a move clicked calls `onPick(id)`. `startFen`
 * numbers the moves; `empty` is said when nothing has been played. */
export function drawMoveTree(box, tree, current, { startFen, onPick, comments = false, empty }) {
  function nodeButton(id, numbered) {
    const node = tree.nodes[id];
    const span = document.createElement("span");
    span.className = `node${id === current ? " is-current" : ""}`;
    span.dataset.node = id;
    span.setAttribute("role", "treeitem");
    if (id === current) span.setAttribute("aria-current", "true");
    const label = numberText(startFen, node.ply - 1);
    if (numbered || label.endsWith(".")) {
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = label;
      span.append(number);
    }
    span.append(document.createTextNode(node.text + (node.glyph || "")));
    span.addEventListener("click", () => onPick(id));
    return span;
  }

  function drawLine(container, id, numbered) {
    let force = numbered;
    for (const at of lineFrom(tree, id)) {
      const node = tree.nodes[at];
      container.append(nodeButton(at, force), " ");
      force = false;
      if (comments && node.comment) {
        const note = document.createElement("span");
        note.className = "move-comment";
        note.dataset.testid = "move-comment";
        note.textContent = node.comment;
        container.append(note, " ");
        force = true;
      }
      const parent = tree.nodes[node.parent];
      if (parent.children[0] === at && parent.children.length > 1) {
        for (const other of parent.children.slice(1)) {
          const side = document.createElement("span");
          side.className = "side-line";
          side.dataset.testid = "side-line";
          drawLine(side, other, true);
          container.append(side);
        }
        force = true;
      }
    }
  }

  box.replaceChildren();
  const first = tree.nodes[tree.root].children[0];
  if (first === undefined) {
    box.textContent = empty;
    return;
  }
  drawLine(box, first, true);
  box.querySelector(".is-current")?.scrollIntoView({ block: "nearest" });
}

const KEYS = {
  ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "up", ArrowDown: "down", Home: "first",
  End: "last",
};

/** Walks a tree with the keys (outside a field): ←/→ back and on, ↑/↓ the side lines at a
 * move, Home/End the start and the line's end, each calling `onStep(where)` (the name
 * analysis_model.step takes); `f` calls `onFlip()`. */
export function bindTreeKeys({ onStep, onFlip }) {
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (KEYS[event.key]) {
      event.preventDefault();
      onStep(KEYS[event.key]);
    } else if (event.key === "f") {
      onFlip();
    }
  });
}
