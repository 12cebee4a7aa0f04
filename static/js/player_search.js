// *Find a player* on /players/: as a name is typed, the names starting so are offered under the
// box (GET /api/users/?q=, a moment after the typing stops); the form, sent, lists them or goes
// to the profile of the name written whole (the server's answer, script or not).
import { api } from "./api.js";

const SUGGEST_AFTER_MS = 200;

const input = document.querySelector("[data-testid=player-search-input]");
const names = document.getElementById("player-names");
let timer = null;
let asked = "";

async function suggest() {
  const text = input.value.trim();
  if (text === asked) return;
  asked = text;
  if (text.length < 2) {
    names.replaceChildren();
    return;
  }
  let found = [];
  try {
    found = await api("GET", `/api/users/?q=${encodeURIComponent(text)}`);
  } catch {
    found = []; // not the start of a name: nothing to offer
  }
  if (text !== asked) return; // typed on meanwhile
  names.replaceChildren(...found.map((player) => {
    const option = document.createElement("option");
    option.value = player.username;
    return option;
  }));
}

input?.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(suggest, SUGGEST_AFTER_MS);
});
