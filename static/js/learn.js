// Learn from your mistakes (/game/<id>/learn/?side=): the board asks each mistake and blunder
// the analysis found for one side, from the position before it. Each move made on the board
// goes to the server (/api/games/<id>/learn/), which judges it against the analysis' best —
// best, good, the game's own mistake again, or worse — and nothing is judged here. *View the
// solution* plays the best move through the analysis board's API; *Skip this move* and *Next
// mistake* go on; the end lists how each mistake ended. The lesson's state is learn_model.js's.
import { api } from "./api.js";
import { createPlayBoard } from "./board.js";
import { expandLegalTree } from "./legal_tree.js";
import { formatNumber, gettext } from "./i18n.js";
import { analysisHref } from "./placement.js";
import {
  advance, afterSolution, afterVerdict, current, startLesson, tally,
} from "./learn_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
let lesson = null;
let busy = false;

const board = createPlayBoard($("board"), {
  label: gettext("Board: find a better move"),
  variant: data.variant,
  orientation: data.side,
  onMove: (move) => tryMove(move),
});

const JUDGEMENTS = { mistake: () => gettext("a mistake"), blunder: () => gettext("a blunder") };

// The position asked, on the analysis board: to look further once it is settled.
function linkAnalysis(position) {
  const link = $("learn-analyse");
  link.href = analysisHref(data.variant_id, position.fen);
  link.hidden = false;
}

function show(position, { lastMove = null, interactive = false } = {}) {
  board.set({
    fen: position.fen,
    legalMoves: expandLegalTree(position.legal_tree),
    lastMove,
    check: position.check,
    interactive,
  });
}

function verdictLine(text, found) {
  const line = $("learn-verdict");
  line.textContent = text;
  line.className = found === null ? "learn-verdict" : `learn-verdict ${found ? "learn-found" : "learn-missed"}`;
}

function buttons({ asking }) {
  $("learn-solution").hidden = !asking;
  $("learn-skip").hidden = !asking;
  $("learn-next").hidden = asking || !current(lesson);
}

function ask() {
  const mistake = current(lesson);
  if (!mistake) {
    finish();
    return;
  }
  show(mistake.position, { interactive: true });
  $("learn-analyse").hidden = true; // shown once settled: the engine's lines tell the answer
  $("learn-progress").textContent = gettext("Mistake %(n)s of %(total)s", {
    n: formatNumber(lesson.index + 1), total: formatNumber(lesson.mistakes.length),
  });
  const find = data.side === "white"
    ? gettext("%(move)s was %(judgement)s. Find a better move for White.", {
      move: mistake.played, judgement: JUDGEMENTS[mistake.judgement](),
    })
    : gettext("%(move)s was %(judgement)s. Find a better move for Black.", {
      move: mistake.played, judgement: JUDGEMENTS[mistake.judgement](),
    });
  $("learn-status").textContent = find;
  verdictLine("", null);
  buttons({ asking: true });
  document.body.dataset.learn = "asking";
}

async function tryMove(move) {
  if (busy || !lesson || lesson.settled || !current(lesson)) return;
  busy = true;
  const mistake = current(lesson);
  verdictLine(gettext("The bot is looking at your move…"), null);
  try {
    const answer = await api("POST", data.api_url, {
      ply: mistake.ply, path: move.path, promotion: move.promotion || undefined,
    });
    const after = afterVerdict(lesson, answer.verdict);
    lesson = after.lesson;
    if (after.found) {
      show(answer.position, { lastMove: answer.move });
      verdictLine(answer.verdict === "best"
        ? gettext("%(move)s is the best move!", { move: answer.move.text })
        : gettext("%(move)s is a good move too (the best was %(best)s).", {
          move: answer.move.text, best: answer.best,
        }), true);
      buttons({ asking: false });
      linkAnalysis(mistake.position);
      document.body.dataset.learn = "found";
      if (!current(advance(lesson))) finish();
    } else {
      board.revert();
      verdictLine(answer.verdict === "played"
        ? gettext("%(move)s is the game's move: find a better one.", { move: answer.move.text })
        : gettext("You can do better than %(move)s: try another move.", { move: answer.move.text }),
      false);
    }
  } catch (error) {
    board.revert();
    verdictLine(error.message, false);
  } finally {
    busy = false;
  }
}

async function viewSolution() {
  const mistake = current(lesson);
  if (busy || !mistake) return;
  busy = true;
  try {
    const answer = await api("POST", data.api_url, { ply: mistake.ply, move: mistake.best });
    lesson = afterSolution(lesson);
    show(answer.position, { lastMove: answer.move });
    verdictLine(gettext("The best move was %(move)s.", { move: answer.move.text }), null);
    buttons({ asking: false });
    linkAnalysis(mistake.position);
    document.body.dataset.learn = "shown";
    if (!current(advance(lesson))) finish();
  } catch (error) {
    verdictLine(error.message, false);
  } finally {
    busy = false;
  }
}

function next() {
  if (busy) return;
  lesson = advance(lesson);
  ask();
}

function finish() {
  const { found, total } = tally(lesson);
  $("learn-status").textContent = gettext("Done: you found %(found)s of %(total)s.", {
    found: formatNumber(found), total: formatNumber(total),
  });
  const words = {
    found: gettext("found"), shown: gettext("solution shown"), skipped: gettext("skipped"),
  };
  const list = $("learn-summary");
  list.replaceChildren(...lesson.mistakes.map((mistake, index) => {
    const item = document.createElement("li");
    const result = lesson.results[index] || "skipped";
    item.className = result === "found" ? "storm-solved" : "storm-missed";
    const link = document.createElement("a");
    link.href = `${data.game_url}#${mistake.ply + 1}`;
    link.textContent = mistake.played;
    item.append(link, ` ${result === "found" ? "✓" : "✗"} ${words[result]}`);
    return item;
  }));
  list.hidden = false;
  $("learn-progress").textContent = "";
  $("learn-solution").hidden = true;
  $("learn-skip").hidden = true;
  $("learn-next").hidden = true;
  document.body.dataset.learn = "done";
}

async function load() {
  try {
    const answer = await api("GET", `${data.api_url}?side=${encodeURIComponent(data.side)}`);
    lesson = startLesson(answer.mistakes);
    if (answer.mistakes.length) {
      ask();
      return;
    }
    const words = {
      done: () => (data.side === "white"
        ? gettext("White made no mistake or blunder in this game.")
        : gettext("Black made no mistake or blunder in this game.")),
      running: () => gettext("The analysis is still running: come back when it is done."),
    };
    $("learn-status").textContent = (words[answer.state] || (() => gettext(
      "This game has not been analysed yet: ask for the analysis on the game's page.",
    )))();
    document.body.dataset.learn = "none";
  } catch (error) {
    $("learn-status").textContent = error.message;
  }
}

$("learn-solution").addEventListener("click", viewSolution);
$("learn-skip").addEventListener("click", next);
$("learn-next").addEventListener("click", next);
board.set({ fen: data.fen, legalMoves: [], interactive: false }); // the game's end, until asked
load();
