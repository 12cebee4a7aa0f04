// The home page's gallery: a small board of each game's start position, drawn by the board view
// (board.js) from the game's descriptor, which the page data carries. The boards are pictures:
// they take no tap (the card's links do the work).
import { createBoard, parseFen } from "./board.js";
import { gettext } from "./i18n.js";

const boards = JSON.parse(document.getElementById("gallery-data").textContent);

for (const { id, variant } of boards) {
  const holder = document.querySelector(`[data-gallery-board="${id}"]`);
  if (!holder) continue;
  const board = createBoard(holder, { variant, label: gettext("%(game)s: the start position", { game: variant.name }) });
  board.update({ pieces: parseFen(variant.start_fen, variant), interactive: false });
}
