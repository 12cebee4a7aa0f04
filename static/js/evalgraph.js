// The evaluation graph under the board of an analysed game: White's advantage per position as
// a light SVG area on a dark ground (above the middle line: White is better), the position shown marked, a click
// jumps to the position under the pointer. It draws what it is given; the server analyses.

import { formatNumber, gettext, ngettext } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const GRAPH_WIDTH = 600;
export const GRAPH_HEIGHT = 80;
const CAP = 1000; // centipawns: beyond this a side is simply winning

/** Returns a score in centipawns squashed into -1..1 (a mate is ±1). */
export function squash(score) {
  const clipped = Math.max(-CAP, Math.min(CAP, Number(score) || 0));
  return (2 / (1 + Math.exp(-clipped / 250)) - 1) / (2 / (1 + Math.exp(-CAP / 250)) - 1);
}

/** Returns the x of position `index` among `total` positions (plies + 1). */
export function xOf(index, total) {
  return total <= 1 ? 0 : (index / (total - 1)) * GRAPH_WIDTH;
}

/** Returns the position index nearest to an x between 0 and GRAPH_WIDTH. */
export function indexAt(x, total) {
  if (total <= 1) return 0;
  const index = Math.round((x / GRAPH_WIDTH) * (total - 1));
  return Math.max(0, Math.min(total - 1, index));
}

/** Returns the SVG path of White's share: the area under the evaluations (sorted by index;
 * missing positions are skipped), down to the bottom edge. */
export function areaPath(evaluations, total) {
  const mid = GRAPH_HEIGHT / 2;
  const points = evaluations
    .slice()
    .sort((a, b) => a.index - b.index)
    .map((e) => [xOf(e.index, total), mid - squash(e.score) * mid]);
  if (!points.length) return "";
  const fmt = (n) => Number(n.toFixed(1));
  const line = points.map(([x, y]) => `L${fmt(x)},${fmt(y)}`).join(" ");
  const bottom = GRAPH_HEIGHT;
  return `M${fmt(points[0][0])},${bottom} ${line} L${fmt(points[points.length - 1][0])},${bottom} Z`;
}

/** Returns a chart under the board: an SVG image `width` × `height` stretched to its box, of
 * class (and test id) `name`, and its middle line (not yet added). */
export function chartFrame(name, width, height) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", name);
  svg.setAttribute("role", "img");
  svg.dataset.testid = name;
  const middle = document.createElementNS(SVG, "line");
  middle.setAttribute("x1", 0);
  middle.setAttribute("x2", width);
  middle.setAttribute("y1", height / 2);
  middle.setAttribute("y2", height / 2);
  middle.setAttribute("class", "eval-middle");
  return { svg, middle };
}

/**
 * Creates the graph inside `root`. `onSelect(index)`: the viewer clicked position `index`
 * (0 the initial position, n the position after ply n-1). Returns {update({analysis, current})}
 * where `current` is the position index shown on the board.
 */
export function createEvalGraph(root, { onSelect }) {
  const { svg, middle } = chartFrame("eval-graph", GRAPH_WIDTH, GRAPH_HEIGHT);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", GRAPH_WIDTH);
  back.setAttribute("height", GRAPH_HEIGHT);
  back.setAttribute("class", "eval-black");
  const area = document.createElementNS(SVG, "path");
  area.setAttribute("class", "eval-white");
  const marks = document.createElementNS(SVG, "g");
  const cursor = document.createElementNS(SVG, "line");
  cursor.setAttribute("y1", 0);
  cursor.setAttribute("y2", GRAPH_HEIGHT);
  cursor.setAttribute("class", "eval-cursor");
  svg.append(back, area, middle, marks, cursor);
  root.replaceChildren(svg);
  let total = 1;

  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    if (!box.width) return;
    const x = ((event.clientX - box.left) / box.width) * GRAPH_WIDTH;
    onSelect(indexAt(x, total));
  });

  function update({ analysis, current }) {
    total = Math.max(1, analysis.total || 1);
    const evaluations = analysis.evaluations || [];
    root.hidden = evaluations.length === 0;
    area.setAttribute("d", areaPath(evaluations, total));
    marks.replaceChildren();
    for (const ply of analysis.plies || []) {
      if (!ply.judgement) continue;
      const dot = document.createElementNS(SVG, "circle");
      const after = evaluations.find((e) => e.index === ply.ply + 1);
      dot.setAttribute("cx", xOf(ply.ply + 1, total));
      dot.setAttribute("cy", GRAPH_HEIGHT / 2 - squash(after ? after.score : 0) * (GRAPH_HEIGHT / 2));
      dot.setAttribute("r", 3.5);
      dot.setAttribute("class", `eval-mark is-${ply.judgement}`);
      marks.append(dot);
    }
    const x = xOf(current, total);
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
    const done = analysis.state === "done";
    svg.setAttribute("aria-label", done
      ? gettext("Evaluation graph: click a point to see that position.")
      : ngettext(
        "Evaluation graph (%(done)s of %(n)s position): click a point to see that position.",
        "Evaluation graph (%(done)s of %(n)s positions): click a point to see that position.",
        analysis.total || 0, { done: formatNumber(analysis.done || 0) },
      ));
  }

  return { update, element: svg };
}
