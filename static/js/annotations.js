// Annotations beside the board of a finished game: the notes on the move shown, and for the
// game's players a form to add one and buttons to edit or delete their own. The server checks
// who may write; this panel only hides what a viewer could not do.
import { api } from "./api.js";
import { gettext, pgettext } from "./i18n.js";

export const GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
const GLYPH_NAMES = {
  "!": () => gettext("good move"),
  "?": () => gettext("mistake"),
  "!!": () => gettext("brilliant move"),
  "??": () => gettext("blunder"),
  "!?": () => gettext("interesting move"),
  "?!": () => gettext("dubious move"),
};

/** Returns what a glyph means ("!?": "interesting move"), or "". */
function glyphName(glyph) {
  return GLYPH_NAMES[glyph] ? GLYPH_NAMES[glyph]() : "";
}

// A judgement's words: [alone, with the better move].
const JUDGEMENTS = {
  inaccuracy: [
    () => gettext("Inaccuracy"), (move) => gettext("Inaccuracy (%(move)s was better)", { move }),
  ],
  mistake: [
    () => gettext("Mistake"), (move) => gettext("Mistake (%(move)s was better)", { move }),
  ],
  blunder: [
    () => gettext("Blunder"), (move) => gettext("Blunder (%(move)s was better)", { move }),
  ],
};

/** Returns `text` safe inside HTML. */
function escaped(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** Returns, per ply, what the move list shows beside a move: the glyphs of its annotations,
 * whether it has a comment, and the analysis' judgement with the better move. */
export function notesByPly(annotations = [], analysis = null) {
  const notes = new Map();
  const at = (ply) => {
    if (!notes.has(ply)) notes.set(ply, { glyphs: "", commented: false, judgement: null, better: null });
    return notes.get(ply);
  };
  for (const a of annotations) {
    if (a.parent) continue; // a branch of a side line: its ply counts the line's moves
    const note = at(a.ply);
    if (a.moves && a.moves.length) {
      note.sideLines = (note.sideLines || 0) + 1;
      continue;
    }
    if (a.glyph && !note.glyphs.split(" ").includes(a.glyph)) {
      note.glyphs = note.glyphs ? `${note.glyphs} ${a.glyph}` : a.glyph;
    }
    if (a.comment) note.commented = true;
  }
  for (const p of (analysis && analysis.plies) || []) {
    if (!p.judgement) continue;
    const note = at(p.ply);
    note.judgement = p.judgement;
    note.better = p.better;
  }
  return notes;
}

/** Returns a side line as the replay shows it beside the main line, its branches nested in
 * parentheses after the move they replace: "g3 Nc6!? {Calm.} (d5)". `annotations` holds the
 * game's notes (a branch names its side line as `parent`, and its `ply` is a move's index
 * in that line). */
export function sideLineText(line, annotations = []) {
  const branches = annotations.filter((a) => a.parent === line.id && a.moves && a.moves.length);
  const parts = [];
  line.moves.forEach((item, index) => {
    parts.push(item.move + (item.glyph || ""));
    if (item.comment) parts.push(`{${item.comment}}`);
    for (const branch of branches.filter((b) => b.ply === index)) {
      parts.push(`(${sideLineText(branch, annotations)})`);
    }
  });
  return parts.join(" ");
}

/** Returns the next ply after `current` (-1: from the start) that `side` played and the
 * analysis judged `judgement`, going round to the first after the last; null if there is none. */
export function nextJudged(plies, side, judgement, current) {
  const found = plies.filter((p) => p.side === side && p.judgement === judgement)
    .map((p) => p.ply)
    .sort((a, b) => a - b);
  return found.find((ply) => ply > current) ?? found[0] ?? null;
}

/** Returns the words for a judgement: "Blunder (Bxh6 was better)". */
export function judgementText(note) {
  if (!note || !note.judgement) return "";
  const words = JUDGEMENTS[note.judgement];
  if (!words) return note.better ? `${note.judgement} (${note.better})` : note.judgement;
  return note.better ? words[1](note.better) : words[0]();
}

/**
 * Creates the panel inside `root`. `apiUrl` is the game's annotations URL; `canAnnotate` says
 * whether the viewer is one of its players; `onChange(annotations)` gets the list after a
 * change. Returns {update({annotations, ply, moveText, judgement})}; `ply` null: no move shown.
 */
export function createAnnotationPanel(root, { apiUrl, canAnnotate, username, onChange }) {
  const box = document.createElement("section");
  box.className = "annotations";
  box.setAttribute("aria-label", gettext("Annotations"));
  box.dataset.testid = "annotations";
  const title = document.createElement("h2");
  title.className = "annotations-title";
  const verdict = document.createElement("p");
  verdict.className = "annotation-judgement";
  verdict.dataset.testid = "judgement";
  const list = document.createElement("ul");
  list.className = "annotation-list";
  const form = document.createElement("form");
  form.className = "annotation-form";
  form.dataset.testid = "annotation-form";
  const t = (text) => escaped(text);
  form.innerHTML = `
    <label>${t(gettext("Glyph"))} <select name="glyph"><option value="">${t(pgettext("glyph", "none"))}</option>${GLYPHS.map(
      (g) => `<option value="${g}">${g} ${t(glyphName(g))}</option>`,
    ).join("")}</select></label>
    <label class="annotation-comment">${t(gettext("Comment"))} <textarea name="comment" rows="2" maxlength="2000"></textarea></label>
    <div class="annotation-buttons"><button class="button button-small" type="submit">${t(gettext("Save"))}</button>
    <button class="button button-secondary button-small" type="button" data-action="cancel-edit" hidden>${t(gettext("Cancel"))}</button></div>
    <p class="error-line" role="alert"></p>`;
  box.append(title, verdict, list, form);
  root.replaceChildren(box);

  let current = { annotations: [], ply: null, moveText: "", judgement: "" };
  let editing = null; // id of the annotation being edited

  const error = form.querySelector(".error-line");
  const cancelEdit = form.querySelector("[data-action='cancel-edit']");

  async function refresh() {
    const annotations = await api("GET", apiUrl);
    onChange(annotations);
  }

  async function submit(event) {
    event.preventDefault();
    error.textContent = "";
    const glyph = form.elements.glyph.value;
    const comment = form.elements.comment.value;
    if (!glyph && !comment.trim()) {  // nothing to say: nothing is sent
      error.textContent = gettext("Choose a glyph or write a comment first.");
      return;
    }
    try {
      if (editing !== null) await api("PATCH", `${apiUrl}${editing}/`, { glyph, comment });
      else await api("POST", apiUrl, { ply: current.ply, glyph, comment });
      editing = null;
      form.reset();
      await refresh();
    } catch (failure) {
      error.textContent = failure.message;
    }
  }
  form.addEventListener("submit", submit);
  cancelEdit.addEventListener("click", () => {
    editing = null;
    form.reset();
    render();
  });

  function entry(a) {
    const item = document.createElement("li");
    item.className = "annotation";
    item.dataset.id = String(a.id);
    if (a.moves && a.moves.length) {
      const line = document.createElement("span");
      line.className = "annotation-side-line";
      line.dataset.testid = "side-line-note";
      line.textContent = gettext("Side line: %(moves)s", { moves: sideLineText(a, current.annotations) });
      item.append(line, " ");
    }
    if (a.glyph) {
      const glyph = document.createElement("strong");
      glyph.className = "glyph";
      glyph.title = glyphName(a.glyph);
      glyph.textContent = a.glyph;
      item.append(glyph, " ");
    }
    if (a.comment) {
      const text = document.createElement("span");
      text.className = "annotation-text";
      text.textContent = a.comment;
      item.append(text, " ");
    }
    const by = document.createElement("span");
    by.className = "muted";
    by.textContent = a.author ? `— ${a.author}` : "";
    item.append(by);
    if (canAnnotate && username && a.author === username) {
      const sideLine = a.moves && a.moves.length; // its notes are its moves': no edit
      const deletion = ["delete", gettext("Delete")];
      const actions = sideLine ? [deletion] : [["edit", gettext("Edit")], deletion];
      for (const [action, label] of actions) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link-inline";
        button.dataset.action = `${action}-annotation`;
        button.textContent = label;
        button.addEventListener("click", () => (action === "edit" ? edit(a) : remove(a)));
        item.append(" ", button);
      }
    }
    return item;
  }

  function edit(a) {
    editing = a.id;
    form.elements.glyph.value = a.glyph;
    form.elements.comment.value = a.comment;
    render();
    form.elements.comment.focus();
  }

  async function remove(a) {
    error.textContent = "";
    try {
      await api("DELETE", `${apiUrl}${a.id}/`);
      if (editing === a.id) editing = null;
      await refresh();
    } catch (failure) {
      error.textContent = failure.message;
    }
  }

  function render() {
    const { annotations, ply, moveText, judgement } = current;
    const shown = ply === null ? [] : annotations.filter((a) => a.ply === ply && !a.parent);
    title.textContent = ply === null
      ? gettext("Annotations")
      : gettext("Annotations on %(move)s", { move: moveText });
    verdict.textContent = judgement;
    verdict.hidden = !judgement;
    list.replaceChildren(...shown.map(entry));
    if (!shown.length) {
      const none = document.createElement("li");
      none.className = "muted";
      none.textContent = ply === null
        ? gettext("Choose a move to see its notes.")
        : gettext("No notes on this move.");
      list.append(none);
    }
    form.hidden = !canAnnotate || ply === null;
    cancelEdit.hidden = editing === null;
    form.querySelector("[type='submit']").textContent = editing === null
      ? gettext("Add note")
      : gettext("Save");
  }

  function update(next) {
    current = { ...current, ...next };
    if (editing !== null && !current.annotations.some((a) => a.id === editing && a.ply === current.ply)) {
      editing = null;
      form.reset();
    }
    render();
  }

  return { update, element: box };
}
