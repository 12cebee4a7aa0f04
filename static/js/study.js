// A study's page: a chapter's tree of moves on the board (study_model.js holds it), walked by the
// keys and buttons as on the analysis board. Its owner and contributors play moves, delete and
// promote lines, set a move's glyph and comment, draw circles and arrows on a position (the right
// button: shapes.js), add, rename and delete chapters — each change sent to the API, which plays
// every move through the engine — and everyone who has the page open sees each change as it is
// made, over the study's socket. A visitor may draw too, for their own eyes.
import { api, liveSocket } from "./api.js";
import { createPlayBoard } from "./board.js";
import { expandLegalTree } from "./legal_tree.js";
import { overHereText } from "./game_words.js";
import { gettext } from "./i18n.js";
import { readShape, writeShape } from "./shapes.js";
import { fenInPath } from "./placement.js";
import { step } from "./analysis_model.js";
import { bindTreeKeys, drawMoveTree } from "./move_tree.js";
import {
  addressedNode, applyChange, changeFits, stillShown, toggledGlyph, treeOfChapter,
} from "./study_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const study = data.study;
const chapter = data.chapter;
const base = `/api/studies/${study.id}`;
const changesUrl = `${base}/chapters/${chapter.id}/changes/`;
let canEdit = study.can_edit;
let tree = treeOfChapter(chapter);
let revision = chapter.revision;
let current = addressedNode(tree, location.hash);
const positions = new Map(); // fen -> the position as /api/analysis/position/ gives it
let asking = null; // the timer of the position the board waits for
let boardShows = null; // what the board was last set to (show)
let shapesShown = null; // the node and shapes the board last drew (show)

const board = createPlayBoard($("board"), {
  label: gettext("Study board"),
  variant: data.variant,
  onMove: (move) => play(move),
  // A position's shapes are the study's: a click keeps them, and an editor's drawing is sent.
  shapes: { keepOnClick: true, onChange: (shapes) => drawShapes(shapes) },
});

async function drawShapes(shapes) {
  if (!canEdit) return;
  const at = current;
  const answer = await change({ op: "shapes", node: at, shapes: shapes.map(writeShape) });
  if (!answer && current === at) {
    shapesShown = null; // refused: the position's shapes again
    show(current);
  }
}

function notice(text) {
  $("notice").textContent = text;
}

// --- changes: this page's, and every other page's over the socket ----------------------------
/** Applies a change the server made ({revision, change}); returns false when one was missed
 * (the chapter is read again). */
function take(answer) {
  if (!answer.change) return true;
  const fits = changeFits(revision, answer.revision);
  if (fits === "reload") {
    reload();
    return false;
  }
  if (fits === "apply") {
    const before = tree;
    tree = applyChange(tree, answer.change);
    revision = answer.revision;
    current = stillShown(before, tree, current);
  }
  return true;
}

async function reload() {
  try {
    const fresh = await api("GET", `${base}/chapters/${chapter.id}/`);
    if (fresh.revision < revision) return; // read before a change this page holds already
    const before = tree;
    tree = treeOfChapter(fresh);
    revision = fresh.revision;
    show(stillShown(before, tree, current));
  } catch (error) {
    notice(error.message);
  }
}

async function change(body) {
  try {
    const answer = await api("POST", changesUrl, body);
    if (take(answer)) return answer;
  } catch (error) {
    notice(error.message);
  }
  return null;
}

async function play(move) {
  const answer = await change({
    op: "play", node: current, path: move.path, promotion: move.promotion || undefined,
  });
  if (answer) show(answer.change.node.id, { now: true });
  else {
    board.revert();
    boardShows = null;
    show(current);
  }
}

const socket = liveSocket(data.ws_url, {
  onMessage: (message) => {
    if (message.type === "joined") {
      reload(); // whatever changed before the socket heard the study
    } else if (message.type === "change" && message.chapter === chapter.id) {
      // A visitor at the position a move was played from follows it, as if watching a game.
      const follow = !canEdit && message.change.op === "play"
        && message.change.node.parent === current;
      if (take(message)) show(follow ? message.change.node.id : current);
    } else if (message.type === "chapters") {
      drawChapters(message.chapters);
    } else if (message.type === "study") {
      $("study-name").textContent = message.name;
      study.visibility = message.visibility;
      drawVisibility();
    } else if (message.type === "members") {
      if (message.removed && message.removed === data.me) location.reload();
      else drawMembers(message.members);
    } else if (message.type === "gone") {
      socket.close();
      canEdit = false;
      document.body.classList.add("study-gone");
      notice(message.reason || gettext("This study has been deleted."));
      $("study-gone").hidden = false;
      $("study-gone").textContent = message.reason || gettext("This study has been deleted.");
      show(current);
    }
  },
});

// --- showing a node ---------------------------------------------------------------------------
function show(id, { now = false } = {}) {
  current = id;
  const node = tree.nodes[id];
  const known = positions.get(node.fen);
  // The board is set again only when what it shows changes: a change elsewhere in the tree, or
  // the chapter read again, must not drop a piece the player has picked up.
  const shown = `${id}|${node.fen}|${Boolean(known)}|${canEdit}`;
  if (shown !== boardShows) {
    boardShows = shown;
    board.set({
      fen: node.fen,
      legalMoves: known && canEdit ? expandLegalTree(known.legal_tree) : [],
      lastMove: node.move,
      check: known ? known.check : null,
      interactive: Boolean(known && canEdit && !known.outcome),
    });
  }
  // The position's circles and arrows, drawn again only when they, or the position, change: a
  // visitor's own drawing stays while the study changes elsewhere.
  const shapes = `${id}|${(node.shapes || []).join(",")}`;
  if (shapes !== shapesShown) {
    shapesShown = shapes;
    board.view.setShapes((node.shapes || []).map(readShape).filter(Boolean));
  }
  $("hint").textContent = known ? hintOf(known) : "";
  drawMoveTree($("move-tree"), tree, current, {
    startFen: tree.nodes[tree.root].fen,
    onPick: (at) => show(at),
    comments: true,
    empty: canEdit ? gettext("Play a move on the board.") : gettext("No moves yet."),
  });
  drawNote();
  $("analyse-here").href = `/analysis/${chapter.variant}/${fenInPath(node.fen)}`;
  history.replaceState(null, "", id === tree.root ? location.pathname : `#${id}`);
  if (!known) ask(node.fen, now ? 0 : 150);
}

function hintOf(position) {
  if (position.outcome) return overHereText(position.outcome);
  return position.turn === "white" ? gettext("White to move.") : gettext("Black to move.");
}

// The position's legal moves are read when the board rests on it: walking through a chapter
// with the keys asks only for where it stops (a move just played: at once).
function ask(fen, delay) {
  clearTimeout(asking);
  asking = setTimeout(async () => {
    try {
      const query = new URLSearchParams({ variant: chapter.variant, fen });
      positions.set(fen, await api("GET", `/api/analysis/position/?${query}`));
    } catch (error) {
      notice(error.message);
      return;
    }
    if (tree.nodes[current]?.fen === fen) show(current);
  }, delay);
}

// --- a move's glyph and comment ---------------------------------------------------------------
function drawNote() {
  const box = $("note-box");
  if (!box) return;
  const node = tree.nodes[current];
  const atStart = node.parent === null;
  box.hidden = !canEdit;
  $("note-move").textContent = atStart ? gettext("the start") : node.text;
  const comment = $("comment");
  if (comment.dataset.node !== current) {
    comment.value = node.comment;
    comment.dataset.node = current;
  }
  comment.disabled = atStart;
  $("note-save").disabled = atStart;
  box.querySelectorAll("[data-glyph]").forEach((button) => {
    button.disabled = atStart;
    button.setAttribute("aria-pressed", String(node.glyph === button.dataset.glyph));
  });
}

async function saveNote(glyph, comment) {
  const answer = await change({ op: "note", node: current, glyph, comment });
  if (answer) {
    notice(gettext("Saved."));
    $("comment").dataset.node = "";
    show(current);
  }
}

document.querySelectorAll("[data-glyph]").forEach((button) => {
  button.addEventListener("click", () => {
    const node = tree.nodes[current];
    saveNote(toggledGlyph(node.glyph, button.dataset.glyph), node.comment);
  });
});
$("note-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  saveNote(tree.nodes[current].glyph, $("comment").value);
});

// --- chapters, the study, its contributors -------------------------------------------------------
function drawChapters(chapters) {
  const list = $("chapters");
  list.replaceChildren();
  for (const item of chapters) {
    const entry = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/study/${study.id}/${item.id}/`;
    link.textContent = item.name;
    if (item.id === chapter.id) link.setAttribute("aria-current", "page");
    const game = document.createElement("span");
    game.className = "muted";
    game.textContent = ` · ${item.variant_name}`;
    entry.append(link, game);
    list.append(entry);
  }
  const mine = chapters.find((item) => item.id === chapter.id);
  if (mine) $("chapter-name").textContent = mine.name;
  else notice(gettext("This chapter has been deleted."));
}

function drawVisibility() {
  const names = {
    public: gettext("Public"), unlisted: gettext("Unlisted"), private: gettext("Private"),
  };
  $("study-visibility").textContent = names[study.visibility] || study.visibility;
}

function drawMembers(members) {
  const list = $("members");
  if (!list) return;
  list.replaceChildren();
  for (const name of members) {
    const entry = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/@/${encodeURIComponent(name)}`;
    link.textContent = name;
    entry.append(link);
    if (study.is_owner || name === data.me) {
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "button button-secondary button-small";
      drop.textContent = name === data.me ? gettext("Leave") : gettext("Remove");
      drop.addEventListener("click", () => send("DELETE", `${base}/members/${encodeURIComponent(name)}/`));
      entry.append(" ", drop);
    }
    list.append(entry);
  }
}

/** Sends a request about the study; its change comes back over the socket too. */
async function send(method, url, body) {
  try {
    return (await api(method, url, body)) ?? {};
  } catch (error) {
    notice(error.message);
    return null;
  }
}

function formBody(form) {
  const body = {};
  for (const [key, value] of new FormData(form)) if (String(value).trim()) body[key] = value;
  return body;
}

$("chapter-form")?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send("POST", `${base}/chapters/`, formBody(event.target));
  if (answer) location.href = `/study/${study.id}/${answer.added[0].id}/`;
});
$("rename-chapter-form")?.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (await send("PATCH", `${base}/chapters/${chapter.id}/`, formBody(event.target))) {
    notice(gettext("Saved."));
  }
});
$("delete-chapter")?.addEventListener("click", async () => {
  if (!window.confirm(gettext("Delete this chapter and all its moves?"))) return;
  if (await send("DELETE", `${base}/chapters/${chapter.id}/`)) location.href = `/study/${study.id}/`;
});
$("study-form")?.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (await send("PATCH", `${base}/`, formBody(event.target))) notice(gettext("Saved."));
});
$("delete-study")?.addEventListener("click", async () => {
  if (!window.confirm(gettext("Delete this study and all its chapters?"))) return;
  if (await send("DELETE", `${base}/`)) location.href = "/study/";
});
$("member-form")?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const answer = await send("POST", `${base}/members/`, formBody(event.target));
  if (answer) {
    event.target.reset();
    drawMembers(answer.members);
  }
});

// --- the controls and keys ------------------------------------------------------------------------
async function copyText() {
  const query = new URLSearchParams({ chapter: chapter.id });
  try {
    const response = await fetch(`${base}/text/?${query}`, { credentials: "same-origin" });
    const text = await response.text();
    $("notice").dataset.copied = text;
    await navigator.clipboard.writeText(text);
    notice(gettext("Chapter copied."));
  } catch {
    notice(gettext("The chapter could not be copied: download it instead."));
  }
}

async function copyLink() {
  const link = `${location.origin}/study/${study.id}/${chapter.id}/${current === tree.root ? "" : `#${current}`}`;
  $("notice").dataset.copied = link;
  try {
    await navigator.clipboard.writeText(link);
    notice(gettext("Link copied."));
  } catch {
    notice(gettext("%(what)s: %(text)s", { what: gettext("Link"), text: link }));
  }
}

const actions = {
  first: () => show(step(tree, current, "first")),
  prev: () => show(step(tree, current, "prev")),
  next: () => show(step(tree, current, "next")),
  last: () => show(step(tree, current, "last")),
  flip: () => board.flip(),
  promote: () => change({ op: "promote", node: current }).then((answer) => answer && show(current)),
  delete: () => {
    if (current === tree.root) return;
    change({ op: "delete", node: current }).then((answer) => answer && show(current));
  },
  "copy-text": copyText,
  share: copyLink,
};
document.querySelectorAll("[data-action]").forEach((button) => {
  button.addEventListener("click", () => actions[button.dataset.action]?.());
});

bindTreeKeys({
  onStep: (where) => show(step(tree, current, where)),
  onFlip: () => actions.flip(),
});

drawVisibility();
drawMembers(study.members);
show(current, { now: true });
