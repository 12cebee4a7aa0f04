// The game page's blindfold mode, as lichess has it: the pieces are not drawn, for the viewer
// alone, who plays from memory, by the board's squares or by typing the move; the server is
// asked as ever. `b` or the *Blindfold* button turns it on and off; this browser keeps the
// choice for the next games.
import { wireToggle } from "./page_toggle.js";

wireToggle({
  storageKey: "chesskers-blindfold",
  bodyClass: "blindfold",
  button: document.querySelector("[data-blindfold]"),
  key: "b",
});
