// The coordinate trainer's rules (static/js/coordinates_model.js): every game's squares, a
// target never asked twice in a row, a round's score and misses, its length.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createGeometry } from "../../static/js/geometry.js";
import {
  bestKey, nextTarget, roundSeconds, startRound, tapRound, trainingSquares,
} from "../../static/js/coordinates_model.js";

test("a round asks for the squares the board uses, and only those", () => {
  assert.equal(trainingSquares(createGeometry({ files: 8, ranks: 8 })).length, 64);
  const draughts = createGeometry({ files: 10, ranks: 10, playable: "dark" });
  const squares = trainingSquares(draughts);
  assert.equal(squares.length, 50);
  assert.ok(squares.every((square) => draughts.isDark(square)));
});

test("the next square is never the one just asked", () => {
  const squares = ["a1", "b2", "c3"];
  for (let n = 0; n < 30; n += 1) {
    const random = () => (n % 10) / 10;
    assert.notEqual(nextTarget(squares, "b2", random), "b2");
  }
  assert.equal(nextTarget(["a1"], "a1", () => 0.5), "a1"); // a board of one square
  assert.equal(nextTarget(squares, null, () => 0.999), "c3");
});

test("a right tap scores and moves on; a wrong one counts a miss and asks again", () => {
  const squares = ["a1", "b2", "c3"];
  let round = startRound(squares, () => 0);
  assert.deepEqual(round, { target: "a1", score: 0, misses: 0, over: false });
  let right;
  ({ round, right } = tapRound(round, "c3", squares, () => 0));
  assert.equal(right, false);
  assert.deepEqual(round, { target: "a1", score: 0, misses: 1, over: false });
  ({ round, right } = tapRound(round, "a1", squares, () => 0));
  assert.equal(right, true);
  assert.deepEqual(round, { target: "b2", score: 1, misses: 1, over: false });
  const done = { ...round, over: true };
  assert.deepEqual(tapRound(done, "b2", squares).round, done); // nothing counts once it is over
});

test("bests are kept by game and side, and a round lasts 30 s unless asked otherwise", () => {
  assert.equal(bestKey("international", "black"), "coordinates-best:international:black");
  assert.deepEqual([undefined, "10", "4", "121", "7.5", "x"].map(roundSeconds), [30, 10, 30, 30, 30, 30]);
});
