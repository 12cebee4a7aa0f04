// The move times chart's bars (static/js/movetimes.js): one a timed move, White's above the
// middle line and Black's below, each as tall as its time against the game's longest move, a
// side's first move (no clock) without one; and the tooltip's words.
import { test } from "node:test";
import assert from "node:assert/strict";

import { barTitle, bars, TIMES_HEIGHT, TIMES_WIDTH } from "../../static/js/movetimes.js";

test("a bar a timed move, the longest half the chart's height", () => {
  const found = bars([null, null, 2, 4, 0.5, 1]);
  assert.deepEqual(found.map((bar) => [bar.ply, bar.side]),
    [[2, "white"], [3, "black"], [4, "white"], [5, "black"]]);
  const half = TIMES_HEIGHT / 2;
  const [white, black] = found;
  assert.equal(black.height, half - 2); // the longest move
  assert.equal(white.height, (half - 2) / 2);
  assert.equal(white.y + white.height, half); // up from the middle line
  assert.equal(black.y, half); // down from it
  assert.equal(white.x, 2 * (TIMES_WIDTH / 6));
  assert.equal(white.width, TIMES_WIDTH / 6 - 1);
});

test("an instant move still shows, and a game of first moves only has no bar", () => {
  const [instant] = bars([null, null, 0, 3]);
  assert.equal(instant.height, 1);
  assert.deepEqual(bars([null, null]), []);
  assert.deepEqual(bars([]), []);
});

test("a bar's tooltip names the move and its time", () => {
  assert.equal(barTitle(22, "Nf3", 4.25), "12. Nf3: 4.3 s");
  assert.equal(barTitle(3, "e5", 0), "2… e5: 0.0 s");
});
