// The tap-by-tap picker (static/js/paths.js) over real legal-move lists from the engine.
// Fixtures: tests/js/fixtures/*.json, written by tests/js/make_fixtures.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  createPicker, tap, view, targets, origins, choosePromotion, cancel, drop, moveForPath,
} from "../../static/js/paths.js";

function fixture(name) {
  const url = new URL(`./fixtures/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")).legal_moves;
}

/** Taps each square in turn and returns the last {picker, action}. */
function taps(picker, ...squares) {
  let result = { picker, action: null };
  for (const square of squares) result = tap(result.picker, square);
  return result;
}

const targetSquares = (picker) => targets(picker).map((t) => t.square).sort();

test("nothing is selected at first and a tap on an empty square sends nothing", () => {
  const picker = createPicker(fixture("start"));
  assert.deepEqual(view(picker).targets, []);
  const { picker: after, action } = tap(picker, "e4");
  assert.equal(action.type, "none");
  assert.deepEqual(after.path, []);
});

test("a tap on an enemy piece or a piece with no move sends nothing", () => {
  const picker = createPicker(fixture("start"));
  assert.equal(tap(picker, "e7").action.type, "none");
  assert.equal(tap(picker, "a1").action.type, "none");
});

test("origins are the squares of pieces that have a legal move", () => {
  const picker = createPicker(fixture("start"));
  assert.deepEqual(
    origins(picker).sort(),
    ["a2", "b1", "b2", "c2", "d2", "e2", "f2", "g1", "g2", "h2"],
  );
});

test("selecting a piece marks its first targets with their kinds", () => {
  const { picker, action } = tap(createPicker(fixture("chain")), "a1");
  assert.equal(action.type, "select");
  const marks = Object.fromEntries(targets(picker).map((t) => [t.square, t]));
  assert.deepEqual(Object.keys(marks).sort(), ["a2", "a3", "a4", "b1", "c1", "d1"]);
  assert.equal(marks.a2.kind, "quiet");
  assert.equal(marks.a3.kind, "replacement");
  assert.deepEqual(marks.a3.captures, ["a3"]);
  assert.equal(marks.a4.kind, "jump");
  assert.deepEqual(marks.a4.captures, ["a3"]);
  assert.equal(view(picker).canStop, false);
  assert.equal(view(picker).inChain, false);
});

test("a quiet move is sent at once", () => {
  const { action } = taps(createPicker(fixture("start")), "g1", "f3");
  assert.equal(action.type, "move");
  assert.equal(action.move.text, "Nf3");
  assert.deepEqual(action.move.path, ["g1", "f3"]);
});

test("a three-jump chain is made tap by tap and ends by itself", () => {
  let result = taps(createPicker(fixture("chain")), "a1", "a4");
  assert.equal(result.action.type, "advance");
  let v = view(result.picker);
  assert.equal(v.at, "a4");
  assert.deepEqual(v.removed, ["a3"]);
  assert.deepEqual(targetSquares(result.picker), ["c4"]);
  assert.equal(v.canStop, true);
  assert.equal(v.undoSquare, "a1");

  result = tap(result.picker, "c4");
  assert.equal(result.action.type, "advance");
  v = view(result.picker);
  assert.equal(v.at, "c4");
  assert.deepEqual(v.removed, ["a3", "b4"]);
  assert.deepEqual(targets(result.picker), [{ square: "c6", kind: "jump", captures: ["c5"] }]);

  result = tap(result.picker, "c6");
  assert.equal(result.action.type, "move");
  assert.equal(result.action.move.text, "Ra1:a4:c4:c6");
  assert.deepEqual(result.action.move.captured, ["a3", "b4", "c5"]);
  assert.deepEqual(result.picker.path, []);
});

test("a chain stops early when the piece is tapped again", () => {
  const result = taps(createPicker(fixture("chain")), "a1", "a4", "c4", "c4");
  assert.equal(result.action.type, "move");
  assert.equal(result.action.move.text, "Ra1:a4:c4");
});

test("the last jump is undone by tapping the square it came from", () => {
  let result = taps(createPicker(fixture("chain")), "a1", "a4", "c4", "a4");
  assert.equal(result.action.type, "undo");
  assert.deepEqual(result.picker.path, ["a1", "a4"]);
  assert.deepEqual(view(result.picker).removed, ["a3"]);
  result = tap(result.picker, "a1");
  assert.equal(result.action.type, "undo");
  assert.deepEqual(result.picker.path, ["a1"]);
  assert.equal(view(result.picker).inChain, false);
  result = tap(result.picker, "a1");
  assert.equal(result.action.type, "deselect");
  assert.deepEqual(result.picker.path, []);
});

test("a tap off the chain's targets sends nothing and keeps the chain", () => {
  const before = taps(createPicker(fixture("chain")), "a1", "a4").picker;
  const { picker, action } = tap(before, "h8");
  assert.equal(action.type, "none");
  assert.deepEqual(picker.path, ["a1", "a4"]);
});

test("stopping is refused where the prefix is not itself a legal move", () => {
  // A list where the one-jump prefix is
  // missing, as when stopping there would leave the king in check (RULES §2).
  const moves = [
    { text: "Ra1:a4:c4", path: ["a1", "a4", "c4"], captured: ["a3", "b4"], promotion: null, kind: "jump" },
    { text: "Ra1:a4:c4:c6", path: ["a1", "a4", "c4", "c6"], captured: ["a3", "b4", "c5"], promotion: null, kind: "jump" },
  ];
  let result = taps(createPicker(moves), "a1", "a4");
  assert.equal(result.action.type, "advance");
  assert.equal(view(result.picker).canStop, false);
  result = tap(result.picker, "a4");
  assert.equal(result.action.type, "none");
  assert.deepEqual(result.picker.path, ["a1", "a4"]);
  result = taps(result.picker, "c4", "c4");
  assert.equal(result.action.move.text, "Ra1:a4:c4");
});

test("a chain branches: each landing offers the next ones", () => {
  const result = taps(createPicker(fixture("branching_chain")), "c1", "c4");
  assert.equal(result.action.type, "advance");
  assert.deepEqual(targetSquares(result.picker), ["a4", "e4"]);
  assert.equal(tap(result.picker, "a4").action.move.text, "Rc1:c4:a4");
  assert.equal(tap(result.picker, "e4").action.move.text, "Rc1:c4:e4+");
});

test("a chain may come back to its origin square (RULES §7)", () => {
  let result = taps(createPicker(fixture("queen_loop")), "c4", "a6", "c8", "e6");
  assert.equal(result.action.type, "advance");
  assert.deepEqual(view(result.picker).removed, ["b5", "b7", "d7"]);
  assert.deepEqual(targetSquares(result.picker), ["c4"]);
  result = tap(result.picker, "c4");
  assert.equal(result.action.type, "move");
  assert.equal(result.action.move.text, "Qc4:a6:c8:e6:c4");
  result = taps(createPicker(fixture("queen_loop")), "c4", "e6", "c8", "a6", "c4");
  assert.equal(result.action.move.text, "Qc4:e6:c8:a6:c4");
});

test("a sweep's target lists every piece it would take", () => {
  const { picker } = tap(createPicker(fixture("sweep")), "a1");
  const sweep = targets(picker).find((t) => t.square === "b3");
  assert.equal(sweep.kind, "sweep");
  assert.deepEqual(sweep.captures.sort(), ["a2", "a3"]);
  const quiet = targets(picker).find((t) => t.square === "c2");
  assert.equal(quiet.kind, "quiet");
  const { action } = tap(picker, "b3");
  assert.equal(action.move.text, "N~b3");
});

test("promotion by a step offers the four choices", () => {
  const { picker, action } = taps(createPicker(fixture("step_promotion")), "b7", "b8");
  assert.equal(action.type, "promote");
  assert.deepEqual(action.choices.map((m) => m.promotion).sort(), ["b", "n", "q", "r"]);
  assert.deepEqual(picker.path, ["b7", "b8"]);
  assert.equal(choosePromotion(picker, "n").text, "b8=N");
  assert.equal(choosePromotion(picker, "Q").text, "b8=Q+");
  assert.equal(choosePromotion(picker, "k"), null);
  assert.deepEqual(cancel(picker).path, []);
});

test("promotion by a jump ends the chain and opens the chooser", () => {
  let result = taps(createPicker(fixture("pawn_chain_promotion")), "b4", "d6");
  assert.equal(result.action.type, "advance");
  assert.equal(view(result.picker).canStop, true);
  result = tap(result.picker, "f8");
  assert.equal(result.action.type, "promote");
  assert.equal(result.action.choices.length, 4);
  assert.equal(choosePromotion(result.picker, "q").text, "b4:d6:f8=Q+");
  assert.deepEqual(choosePromotion(result.picker, "r").captured, ["c5", "e7"]);
});

test("castling, en passant and replacement are one-tap targets of their kind", () => {
  const castle = tap(createPicker(fixture("castling")), "e1").picker;
  const kinds = Object.fromEntries(targets(castle).map((t) => [t.square, t.kind]));
  assert.equal(kinds.g1, "castle");
  assert.equal(kinds.c1, "castle");
  assert.equal(tap(castle, "g1").action.move.text, "O-O");
  const ep = tap(createPicker(fixture("en_passant")), "e5").picker;
  const mark = targets(ep).find((t) => t.square === "d6");
  assert.equal(mark.kind, "en_passant");
  assert.deepEqual(mark.captures, ["d5"]);
});

test("tapping another own piece switches the selection", () => {
  const { picker, action } = taps(createPicker(fixture("start")), "g1", "b1");
  assert.equal(action.type, "select");
  assert.deepEqual(picker.path, ["b1"]);
  assert.deepEqual(targetSquares(picker), ["a3", "c3"]);
});

test("a tap on an unreachable square drops the selection and sends nothing", () => {
  const { picker, action } = taps(createPicker(fixture("start")), "g1", "g4");
  assert.equal(action.type, "deselect");
  assert.deepEqual(picker.path, []);
});

test("black's chains work the same way", () => {
  const { action } = taps(createPicker(fixture("black_chain")), "a8", "a1");
  assert.equal(action.move.text, "Ra8:a1+");
});

test("a drop is a select and a tap; a drop that fits nothing sends nothing", () => {
  const picker = createPicker(fixture("start"));
  assert.equal(drop(picker, "e2", "e4").action.move.text, "e4");
  assert.equal(drop(picker, "e2", "e5").action.type, "none");
  assert.equal(drop(picker, "e7", "e5").action.type, "none");
  const chain = drop(createPicker(fixture("chain")), "a1", "a4");
  assert.equal(chain.action.type, "advance");
  assert.deepEqual(chain.picker.path, ["a1", "a4"]);
});

test("no legal moves (game over) selects nothing", () => {
  const picker = createPicker([]);
  assert.equal(tap(picker, "e2").action.type, "none");
  assert.deepEqual(origins(picker), []);
});

test("moveForPath finds a whole path's move, with its promotion", () => {
  const moves = fixture("pawn_chain_promotion");
  assert.equal(moveForPath(moves, ["b4", "d6", "f8"], "n").text, "b4:d6:f8=N");
  assert.equal(moveForPath(moves, ["b4", "d6"]).text, "b4:d6");
  assert.equal(moveForPath(moves, ["b4", "d5"]), null);
});

test("every legal move of every fixture can be made by tapping its path", () => {
  for (const name of ["start", "chain", "queen_loop", "pawn_chain_promotion", "sweep", "castling",
    "en_passant", "step_promotion", "branching_chain", "black_chain", "mate"]) {
    const moves = fixture(name);
    for (const move of moves) {
      let result = tap(createPicker(moves), move.path[0]);
      assert.equal(result.action.type, "select", `${name} ${move.text}`);
      for (const square of move.path.slice(1)) result = tap(result.picker, square);
      if (result.action.type === "advance") result = tap(result.picker, move.path.at(-1));
      let chosen = result.action.move;
      if (result.action.type === "promote") chosen = choosePromotion(result.picker, move.promotion);
      assert.equal(chosen && chosen.text, move.text, `${name} ${move.text}`);
    }
  }
});
