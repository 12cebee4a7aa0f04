// A lesson over a game's mistakes (static/js/learn_model.js): which mistake is asked, how each
// ended — found, its solution shown, skipped — and the count at the end. The verdicts are the
// server's; the model only keeps them.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  advance, afterSolution, afterVerdict, current, startLesson, tally,
} from "../../static/js/learn_model.js";

const MISTAKES = [{ ply: 4 }, { ply: 8 }, { ply: 12 }];

test("a mistake is found by a best or good move, not by the game's own or a worse one", () => {
  let lesson = startLesson(MISTAKES);
  assert.equal(current(lesson).ply, 4);
  for (const verdict of ["worse", "played"]) {
    const after = afterVerdict(lesson, verdict);
    assert.equal(after.found, false);
    assert.equal(after.lesson.settled, false);
    lesson = after.lesson;
  }
  const good = afterVerdict(lesson, "good");
  assert.equal(good.found, true);
  assert.deepEqual(good.lesson.results, ["found", null, null]);
  assert.equal(afterVerdict(lesson, "best").found, true);
});

test("a solution viewed first leaves the mistake not found, even if played after", () => {
  let lesson = afterSolution(startLesson(MISTAKES));
  assert.equal(lesson.settled, true);
  lesson = afterVerdict(lesson, "best").lesson;
  assert.deepEqual(lesson.results, ["shown", null, null]);
});

test("moving on skips an unsettled mistake, and the tally counts what was found", () => {
  let lesson = startLesson(MISTAKES);
  lesson = advance(afterVerdict(lesson, "best").lesson);
  assert.equal(current(lesson).ply, 8);
  assert.equal(lesson.settled, false);
  lesson = advance(lesson); // skipped
  lesson = advance(afterSolution(lesson));
  assert.equal(current(lesson), null);
  assert.deepEqual(lesson.results, ["found", "skipped", "shown"]);
  assert.deepEqual(tally(lesson), { found: 1, total: 3 });
  assert.deepEqual(tally(startLesson([])), { found: 0, total: 0 });
});
