// The board editor: sets up a position of any game piece by piece, writes its FEN in the game's
// own style (placement.js) and asks the server what it is — `/api/analysis/position/` judges it
// as it judges any position: playable, over, or refused with the reason. The page decides no
// rule: it offers the analysis board, the bot and pass-and-play only from a position the server
// accepted, in the FEN the server wrote.
import { api, startGameFrom } from "./api.js";
import { attachPointer, createBoard } from "./board.js";
import { overHereText } from "./game_words.js";
import { gettext, ngettext } from "./i18n.js";
import { expandLegalTree } from "./legal_tree.js";
import { createGeometry } from "./geometry.js";
import {
  analysisHref, challengeHref, composeFen, fenCastling, fenInPath, fenTurn, parsePlacement,
} from "./placement.js";
import { pieceArt, pieceName } from "./variant.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const variant = data.variant;
const geometry = createGeometry(variant.board);
const ERASE = "erase";
const MOVE = "move"; // the tool that moves a piece: tap it, then its new square
// The castling rights a game has at its start are the ones the editor offers (none for a game
// without castling): the FEN letter and what its box says.
const CASTLING_WORDS = {
  K: () => gettext("White O-O"),
  Q: () => gettext("White O-O-O"),
  k: () => gettext("Black O-O"),
  q: () => gettext("Black O-O-O"),
};
const offered = [...fenCastling(data.start_fen)].filter((letter) => letter in CASTLING_WORDS);

let pieces = new Map();
let turn = "white";
let castling = new Set();
let tool = `w${Object.keys(variant.pieces)[0]}`;
let orientation = "white";
let lifted = null; // the square of the piece the move tool holds
let judged = null; // the server's answer for the FEN shown: {fen, position} or {fen, error}
let asking = 0; // the latest question's number: an older answer is dropped
let judging = null; // the timer of the next question
const JUDGE_AFTER_MS = 250;

const view = createBoard($("board"), {
  label: gettext("Board editor"),
  variant,
  onSquare: (square) => put(square),
});
// A tap puts the chosen piece (or takes it off); a piece dragged to another square goes there,
// whatever the tool.
attachPointer(view, { onTap: (square) => put(square), onDrop: (from, to) => carry(from, to) });

// --- the position ---------------------------------------------------------------------------
function put(square) {
  view.keepFocus(square);
  if (tool === MOVE) {
    moveTo(square);
    return;
  }
  if (tool === ERASE || pieces.get(square) === tool) pieces.delete(square);
  else pieces.set(square, tool);
  changed();
}

/** The move tool: the first tap lifts a piece, the second puts it down (on its own square: where
 * it was). A piece put on another takes its place. */
function moveTo(square) {
  if (lifted === null) {
    if (!pieces.has(square)) return;
    lifted = square;
    draw();
    return;
  }
  const from = lifted;
  lifted = null;
  carry(from, square);
}

/** Puts the piece on `from` on `to` (a piece there is replaced; a square the game does not use
 * takes none). */
function carry(from, to) {
  if (to !== from && pieces.has(from) && geometry.isUsed(to)) {
    pieces.set(to, pieces.get(from));
    pieces.delete(from);
  }
  changed();
}

function draw() {
  const movable = [...pieces.keys()]; // every piece may be dragged
  view.update({ pieces, orientation, interactive: true, selected: lifted, movable });
}

function setUp(fen) {
  lifted = null;
  pieces = parsePlacement(fen, variant);
  turn = fenTurn(fen);
  castling = new Set([...fenCastling(fen)].filter((letter) => offered.includes(letter)));
  changed();
}

function currentFen() {
  const rights = offered.filter((letter) => castling.has(letter)).join("");
  return composeFen({ pieces, turn, castling: rights }, variant);
}

function changed() {
  const fen = currentFen();
  draw();
  $("editor-turn").value = turn;
  for (const box of $("castling").querySelectorAll("input")) box.checked = castling.has(box.value);
  $("editor-fen").value = fen;
  history.replaceState(null, "", `/editor/${data.variant_id}/${fenInPath(fen)}`);
  // Asked once the changes pause: a piece put on every square of a rank is one question.
  asking += 1;
  judged = null;
  showVerdict();
  clearTimeout(judging);
  judging = setTimeout(() => judge(fen), JUDGE_AFTER_MS);
}

// --- what the server says of it --------------------------------------------------------------
async function judge(fen) {
  const number = ++asking;
  let answer;
  try {
    const query = new URLSearchParams({ variant: data.variant_id, fen });
    answer = { fen, position: await api("GET", `/api/analysis/position/?${query}`) };
  } catch (error) {
    answer = { fen, error: error.message };
  }
  if (number !== asking) return;
  judged = answer;
  showVerdict();
}

function showVerdict() {
  const verdict = $("verdict");
  const ready = Boolean(judged && judged.position);
  verdict.classList.toggle("field-errors", Boolean(judged && judged.error));
  verdict.textContent = verdictText();
  verdict.dataset.state = !judged ? "checking" : judged.error ? "refused" : "accepted";
  const analyse = $("analyse");
  if (ready) analyse.href = analysisHref(data.variant_id, judged.position.fen);
  analyse.classList.toggle("is-disabled", !ready);
  analyse.setAttribute("aria-disabled", String(!ready));
  const playable = ready && !judged.position.outcome;
  for (const action of ["bot", "local", "challenge"]) {
    document.querySelector(`[data-action="${action}"]`).disabled = !playable;
  }
}

/** Returns what the page says of the position: the server's answer, or that it is asked. */
function verdictText() {
  if (!judged) return gettext("Checking the position…");
  if (judged.error) return judged.error;
  const { outcome, turn, legal_tree: tree } = judged.position;
  if (outcome) return overHereText(outcome);
  const count = expandLegalTree(tree).length;
  const side = turn === "white" ? gettext("White to move.") : gettext("Black to move.");
  const moves = ngettext("%(count)s legal move.", "%(count)s legal moves.", count, { count });
  return `${side} ${moves}`;
}

// --- the palette, the options and the buttons ------------------------------------------------
function drawPalette() {
  const palette = $("palette");
  const letters = Object.keys(variant.pieces);
  const tools = { [MOVE]: ["✥", gettext("Move a piece: tap it, then its new square")],
    [ERASE]: ["✕", gettext("Remove pieces")] };
  // A row for each colour's pieces, then the tools.
  const rows = [letters.map((l) => `w${l}`), letters.map((l) => `b${l}`), [MOVE, ERASE]];
  const toolButton = (code) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "editor-piece";
    button.dataset.tool = code;
    button.setAttribute("role", "radio");
    if (tools[code]) {
      const [sign, label] = tools[code];
      button.textContent = sign;
      button.setAttribute("aria-label", label);
      button.title = label;
    } else {
      const art = document.createElement("span");
      art.className = "pc";
      art.dataset.piece = code;
      art.dataset.art = pieceArt(code, variant);
      button.append(art);
      button.setAttribute("aria-label", pieceName(code, variant));
      button.title = pieceName(code, variant);
    }
    button.addEventListener("click", () => choose(code));
    return button;
  };
  palette.replaceChildren(...rows.map((codes) => {
    const row = document.createElement("div");
    row.className = "editor-palette-row";
    row.append(...codes.map(toolButton));
    return row;
  }));
  choose(tool);
}

function choose(code) {
  tool = code;
  if (lifted !== null) {
    lifted = null;
    draw();
  }
  for (const button of $("palette").querySelectorAll("[data-tool]")) {
    button.setAttribute("aria-checked", String(button.dataset.tool === code));
  }
}

function drawCastling() {
  const fieldset = $("castling");
  fieldset.hidden = offered.length === 0;
  for (const letter of offered) {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = letter;
    box.dataset.testid = `castling-${letter}`;
    box.addEventListener("change", () => {
      if (box.checked) castling.add(letter);
      else castling.delete(letter);
      changed();
    });
    const label = document.createElement("label");
    label.append(box, ` ${CASTLING_WORDS[letter]()}`);
    fieldset.append(label);
  }
}

const ACTIONS = {
  start: () => setUp(data.start_fen),
  clear: () => {
    pieces = new Map();
    lifted = null;
    castling = new Set(); // no right stands on an empty board
    changed();
  },
  flip: () => {
    orientation = orientation === "white" ? "black" : "white";
    draw();
  },
  bot: () => start("bot"),
  local: () => start("local"),
  challenge: () => {
    if (judged && judged.position) location.href = challengeHref(data.variant_id, judged.position.fen);
  },
};

async function start(kind) {
  if (!judged || !judged.position) return;
  try {
    await startGameFrom(kind, {
      variant: data.variant_id, fen: judged.position.fen, turn: judged.position.turn,
    });
  } catch (error) {
    judged = { fen: judged.fen, error: error.message };
    showVerdict();
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (button && ACTIONS[button.dataset.action]) ACTIONS[button.dataset.action]();
});
$("analyse").addEventListener("click", (event) => {
  if (!judged || !judged.position) event.preventDefault();
});
$("editor-turn").addEventListener("change", (event) => {
  turn = event.target.value;
  changed();
});
$("fen-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const fen = $("editor-fen").value.trim();
  if (fen) setUp(fen);
});
document.addEventListener("keydown", (event) => {
  if (event.key === "f" && !event.target.closest("input, select, textarea")) ACTIONS.flip();
});

drawPalette();
drawCastling();
setUp(data.fen);
