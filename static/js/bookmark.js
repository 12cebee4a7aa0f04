// The game page's ☆ for a signed-in viewer: bookmarks the game (PUT, or DELETE to take the mark
// off, /api/games/<id>/bookmark/), which the archive's *Bookmarked by me* filter finds again.
// The server's answer says what the button then shows.
import { api } from "./api.js";
import { gettext } from "./i18n.js";

const button = document.getElementById("bookmark");
const said = document.getElementById("bookmark-error");

function show(on) {
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? `★ ${gettext("Bookmarked")}` : `☆ ${gettext("Bookmark")}`;
}

button?.addEventListener("click", async () => {
  const on = button.getAttribute("aria-pressed") !== "true";
  button.disabled = true;
  said.textContent = "";
  try {
    show((await api(on ? "PUT" : "DELETE", button.dataset.url)).bookmarked);
  } catch (error) {
    said.textContent = error.message;
  } finally {
    button.disabled = false;
  }
});
