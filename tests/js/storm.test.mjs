// A puzzle storm's clock as the page shows it (static/js/storm_model.js): counted down from the
// server's last answer only while the run's clock runs, written in minutes and seconds rounded
// up, what a move did to it, and whether a run beat the player's best.
import { test } from "node:test";
import assert from "node:assert/strict";

import { bonusText, clockText, isNewBest, msLeft } from "../../static/js/storm_model.js";

test("the clock counts down from the answer's time only once it runs", () => {
  const ready = { running: false, ms_left: 180000 };
  assert.equal(msLeft(ready, 1000, 61000), 180000);
  const running = { running: true, ms_left: 12000 };
  assert.equal(msLeft(running, 1000, 1000), 12000);
  assert.equal(msLeft(running, 1000, 5500), 7500);
  assert.equal(msLeft(running, 1000, 20000), 0);
  assert.equal(msLeft(running, 1000, 500), 12000); // a clock read before the answer: no more
  assert.equal(msLeft(null, 0, 0), 0);
});

test("the clock reads minutes and seconds, rounded up to the next second", () => {
  assert.equal(clockText(180000), "3:00");
  assert.equal(clockText(179001), "3:00");
  assert.equal(clockText(179000), "2:59");
  assert.equal(clockText(9050), "0:10");
  assert.equal(clockText(1), "0:01");
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(-40), "0:00");
});

test("what a move did to the clock", () => {
  assert.equal(bonusText(3), "+3 s");
  assert.equal(bonusText(-10), "\u221210 s");
  assert.equal(bonusText(0), "");
});

test("a run is a new best when it scores above the best before it", () => {
  assert.equal(isNewBest({ score: 4 }, null), true);
  assert.equal(isNewBest({ score: 0 }, null), false);
  assert.equal(isNewBest({ score: 4 }, 4), false);
  assert.equal(isNewBest({ score: 5 }, 4), true);
});
