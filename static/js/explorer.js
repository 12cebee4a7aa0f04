// The opening explorer on the analysis board: for the position shown, the moves the site's
// players chose there in their online games (the first plies of each game played from the
// start), how often, and how those games ended, as lichess's explorer shows its database. The
// server counts (GET /api/explorer/); a move of the list plays on the board through the board's
// own move (the server checks it there). The panel asks only while it is open, and keeps each
// answer for the rest of the visit.
import { api, el } from "./api.js";
import { formatNumber, gettext, ngettext } from "./i18n.js";

const OPEN_KEY = "explorer-open";
const SPEEDS_KEY = "explorer-speeds";
const KEPT_ANSWERS = 200;

/**
 * Returns the shares of White's wins, the draws and Black's wins in whole percents that add up
 * to 100 (the largest remainders rounded up), or zeros for no game.
 */
export function shares({ white, draws, black }) {
  const counts = [white, draws, black];
  const games = white + draws + black;
  if (!games) return { white: 0, draws: 0, black: 0 };
  const exact = counts.map((n) => (n * 100) / games);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((a, b) => a + b, 0);
  const order = [0, 1, 2].sort((a, b) => exact[b] - whole[b] - (exact[a] - whole[a]) || a - b);
  for (const index of order) {
    if (left <= 0) break;
    whole[index] += 1;
    left -= 1;
  }
  return { white: whole[0], draws: whole[1], black: whole[2] };
}

/** Returns the API's address for a position and the speeds chosen (none: every speed). */
export function explorerUrl(variant, fen, speeds) {
  const query = new URLSearchParams({ variant, fen });
  if (speeds.length) query.set("speeds", speeds.join(","));
  return `/api/explorer/?${query}`;
}

/**
 * Returns the rows of the explorer's table: one a move, most played first as the server sent
 * them, each {move, games, share (of the position's games, whole percent), results: shares(),
 * legal (the board's legal move of that text, or null: a move the board cannot play here)}.
 */
export function explorerRows(answer, legalMoves) {
  return answer.moves.map((row) => ({
    move: row.move,
    games: row.games,
    share: answer.games ? Math.round((row.games * 100) / answer.games) : 0,
    results: shares(row),
    legal: legalMoves.find((legal) => legal.text === row.move) || null,
  }));
}

/** Returns a whole percent as the page's language writes it: "50%", "50 %". */
export function percentText(share) {
  return formatNumber(share / 100, { style: "percent" });
}

/** Returns the sentence a results bar reads out: "White won 50%, drawn 20%, Black won 30%". */
export function resultsText(results) {
  return gettext("White won %(white)s, drawn %(draws)s, Black won %(black)s", {
    white: percentText(results.white),
    draws: percentText(results.draws),
    black: percentText(results.black),
  });
}

function readChoice(key, fallback) {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? fallback : JSON.parse(value);
  } catch {
    return fallback;
  }
}

function keepChoice(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A browser that keeps nothing still shows the explorer; the choice lasts the visit.
  }
}

function resultsBar(results) {
  const bar = el("span", { class: "explorer-bar", role: "img", "aria-label": resultsText(results) });
  for (const side of ["white", "draws", "black"]) {
    const share = results[side];
    if (!share) continue;
    const part = el("span", { class: `explorer-bar-${side}` }, share >= 12 ? percentText(share) : "");
    part.style.width = `${share}%`; // through the style object: the policy refuses style attributes
    bar.append(part);
  }
  return bar;
}

function gameLine(game) {
  const players = gettext("%(white)s – %(black)s", {
    white: game.white || gettext("someone"), black: game.black || gettext("someone"),
  });
  return el("li", {},
    el("span", { class: "explorer-game-move" }, game.move), " ",
    el("a", { href: `/game/${game.id}/`, dataset: { testid: "explorer-game" } }, players),
    " ", el("span", { class: "muted" }, game.result === "1/2-1/2" ? "½–½" : game.result));
}

/**
 * Wires the explorer panel `root` (a <details> holding the speed checkboxes, the table's body,
 * the totals, the latest games and the status line) for the board's `variant`; `onPlay(move)`
 * plays a legal move of the board's ({text, path, promotion}). `show(fen, legalMoves)` draws
 * the explorer of the position the board shows.
 */
export function createExplorer(root, { variant, onPlay }) {
  const $ = (name) => root.querySelector(`[data-explorer="${name}"]`);
  const answers = new Map();
  const boxes = [...root.querySelectorAll("input[data-speed]")];
  let shown = null; // {fen, legalMoves}
  let asked = null;

  root.open = readChoice(OPEN_KEY, false) === true;
  const kept = readChoice(SPEEDS_KEY, []);
  for (const box of boxes) box.checked = Array.isArray(kept) && kept.includes(box.dataset.speed);

  function speeds() {
    return boxes.filter((box) => box.checked).map((box) => box.dataset.speed);
  }

  // Each answer is kept as its promise, so that a question asked twice at once is sent once;
  // a refused one is forgotten, to be asked again.
  function answerFor(url) {
    if (!answers.has(url)) {
      if (answers.size >= KEPT_ANSWERS) answers.delete(answers.keys().next().value);
      const asking = api("GET", url);
      asking.catch(() => answers.delete(url));
      answers.set(url, asking);
    }
    return answers.get(url);
  }

  async function refresh() {
    if (!root.open || !shown) return;
    const url = explorerUrl(variant, shown.fen, speeds());
    asked = url;
    const table = root.querySelector("table");
    table.setAttribute("aria-busy", "true"); // the rows shown are the last position's
    $("status").textContent = gettext("Loading…");
    let answer;
    try {
      answer = await answerFor(url);
    } catch (error) {
      if (asked === url) $("status").textContent = error.message;
      return;
    }
    if (asked !== url) return;
    table.removeAttribute("aria-busy");
    draw(answer);
  }

  function draw(answer) {
    const rows = explorerRows(answer, shown.legalMoves);
    $("moves").replaceChildren(...rows.map((row) => el("tr", {},
      el("th", { scope: "row" }, el("button", {
        type: "button",
        class: "explorer-move",
        disabled: !row.legal,
        title: row.legal ? gettext("Play %(move)s", { move: row.move }) : gettext("Not a legal move here"),
        dataset: { move: row.move, testid: "explorer-move" },
        onclick: () => row.legal && onPlay(row.legal),
      }, row.move)),
      el("td", { class: "explorer-count" }, formatNumber(row.games),
        el("span", { class: "muted" }, ` ${percentText(row.share)}`)),
      el("td", {}, resultsBar(row.results)),
    )));
    const total = $("total");
    total.hidden = !answer.games;
    total.replaceChildren(
      el("th", { scope: "row" }, "Σ"),
      el("td", { class: "explorer-count" }, formatNumber(answer.games)),
      el("td", {}, resultsBar(shares(answer))),
    );
    $("latest").replaceChildren(...answer.latest.map(gameLine));
    $("latest-head").hidden = !answer.latest.length;
    $("status").textContent = answer.games
      ? ngettext("%(n)s game reached this position.", "%(n)s games reached this position.",
        answer.games, { n: formatNumber(answer.games) })
      : gettext("No game played here has reached this position yet.");
    root.dataset.games = String(answer.games);
    root.dataset.fen = answer.fen;
  }

  root.addEventListener("toggle", () => {
    keepChoice(OPEN_KEY, root.open);
    refresh();
  });
  for (const box of boxes) {
    box.addEventListener("change", () => {
      keepChoice(SPEEDS_KEY, speeds());
      refresh();
    });
  }

  return {
    show(fen, legalMoves) {
      shown = { fen, legalMoves };
      refresh();
    },
  };
}
