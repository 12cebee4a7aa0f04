// The tap-by-tap picker (static/js/paths.js) over the move shapes of the other games: legal-move
// lists in the server's shape, written by hand from each game's rules (tests/js/fixtures/games;
// each file says what its position shows).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

import {
  createPicker, tap, view, targets, origins, choosePromotion, promotionChoices, drop,
} from "../../static/js/paths.js";

const DIR = new URL("./fixtures/games/", import.meta.url);

function fixture(name) {
  return JSON.parse(readFileSync(new URL(`${name}.json`, DIR), "utf8")).legal_moves;
}

function taps(picker, ...squares) {
  let result = { picker, action: null };
  for (const square of squares) result = tap(result.picker, square);
  return result;
}

const targetSquares = (picker) => targets(picker).map((t) => t.square).sort();

test("a flying king is offered only the landing it can go on from, far from the jumped piece", () => {
  const { picker, action } = tap(createPicker(fixture("international_flying_king")), "a1");
  assert.equal(action.type, "select");
  assert.deepEqual(targets(picker), [{ square: "f6", kind: "jump", captures: ["c3"] }]);
  assert.deepEqual(origins(picker), ["a1"], "a man with no capture may not move");
});

test("a draughts capture must be completed: stopping half way sends nothing", () => {
  let result = taps(createPicker(fixture("international_flying_king")), "a1", "f6");
  assert.equal(result.action.type, "advance");
  const v = view(result.picker);
  assert.equal(v.canStop, false);
  assert.deepEqual(v.removed, ["c3"]);
  assert.deepEqual(targetSquares(result.picker), ["h4", "i3", "j2"]);
  for (const t of targets(result.picker)) assert.deepEqual(t.captures, ["g5"]);
  result = tap(result.picker, "f6");
  assert.equal(result.action.type, "none");
  assert.deepEqual(result.picker.path, ["a1", "f6"]);
  result = tap(result.picker, "i3");
  assert.equal(result.action.type, "move");
  assert.equal(result.action.move.text, "46x23x40");
});

test("the pieces a king takes are found between its landings, whatever the list's order", () => {
  const moves = fixture("international_flying_king").map((m) => ({
    ...m, captured: [...m.captured].reverse(),
  }));
  const result = taps(createPicker(moves), "a1", "f6");
  assert.deepEqual(view(result.picker).removed, ["c3"]);
  assert.deepEqual(targets(result.picker).map((t) => t.captures), [["g5"], ["g5"], ["g5"]]);
});

test("Hawaiian's opening removal: tap the piece, then tap it again to remove it", () => {
  const picker = createPicker(fixture("hawaiian_start"));
  assert.deepEqual(origins(picker).sort(), ["a8", "d5", "e4", "h1"]);
  let result = tap(picker, "d5");
  assert.equal(result.action.type, "select");
  assert.deepEqual(targets(result.picker), [{ square: "d5", kind: "removal", captures: ["d5"] }]);
  assert.equal(view(result.picker).selected, "d5");
  result = tap(result.picker, "d5");
  assert.equal(result.action.type, "move");
  assert.equal(result.action.move.text, "d5");
  assert.deepEqual(result.picker.path, []);
});

test("a removal offered on one piece switches to another piece and drops on nothing", () => {
  const picker = createPicker(fixture("hawaiian_start"));
  const result = taps(picker, "d5", "e4");
  assert.equal(result.action.type, "select");
  assert.deepEqual(result.picker.path, ["e4"]);
  assert.equal(taps(picker, "d5", "c6").action.type, "deselect");
  assert.equal(drop(picker, "d5", "d4").action.type, "none");
});

test("Hawaiian's straight double jump may stop after the first piece", () => {
  let result = taps(createPicker(fixture("hawaiian_jumps")), "b3", "b5");
  assert.equal(result.action.type, "advance");
  assert.equal(view(result.picker).canStop, true);
  assert.equal(tap(result.picker, "b5").action.move.text, "b3xb5");
  result = tap(result.picker, "b7");
  assert.equal(result.action.move.text, "b3xb5xb7");
  assert.deepEqual(result.action.move.captured, ["b4", "b6"]);
});

test("Dameo's line move is a target of the rear man, beside its single step", () => {
  const picker = tap(createPicker(fixture("dameo_line")), "a1").picker;
  assert.deepEqual(targetSquares(picker), ["a4", "b2"]);
  assert.equal(tap(picker, "a4").action.move.text, "a1-a4");
  const middle = tap(createPicker(fixture("dameo_line")), "a2").picker;
  assert.deepEqual(targetSquares(middle), ["a4", "b3"]);
});

test("an Alquerque man's second jump may go backwards, and the chain must be completed", () => {
  let result = taps(createPicker(fixture("alquerque_chain")), "b2", "d4");
  assert.equal(result.action.type, "advance");
  assert.equal(view(result.picker).canStop, false);
  assert.deepEqual(targets(result.picker), [{ square: "d2", kind: "jump", captures: ["d3"] }]);
  result = tap(result.picker, "d2");
  assert.equal(result.action.move.text, "b2xd4xd2");
});

test("Cheskers promotes at the end of a chain to a king, a bishop or a camel", () => {
  let result = taps(createPicker(fixture("cheskers_promotion")), "b2", "d4");
  assert.equal(view(result.picker).canStop, false, "only chains of two or more are listed");
  result = taps(result.picker, "f6", "h8");
  assert.equal(result.action.type, "promote");
  assert.deepEqual(promotionChoices(result.picker), ["b", "c", "k"]);
  assert.equal(choosePromotion(result.picker, "c").text, "b2:d4:f6:h8=C");
  assert.equal(choosePromotion(result.picker, "K").text, "b2:d4:f6:h8=K");
  assert.equal(choosePromotion(result.picker, "q"), null);
  const twoPieces = taps(createPicker(fixture("cheskers_promotion")), "h2", "f4", "d6");
  assert.equal(twoPieces.action.move.text, "h2:f4:d6");
});

test("Byelorussian and Game Mix pawns offer their own games' promotion pieces", () => {
  const byelorussian = taps(createPicker(fixture("byelorussian_pawn_promotion")), "b7", "b8");
  assert.equal(byelorussian.action.type, "promote");
  assert.deepEqual(promotionChoices(byelorussian.picker), ["q", "r", "b", "n"]);
  const mix = taps(createPicker(fixture("game_mix_promotion")), "b7", "b8");
  assert.equal(mix.action.type, "promote");
  assert.deepEqual(promotionChoices(mix.picker), ["l", "n", "s"]);
  assert.equal(choosePromotion(mix.picker, "s").text, "b8=S");
});

test("a promotion that is no choice is played at once: a checker's dama, a damka's crown", () => {
  const dama = taps(createPicker(fixture("game_mix_dama")), "b7", "c8");
  assert.equal(dama.action.type, "move");
  assert.equal(dama.action.move.text, "Cc8");
  let result = taps(createPicker(fixture("byelorussian_damka")), "b6", "d8");
  assert.equal(result.action.type, "advance");
  assert.equal(view(result.picker).canStop, false);
  assert.deepEqual(targets(result.picker).map((t) => [t.square, t.captures]).sort(),
    [["g5", ["f6"]], ["h4", ["f6"]]]);
  result = tap(result.picker, "h4");
  assert.equal(result.action.type, "move");
  assert.equal(result.action.move.text, "Mb6:d8:h4");
});

test("every legal move of every game fixture can be made by tapping its path", () => {
  const names = readdirSync(DIR).filter((name) => name.endsWith(".json"));
  assert.ok(names.length >= 10);
  for (const name of names.map((n) => n.slice(0, -5))) {
    const moves = fixture(name);
    for (const move of moves) {
      let result = tap(createPicker(moves), move.path[0]);
      assert.equal(result.action.type, "select", `${name} ${move.text}`);
      const rest = move.path.length === 1 ? move.path : move.path.slice(1);
      for (const square of rest) result = tap(result.picker, square);
      if (result.action.type === "advance") result = tap(result.picker, move.path.at(-1));
      let chosen = result.action.move;
      if (result.action.type === "promote") chosen = choosePromotion(result.picker, move.promotion);
      assert.equal(chosen && chosen.text, move.text, `${name} ${move.text}`);
    }
  }
});
