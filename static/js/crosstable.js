// The crosstable on an online game's page: the two players' score against each other over every
// finished online game they played together, and their latest games one cell each (1, ½ or 0,
// oldest first, each a link to its game), as lichess shows it. The server counts
// (GET /api/crosstable/<a>/<b>/); the page asks again when its game ends, so that the game just
// played is counted.
import { api } from "./api.js";
import { gettext, ngettext } from "./i18n.js";

const CELL = { win: "1", draw: "½", loss: "0" };
const FLIP = { win: "loss", draw: "draw", loss: "win" };

/** Returns points as players write them: 3, 2½, ½, 0. */
export function pointsText(points) {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5 ? "½" : "";
  return whole === 0 && half ? half : `${whole}${half}`;
}

/**
 * Returns the table's rows from the API's answer: one a player, in the answer's order, each
 * {name, points ("2½"), cells: [{id, text ("1", "½" or "0"), outcome, current}]}, the cells
 * oldest first. `current` marks the page's own game.
 */
export function crosstableRows(table, currentId) {
  const names = Object.keys(table.users);
  const oldestFirst = [...table.latest].reverse();
  return names.map((name, index) => ({
    name,
    points: pointsText(table.users[name]),
    cells: oldestFirst.map((game) => {
      const outcome = index === 0 ? game.result : FLIP[game.result];
      return { id: game.id, text: CELL[outcome], outcome, current: game.id === currentId };
    }),
  }));
}

/** Returns the line under the table: "9 games", or null before the first. */
export function crosstableTotal(table) {
  return table.games ? ngettext("%(n)s game", "%(n)s games", table.games) : null;
}

const OUTCOME_TITLE = {
  win: () => gettext("Won"),
  draw: () => gettext("Drawn"),
  loss: () => gettext("Lost"),
};

/**
 * Draws the crosstable `data` ({url, archive_url, ...the API's answer}) into `element`;
 * `refresh()` asks the server again and draws its answer (a failed ask keeps what is shown).
 */
export function createCrosstable(element, data, currentId) {
  let table = data;

  function cell(item) {
    const link = document.createElement("a");
    link.className = `crosstable-cell crosstable-${item.outcome}${item.current ? " crosstable-current" : ""}`;
    link.href = `/game/${item.id}/`;
    link.textContent = item.text;
    link.title = OUTCOME_TITLE[item.outcome]();
    return link;
  }

  function row(item) {
    const line = document.createElement("div");
    line.className = "crosstable-row";
    line.dataset.testid = "crosstable-row";
    const name = document.createElement("a");
    name.className = "crosstable-name";
    name.href = `/@/${encodeURIComponent(item.name)}`;
    name.textContent = item.name;
    const cells = document.createElement("span");
    cells.className = "crosstable-cells";
    cells.append(...item.cells.map(cell));
    const points = document.createElement("strong");
    points.className = "crosstable-points";
    points.dataset.testid = "crosstable-points";
    points.textContent = item.points;
    line.append(name, cells, points);
    return line;
  }

  function render() {
    const total = crosstableTotal(table);
    element.hidden = !total;
    if (!total) return;
    const title = document.createElement("h2");
    title.className = "crosstable-title";
    title.textContent = gettext("Crosstable");
    const all = document.createElement("a");
    all.className = "crosstable-all";
    all.href = data.archive_url;
    all.dataset.testid = "crosstable-all";
    all.textContent = total;
    element.replaceChildren(title, ...crosstableRows(table, currentId).map(row), all);
  }

  render();
  return {
    async refresh() {
      try {
        table = await api("GET", data.url);
      } catch {
        return;
      }
      render();
    },
  };
}
