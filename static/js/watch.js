// The watch page: the live online games as mini-boards, updated move by move over /ws/watch/
// (each game's position at most a second behind), filtered by game and speed, each card with
// both players' ratings, the time control and a link to watch. A board is drawn when its card
// first comes into view, so a busy site's page stays light; the list itself is whole.
import { el, liveSocket } from "./api.js";
import { createBoard, parseFen } from "./board.js";
import { changeList } from "./wire.js";
import { gettext } from "./i18n.js";
import {
  boardLabel, controlText, filterGames, movesText, noGamesText, playerText, tvName, watchingText,
} from "./watch_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const grid = document.getElementById("live-games");
const none = document.getElementById("no-live-games");
const gameFilter = document.getElementById("filter-variant");
const speedFilter = document.getElementById("filter-speed");
const tvLink = document.getElementById("tv-link");
const descriptors = data.descriptors || {};
const names = data.variants || {};

let games = data.games || [];
const cards = new Map(); // game id -> {card, board (once drawn), fen, shown: the entry drawn}
let order = ""; // the cards' ids in the order they stand

const seen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const id = entry.target.dataset.game;
    drawBoard(id);
    seen.unobserve(entry.target);
  }
}, { rootMargin: "200px" });

function game(id) {
  return games.find((entry) => entry.id === id);
}

function drawBoard(id) {
  const held = cards.get(id);
  const shown = game(id);
  if (!held || !shown) return;
  const variant = descriptors[shown.variant];
  if (!held.board) {
    held.board = createBoard(held.card.querySelector(".mini-board"), {
      variant, label: boardLabel(names[shown.variant] || shown.variant, shown.white, shown.black),
    });
  }
  if (held.fen !== shown.fen) {
    held.board.update({ pieces: parseFen(shown.fen, variant), interactive: false });
    held.fen = shown.fen;
  }
}

function fill(card, shown) {
  card.querySelector("[data-field=white]").textContent = playerText(shown.white, shown.ratings?.white);
  card.querySelector("[data-field=black]").textContent = playerText(shown.black, shown.ratings?.black);
  card.querySelector("[data-field=moves]").textContent = movesText(shown.ply);
  card.querySelector("[data-field=watching]").textContent = watchingText(shown.spectators);
}

function newCard(shown) {
  const card = el("article", { class: "live-card", "data-game": shown.id, "data-variant": shown.variant },
    el("p", { class: "live-player" }, el("span", { class: "swatch swatch-black", "aria-hidden": "true" }),
      el("span", { "data-field": "black" })),
    // The board links to the game too, for the mouse; the Watch button is the link for
    // keyboards and screen readers (the board's link is inert: nothing in it takes the focus).
    el("a", { class: "mini-board-link", href: `/game/${shown.id}/`, tabindex: "-1", "aria-hidden": "true", inert: "" },
      el("div", { class: "mini-board" })),
    el("p", { class: "live-player" }, el("span", { class: "swatch swatch-white", "aria-hidden": "true" }),
      el("span", { "data-field": "white" })),
    el("p", { class: "live-meta muted" },
      el("span", {}, `${names[shown.variant] || shown.variant} · ${controlText(shown)}`), " · ",
      el("span", { "data-field": "moves" }), " · ", el("span", { "data-field": "watching" })),
    el("a", { class: "button button-small", href: `/game/${shown.id}/` }, gettext("Watch")));
  return card;
}

function render() {
  const kept = filterGames(games, { variant: gameFilter.value, speed: speedFilter.value });
  const wanted = new Set(kept.map((entry) => entry.id));
  for (const [id, held] of cards) {
    if (!wanted.has(id)) {
      seen.unobserve(held.card);
      held.card.remove();
      cards.delete(id);
    }
  }
  for (const shown of kept) {
    let held = cards.get(shown.id);
    if (!held) {
      held = { card: newCard(shown), board: null, fen: null, shown: null };
      cards.set(shown.id, held);
      seen.observe(held.card);
    }
    if (held.shown !== shown) { // an entry the list replaced: the game changed
      fill(held.card, shown);
      held.shown = shown;
      if (held.board) drawBoard(shown.id);
    }
  }
  const wantedOrder = kept.map((entry) => entry.id).join(" ");
  if (wantedOrder !== order) {
    grid.append(...kept.map((entry) => cards.get(entry.id).card));
    order = wantedOrder;
  }
  none.hidden = kept.length > 0;
  none.textContent = noGamesText(games.length > 0);
  const variant = gameFilter.value || "chesskers";
  tvLink.href = `/tv/${variant}/`;
  tvLink.textContent = tvName(names[variant] || variant);
}

function filtersChanged() {
  const query = new URLSearchParams();
  if (gameFilter.value) query.set("variant", gameFilter.value);
  if (speedFilter.value) query.set("speed", speedFilter.value);
  const search = query.toString();
  history.replaceState(null, "", search ? `?${search}` : location.pathname);
  render();
}

gameFilter.addEventListener("change", filtersChanged);
speedFilter.addEventListener("change", filtersChanged);
render();
liveSocket("/ws/watch/", {
  onMessage: (message) => {
    if (message.type === "live_games") games = message.games;
    else if (message.type === "live_games_changed") {
      games = changeList(games, message.added, message.removed);
    } else return;
    render();
  },
});
