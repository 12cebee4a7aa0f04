// A game framed by another site (/embed/<id>/): its board at one position, stepped through its
// moves with « ‹ › » or the arrow keys (Home, End), the last move marked. It starts at the
// game's last position. Read only: it asks the server nothing.
import { createBoard, parseFen } from "./board.js";
import { gettext } from "./i18n.js";

/** Returns what the bar says at `index` (-1: the start) of `moves`: "Start position", or
 * "12 of 40: Nf3". */
export function embedMoveText(moves, index) {
  if (index < 0) return gettext("Start position");
  return gettext("%(ply)s of %(plies)s: %(move)s", {
    ply: String(index + 1), plies: String(moves.length), move: moves[index].text,
  });
}

/** Returns the index a step goes to from `index` among `count` moves (-1: the start). */
export function stepTo(step, index, count) {
  const target = { first: -1, prev: index - 1, next: index + 1, last: count - 1 }[step];
  return Math.max(-1, Math.min(count - 1, target ?? index));
}

const holder = typeof document === "undefined" ? null : document.getElementById("embed-board");
if (holder) {
  const data = JSON.parse(document.getElementById("embed-data").textContent);
  const { variant, moves } = data;
  const board = createBoard(holder, { variant, label: gettext("%(game)s board", { game: variant.name }) });
  const said = document.getElementById("embed-move");
  let index = moves.length - 1;

  const show = () => {
    const fen = index < 0 ? data.initial_fen : moves[index].fen;
    board.update({
      pieces: parseFen(fen, variant),
      lastMove: index < 0 ? [] : moves[index].path,
      interactive: false,
    });
    said.textContent = embedMoveText(moves, index);
    holder.dataset.ply = String(index + 1);
  };
  const step = (name) => {
    index = stepTo(name, index, moves.length);
    show();
  };
  for (const button of document.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => step(button.dataset.step));
  }
  const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    if (!KEYS[event.key] || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    step(KEYS[event.key]);
  });
  show();
}
