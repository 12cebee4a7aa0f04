// Conditional premoves on a correspondence game's page, for its players: one line per reply the
// opponent may make, their move then the player's answer, again and again ("e5 Nf3 Nc6 Bb5").
// The box shows the lines the server keeps (GET the box's data-url,
// /api/games/<id>/conditional/) and *Save the lines* sends them (PUT) with the ply the page is
// at; the server checks every move with the engine and answers the lines in its own notation,
// or says why not. After each move the page hears (the "chesskers:played" event) the box is
// read again: the opponent's move has used the lines or dropped them.
import { api } from "./api.js";
import { gettext, ngettext } from "./i18n.js";

/** The lines written in the box: one a row, moves apart by spaces; empty rows left out. */
export function linesOf(text) {
  return text
    .split("\n")
    .map((row) => row.trim().split(/\s+/).filter(Boolean))
    .filter((line) => line.length > 0);
}

/** The box's text for lines as the server keeps them. */
export function textOf(lines) {
  return lines.map((line) => line.join(" ")).join("\n");
}

/** The line under the box once lines are kept. */
export function keptText(lines) {
  if (lines.length === 0) return gettext("No conditional premoves.");
  return ngettext("Saved: %(n)s line.", "Saved: %(n)s lines.", lines.length);
}

function wire(panel) {
  const box = panel.querySelector("textarea");
  const status = panel.querySelector("[role=status]");
  let ply = Number(panel.dataset.ply);

  async function read() {
    try {
      const kept = await api("GET", panel.dataset.url);
      ply = kept.ply;
      box.value = textOf(kept.lines);
      status.textContent = kept.lines.length ? keptText(kept.lines) : "";
    } catch (error) {
      status.textContent = error.message;
    }
  }

  panel.querySelector("[data-conditional-save]").addEventListener("click", async () => {
    status.textContent = gettext("Saving…");
    try {
      const kept = await api("PUT", panel.dataset.url, { ply, lines: linesOf(box.value) });
      box.value = textOf(kept.lines);
      status.textContent = keptText(kept.lines);
    } catch (error) {
      status.textContent = gettext("Not saved: %(reason)s", { reason: error.message });
    }
  });
  document.addEventListener("chesskers:played", (event) => {
    ply = event.detail.ply;
    read();
  });
  read();
}

const panel = typeof document === "undefined" ? null : document.getElementById("conditional");
if (panel) wire(panel);
