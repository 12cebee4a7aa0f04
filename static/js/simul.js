// The simul page (/simul/<id>/), wired: the model (simul_model.js) holds the simul as last told
// and says what the page shows; this module draws it, keeps it live over the simul's socket,
// sends the viewer's choices (ask to play, the host's accept, start, call off) and takes a player
// to their game, and the host to their first board, when the simul starts (through goToGame,
// which the page's own notices of a game started use too: the page leaves once).
import { api, el, goToGame, liveSocket } from "./api.js";
import { gettext } from "./i18n.js";
import { createBoard, parseFen } from "./board.js";
import * as model from "./simul_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (selector) => document.querySelector(selector);
let page = model.createPage(data);
const boards = new Map(); // game id -> {card, board, fen}

function render() {
  $("#simul-status").textContent = model.statusText(page);
  renderControls();
  renderOwn();
  renderPlayers();
  renderBoards();
}

function renderControls() {
  const shown = model.controls(page);
  for (const name of ["join", "withdraw", "start", "cancel"]) $(`#${name}`).hidden = !shown[name];
  $("#start").disabled = !shown.startEnabled;
  $("#next-board").hidden = !shown.next;
  $("#sign-in").hidden = !shown.signIn;
}

function renderOwn() {
  const own = model.ownText(page);
  const box = $("#own-board");
  box.hidden = !own;
  if (!own) return;
  if (own.game) {
    box.replaceChildren(own.text, " ",
      el("a", { href: `/game/${own.game}/`, "data-testid": "own-board-link" }, gettext("Go to your game")));
  } else {
    box.replaceChildren(own.text);
  }
}

function choice(text, path, user, testid) {
  const button = el("button", { type: "button", class: "button button-small button-secondary",
    "data-testid": testid }, text);
  button.addEventListener("click", () => act(path, { user, accepted: path !== "unaccept" }));
  return button;
}

function renderPlayers() {
  const open = page.simul.status === "created";
  $("#players-box").hidden = !open;
  if (!open) return;
  const rows = model.playerRows(page);
  $("#no-players").hidden = rows.length > 0;
  $("#choices-title").hidden = !model.isHost(page);
  $("#players").replaceChildren(...rows.map((row) => {
    const cells = [
      el("td", { "data-label": gettext("Player") }, el("a", { href: `/@/${row.user}` }, row.user)),
      el("td", { class: "num", "data-label": gettext("Rating") }, row.rating),
      el("td", { "data-label": gettext("Status"), "data-testid": `status-${row.user}` }, row.status),
    ];
    if (model.isHost(page)) {
      const buttons = [];
      if (row.accept) buttons.push(choice(gettext("Accept"), "accept", row.user, `accept-${row.user}`));
      if (row.unaccept) buttons.push(choice(gettext("Take back"), "unaccept", row.user, `unaccept-${row.user}`));
      if (row.remove) buttons.push(choice(gettext("Turn down"), "remove", row.user, `remove-${row.user}`));
      cells.push(el("td", { "data-label": gettext("Your choice") }, ...buttons));
    }
    return el("tr", { "data-user": row.user }, ...cells);
  }));
}

// Every board, a small board of its game's position (drawn by the board view from the game's
// descriptor) linking to the game, the host's waiting boards marked for the host.
function renderBoards() {
  const list = page.simul.boards;
  $("#boards-box").hidden = list.length === 0;
  if (!list.length) return;
  $("#simul-score").textContent = model.scoreText(page.simul);
  for (const board of list) {
    let shown = boards.get(board.game);
    if (!shown) {
      const holder = el("div", { class: "tournament-board" });
      const player = el("span", { "data-field": "player" });
      const state = el("span", { class: "muted", "data-field": "state" });
      const card = el("a", { class: "board-card", href: `/game/${board.game}/`, "data-game": board.game,
        "data-testid": `board-${board.board}` }, holder, player, state);
      shown = { card, board: createBoard(holder, { variant: data.variant, label: model.boardLabel(board) }) };
      boards.set(board.game, shown);
      $("#boards").append(card);
    }
    const words = model.boardText(page, board);
    shown.card.querySelector("[data-field=player]").textContent = words.player;
    shown.card.querySelector("[data-field=state]").textContent = words.state;
    shown.card.classList.toggle("is-waiting", words.waiting);
    if (shown.fen !== board.fen) {
      shown.board.update({ pieces: parseFen(board.fen, data.variant), interactive: false });
      shown.fen = board.fen;
    }
  }
}

async function act(path, body) {
  $("#simul-error").textContent = "";
  const route = path === "unaccept" ? "accept" : path;
  try {
    const simul = await api("POST", `${data.api_url}${route}/`, body);
    receive({ type: "simul", simul });
    // Two quick taps (accept one player, then another) answer in either order: the older
    // answer may come last. The socket then sends the simul as it is now, which comes after.
    socket.send({ type: "sync" });
  } catch (error) {
    $("#simul-error").textContent = error.message;
  }
}

function receive(message) {
  const result = model.receiveSimul(page, message);
  page = result.page;
  render();
  if (result.go) goToGame(result.go); // as the page's own notices would: once
}

$("#join").addEventListener("click", () => act("join"));
$("#withdraw").addEventListener("click", () => act("withdraw"));
$("#start").addEventListener("click", () => act("start"));
$("#cancel").addEventListener("click", async () => {
  if (!window.confirm(gettext("Call this simul off?"))) return;
  try {
    await api("DELETE", data.api_url);
    window.location.assign("/simul/");
  } catch (error) {
    $("#simul-error").textContent = error.message;
  }
});

const socket = liveSocket(data.ws_url, {
  onMessage(message) {
    if (message.type === "simul") receive(message);
    else if (message.type === "gone") {
      socket.close(); // called off: nothing more will come
      page = { ...page, gone: true };
      render();
    }
  },
});

render();
