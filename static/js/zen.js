// The game page's zen mode, as lichess has it: the board, the clocks, the moves and the game's
// buttons, nothing else. The site's header and foot, the chat, the spectators' count, the
// crosstable, the notes and the report form step aside. `z` or the *Zen* button turns it on and
// off; this browser keeps the choice for the next games.
import { wireToggle } from "./page_toggle.js";

wireToggle({
  storageKey: "chesskers-zen",
  bodyClass: "zen",
  button: document.querySelector("[data-zen]"),
  key: "z",
});
