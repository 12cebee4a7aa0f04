// What the server sends in pieces, put back together (static/js/wire.js): parts joined, a game's
// moves kept from what changed, the lobby's and the watch page's lists changed in place.
import { test } from "node:test";
import assert from "node:assert/strict";

import { applyChallenge, changeList, createPartJoiner, mergeMoves } from "../../static/js/wire.js";

function partsOf(message, size) {
  const text = JSON.stringify(message);
  const count = Math.ceil(text.length / size);
  return Array.from({ length: count }, (_, index) => ({
    type: "part", id: 7, index, count, text: text.slice(index * size, (index + 1) * size),
  }));
}

test("a message in parts comes whole once its last part is in", () => {
  const join = createPartJoiner();
  const state = { type: "state", ply: 3, moves: [{ text: "e4" }, { text: "e5" }] };
  const parts = partsOf(state, 10);
  assert.ok(parts.length > 2);
  for (const part of parts.slice(0, -1)) assert.equal(join(part), null);
  assert.deepEqual(join(parts.at(-1)), state);
});

test("a message that is not a part passes through, between parts of another", () => {
  const join = createPartJoiner();
  const parts = partsOf({ type: "seeks", seeks: [] }, 8);
  assert.equal(join(parts[0]), null);
  assert.deepEqual(join({ type: "pong" }), { type: "pong" });
  let whole = null;
  for (const part of parts.slice(1)) whole = join(part);
  assert.deepEqual(whole, { type: "seeks", seeks: [] });
});

test("parts that come out of order still join in their order", () => {
  const join = createPartJoiner();
  const parts = partsOf({ type: "state", ply: 1 }, 5);
  const shuffled = [parts.at(-1), ...parts.slice(0, -1)];
  const answers = shuffled.map(join);
  assert.deepEqual(answers.at(-1), { type: "state", ply: 1 });
  assert.ok(answers.slice(0, -1).every((answer) => answer === null));
});

test("a state's moves replace the list from its moves_from on", () => {
  const moves = [{ ply: 0 }, { ply: 1 }];
  // A move played: the state carries it alone.
  assert.deepEqual(mergeMoves(moves, { moves_from: 2, moves: [{ ply: 2 }] }).map((m) => m.ply),
    [0, 1, 2]);
  // The same state heard twice changes nothing.
  const once = mergeMoves(moves, { moves_from: 1, moves: [{ ply: 1 }] });
  assert.deepEqual(mergeMoves(once, { moves_from: 1, moves: [{ ply: 1 }] }), once);
  // A takeback: the list ends with the move the state ends with.
  assert.deepEqual(mergeMoves(moves, { moves_from: 0, moves: [{ ply: 0 }] }), [{ ply: 0 }]);
  // The whole game.
  assert.deepEqual(mergeMoves(moves, { moves_from: 0, moves: [] }), []);
});

test("a state past the end of the list is a gap: null, and the caller syncs", () => {
  assert.equal(mergeMoves([{ ply: 0 }], { moves_from: 2, moves: [{ ply: 2 }] }), null);
});

test("a list takes what was added (replacing the same id) and loses what was removed", () => {
  const list = [{ id: "a", n: 1 }, { id: "b", n: 1 }, { id: "c", n: 1 }];
  const changed = changeList(list, [{ id: "b", n: 2 }, { id: "d", n: 1 }], ["a"]);
  assert.deepEqual(changed, [{ id: "b", n: 2 }, { id: "c", n: 1 }, { id: "d", n: 1 }]);
  // Removing what is not there, or adding what was removed in the same change, leaves it out.
  assert.deepEqual(changeList(list, [{ id: "e" }], ["e", "z"]), list);
});

test("a challenge's news puts it in or takes it out of the right list", () => {
  const none = { incoming: [], outgoing: [] };
  const toMe = { id: "c1", challenger: "bob", to: "alice", state: "open" };
  const mine = { id: "c2", challenger: "alice", to: "bob", state: "open" };
  let lists = applyChallenge(applyChallenge(none, toMe, "alice"), mine, "alice");
  assert.deepEqual(lists, { incoming: [toMe], outgoing: [mine] });
  // Heard twice, it is still there once.
  assert.deepEqual(applyChallenge(lists, toMe, "alice"), lists);
  // Declined, accepted or cancelled: gone from wherever it was.
  lists = applyChallenge(lists, { ...mine, state: "declined" }, "alice");
  lists = applyChallenge(lists, { ...toMe, state: "accepted" }, "alice");
  assert.deepEqual(lists, none);
});
