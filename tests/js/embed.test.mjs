// A framed game's bar (static/js/embed.js): where a step goes, and what the bar says.
import { test } from "node:test";
import assert from "node:assert/strict";

import { embedMoveText, stepTo } from "../../static/js/embed.js";

test("steps stay between the start and the last move", () => {
  assert.deepEqual(["first", "prev", "next", "last"].map((step) => stepTo(step, 1, 4)), [-1, 0, 2, 3]);
  assert.equal(stepTo("prev", -1, 4), -1);
  assert.equal(stepTo("next", 3, 4), 3);
  assert.equal(stepTo("last", -1, 0), -1); // a game without moves stays at its start
  assert.equal(stepTo("sideways", 2, 4), 2);
});

test("the bar names the move shown and how far into the game it is", () => {
  const moves = [{ text: "e4" }, { text: "e5" }, { text: "Nf3" }];
  assert.equal(embedMoveText(moves, -1), "Start position");
  assert.equal(embedMoveText(moves, 0), "1 of 3: e4");
  assert.equal(embedMoveText(moves, 2), "3 of 3: Nf3");
});
