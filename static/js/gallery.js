// The home page's gallery: a small board of each game's start position, drawn by the board view
// (board.js) from the game's descriptor, which the page data carries. The boards are pictures:
// they take no tap (the card's links do the work).
import { drawPosition } from "./board.js";
import { gettext } from "./i18n.js";

const boards = JSON.parse(document.getElementById("gallery-data").textContent);

for (const { id, variant } of boards) {
  const holder = document.querySelector(`[data-gallery-board="${id}"]`);
  if (!holder) continue;
  drawPosition(holder, {
    variant, fen: variant.start_fen, label: gettext("%(game)s: the start position", { game: variant.name }),
  });
}
