// A game's TV (/tv/<game>/): its highest-rated live game on a large board, move by move over the
// game's own socket, the players with their ratings; when it ends, its result shows a few
// seconds and the TV switches to the next highest-rated live game of that game (the list comes
// over /ws/watch/). With none live, it waits for one.
import { liveSocket } from "./api.js";
import { createBoard, parseFen } from "./board.js";
import { connectSocket } from "./socket.js";
import { changeList } from "./wire.js";
import { playerText, tvName, tvPick, tvStatusText, tvWaitingText } from "./watch_model.js";

const SWITCH_AFTER_MS = 5000; // the result of a game that ended shows this long

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (selector) => document.querySelector(selector);
const variant = data.descriptor;
const board = createBoard($("#tv-board"), { variant, label: tvName(variant.name) });
const ended = new Set(); // the games this TV showed until they ended
let games = data.games || [];
let current = null; // the game shown: its entry in the live list
let socket = null;
let switching = null;

function showPlayers(entry) {
  $("[data-tv=white]").textContent = playerText(entry.white, entry.ratings?.white);
  $("[data-tv=black]").textContent = playerText(entry.black, entry.ratings?.black);
  $("#tv-open").href = `/game/${entry.id}/`;
  $("#tv-open").hidden = false;
}

function showState(state) {
  const last = (state.moves || []).at(-1);
  board.update({
    pieces: parseFen(state.fen, variant),
    lastMove: last ? [last.path[0], last.path.at(-1)] : [],
    check: state.check,
    interactive: false,
  });
  const live = state.status === "live";
  $("#tv-status").textContent = tvStatusText(state);
  document.body.dataset.tvGame = state.id;
  if (!live && !switching) {
    ended.add(state.id);
    switching = setTimeout(() => {
      switching = null;
      choose();
    }, SWITCH_AFTER_MS);
  }
}

function watch(entry) {
  socket?.close();
  current = entry;
  showPlayers(entry);
  socket = connectSocket(`/ws/games/${entry.id}/`, { state: showState });
}

function choose() {
  const next = tvPick(games, variant.id, ended);
  if (next === null) {
    socket?.close();
    socket = null;
    current = null;
    $("#tv-status").textContent = tvWaitingText(variant.name);
    $("#tv-open").hidden = true;
    for (const side of ["white", "black"]) $(`[data-tv=${side}]`).textContent = "";
    board.update({ pieces: parseFen(variant.start_fen, variant), interactive: false });
    delete document.body.dataset.tvGame;
    return;
  }
  if (!current || next.id !== current.id) watch(next);
}

liveSocket("/ws/watch/", {
  onMessage(message) {
    if (message.type === "live_games") games = message.games;
    else if (message.type === "live_games_changed") {
      games = changeList(games, message.added, message.removed);
    } else return;
    if (current === null && !switching) choose();
  },
});
choose();
