// The game page's controls that come into view (static/js/arrivals.js): one that comes takes no
// tap for half a second, nor one whose pointer came down before it came; one there from the
// page's first drawing, or settled, takes every tap; a key is never held back.
import { test } from "node:test";
import assert from "node:assert/strict";

import { SETTLE_MS, createArrivals, takesTap } from "../../static/js/arrivals.js";

// A control of the page, as much of one as arrivals.js touches.
class Control extends EventTarget {
  constructor(name) {
    super();
    this.name = name;
    this.attributes = new Map();
    this.classes = new Set();
    this.classList = {
      add: (name) => this.classes.add(name),
      remove: (name) => this.classes.delete(name),
    };
  }

  closest() {
    return this;
  }

  setAttribute(name, value) {
    this.attributes.set(name, value);
  }

  removeAttribute(name) {
    this.attributes.delete(name);
  }
}

// The row of controls: a click on a control is heard by the row first (capture), then by the
// control, as in a page.
class Row extends EventTarget {
  dispatch(type, control, detail = 1) {
    const event = new Event(type, { cancelable: true });
    Object.defineProperty(event, "target", { value: control });
    Object.defineProperty(event, "detail", { value: detail });
    let stopped = false;
    event.stopImmediatePropagation = () => {
      stopped = true;
    };
    this.dispatchEvent(event);
    if (!stopped) control.dispatchEvent(new Event(type));
    return !stopped && !event.defaultPrevented;
  }
}

function setUp() {
  let time = 1000;
  const timers = [];
  const row = new Row();
  const arrivals = createArrivals(row, {
    now: () => time,
    later: (run, ms) => timers.push({ at: time + ms, run }),
  });
  const clock = {
    wait(ms) {
      time += ms;
      const due = timers.filter((timer) => timer.at <= time);
      timers.splice(0, timers.length, ...timers.filter((timer) => timer.at > time));
      for (const timer of due) timer.run();
    },
  };
  const taps = [];
  const control = (name) => {
    const made = new Control(name);
    made.addEventListener("click", () => taps.push(name));
    return made;
  };
  // A tap: the pointer comes down, then (after `held` ms) up, clicking.
  const tap = (target, held = 50) => {
    row.dispatch("pointerdown", target);
    clock.wait(held);
    return row.dispatch("click", target);
  };
  return { arrivals, clock, control, row, tap, taps };
}

test("a tap is a control's unless it came into view within the half second before it", () => {
  assert.equal(SETTLE_MS, 500);
  assert.equal(takesTap(null, 0), true); // there from the first drawing
  assert.equal(takesTap(1000, 1499), false);
  assert.equal(takesTap(1000, 900), false); // the pointer came down before it came
  assert.equal(takesTap(1000, 1500), true);
});

test("a control there from the page's first drawing takes a tap at once", () => {
  const { arrivals, control, tap, taps } = setUp();
  const rematch = control("rematch");
  arrivals.show(rematch, true); // a finished game's page, loaded
  assert.equal(tap(rematch), true);
  assert.deepEqual(taps, ["rematch"]);
  assert.equal(rematch.attributes.has("aria-disabled"), false);
});

test("a control that comes as the game ends takes no quick tap, then a deliberate one", () => {
  const { arrivals, clock, control, tap, taps } = setUp();
  const rematch = control("rematch");
  arrivals.show(rematch, false); // the live game
  arrivals.show(rematch, true); // its end
  assert.equal(rematch.attributes.get("aria-disabled"), "true");
  assert.ok(rematch.classes.has("is-arriving"));
  assert.equal(tap(rematch), false); // a quick tap, meant for what was there
  assert.deepEqual(taps, []);
  clock.wait(SETTLE_MS);
  assert.equal(rematch.attributes.has("aria-disabled"), false);
  assert.equal(rematch.classes.has("is-arriving"), false);
  assert.equal(tap(rematch), true);
  assert.deepEqual(taps, ["rematch"]);
  arrivals.show(rematch, true); // drawn again, still shown: not come again
  assert.equal(tap(rematch), true);
});

test("a tap whose pointer came down before the control came is not its, however long held", () => {
  const { arrivals, control, row, clock, taps } = setUp();
  const rematch = control("rematch");
  arrivals.show(rematch, false);
  row.dispatch("pointerdown", rematch);
  clock.wait(100);
  arrivals.show(rematch, true);
  clock.wait(2 * SETTLE_MS);
  assert.equal(row.dispatch("click", rematch), false);
  assert.deepEqual(taps, []);
});

test("a key is never held back, and a control gone and come again settles anew", () => {
  const { arrivals, clock, control, row, tap, taps } = setUp();
  const offer = control("draw-offer");
  arrivals.show(offer, true);
  arrivals.show(offer, false); // kept while an offer is out
  arrivals.show(offer, true); // back after the decline
  assert.equal(row.dispatch("click", offer, 0), true); // Enter on the focused control
  assert.deepEqual(taps, ["draw-offer"]);
  clock.wait(SETTLE_MS - 100);
  arrivals.show(offer, false);
  assert.equal(offer.attributes.has("aria-disabled"), false); // gone: nothing to say
  arrivals.show(offer, true);
  clock.wait(200); // the first coming's timer: not this one's
  assert.equal(offer.attributes.get("aria-disabled"), "true");
  assert.equal(tap(offer), false);
  clock.wait(SETTLE_MS);
  assert.equal(tap(offer), true);
});
