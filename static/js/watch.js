// The watch page: live online games, kept live over /ws/watch/.
import { el, liveSocket } from "./api.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const body = document.getElementById("live-games");
const variantNames = data.variants || {};

function render(games) {
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
  },
});
