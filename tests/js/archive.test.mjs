// The pure helpers of the archive's game page: the evaluation graph's geometry and the notes
// the move list shows beside each move.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  judgementText, nextJudged, notesByPly, sideLineText,
} from "../../static/js/annotations.js";
import { GRAPH_HEIGHT, GRAPH_WIDTH, areaPath, indexAt, squash, xOf } from "../../static/js/evalgraph.js";

test("squash keeps the sign, is 0 at 0 and ±1 from a clear win on", () => {
  assert.equal(squash(0), 0);
  assert.ok(squash(100) > 0 && squash(100) < 1);
  assert.equal(squash(-100), -squash(100));
  assert.equal(squash(1000), 1);
  assert.equal(squash(-100000), -1);
});

test("positions spread over the width and a click picks the nearest", () => {
  assert.equal(xOf(0, 15), 0);
  assert.equal(xOf(14, 15), GRAPH_WIDTH);
  assert.equal(indexAt(GRAPH_WIDTH / 2, 15), 7);
  assert.equal(indexAt(-5, 15), 0);
  assert.equal(indexAt(GRAPH_WIDTH + 9, 15), 14);
  assert.equal(indexAt(300, 1), 0);
});

test("White's area rises from the bottom edge through every evaluation, in index order", () => {
  const d = areaPath([{ index: 2, score: -100000 }, { index: 0, score: 0 }, { index: 1, score: 1000 }], 3);
  const mid = GRAPH_HEIGHT / 2;
  const bottom = GRAPH_HEIGHT;
  assert.equal(d, `M0,${bottom} L0,${mid} L300,0 L600,${bottom} L600,${bottom} Z`);
  assert.equal(areaPath([], 3), "");
});

test("notes gather each ply's glyphs once, its comments and the analysis' judgement", () => {
  const notes = notesByPly(
    [
      { ply: 3, glyph: "!!", comment: "" },
      { ply: 3, glyph: "!!", comment: "Mate." },
      { ply: 3, glyph: "?!", comment: "" },
      { ply: 0, glyph: "", comment: "Opening." },
    ],
    { plies: [{ ply: 8, judgement: "blunder", better: "Bxh6" }, { ply: 0, judgement: null }] },
  );
  assert.deepEqual(notes.get(3), { glyphs: "!! ?!", commented: true, judgement: null, better: null });
  assert.deepEqual(notes.get(0), { glyphs: "", commented: true, judgement: null, better: null });
  assert.equal(judgementText(notes.get(8)), "Blunder (Bxh6 was better)");
  assert.equal(judgementText(notes.get(0)), "");
});

test("side lines are counted on the move they replace and written with their branches", () => {
  const annotations = [
    { id: 1, ply: 2, parent: null, glyph: "!", comment: "", moves: [] },
    { id: 7, ply: 2, parent: null, glyph: "", comment: "", moves: [
      { move: "g3", glyph: "", comment: "", fen: "a" },
      { move: "Nc6", glyph: "!?", comment: "Calm.", fen: "b" },
    ] },
    { id: 9, ply: 1, parent: 7, glyph: "", comment: "", moves: [
      { move: "d5", glyph: "", comment: "", fen: "c" },
    ] },
  ];
  const notes = notesByPly(annotations);
  assert.equal(notes.get(2).sideLines, 1);
  assert.equal(notes.get(2).glyphs, "!");
  assert.equal(notes.has(1), false); // the branch's ply counts its line's moves, not the game's
  assert.equal(sideLineText(annotations[1], annotations), "g3 Nc6!? {Calm.} (d5)");
});

test("a count of the tally shows the side's next move of that judgement, going round", () => {
  const plies = [
    { ply: 3, side: "black", judgement: "mistake" },
    { ply: 8, side: "white", judgement: "blunder" },
    { ply: 4, side: "white", judgement: "blunder" },
    { ply: 6, side: "white", judgement: "mistake" },
    { ply: 10, side: "white", judgement: null },
  ];
  assert.equal(nextJudged(plies, "white", "blunder", -1), 4);
  assert.equal(nextJudged(plies, "white", "blunder", 4), 8);
  assert.equal(nextJudged(plies, "white", "blunder", 8), 4); // round to the first
  assert.equal(nextJudged(plies, "black", "mistake", 5), 3);
  assert.equal(nextJudged(plies, "black", "blunder", 0), null);
});
