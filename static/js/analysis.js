// The analysis board's wiring: reads the page data, holds the tree of moves (analysis_model.js),
// plays moves on the board (board.js) through the server — every position's legal moves and
// every move's text and result come from `/api/analysis/` — asks the engine on `/ws/analysis/`
// for the position shown and draws its reports: the eval bar, the best lines, the best move's
// arrow (a chain's, landing by landing); the opening explorer (explorer.js) lists the moves the
// site's games played in the position shown. The keys walk the tree as in the archive.
import { api, liveSocket, startGameFrom } from "./api.js";
import { createPlayBoard } from "./board.js";
import { createExplorer } from "./explorer.js";
import { expandLegalTree } from "./legal_tree.js";
import { bindTreeKeys, drawMoveTree } from "./move_tree.js";
import { overHereText } from "./game_words.js";
import { gettext } from "./i18n.js";
import { challengeHref, fenInPath } from "./placement.js";
import {
  addMove, arrowPath, evalFor, evalShare, lineFrom, onMainLine, pathTo, promote, remove,
  scoreText, sideLineToSave, step, treeOfGame, treeText,
} from "./analysis_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const startFen = data.start.fen;
const positions = new Map([[startFen, data.start]]);
let tree = treeOfGame(startFen, data.moves, data.side_lines);
let current = tree.root;
const reports = {}; // fen -> the latest eval message of that position
let asked = null; // the FEN the engine was last asked about
const game = data.game;

// The circles and arrows drawn on each position of the tree, by node: back at a position, its
// drawing is there again (kept by this page only).
const drawings = new Map();
const board = createPlayBoard($("board"), {
  label: gettext("Analysis board"),
  variant: data.variant,
  orientation: data.start.turn,
  onMove: (move) => play(move),
  shapes: { onChange: (shapes) => drawings.set(current, shapes) },
});
const explorer = createExplorer($("explorer"), { variant: data.variant_id, onPlay: (move) => play(move) });

// --- positions, from the server ------------------------------------------------------------
async function positionOf(fen) {
  if (!positions.has(fen)) {
    const query = new URLSearchParams({ variant: data.variant_id, fen });
    positions.set(fen, await api("GET", `/api/analysis/position/?${query}`));
  }
  return positions.get(fen);
}

async function play(move) {
  const node = tree.nodes[current];
  try {
    const answer = await api("POST", "/api/analysis/play/", {
      variant: data.variant_id,
      fen: node.fen,
      path: move.path,
      promotion: move.promotion || undefined,
    });
    positions.set(answer.position.fen, answer.position);
    let id;
    ({ tree, id } = addMove(tree, current, answer.move, answer.position.fen));
    await show(id);
  } catch (error) {
    board.revert();
    notice(error.message);
  }
}

// --- showing a node -------------------------------------------------------------------------
async function show(id) {
  current = id;
  const node = tree.nodes[id];
  let position;
  try {
    position = await positionOf(node.fen);
  } catch (error) {
    notice(error.message);
    return;
  }
  if (current !== id) return; // another node was chosen meanwhile
  const legalMoves = expandLegalTree(position.legal_tree);
  board.set({
    fen: node.fen,
    legalMoves,
    lastMove: node.move,
    check: position.check,
    interactive: !position.outcome,
  });
  board.view.setShapes(drawings.get(id) || []);
  explorer.show(node.fen, legalMoves);
  $("hint").textContent = position.outcome ? overHereText(position.outcome) : turnText(position.turn);
  drawTree();
  drawEval();
  analyse();
  if (game && onMainLine(tree, id)) history.replaceState(null, "", `#${node.ply}`);
}

function turnText(turn) {
  return turn === "white" ? gettext("White to move.") : gettext("Black to move.");
}

// --- the engine -----------------------------------------------------------------------------
const engineOn = $("engine-on");
const linesWanted = $("engine-lines");
const socket = liveSocket(data.ws_url, {
  onOpen: () => {
    asked = null;
    analyse();
  },
  onMessage: (message) => {
    if (message.type === "eval") {
      reports[message.fen] = message;
      if (message.fen === tree.nodes[current].fen) drawEval();
    } else if (message.type === "error") {
      notice(message.error);
    }
  },
});

function analyse() {
  const node = tree.nodes[current];
  const position = positions.get(node.fen);
  const wanted = engineOn.checked && position && !position.outcome;
  const key = wanted ? `${node.fen}|${linesWanted.value}` : null;
  if (key === asked) return;
  asked = key;
  if (!wanted) {
    socket.send({ type: "stop" });
    return;
  }
  delete reports[node.fen]; // a new request: its reports replace the old
  socket.send({
    type: "analyse", variant: data.variant_id, fen: node.fen, lines: Number(linesWanted.value),
  });
}
engineOn.addEventListener("change", () => {
  analyse();
  drawEval();
});
linesWanted.addEventListener("change", analyse);

function drawEval() {
  const node = tree.nodes[current];
  const position = positions.get(node.fen);
  const report = engineOn.checked ? evalFor(reports, node.fen) : null;
  const best = report && report.lines[0] ? report.lines[0].score : null;
  const outcome = position && position.outcome;
  const share = outcome
    ? { "1-0": 1, "0-1": 0 }[outcome.result] ?? 0.5
    : evalShare(best);
  $("eval-bar-white").style.height = `${Math.round(share * 100)}%`;
  const shown = outcome ? outcome.result : scoreText(best);
  $("eval-bar-text").textContent = shown;
  $("eval-bar").setAttribute("aria-label",
    shown ? gettext("Evaluation %(score)s", { score: shown }) : gettext("Evaluation"));
  $("eval-bar").dataset.share = share.toFixed(3);
  // White's share grows from the side White sits on: the bottom, or the top once flipped.
  $("eval-bar").classList.toggle("is-flipped", board.orientation() === "black");
  let depth = "";
  if (report) {
    depth = report.done
      ? gettext("depth %(depth)s", { depth: report.depth })
      : gettext("depth %(depth)s…", { depth: report.depth });
  } else if (engineOn.checked && !outcome) {
    depth = gettext("thinking…");
  }
  $("engine-depth").textContent = depth;
  const out = $("engine-out");
  out.replaceChildren();
  for (const line of (report && report.lines) || []) {
    const item = document.createElement("li");
    const score = document.createElement("span");
    score.className = "engine-score";
    score.textContent = scoreText(line.score);
    const moves = document.createElement("span");
    moves.textContent = line.pv.join(" ");
    item.append(score, moves);
    out.append(item);
  }
  drawArrow(report && report.lines[0] ? report.lines[0].pv[0] : null, position);
}

function drawArrow(text, position) {
  const svg = $("arrows");
  svg.replaceChildren();
  svg.dataset.move = "";
  if (!text || !position) return;
  const path = arrowPath(expandLegalTree(position.legal_tree), text);
  if (!path) return;
  const box = svg.getBoundingClientRect();
  const points = path.map((name) => {
    const cell = $("board").querySelector(`[data-square="${board.squareOf(name)}"]`);
    const r = cell.getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2];
  });
  if (points.length < 2) points.push([points[0][0], points[0][1] + 1]); // a removal: a dot
  svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  const size = Math.max(box.width / 60, 4);
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("class", "arrow-line");
  line.setAttribute("stroke-width", String(size));
  line.setAttribute("points", points.map((p) => p.join(",")).join(" "));
  const [x1, y1] = points.at(-2);
  const [x2, y2] = points.at(-1);
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = document.createElementNS(SVG, "polygon");
  head.setAttribute("class", "arrow-head");
  const tip = (da, length) => [
    x2 + length * Math.cos(angle + da), y2 + length * Math.sin(angle + da),
  ].join(",");
  head.setAttribute("points", [tip(0, size), tip(2.5, size * 2.5), tip(-2.5, size * 2.5)].join(" "));
  svg.append(line, head);
  svg.dataset.move = text;
  svg.dataset.path = path.join("-");
}

// --- the tree, drawn ------------------------------------------------------------------------
function drawTree() {
  drawMoveTree($("move-tree"), tree, current, {
    startFen, onPick: (id) => show(id), empty: gettext("Play a move on the board."),
  });
}

// --- controls -------------------------------------------------------------------------------
function notice(text) {
  $("notice").textContent = text;
}

/** Copies `text`, saying so with `copied` ("FEN copied."); where the clipboard is refused, the
 * notice shows the text after `what` ("FEN") to copy by hand. */
async function copy(text, what, copied) {
  try {
    await navigator.clipboard.writeText(text);
    notice(copied);
  } catch {
    notice(gettext("%(what)s: %(text)s", { what, text }));
  }
  $("notice").dataset.copied = text;
}

function shareLink() {
  if (game && onMainLine(tree, current)) {
    return `${location.origin}/analysis/${game.id}/#${tree.nodes[current].ply}`;
  }
  const fen = fenInPath(tree.nodes[current].fen);
  return `${location.origin}/analysis/${data.variant_id}/${fen}`;
}

async function startGame(kind) {
  const node = tree.nodes[current];
  const position = positions.get(node.fen);
  try {
    await startGameFrom(kind, { variant: data.variant_id, fen: node.fen, turn: position?.turn });
  } catch (error) {
    notice(error.message);
  }
}

async function saveLine() {
  const line = sideLineToSave(tree, current);
  if (!line) {
    notice(gettext(
      "Choose a move of a side line to save (a branch of a side line: save that one first).",
    ));
    return;
  }
  try {
    const saved = await api("POST", game.annotations_url, line);
    const path = pathTo(tree, current);
    const firstId = path[path.length - line.moves.length];
    tree = { ...tree, nodes: { ...tree.nodes, [firstId]: { ...tree.nodes[firstId], saved: saved.id } } };
    notice(gettext("Side line saved to game %(game)s.", { game: game.id }));
  } catch (error) {
    notice(error.message);
  }
}

const actions = {
  first: () => show(step(tree, current, "first")),
  prev: () => show(step(tree, current, "prev")),
  next: () => show(step(tree, current, "next")),
  last: () => show(step(tree, current, "last")),
  flip: () => {
    board.flip();
    drawEval();
  },
  promote: () => {
    tree = promote(tree, current);
    drawTree();
  },
  delete: () => {
    let id;
    ({ tree, id } = remove(tree, current));
    show(id);
  },
  save: saveLine,
  "copy-fen": () => copy(tree.nodes[current].fen, "FEN", gettext("FEN copied.")),
  "copy-pgn": () => {
    const text = treeText(tree, { variantName: data.variant_name, usualStart: data.variant.start_fen });
    if (data.variant.fen === "pdn") copy(text, "PDN", gettext("PDN copied."));
    else copy(text, "PGN", gettext("PGN copied."));
  },
  share: () => copy(shareLink(), gettext("Link"), gettext("Link copied.")),
  image: () => {
    const query = new URLSearchParams({
      variant: data.variant_id, fen: tree.nodes[current].fen, orientation: board.orientation(),
    });
    window.open(`/position.svg?${query}`, "_blank", "noopener");
  },
  edit: () => {
    location.href = `/editor/${data.variant_id}/${fenInPath(tree.nodes[current].fen)}`;
  },
  bot: () => startGame("bot"),
  local: () => startGame("local"),
  challenge: () => {
    location.href = challengeHref(data.variant_id, tree.nodes[current].fen);
  },
};
document.querySelectorAll("[data-action]").forEach((button) => {
  button.addEventListener("click", () => actions[button.dataset.action]?.());
});

bindTreeKeys({
  onStep: (where) => show(step(tree, current, where)),
  onFlip: () => actions.flip(),
});

$("load-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const variant = $("load-variant").value;
  const fen = fenInPath($("load-fen").value.trim());
  location.href = fen ? `/analysis/${variant}/${fen}` : `/analysis/${variant}/`;
});
window.addEventListener("resize", () => drawEval());

// A game's address names a ply of its main line (#12); anything else opens at the start.
function showAddressed() {
  const ply = Number(location.hash.slice(1));
  const main = lineFrom(tree, tree.root);
  const id = Number.isInteger(ply) && ply > 0 ? main[Math.min(ply, main.length - 1)] : tree.root;
  if (id !== current || !document.querySelector("#move-tree .is-current")) show(id);
}
window.addEventListener("hashchange", showAddressed);
showAddressed();
