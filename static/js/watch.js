// The watch page: live online games, kept live over /ws/watch/.
import { el, liveSocket } from "./api.js";
import { changeList } from "./wire.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const body = document.getElementById("live-games");
const variantNames = data.variants || {};

let shown = [];

function render(games) {
  // Newest first, as the server lists them; games added since go in their place.
  shown = [...games].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  games = shown;
  body.replaceChildren(
    ...games.map((game) =>
      el("tr", { "data-game": game.id },
        // The labels name the cells where a narrow box shows a row as a card (site.css).
        el("td", { "data-label": "White" }, game.white),
        el("td", { "data-label": "Black" }, game.black),
        el("td", { "data-label": "Moves" }, Math.ceil(game.ply / 2)),
        el("td", { "data-label": "Watching" }, game.spectators),
        el("td", {}, variantNames[game.variant] || game.variant),
        el("td", { class: "cell-action" },
          el("a", { class: "button button-small", href: `/game/${game.id}/` }, "Watch")))),
  );
  document.getElementById("no-live-games").hidden = games.length > 0;
}

render(data.games);
liveSocket("/ws/watch/", {
  onMessage: (message) => {
    if (message.type === "live_games") render(message.games);
    else if (message.type === "live_games_changed") {
      render(changeList(shown, message.added, message.removed));
    }
  },
});
