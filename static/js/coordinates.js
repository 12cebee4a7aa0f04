// The coordinate trainer (/training/coordinates/<game>/): a square's name shows above an empty
// board without its coordinates, and the player taps that square, as many as they can before
// the time runs out (30 s). A right tap counts and shows the next name; a wrong one marks the
// square tapped and asks again. The board is seen from White's side, Black's or either at
// random; each game's and side's best is kept by the browser. Squares are named as the game
// writes them: e4 on a chess board, 23 on a numbered draughts board.
import { attachPointer, createBoard } from "./board.js";
import { createGeometry } from "./geometry.js";
import { formatNumber, gettext, ngettext } from "./i18n.js";
import {
  bestKey, roundSeconds, startRound, tapRound, trainingSquares,
} from "./coordinates_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const geometry = createGeometry(data.variant.board);
const squares = trainingSquares(geometry);
const seconds = roundSeconds(new URLSearchParams(location.search).get("seconds"));

let round = null;
let side = "white";
let timer = null;
let endsAt = 0;

const view = createBoard($("board"), {
  variant: data.variant,
  label: gettext("Coordinate training board"),
  onSquare: (square) => tap(square),
});
attachPointer(view, { onTap: (square) => tap(square) });
draw();

function readBest() {
  try {
    return Number(window.localStorage.getItem(bestKey(data.variant_id, side))) || 0;
  } catch {
    return 0;
  }
}

function keepBest(score) {
  try {
    window.localStorage.setItem(bestKey(data.variant_id, side), String(score));
  } catch {
    // A browser that keeps nothing still plays; the best lasts the visit.
  }
}

function draw({ right = null, wrong = null } = {}) {
  view.update({
    orientation: side,
    interactive: Boolean(round && !round.over),
    lastMove: right ? [right] : [],
    victims: wrong ? [wrong] : [],
  });
  $("coordinates-target").textContent = round && !round.over ? geometry.label(round.target) : "";
  $("coordinates-score").textContent = formatNumber(round ? round.score : 0);
  const best = readBest();
  $("coordinates-best").textContent = best
    ? gettext("Your best here: %(best)s", { best: formatNumber(best) })
    : "";
}

function tick() {
  const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  $("coordinates-time").textContent = ngettext("%(n)s second", "%(n)s seconds", left, { n: left });
  if (left === 0) finish();
}

function start() {
  const asked = $("coordinates-side").value;
  side = asked === "random" ? (Math.random() < 0.5 ? "white" : "black") : asked;
  round = startRound(squares);
  endsAt = Date.now() + seconds * 1000;
  clearInterval(timer);
  timer = setInterval(tick, 200);
  tick();
  $("coordinates-result").textContent = "";
  $("coordinates-start").textContent = gettext("Start again");
  document.body.dataset.training = "on";
  draw();
  view.focus();
}

function finish() {
  clearInterval(timer);
  round = { ...round, over: true };
  const best = readBest();
  if (round.score > best) keepBest(round.score);
  $("coordinates-result").textContent = round.score > best
    ? ngettext("%(n)s square: your best yet!", "%(n)s squares: your best yet!", round.score,
      { n: formatNumber(round.score) })
    : ngettext("%(n)s square.", "%(n)s squares.", round.score, { n: formatNumber(round.score) });
  document.body.dataset.training = "over";
  draw();
}

function tap(square) {
  if (!round || round.over || !geometry.isUsed(square)) return;
  const result = tapRound(round, square, squares);
  round = result.round;
  draw(result.right ? { right: square } : { wrong: square });
}

$("coordinates-start").addEventListener("click", start);
$("coordinates-side").addEventListener("change", () => {
  if (round && !round.over) return; // the side changes with the next round
  const asked = $("coordinates-side").value;
  side = asked === "random" ? "white" : asked;
  draw();
});
