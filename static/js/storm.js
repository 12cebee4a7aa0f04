// The puzzle storm page (/training/puzzles/<game>/storm/): a run is started through the API
// (/api/storm/) when the page opens and at *New storm*; each move made on the board goes to
// the server, which judges it, keeps the score and the clock, and gives the next puzzle after a
// solved or missed one. The page counts the clock down from the server's last answer and, when
// it reads no time left, asks the server to end the run. No rule and no solution is known here.
import { api } from "./api.js";
import { createPlayBoard } from "./board.js";
import { expandLegalTree } from "./legal_tree.js";
import { formatNumber, gettext, ngettext } from "./i18n.js";
import { bonusText, clockText, isNewBest, msLeft } from "./storm_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const TICK_MS = 100;
let run = null;
let receivedAt = 0;
let busy = false;
let best = data.best; // the player's best before this run (signed in), or null
let bonusTimer = null;
let shown = null; // the position on the board, with the move that reached it
let timeUp = false; // the page's clock read no time left (the server may count a moment more)

const board = createPlayBoard($("board"), {
  label: gettext("Puzzle board"),
  variant: data.variant,
  orientation: "white",
  onMove: (move) => play(move),
});

function findText(solver) {
  return solver === "white"
    ? gettext("Find the best move for White.")
    : gettext("Find the best move for Black.");
}

function show(position, { lastMove = null, replay = null } = {}) {
  shown = { position, lastMove };
  board.set({
    fen: position.fen,
    legalMoves: expandLegalTree(position.legal_tree),
    lastMove,
    replay,
    check: position.check,
    interactive: Boolean(run && !run.over && !position.outcome),
  });
}

function take(next) {
  run = next;
  receivedAt = performance.now();
  $("storm-score").textContent = formatNumber(run.score);
  $("storm-combo").textContent = formatNumber(run.combo);
  $("storm-misses").textContent = formatNumber(run.misses);
  document.body.dataset.storm = run.over ? "over" : run.running ? "running" : "ready";
  $("storm-end").hidden = run.over || !run.running;
  $("storm-again").hidden = !run.over;
  tick();
  if (run.over) finished();
}

function showPuzzle() {
  if (!run.puzzle) return;
  board.setOrientation(run.puzzle.solver);
  show(run.puzzle.position);
  const find = findText(run.puzzle.solver);
  $("storm-status").textContent = run.running
    ? find : `${find} ${gettext("Your first move starts the clock.")}`;
}

function flash(seconds) {
  $("storm-bonus").textContent = bonusText(seconds);
  $("storm-bonus").className = seconds < 0 ? "storm-bonus storm-bonus-lost" : "storm-bonus";
  window.clearTimeout(bonusTimer);
  bonusTimer = window.setTimeout(() => { $("storm-bonus").textContent = ""; }, 1500);
}

function tick() {
  const left = timeUp ? 0 : msLeft(run, receivedAt, performance.now());
  $("storm-clock").textContent = clockText(left);
  $("storm-clock").classList.toggle("storm-clock-low", Boolean(run?.running) && left < 10000);
  if (run && run.running && !run.over && left <= 0) {
    timeUp = true;
    end();
  }
}

function finished() {
  if (shown) show(shown.position, { lastMove: shown.lastMove }); // the run over: not playable
  $("storm-status").textContent = timeUp || run.ms_left <= 0
    ? gettext("Time is up.") : gettext("You ended the storm.");
  window.clearTimeout(bonusTimer);
  $("storm-bonus").textContent = "";
  $("storm-summary").textContent = [
    ngettext("%(n)s puzzle solved", "%(n)s puzzles solved", run.score,
      { n: formatNumber(run.score) }),
    ngettext("%(n)s mistake", "%(n)s mistakes", run.misses, { n: formatNumber(run.misses) }),
    gettext("best combo %(n)s", { n: formatNumber(run.best_combo) }),
  ].join(" · ");
  let words = gettext("Log in to keep your best score.");
  if (data.signed_in) {
    words = isNewBest(run, best)
      ? gettext("A new best: %(n)s!", { n: formatNumber(run.score) })
      : gettext("Your best: %(n)s", { n: formatNumber(run.best ?? 0) });
    best = run.best;
  }
  $("storm-best").textContent = words;
  drawReview(run.review || []);
  $("storm-result").hidden = false;
  if (data.signed_in && run.score > 0) refreshLeaders();
}

// The puzzles the run is over with, each a link to play it again, solved or missed.
function drawReview(review) {
  const items = review.map(({ id, rating, solved }) => {
    const link = document.createElement("a");
    link.href = `/training/puzzles/${encodeURIComponent(data.variant_id)}/${id}/`;
    link.className = solved ? "storm-solved" : "storm-missed";
    const mark = document.createElement("span");
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = solved ? "\u2713" : "\u2717";
    const said = document.createElement("span");
    said.className = "visually-hidden";
    said.textContent = solved ? gettext("Solved") : gettext("Missed");
    link.append(mark, said, ` ${formatNumber(rating)}`);
    const item = document.createElement("li");
    item.append(link);
    return item;
  });
  $("storm-review").replaceChildren(...items);
  $("storm-review").hidden = !items.length;
  $("storm-review-title").hidden = !items.length;
}

// The day's best players of the game, drawn when the page opens and again when a run ends
// (the player's own score may have joined them); the player's own line marked.
function drawLeaders(leaders) {
  const items = leaders.map(({ player, score }) => {
    const link = document.createElement("a");
    link.href = `/@/${encodeURIComponent(player)}`;
    link.textContent = player;
    const figure = document.createElement("span");
    figure.className = "rating";
    figure.textContent = formatNumber(score);
    const item = document.createElement("li");
    if (player === data.me) item.className = "storm-leader-me";
    item.append(link, " ", figure);
    return item;
  });
  $("storm-leaders").replaceChildren(...items);
  $("storm-leaders-none").hidden = leaders.length > 0;
}

async function refreshLeaders() {
  try {
    const query = new URLSearchParams({ variant: data.variant_id });
    drawLeaders((await api("GET", `/api/storm/leaders/?${query}`)).leaders);
  } catch {
    // The list stays as it was drawn: the run's own result is shown above it all the same.
  }
}

async function start() {
  if (busy) return;
  busy = true;
  try {
    $("storm-result").hidden = true;
    timeUp = false;
    take(await api("POST", "/api/storm/", { variant: data.variant_id }));
    showPuzzle();
  } catch (error) {
    $("storm-status").textContent = error.message;
  } finally {
    busy = false;
  }
}

async function play(move) {
  if (busy || !run || run.over) return;
  busy = true;
  try {
    const answer = await api("POST", `/api/storm/${run.id}/move/`, {
      ply: run.ply, path: move.path, promotion: move.promotion || undefined,
    });
    flash(answer.seconds);
    take(answer.run);
    if (answer.result === "right") {
      show(answer.position, { lastMove: answer.reply, replay: answer.reply });
      $("storm-status").textContent = gettext("Best move! Keep going…");
    } else if (!run.over) {
      showPuzzle();
      const verdict = answer.result === "solved" ? gettext("Solved!") : gettext("Not the move.");
      $("storm-status").textContent = `${verdict} ${findText(run.puzzle.solver)}`;
    }
  } catch (error) {
    board.revert();
    $("storm-status").textContent = error.message;
  } finally {
    busy = false;
  }
}

async function end() {
  if (busy || !run || run.over) return;
  busy = true;
  try {
    take(await api("POST", `/api/storm/${run.id}/end/`));
  } catch (error) {
    $("storm-status").textContent = error.message;
  } finally {
    busy = false;
  }
}

$("storm-end").addEventListener("click", end);
$("storm-again").addEventListener("click", start);
$("storm-game-form").addEventListener("submit", (event) => {
  event.preventDefault();
  location.assign(`/training/puzzles/${encodeURIComponent($("storm-game").value)}/storm/`);
});

board.set({ fen: data.start_fen, legalMoves: [], interactive: false });
drawLeaders(data.leaders);
$("storm-clock").textContent = clockText(data.storm_seconds * 1000);
if (data.has_puzzles) {
  start();
  window.setInterval(() => { if (run) tick(); }, TICK_MS);
} else {
  $("storm-status").textContent = gettext(
    "This game has no puzzles yet: they are found in the games played here.",
  );
}
