// A puzzle round's state (static/js/puzzle_model.js): the ply the solver's next move answers,
// the round's end on the server's verdict, and the rating change as the page writes it.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  afterMove, afterSolution, ratingDelta, solutionRows, startRound, streakBestKey, streakRating,
} from "../../static/js/puzzle_model.js";

const puzzle = { id: "p1", solver: "black" };

test("a right move moves the round two plies on, and keeps it going", () => {
  const round = afterMove(startRound(puzzle), { result: "right", reply: { text: "e5" } });
  assert.deepEqual([round.ply, round.over, round.result], [2, false, null]);
  const later = afterMove(round, { result: "right" });
  assert.equal(later.ply, 4);
});

test("solved and wrong end the round with the solution and the rating change", () => {
  const solved = afterMove(startRound(puzzle), {
    result: "solved", solution: ["a", "b", "c"], rating: { before: 1500, after: 1512 },
  });
  assert.deepEqual([solved.over, solved.result, solved.solution], [true, "solved", ["a", "b", "c"]]);
  assert.deepEqual(afterMove(startRound(puzzle), { result: "wrong", themes: ["win"] }).themes, ["win"]);
  const wrong = afterMove(startRound(puzzle), { result: "wrong", solution: ["a"], rating: null });
  assert.deepEqual([wrong.over, wrong.result, wrong.rating], [true, "wrong", null]);
  const shown = afterSolution(startRound(puzzle), { solution: ["a"], rating: null });
  assert.deepEqual([shown.over, shown.result, shown.themes], [true, "shown", []]);
});

test("a rating change is written with its sign, and nothing when unrated", () => {
  assert.equal(ratingDelta({ before: 1500, after: 1512 }), "+12");
  assert.equal(ratingDelta({ before: 1500, after: 1491 }), "\u22129");
  assert.equal(ratingDelta({ before: 1500, after: 1500 }), "\u00b10");
  assert.equal(ratingDelta(null), "");
});

test("the solution's rows mark the solver's moves, the first and every other", () => {
  assert.deepEqual(solutionRows(["Qd8+", "Re8", "e7#"]).map((row) => row.solver), [true, false, true]);
  assert.deepEqual(solutionRows(null), []);
});

test("a streak asks each puzzle a step harder, up to a ceiling, and keeps a best a game", () => {
  assert.deepEqual([0, 1, 5].map(streakRating), [1000, 1100, 1500]);
  assert.equal(streakRating(100), 3000);
  assert.notEqual(streakBestKey("chesskers"), streakBestKey("international"));
});
