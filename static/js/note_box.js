// *My notes* for a signed-in viewer, on a game's page and on a player's profile: what they write
// there, seen by them alone (PUT to the box's data-url: /api/games/<id>/note/,
// /api/users/<name>/note/). Kept as they type, a moment after they stop, when they leave the box
// and when the page is hidden; emptied, the note is removed. The page's shortcut keys (f, z, b,
// the arrows) leave the box alone. The line under the box (data-status) says what became of it.
import { api } from "./api.js";
import { gettext } from "./i18n.js";

const SAVE_AFTER_MS = 800; // the pause in typing after which the note is kept

/** Returns the line under the box for a save's state: "saving", "saved" or "unsaved" (then
 * `reason`, the server's sentence), in the page's language. */
export function noteStatus(state, reason = "") {
  if (state === "saving") return gettext("Saving…");
  if (state === "saved") return gettext("Saved.");
  return gettext("Not saved: %(reason)s", { reason });
}

/** Wires the note box `box`: its text is kept at its `data-url`, and the element whose id is
 * its `data-status` says what became of it. */
function wireNoteBox(box) {
  const status = document.getElementById(box.dataset.status);
  let timer = null;
  let kept = box.value;
  let saving = Promise.resolve();

  function save({ leaving = false } = {}) {
    clearTimeout(timer);
    timer = null;
    const text = box.value;
    if (text.trim() === kept.trim()) return saving;
    status.textContent = noteStatus("saving");
    if (leaving) {
      // Sent now, not after the save in flight: the page may be gone by then. A tab only
      // hidden comes back to the line saying what became of it.
      const before = kept;
      kept = text;
      return api("PUT", box.dataset.url, { text }, { keepalive: true }).then(
        () => { status.textContent = noteStatus("saved"); },
        (error) => {
          kept = before;
          status.textContent = noteStatus("unsaved", error.message);
        },
      );
    }
    saving = saving.then(async () => {
      try {
        const note = await api("PUT", box.dataset.url, { text });
        kept = text;
        status.textContent = noteStatus("saved");
        return note;
      } catch (error) {
        status.textContent = noteStatus("unsaved", error.message);
        return null;
      }
    });
    return saving;
  }

  box.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_MS);
  });
  box.addEventListener("blur", () => save());
  // Leaving the page (or its tab) keeps what was typed since the last save.
  // Sent even when a save of the same text is in flight: leaving cancels that one.
  const leave = () => save({ leaving: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") leave();
  });
  window.addEventListener("pagehide", leave);
}

for (const box of document.querySelectorAll("textarea[data-note-box]")) wireNoteBox(box);
