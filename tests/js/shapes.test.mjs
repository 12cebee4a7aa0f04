// The circles and arrows a player draws on a board (static/js/shapes.js): the brush each key
// gives, drawing a shape again to take it off or recolour it, and where an arrow's head sits.
import { test } from "node:test";
import assert from "node:assert/strict";

import { arrowGeometry, brushOf, readShape, toggleShape, writeShape } from "../../static/js/shapes.js";

test("the keys held choose the brush", () => {
  assert.equal(brushOf({}), "green");
  assert.equal(brushOf({ shiftKey: true }), "red");
  assert.equal(brushOf({ ctrlKey: true }), "red");
  assert.equal(brushOf({ altKey: true }), "blue");
  assert.equal(brushOf({ metaKey: true }), "blue");
  assert.equal(brushOf({ shiftKey: true, altKey: true }), "yellow");
});

test("a shape drawn again comes off; in another brush, it changes colour", () => {
  const circle = { from: "e4", to: "e4", brush: "green" };
  const arrow = { from: "e2", to: "e4", brush: "green" };
  let shapes = toggleShape([], circle);
  shapes = toggleShape(shapes, arrow);
  assert.deepEqual(shapes, [circle, arrow]);
  // The reverse arrow is another arrow.
  const back = { from: "e4", to: "e2", brush: "green" };
  assert.deepEqual(toggleShape(shapes, back), [circle, arrow, back]);
  const red = { ...circle, brush: "red" };
  shapes = toggleShape(shapes, red);
  assert.deepEqual(shapes, [red, arrow]);
  assert.deepEqual(toggleShape(shapes, red), [arrow]);
  assert.deepEqual(toggleShape(toggleShape(shapes, red), arrow), []);
});

test("an arrow's head points at the target's centre, its shaft stops at the head", () => {
  // From the centre of a1 to the centre of a3, white at the bottom: straight up the file.
  const { shaft, head } = arrowGeometry(0.5, 7.5, 0.5, 5.5);
  const near = (a, b) => assert.ok(Math.abs(a - b) < 1e-9, `${a} != ${b}`);
  const [tip, left, right] = head;
  near(tip[0], 0.5);
  near(tip[1], 5.6);
  near(shaft[0], 0.5);
  near(shaft[1], 7.5);
  near(shaft[2], 0.5);
  near(shaft[3], 6.0);
  // The head's base corners sit across the shaft, as far from it on each side.
  near(left[1], 6.0);
  near(right[1], 6.0);
  near(left[0] - 0.5, 0.5 - right[0]);
  assert.ok(Math.abs(left[0] - right[0]) > 0.4);
});

test("a study writes a shape as a brush's letter and its squares, and reads it back", () => {
  const cases = [
    [{ from: "e4", to: "e4", brush: "green" }, "Ge4"],
    [{ from: "e2", to: "e4", brush: "red" }, "Re2e4"],
    [{ from: "a1", to: "j10", brush: "blue" }, "Ba1j10"],
    [{ from: "j10", to: "j10", brush: "yellow" }, "Yj10"],
  ];
  for (const [shape, text] of cases) {
    assert.equal(writeShape(shape), text);
    assert.deepEqual(readShape(text), shape);
  }
  for (const bad of ["", "Ge", "Xe4", "ge4", "Ge0", "Ge4e", "Ge4e5f6", "G4e"]) {
    assert.equal(readShape(bad), null, bad);
  }
});
