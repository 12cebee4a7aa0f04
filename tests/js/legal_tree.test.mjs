// The legal moves' tree (static/js/legal_tree.js) expands to exactly the list the server sends,
// for the positions of tests/js/fixtures/trees (kept current by tests/games/test_legal_tree.py):
// a Chesskers chain lattice and branching chains, International and Turkish multi-captures.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

import { expandLegalTree, withLegalList } from "../../static/js/legal_tree.js";

const dir = new URL("./fixtures/trees/", import.meta.url);
const names = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();

const key = (move) => `${move.text}|${move.path.join("-")}`;
const byText = (moves) => [...moves].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

test("there is a fixture of each kind", () => {
  assert.deepEqual(names, [
    "chesskers_branching.json", "chesskers_lattice.json", "international_multi.json",
    "turkish_multi.json",
  ]);
});

for (const name of names) {
  test(`${name}: the tree expands to exactly the server's list`, () => {
    const data = JSON.parse(readFileSync(new URL(name, dir), "utf8"));
    const moves = expandLegalTree(data.legal_tree);
    assert.equal(moves.length, data.legal_moves.length);
    assert.deepEqual(byText(moves), byText(data.legal_moves));
  });
}

test("a chain's prefix comes before the moves that go on from it", () => {
  const tree = {
    c1: { next: { c4: { moves: [{ text: "Rc1:c4", kind: "jump", captured: ["c3"] }],
      next: { e4: { moves: [{ text: "Rc1:c4:e4+", kind: "jump", captured: ["c3", "d4"] }] } } } } },
  };
  assert.deepEqual(expandLegalTree(tree), [
    { text: "Rc1:c4", path: ["c1", "c4"], captured: ["c3"], promotion: null, kind: "jump" },
    { text: "Rc1:c4:e4+", path: ["c1", "c4", "e4"], captured: ["c3", "d4"], promotion: null,
      kind: "jump" },
  ]);
});

test("a state with a tree gets the list; a state with a list is left as it is", () => {
  const tree = { b7: { next: { b8: { moves: [{ text: "b8=N", kind: "quiet", promotion: "n" }] } } } };
  assert.deepEqual(withLegalList({ ply: 3, legal_tree: tree }), {
    ply: 3,
    legal_moves: [{ text: "b8=N", path: ["b7", "b8"], captured: [], promotion: "n", kind: "quiet" }],
  });
  const listed = { ply: 3, legal_moves: [] };
  assert.equal(withLegalList(listed), listed);
  assert.deepEqual(withLegalList({ ply: 9, legal_tree: {} }), { ply: 9, legal_moves: [] });
});
