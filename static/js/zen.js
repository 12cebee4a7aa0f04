// The game page's zen mode, as lichess has it: the board, the clocks, the moves and the game's
// buttons, nothing else. The site's header and foot, the chat, the spectators' count, the
// crosstable, the notes and the report form step aside. `z` or the *Zen* button turns it on and
// off; this browser keeps the choice for the next games.
const KEY = "chesskers-zen";
const button = document.querySelector("[data-zen]");

function stored() {
  try {
    return window.localStorage.getItem(KEY) === "on";
  } catch {
    return false; // storage refused (a private window's policy): off, not remembered
  }
}

function show(on) {
  document.body.classList.toggle("zen", on);
  button.setAttribute("aria-pressed", String(on));
}

function toggle() {
  const on = !document.body.classList.contains("zen");
  show(on);
  try {
    window.localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // not remembered: this page still follows the choice
  }
}

show(stored());
button.addEventListener("click", toggle);
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target.closest && target.closest("input, textarea, select, .cb-board, .cb-promo")) return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.key !== "z") return;
  event.preventDefault();
  toggle();
});
