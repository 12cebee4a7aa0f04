// The game page's list of keyboard shortcuts, as lichess has it: `?` (or the button under the
// game's controls) opens it, Escape or *Close* closes it. A `?` typed in a box stays a letter.
const dialog = document.getElementById("shortcuts");
const opener = document.querySelector("[data-shortcuts]");

function toggle() {
  if (dialog.open) dialog.close();
  else dialog.showModal();
}

opener?.addEventListener("click", toggle);
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target.closest && target.closest("input, textarea, select")) return;
  if (event.key !== "?" || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  toggle();
});
