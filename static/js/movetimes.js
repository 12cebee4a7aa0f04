// The move times of a game with a clock, under its board once it is over: a bar for each move,
// White's up from the middle line and Black's down, as tall as the time it took against the
// longest move of the game; the move shown is marked, and a click on a bar shows the position
// after that move. The times are the server's, from the clocks it kept; a side's first move,
// which has no clock, has no bar.

import { chartFrame } from "./evalgraph.js";
import { formatNumber, gettext } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const TIMES_WIDTH = 600;
export const TIMES_HEIGHT = 80;

/** Returns each move's bar: {ply, x, width, y, height, side} for every timed move, White's
 * ending at the middle line from above, Black's starting there; the longest is half high. */
export function bars(times) {
  const half = TIMES_HEIGHT / 2;
  const longest = Math.max(0.1, ...times.filter((t) => t !== null));
  const width = TIMES_WIDTH / Math.max(1, times.length);
  const found = [];
  times.forEach((seconds, ply) => {
    if (seconds === null) return;
    const height = Math.max(1, (seconds / longest) * (half - 2));
    const white = ply % 2 === 0;
    found.push({
      ply, x: ply * width, width: Math.max(1, width - 1), height,
      y: white ? half - height : half, side: white ? "white" : "black",
    });
  });
  return found;
}

/** Returns the words of a bar's tooltip: "12. Nf3: 4.2 s". */
export function barTitle(ply, text, seconds) {
  const number = Math.floor(ply / 2) + 1;
  const move = ply % 2 === 0 ? `${number}. ${text}` : `${number}… ${text}`;
  return gettext("%(move)s: %(seconds)s s", {
    move, seconds: formatNumber(seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}

/**
 * Creates the chart inside `root`. `onSelect(index)`: the viewer clicked the bar of move
 * `index`. Returns {update({times, moves, current, whiteFirst})}: `current` the index of the
 * move shown (-1 the start), `whiteFirst` false when Black made the first move.
 */
export function createMoveTimes(root, { onSelect }) {
  const { svg, middle } = chartFrame("move-times", TIMES_WIDTH, TIMES_HEIGHT);
  svg.setAttribute("aria-label", gettext("Move times: White's above the line, Black's below."));
  const group = document.createElementNS(SVG, "g");
  svg.append(group, middle);
  root.replaceChildren(svg);

  function update({ times, moves, current, whiteFirst = true }) {
    root.hidden = !times.some((t) => t !== null);
    // Bars are drawn from White's side: a game Black began is shifted by one.
    const shifted = whiteFirst ? times : [null, ...times];
    group.replaceChildren(...bars(shifted).map((bar) => {
      const index = whiteFirst ? bar.ply : bar.ply - 1;
      const rect = document.createElementNS(SVG, "rect");
      for (const name of ["x", "y", "width", "height"]) rect.setAttribute(name, bar[name]);
      rect.setAttribute("class", `move-time is-${bar.side}${index === current ? " is-current" : ""}`);
      rect.dataset.ply = String(index);
      const title = document.createElementNS(SVG, "title");
      title.textContent = barTitle(bar.ply, moves[index]?.text || "", times[index]);
      rect.append(title);
      rect.addEventListener("click", () => onSelect(index));
      return rect;
    }));
  }

  return { update, element: svg };
}
