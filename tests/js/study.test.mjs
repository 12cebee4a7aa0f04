// A study's tree as the page keeps it (static/js/study_model.js): the server's changes applied
// in the order of the chapter's revisions, whether they come as this page's answers or over the
// socket; a missed change noticed; the node shown kept, or its nearest ancestor still there.
import { test } from "node:test";
import assert from "node:assert/strict";

import { lineFrom } from "../../static/js/analysis_model.js";
import {
  addressedNode, applyChange, changeFits, stillShown, toggledGlyph, treeOfChapter,
} from "../../static/js/study_model.js";

function node(id, parent, text, children = []) {
  return {
    id, parent, ply: parent === null ? 0 : 1, fen: `fen-${id}`, text, children,
    move: parent === null ? null : { path: [], captured: [], kind: "" }, glyph: "", comment: "",
  };
}

// The start, e4 (1) and its side line d4 (2); e5 (3) after e4.
const chapter = {
  revision: 3,
  tree: {
    next: 4,
    nodes: {
      0: node("0", null, "", ["1", "2"]),
      1: node("1", "0", "e4", ["3"]),
      2: node("2", "0", "d4"),
      3: node("3", "1", "e5"),
    },
  },
};

test("a chapter from the server is the analysis board's tree", () => {
  const tree = treeOfChapter(chapter);
  assert.equal(tree.root, "0");
  assert.deepEqual(lineFrom(tree, tree.root), ["0", "1", "3"]);
});

test("changes apply in the order of revisions; a gap asks for the chapter again", () => {
  assert.equal(changeFits(3, 4), "apply");
  assert.equal(changeFits(3, 3), "skip"); // the socket's copy of this page's own change
  assert.equal(changeFits(3, 2), "skip");
  assert.equal(changeFits(3, 5), "reload");
});

test("a move played joins its parent's moves, once", () => {
  const tree = treeOfChapter(chapter);
  const played = node("4", "3", "Nf3");
  const after = applyChange(tree, { op: "play", node: played });
  assert.deepEqual(after.nodes["3"].children, ["4"]);
  assert.equal(after.next, 5);
  assert.deepEqual(tree.nodes["3"].children, []); // the tree given is left as it was
  assert.equal(applyChange(after, { op: "play", node: played }), after);
});

test("a deleted line goes with every move after it; the page shows what is left", () => {
  const tree = treeOfChapter(chapter);
  const after = applyChange(tree, { op: "delete", node: "1", removed: ["1", "3"] });
  assert.deepEqual(Object.keys(after.nodes).sort(), ["0", "2"]);
  assert.deepEqual(after.nodes["0"].children, ["2"]);
  assert.equal(stillShown(tree, after, "3"), "0");
  assert.equal(stillShown(tree, after, "2"), "2");
});

test("a promotion takes the fork's new order; a note its glyph and comment", () => {
  const tree = treeOfChapter(chapter);
  const promoted = applyChange(tree, { op: "promote", node: "0", children: ["2", "1"] });
  assert.deepEqual(lineFrom(promoted, "0"), ["0", "2"]);
  const noted = applyChange(tree, { op: "note", node: "3", glyph: "!", comment: "Solid" });
  assert.deepEqual([noted.nodes["3"].glyph, noted.nodes["3"].comment], ["!", "Solid"]);
  assert.equal(tree.nodes["3"].comment, "");
});

test("a position's shapes are replaced as drawn; a deleted node's are nobody's", () => {
  const tree = treeOfChapter(chapter);
  const drawn = applyChange(tree, { op: "shapes", node: "0", shapes: ["Ge2e4", "Rd5"] });
  assert.deepEqual(drawn.nodes["0"].shapes, ["Ge2e4", "Rd5"]);
  assert.equal(tree.nodes["0"].shapes, undefined);
  const cleared = applyChange(drawn, { op: "shapes", node: "0", shapes: [] });
  assert.deepEqual(cleared.nodes["0"].shapes, []);
  assert.equal(applyChange(tree, { op: "shapes", node: "99", shapes: ["Ge4"] }), tree);
});

test("a glyph tapped twice comes off; the address names a node of the tree", () => {
  assert.equal(toggledGlyph("", "!?"), "!?");
  assert.equal(toggledGlyph("!?", "!?"), "");
  assert.equal(toggledGlyph("!", "?"), "?");
  const tree = treeOfChapter(chapter);
  assert.equal(addressedNode(tree, "#3"), "3");
  assert.equal(addressedNode(tree, "#99"), "0");
  assert.equal(addressedNode(tree, ""), "0");
});
