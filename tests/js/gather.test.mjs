// A change every open page hears at once (static/js/gather.js): each page reads it at a random
// moment of the spread, once, with what it heard meanwhile, a run of numbers in one read.
import { test } from "node:test";
import assert from "node:assert/strict";

import { SPREAD_MS, createGatherer, runsOf } from "../../static/js/gather.js";

/** A clock that runs what is due only when told to. */
function fakeTimers() {
  const due = [];
  return {
    due,
    later: (work, delay) => due.push({ work, delay }),
    run() {
      due.splice(0).forEach(({ work }) => work());
    },
  };
}

test("runs of consecutive numbers", () => {
  assert.deepEqual(runsOf([]), []);
  assert.deepEqual(runsOf([4]), [[4, 4]]);
  assert.deepEqual(runsOf([2, 3, 4, 7, 9, 10]), [
    [2, 4],
    [7, 7],
    [9, 10],
  ]);
});

test("a read waits a random part of the spread, and takes what was heard meanwhile", () => {
  const timers = fakeTimers();
  const reads = [];
  const want = createGatherer((from, to) => reads.push([from, to]), {
    random: () => 0.25,
    later: timers.later,
  });
  want([5]);
  want([6, 7]);
  want([2]); // an edit of an earlier post
  want([6]); // heard twice, read once
  assert.deepEqual(reads, []);
  assert.equal(timers.due.length, 1);
  assert.equal(timers.due[0].delay, 0.25 * SPREAD_MS);
  timers.run();
  assert.deepEqual(reads, [
    [2, 2],
    [5, 7],
  ]);
  // What comes after is a read of its own, at a moment of its own.
  want([8]);
  assert.equal(timers.due.length, 1);
  timers.run();
  assert.deepEqual(reads.at(-1), [8, 8]);
});

test("the moments are spread over the whole spread", () => {
  const delays = [0, 0.5, 0.999].map((drawn) => {
    const timers = fakeTimers();
    createGatherer(() => {}, { random: () => drawn, later: timers.later })([1]);
    return timers.due[0].delay;
  });
  assert.deepEqual(delays, [0, SPREAD_MS / 2, 0.999 * SPREAD_MS]);
});
