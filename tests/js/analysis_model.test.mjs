// The analysis board's model (static/js/analysis_model.js): the tree of moves with side lines
// added, walked, promoted and deleted; a finished game's tree with its stored side lines; the
// side line a player saves; the tree as text with recursive variations; the engine's scores,
// the eval bar's share and the best move's arrow.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  addMove, arrowPath, createTree, evalShare, lineFrom, onMainLine, pathTo, promote, remove,
  scoreText, sideLineToSave, step, treeOfGame, treeText,
} from "../../static/js/analysis_model.js";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const move = (text) => ({ text, path: [], captured: [], kind: "quiet" });

/** Plays texts from a node; the FENs are stand-ins (the server's, in the page). */
function played(tree, from, texts) {
  let at = from;
  for (const text of texts) ({ tree, id: at } = addMove(tree, at, move(text), `${at}/${text}`));
  return { tree, id: at };
}

test("moves played from a position grow a line, and the same move again is the same node", () => {
  let { tree, id } = played(createTree(START), "0", ["e4", "e5", "Nf3"]);
  assert.equal(tree.nodes[id].ply, 3);
  assert.deepEqual(pathTo(tree, id).map((at) => tree.nodes[at].text), ["", "e4", "e5", "Nf3"]);
  const again = addMove(tree, tree.nodes[id].parent, move("Nf3"), "x");
  assert.equal(again.id, id);
  assert.equal(again.tree, tree);
});

test("a move from an earlier position is a side line, walked with the keys", () => {
  let { tree } = played(createTree(START), "0", ["e4", "e5", "Nf3"]);
  const e4 = tree.nodes["0"].children[0];
  const side = played(tree, e4, ["c5", "Nf3"]);
  tree = side.tree;
  const c5 = tree.nodes[side.id].parent;
  const e5 = tree.nodes[e4].children[0];
  assert.equal(onMainLine(tree, c5), false);
  assert.equal(onMainLine(tree, e5), true);
  assert.equal(step(tree, c5, "up"), e5);
  assert.equal(step(tree, e5, "down"), c5);
  assert.equal(step(tree, e5, "up"), e5); // nothing above the main line
  assert.equal(step(tree, c5, "next"), side.id);
  assert.equal(step(tree, c5, "prev"), e4);
  assert.equal(step(tree, c5, "first"), "0");
  assert.equal(tree.nodes[step(tree, "0", "last")].text, "Nf3");
  assert.equal(step(tree, "0", "last"), lineFrom(tree, "0").at(-1));
});

test("promoting a side line makes it the main line; deleting it leaves its parent", () => {
  let { tree } = played(createTree(START), "0", ["e4", "e5"]);
  const e4 = tree.nodes["0"].children[0];
  const side = played(tree, e4, ["c5", "Nf3"]);
  tree = promote(side.tree, side.id);
  assert.equal(tree.nodes[tree.nodes[e4].children[0]].text, "c5");
  assert.equal(onMainLine(tree, side.id), true);
  assert.equal(promote(tree, side.id), tree); // on the main line: unchanged
  const c5 = tree.nodes[e4].children[0];
  const after = remove(tree, c5);
  assert.equal(after.id, e4);
  assert.deepEqual(after.tree.nodes[e4].children.map((at) => after.tree.nodes[at].text), ["e5"]);
  assert.equal(after.tree.nodes[side.id], undefined);
  assert.equal(remove(after.tree, "0").tree, after.tree); // the start stays
});

test("a game's tree holds its stored side lines, nested ones on their parent's moves", () => {
  const moves = ["f3", "e5", "g4", "Qh4#"].map((text) => ({ ...move(text), fen: text }));
  const sideLines = [
    { id: 7, ply: 2, parent: null, moves: [{ move: "g3", glyph: "", comment: "", fen: "a" },
      { move: "Nc6", glyph: "!?", comment: "Calm.", fen: "b" }] },
    { id: 9, ply: 1, parent: 7, moves: [{ move: "d5", glyph: "", comment: "", fen: "c" }] },
  ];
  const tree = treeOfGame(START, moves, sideLines);
  assert.deepEqual(lineFrom(tree, "0").map((at) => tree.nodes[at].text).slice(1), ["f3", "e5", "g4", "Qh4#"]);
  const e5 = lineFrom(tree, "0")[2];
  const [, g3] = tree.nodes[e5].children;
  assert.equal(tree.nodes[g3].text, "g3");
  assert.equal(tree.nodes[g3].saved, 7);
  const [nc6, d5] = tree.nodes[g3].children.map((at) => tree.nodes[at]);
  assert.equal(nc6.glyph, "!?");
  assert.equal(d5.text, "d5");
  assert.equal(d5.saved, 9);
  assert.equal(
    treeText(tree, { variantName: "Chesskers", usualStart: START }),
    '[Variant "Chesskers"]\n[Result "*"]\n\n'
      + "1. f3 e5 2. g4 (2. g3 Nc6!? {Calm.} (2... d5)) 2... Qh4# *\n",
  );
});

test("the side line saved is the line from its fork; a branch names its stored parent", () => {
  const moves = ["f3", "e5", "g4", "Qh4#"].map((text) => ({ ...move(text), fen: text }));
  let tree = treeOfGame(START, moves);
  const e5 = lineFrom(tree, "0")[2];
  const line = played(tree, e5, ["g3", "Nc6", "Bg2"]);
  tree = line.tree;
  assert.deepEqual(sideLineToSave(tree, line.id), { ply: 2, moves: ["g3", "Nc6", "Bg2"], parent: null });
  assert.equal(sideLineToSave(tree, e5), null); // the main line
  const nc6 = tree.nodes[line.id].parent;
  const branch = played(tree, tree.nodes[nc6].parent, ["d5"]);
  assert.equal(sideLineToSave(branch.tree, branch.id), null); // its parent line is not stored
  const g3 = tree.nodes[tree.nodes[nc6].parent].id;
  const stored = { ...branch.tree, nodes: { ...branch.tree.nodes, [g3]: { ...branch.tree.nodes[g3], saved: 7 } } };
  assert.deepEqual(sideLineToSave(stored, branch.id), { ply: 1, moves: ["d5"], parent: 7 });
});

test("a draughts tree from a FEN is written with its start and PDN's numbering", () => {
  const fen = "B:W31,32:B1,2:H0:F5";
  const { tree } = played(createTree(fen), "0", ["1-6", "31-27"]);
  assert.equal(
    treeText(tree, { variantName: "Checkers", usualStart: "B:W21:B1:H0:F1" }),
    `[Variant "Checkers"]\n[SetUp "1"]\n[FEN "${fen}"]\n[Result "*"]\n\n5. 1-6 31-27 *\n`,
  );
});

test("scores read as people read them, and fill the bar from White's side", () => {
  assert.equal(scoreText({ cp: 35 }), "+0.35");
  assert.equal(scoreText({ cp: -120 }), "-1.20");
  assert.equal(scoreText({ cp: 0 }), "0.00");
  assert.equal(scoreText({ mate: 3 }), "#3");
  assert.equal(scoreText({ mate: -2 }), "-#2");
  assert.equal(evalShare({ cp: 0 }), 0.5);
  assert.ok(evalShare({ cp: 300 }) > 0.7 && evalShare({ cp: 300 }) < 1);
  assert.ok(Math.abs(evalShare({ cp: -300 }) + evalShare({ cp: 300 }) - 1) < 1e-9);
  assert.equal(evalShare({ mate: 1 }), 1);
  assert.equal(evalShare({ mate: -4 }), 0);
  assert.equal(evalShare(null), 0.5);
});

test("the best move's arrow follows its path, a chain landing by landing", () => {
  const legal = [
    { text: "Ra1:a4", path: ["a1", "a4"] },
    { text: "Ra1:a4:a6:a8#", path: ["a1", "a4", "a6", "a8"] },
  ];
  assert.deepEqual(arrowPath(legal, "Ra1:a4:a6:a8#"), ["a1", "a4", "a6", "a8"]);
  assert.equal(arrowPath(legal, "e4"), null);
  assert.equal(arrowPath(undefined, "e4"), null);
});
