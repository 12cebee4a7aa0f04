// Conditional premoves' box on a correspondence game's page (static/js/conditional.js): the
// lines read from what is typed, the text of the lines the server keeps, and the line under it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { keptText, linesOf, textOf } from "../../static/js/conditional.js";

test("a row is a line, its moves apart by any spaces; empty rows are left out", () => {
  assert.deepEqual(linesOf("e5 Nf3  Nc6 Bb5\n\n  d5\texd5 \n"), [
    ["e5", "Nf3", "Nc6", "Bb5"],
    ["d5", "exd5"],
  ]);
  assert.deepEqual(linesOf("   \n"), []);
});

test("the lines kept are written back one a row, and counted under the box", () => {
  const lines = [["e5", "Nf3"], ["c3-d4", "f6-g5", "d4xf6", "g7xe5"]];
  assert.equal(textOf(lines), "e5 Nf3\nc3-d4 f6-g5 d4xf6 g7xe5");
  assert.deepEqual(linesOf(textOf(lines)), lines);
  assert.equal(keptText(lines), "Saved: 2 lines.");
  assert.equal(keptText([["e5", "Nf3"]]), "Saved: 1 line.");
  assert.equal(keptText([]), "No conditional premoves.");
});
