// The puzzle page (/training/puzzles/<game>/, ?theme= for one theme's puzzles): the board
// shows a puzzle's start from the solver's side; each move made on it goes to the server
// (/api/puzzles/<id>/move/), which says whether it is the solution's — then plays the
// opponent's reply on the board — solves the puzzle, or is wrong. *View the solution* ends the
// round; *Next puzzle* asks the server for another near the player's rating (of the theme
// chosen); *Try again* replays the same one, unrated. The round's state is puzzle_model.js's;
// no rule and no solution is known here.
import { api } from "./api.js";
import { createPlayBoard } from "./board.js";
import { expandLegalTree } from "./legal_tree.js";
import { formatNumber, gettext, ngettext } from "./i18n.js";
import { analysisHref } from "./placement.js";
import {
  afterMove, afterSolution, ratingDelta, solutionRows, startRound, streakBestKey, streakRating,
} from "./puzzle_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
let round = null;
let busy = false;
const streakMode = Boolean(data.streak); // /training/puzzles/<game>/streak/
let streak = 0; // puzzles solved in this streak
const seen = new Set(); // this streak's puzzles: none is asked twice

const board = createPlayBoard($("board"), {
  label: gettext("Puzzle board"),
  variant: data.variant,
  orientation: data.puzzle ? data.puzzle.solver : "white",
  onMove: (move) => play(move),
});

// What a solution does (engine/bot/puzzles.py: THEMES), shown once the round is over.
const THEME_WORDS = {
  win: gettext("Wins the game"),
  advantage: gettext("Wins material"),
  sacrifice: gettext("Sacrifice"),
  chain: gettext("Chain capture"),
  sweep: gettext("Knight sweep"),
  promotion: gettext("Promotion"),
  "one-move": gettext("One move"),
  long: gettext("Long"),
};

function findText(solver) {
  return solver === "white"
    ? gettext("Your turn: find the best move for White.")
    : gettext("Your turn: find the best move for Black.");
}

function show(position, { lastMove = null, replay = null } = {}) {
  board.set({
    fen: position.fen,
    legalMoves: expandLegalTree(position.legal_tree),
    lastMove,
    replay,
    check: position.check,
    interactive: Boolean(round && !round.over && !position.outcome),
  });
}

function begin(puzzle) {
  round = startRound(puzzle);
  line = null;
  board.setOrientation(puzzle.solver);
  show(puzzle.position);
  $("puzzle-status").textContent = findText(puzzle.solver);
  $("puzzle-figures").textContent = gettext(
    "Puzzle %(id)s · rating %(rating)s · played %(plays)s times",
    { id: puzzle.id, rating: formatNumber(puzzle.rating), plays: formatNumber(puzzle.plays) },
  );
  drawMine(puzzle.me);
  $("puzzle-solution").hidden = true;
  $("puzzle-solution").replaceChildren();
  $("puzzle-themes").hidden = true;
  $("puzzle-give-up").hidden = false;
  $("puzzle-retry").hidden = true;
  document.body.dataset.puzzle = "playing";
  drawLinks();
  const theme = data.theme ? `?theme=${encodeURIComponent(data.theme)}` : ""; // kept by a reload
  const address = `/training/puzzles/${encodeURIComponent(data.variant_id)}/${puzzle.id}/${theme}`;
  if (!streakMode && location.pathname + location.search !== address) {
    history.replaceState(null, "", address);
  }
  drawStreak();
}

function drawMine(me, rating = null) {
  const text = [];
  if (me) text.push(gettext("Your puzzle rating: %(rating)s", { rating: formatNumber(me.rating) }));
  if (rating) {
    text.push(gettext("%(after)s (%(delta)s)", {
      after: formatNumber(rating.after), delta: ratingDelta(rating),
    }));
  } else if (round?.over && data.signed_in) {
    text.push(gettext("Played before: this round is not rated."));
  } else if (!data.signed_in) {
    text.push(gettext("Log in to have your puzzles rated."));
  }
  $("puzzle-mine").textContent = text.join(" → ");
}

function drawLinks() {
  const links = $("puzzle-links");
  links.replaceChildren();
  const puzzle = round.puzzle;
  if (puzzle.game) {
    const game = document.createElement("a");
    game.href = `/game/${puzzle.game}/#${puzzle.ply}`;
    game.textContent = gettext("From this game");
    game.dataset.testid = "puzzle-from-game";
    links.append(game);
  }
  if (round.over) {
    const analyse = document.createElement("a");
    analyse.href = analysisHref(data.variant_id, puzzle.position.fen);
    analyse.textContent = gettext("Analyse the position");
    analyse.dataset.testid = "puzzle-analyse";
    if (links.childNodes.length) links.append(" · ");
    links.append(analyse);
  }
}

function finish() {
  const words = {
    solved: gettext("Solved!"),
    wrong: gettext("That is not the move. The solution is below."),
    shown: gettext("The solution is below."),
  };
  $("puzzle-status").textContent = words[round.result];
  document.body.dataset.puzzle = round.result;
  const list = $("puzzle-solution");
  const buttons = solutionRows(round.solution).map((row, ply) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = row.solver ? "puzzle-move puzzle-move-solver" : "puzzle-move";
    button.textContent = row.text;
    button.dataset.ply = String(ply);
    button.addEventListener("click", () => showSolution(ply));
    const item = document.createElement("li");
    item.append(button);
    return item;
  });
  list.replaceChildren(...buttons);
  list.hidden = false;
  const themes = round.themes.map((theme) => THEME_WORDS[theme] || theme);
  $("puzzle-themes").textContent = themes.length
    ? gettext("Themes: %(themes)s", { themes: themes.join(" · ") }) : "";
  $("puzzle-themes").hidden = !themes.length;
  $("puzzle-give-up").hidden = true;
  $("puzzle-retry").hidden = false;
  const me = round.rating ? { rating: round.rating.before } : round.puzzle.me;
  drawMine(me, round.rating);
  if (round.rating) { // a retry shows the rating this round gave, and is not rated
    const plays = (round.puzzle.me?.plays || 0) + 1;
    round.puzzle = { ...round.puzzle, played: true, me: { rating: round.rating.after, plays } };
  }
  drawLinks();
}

// The solution's positions, played from the start through the analysis board's API (the
// server's rules), once a round is over; a tap on one of its moves shows the board after it.
let line = null;

async function solutionLine(puzzle, solution) {
  const found = [];
  let fen = puzzle.position.fen;
  for (const text of solution) {
    const answer = await api("POST", "/api/analysis/play/", {
      variant: data.variant_id, fen, move: text,
    });
    found.push(answer);
    fen = answer.position.fen;
  }
  return found;
}

async function showSolution(ply) {
  const asked = round;
  line = line || await solutionLine(asked.puzzle, asked.solution);
  if (round !== asked) return; // another puzzle meanwhile
  const step = line[ply];
  show(step.position, { lastMove: step.move, replay: step.move });
  for (const button of $("puzzle-solution").querySelectorAll("button")) {
    button.setAttribute("aria-current", button.dataset.ply === String(ply) ? "step" : "false");
  }
}

// --- a streak -------------------------------------------------------------------------------
function readBest() {
  try {
    return Number(window.localStorage.getItem(streakBestKey(data.variant_id))) || 0;
  } catch {
    return 0;
  }
}

function drawStreak(over = false) {
  if (!streakMode) return;
  const best = Math.max(readBest(), streak);
  const words = over
    ? ngettext("Streak over: %(n)s puzzle solved · best %(best)s",
      "Streak over: %(n)s puzzles solved · best %(best)s", streak,
      { n: formatNumber(streak), best: formatNumber(best) })
    : gettext("Streak: %(n)s · best %(best)s", {
      n: formatNumber(streak), best: formatNumber(best),
    });
  $("puzzle-streak").textContent = words;
  $("puzzle-streak").hidden = false;
  $("puzzle-next").hidden = true;
  $("puzzle-retry").hidden = true;
  $("puzzle-streak-restart").hidden = !over;
}

function endStreak() {
  if (streak > readBest()) {
    try {
      window.localStorage.setItem(streakBestKey(data.variant_id), String(streak));
    } catch {
      // A browser that keeps nothing still plays; the best lasts the visit.
    }
  }
  drawStreak(true);
}

function afterRound(result) {
  if (!streakMode) return;
  if (result === "solved") {
    streak += 1;
    drawStreak();
    window.setTimeout(next, 900); // the next, a step harder
  } else {
    endStreak();
  }
}

async function play(move) {
  if (busy || !round || round.over) return;
  busy = true;
  try {
    const answer = await api("POST", `/api/puzzles/${round.puzzle.id}/move/`, {
      ply: round.ply, path: move.path, promotion: move.promotion || undefined,
    });
    round = afterMove(round, answer);
    if (answer.result === "right") {
      show(answer.position, { lastMove: answer.reply, replay: answer.reply });
      $("puzzle-status").textContent = gettext("Best move! Keep going…");
    } else {
      show(answer.position, { lastMove: answer.move });
      finish();
      afterRound(answer.result);
    }
  } catch (error) {
    board.revert();
    $("puzzle-status").textContent = error.message;
  } finally {
    busy = false;
  }
}

async function giveUp() {
  if (busy || !round || round.over) return;
  busy = true;
  try {
    round = afterSolution(round, await api("POST", `/api/puzzles/${round.puzzle.id}/solution/`));
    finish();
    afterRound("shown");
    await showSolution(0); // the first move of the solution, on the board
  } catch (error) {
    $("puzzle-status").textContent = error.message;
  } finally {
    busy = false;
  }
}

async function next() {
  if (busy) return;
  busy = true;
  try {
    const query = new URLSearchParams({ variant: data.variant_id });
    if (data.theme) query.set("theme", data.theme);
    if (streakMode) {
      query.set("rating", String(streakRating(streak)));
      // None asked twice while the game has another (the server keeps to the latest 50).
      if (seen.size) query.set("skip", [...seen].slice(-50).join(","));
    }
    const puzzle = await api("GET", `/api/puzzles/next/?${query}`);
    seen.add(puzzle.id);
    begin(puzzle);
  } catch (error) {
    $("puzzle-status").textContent = error.message;
  } finally {
    busy = false;
  }
}

$("puzzle-give-up").addEventListener("click", giveUp);
$("puzzle-next").addEventListener("click", next);
$("puzzle-retry").addEventListener("click", () => begin({ ...round.puzzle, played: true }));
$("puzzle-streak-restart").addEventListener("click", () => {
  streak = 0;
  seen.clear();
  next();
});
$("puzzle-game-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const game = $("puzzle-game").value;
  // A theme is one game's: another game opens on every theme.
  const theme = game === data.variant_id && $("puzzle-theme")?.value;
  const query = theme ? `?theme=${encodeURIComponent(theme)}` : "";
  location.assign(`/training/puzzles/${encodeURIComponent(game)}/${query}`);
});

if (data.puzzle) {
  begin(data.puzzle);
} else if (streakMode) {
  board.set({ fen: data.start_fen, legalMoves: [], interactive: false });
  next().then(() => {
    if (!round) $("puzzle-give-up").hidden = true; // the game has no puzzle: said by next()
  });
} else {
  board.set({ fen: data.start_fen, legalMoves: [], interactive: false });
  $("puzzle-status").textContent = data.theme
    ? gettext("This game has no puzzles of this theme yet: choose another below.")
    : gettext("This game has no puzzles yet: they are found in the games played here.");
  $("puzzle-give-up").hidden = true;
  $("puzzle-next").hidden = true;
}
