// The board's play layer (static/js/board.js), its pure parts: what the board shows for a
// selection, a chain in progress, a promotion's choice, a move awaiting its answer and a
// premove being entered, what a drag and a drop do, and another's chain replayed jump by jump.
// The legal moves are the server's (fixtures written by make_fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  dragStart, dropOn, parseFen, playMarks, promotionOf, replayFrames,
} from "../../static/js/board.js";
import * as paths from "../../static/js/paths.js";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url)));
const CHAIN = fixture("chain"); // the rook's chain Ra1:a4:c4:c6 over a3, b4 and c5
const live = { lastMove: null, check: null, interactive: true, premove: null };

function marks(picker, extra = {}) {
  return playMarks({
    picker, pieces: parseFen(CHAIN.fen), position: live, pending: null, promotion: null,
    orientation: "white", animate: null, ...extra,
  });
}

const tapAll = (picker, ...squares) =>
  squares.reduce((p, square) => paths.tap(p, square).picker, picker);

test("the pieces that may move are marked, and a selected piece shows its landings", () => {
  const picker = paths.createPicker(CHAIN.legal_moves);
  assert.deepEqual(new Set(marks(picker).movable), new Set(paths.origins(picker)));
  const selected = marks(tapAll(picker, "a1"));
  assert.equal(selected.selected, "a1");
  assert.ok(selected.dests.some((d) => d.square === "a4" && d.kind === "jump"));
  assert.deepEqual(selected.victims, ["a3"]);
});

test("in a chain the piece stands on its landing and each jumped piece is shown taken", () => {
  const shown = marks(tapAll(paths.createPicker(CHAIN.legal_moves), "a1", "a4", "c4"));
  assert.equal(shown.pieces.get("c4"), "wR");
  assert.equal(shown.pieces.has("a1"), false);
  assert.deepEqual(shown.removed, ["a3", "b4"]);
  assert.deepEqual(shown.trail, ["a1", "a4"]);
  assert.equal(shown.undo, "a4");
  assert.deepEqual(shown.lastMove, []);
  assert.deepEqual(shown.dests.map((d) => d.square), ["c6"]);
});

test("a move awaiting its answer is shown played, and the board takes no tap meanwhile", () => {
  const chain = CHAIN.legal_moves.find((move) => move.text === "Ra1:a4:c4:c6");
  const shown = marks(paths.createPicker(CHAIN.legal_moves), { pending: chain });
  assert.equal(shown.pieces.get("c6"), "wR");
  for (const square of chain.captured) assert.equal(shown.pieces.has(square), false);
  assert.deepEqual(shown.lastMove, chain.path);
  assert.deepEqual([shown.interactive, shown.movable, shown.check], [false, [], null]);
});

test("a premove being entered is marked and takes taps while the board is not the player's", () => {
  const position = { ...live, interactive: false, premove: ["a1", "a4"] };
  const shown = marks(paths.createPicker([]), { position });
  assert.deepEqual([shown.selected, shown.premove, shown.interactive], ["a1", ["a1", "a4"], true]);
  const none = marks(paths.createPicker([]), { position: { ...position, premove: null } });
  assert.deepEqual([none.premove, none.interactive], [[], false]);
});

test("a promotion's path offers its letters in the colour of the piece promoted", () => {
  const step = fixture("step_promotion");
  const { picker, action } = paths.tap(tapAll(paths.createPicker(step.legal_moves), "b7"), "b8");
  assert.equal(action.type, "promote");
  const promotion = promotionOf(picker, parseFen(step.fen));
  assert.deepEqual(promotion, { square: "b8", color: "white", choices: ["q", "r", "b", "n"] });
  const shown = playMarks({
    picker, pieces: parseFen(step.fen), position: live, pending: null, promotion,
    orientation: "white", animate: null,
  });
  assert.equal(shown.pieces.get("b8"), "wP");
  assert.deepEqual([shown.dests, shown.selected, shown.undo], [[], null, null]);
});

test("a drag starts a selection only outside a chain; a drop in a chain is its next landing", () => {
  const picker = paths.createPicker(CHAIN.legal_moves);
  assert.equal(dragStart(picker, "a1").action.type, "select");
  assert.equal(dragStart(picker, "h8"), null);
  const inChain = tapAll(picker, "a1", "a4");
  assert.equal(dragStart(inChain, "a4"), null);
  assert.deepEqual(dropOn(inChain, "a4", "c4").picker.path, ["a1", "a4", "c4"]);
  const whole = dropOn(picker, "a1", "a4");
  assert.deepEqual(whole.picker.path, ["a1", "a4"]);
});

test("another's chain is replayed one jump a frame, each jumped piece leaving as it is jumped", () => {
  const chain = CHAIN.legal_moves.find((move) => move.text === "Ra1:a4:c4:c6");
  const frames = replayFrames(parseFen(CHAIN.fen), chain, "black");
  assert.equal(frames.length, chain.path.length - 1);
  frames.forEach((frame, k) => {
    assert.equal(frame.pieces.get(chain.path[k + 1]), "wR");
    assert.deepEqual(frame.removed, [chain.captured[k]], `frame ${k}: the piece jumped now fades`);
    for (const gone of chain.captured.slice(0, k)) assert.equal(frame.pieces.has(gone), false);
    assert.deepEqual(frame.animate, { from: chain.path[k], to: chain.path[k + 1] });
    assert.equal(frame.orientation, "black");
  });
});
