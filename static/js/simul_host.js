// A simul's host on one of its boards (the game page): after each move of theirs, on to the next
// board that waits for their move, as lichess takes a host round. The box beside *Next board*
// turns it off; this browser remembers the choice. Nothing happens while no other board waits.
import { api, goToGame } from "./api.js";

const bar = document.querySelector("[data-simul-host]");
const box = document.getElementById("simul-auto");
const KEY = "chesskers.simul-next-board";
const PAUSE_MS = 400; // the move seen landing before the page goes

function remembered() {
  try {
    return window.localStorage.getItem(KEY) !== "off";
  } catch {
    return true; // a browser that keeps nothing: the default
  }
}

async function onward(event) {
  const { turn, status } = event.detail;
  // The host has just moved when the turn has passed to their opponent.
  if (!box.checked || status !== "live" || turn === bar.dataset.hostColor) return;
  try {
    const url = `/api/simuls/${bar.dataset.simul}/next/?after=${bar.dataset.game}`;
    const { game } = await api("GET", url);
    if (game && game !== bar.dataset.game) window.setTimeout(() => goToGame(game), PAUSE_MS);
  } catch {
    // The next board could not be asked for: the host stays here and may press Next board.
  }
}

if (bar && box) {
  box.checked = remembered();
  box.addEventListener("change", () => {
    try {
      window.localStorage.setItem(KEY, box.checked ? "on" : "off");
    } catch {
      // kept for this page only
    }
  });
  document.addEventListener("chesskers:played", onward);
}
