// Board geometry (static/js/geometry.js) and placements (static/js/placement.js): pure
// functions over the boards of every game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  createGeometry, parseSquare, squareName, squaresBetween, stepCaptures,
} from "../../static/js/geometry.js";
import { applyPath, fenTurn, parsePlacement } from "../../static/js/placement.js";

function variant(id) {
  const url = new URL(`./fixtures/variants/${id}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8"));
}

test("square names run a to l and 1 to 12 and read back", () => {
  assert.deepEqual(parseSquare("a1"), [0, 0]);
  assert.deepEqual(parseSquare("j10"), [9, 9]);
  assert.deepEqual(parseSquare("l12"), [11, 11]);
  assert.equal(parseSquare("31"), null);
  assert.equal(parseSquare("a"), null);
  assert.equal(squareName(11, 11), "l12");
});

test("a dark board uses the squares of a1's colour, a mirrored one the others", () => {
  const dark = createGeometry({ files: 10, ranks: 10, playable: "dark" });
  assert.equal(dark.used.size, 50);
  assert.ok(dark.isUsed("a1") && dark.isUsed("j10") && !dark.isUsed("b1"));
  assert.ok(dark.isDark("a1") && !dark.isDark("b1"));
  const light = createGeometry({ files: 8, ranks: 8, playable: "light" });
  assert.equal(light.used.size, 32);
  assert.ok(light.isUsed("h1") && light.isUsed("b1") && !light.isUsed("a1"));
  assert.ok(light.isDark("h1") && !light.isDark("a1"), "the used squares are drawn dark");
  const all = createGeometry({ files: 8, ranks: 8, playable: "all" });
  assert.equal(all.used.size, 64);
  assert.ok(all.isDark("a1") && !all.isDark("h1"), "coloured as a chess board");
  const points = createGeometry({ files: 5, ranks: 5, playable: "points", lines: [] });
  assert.equal(points.used.size, 25);
  assert.ok(points.points && !points.isDark("a1"));
});

test("squares are listed from White's far side, and placed on screen for either side", () => {
  const g = createGeometry({ files: 12, ranks: 12, playable: "dark" });
  assert.equal(g.squares.length, 144);
  assert.deepEqual([g.squares[0], g.squares[11], g.squares[143]], ["a12", "l12", "l1"]);
  assert.deepEqual(g.xy("a1", "white"), [0, 11]);
  assert.deepEqual(g.xy("a1", "black"), [11, 0]);
  assert.deepEqual(g.xy("l12", "white"), [11, 0]);
  for (const square of g.squares) {
    for (const side of ["white", "black"]) assert.equal(g.at(...g.xy(square, side), side), square);
  }
  assert.equal(g.at(12, 0), null);
});

test("a numbered board names its used squares by number and reads numbers back", () => {
  const g = createGeometry(variant("international").board);
  assert.equal(g.label("b10"), "1");
  assert.equal(g.label("a1"), "46");
  assert.equal(g.label("b1"), "b1", "an unused square keeps its name");
  assert.equal(g.fromLabel("46"), "a1");
  assert.equal(g.fromLabel(" 5 "), "j10");
  assert.equal(g.fromLabel("c3"), "c3");
  assert.equal(g.fromLabel("51"), null);
  const plain = createGeometry(variant("russian").board);
  assert.equal(plain.numbered, false);
  assert.equal(plain.label("c3"), "c3");
  assert.equal(plain.fromLabel("31"), null);
});

test("squaresBetween walks files, ranks and diagonals, and nothing else", () => {
  assert.deepEqual(squaresBetween("a1", "a4"), ["a2", "a3"]);
  assert.deepEqual(squaresBetween("a1", "e5"), ["b2", "c3", "d4"]);
  assert.deepEqual(squaresBetween("j2", "g5"), ["i3", "h4"]);
  assert.deepEqual(squaresBetween("b10", "b12"), ["b11"]);
  assert.deepEqual(squaresBetween("a1", "b3"), []);
  assert.deepEqual(squaresBetween("a1", "b2"), []);
});

test("a flying king's jumps take the piece between its landings, in any list order", () => {
  // International: a king a1 x (c3) f6 x (g5) h4; the list may name the pieces in any order.
  const move = { path: ["a1", "f6", "h4"], captured: ["g5", "c3"], kind: "jump" };
  assert.deepEqual(stepCaptures(move), [["c3"], ["g5"]]);
});

test("a jump over the square of a piece taken earlier in the move takes only the new piece", () => {
  // Thai: taken pieces leave at once. The king on c3 takes d4 landing on e5, then comes back
  // down the diagonal over the emptied d4 and its own origin c3 to take b2 and land on a1.
  const move = { path: ["c3", "e5", "a1"], captured: ["d4", "b2"], kind: "jump" };
  assert.deepEqual(stepCaptures(move), [["d4"], ["b2"]]);
});

test("Chesskers chains keep their order; sweeps and replacements take nothing step by step", () => {
  const chain = { path: ["a1", "a4", "c4", "c6"], captured: ["a3", "b4", "c5"], kind: "jump" };
  assert.deepEqual(stepCaptures(chain), [["a3"], ["b4"], ["c5"]]);
  assert.deepEqual(stepCaptures({ path: ["a1", "b3"], captured: ["a2", "a3"], kind: "sweep" }),
    [[]]);
  assert.deepEqual(stepCaptures({ path: ["d1", "d8"], captured: ["d8"], kind: "replacement" }),
    [[]]);
  assert.deepEqual(stepCaptures({ path: ["d5"], captured: ["d5"], kind: "removal" }), []);
});

test("a jump whose landings share no line takes the captured piece of its index", () => {
  const leap = { path: ["a1", "b3", "d4"], captured: ["x1", "x2"], kind: "jump" };
  assert.deepEqual(stepCaptures(leap), [["x1"], ["x2"]]);
});

test("a PDN FEN gives men, kings and parachutists on named or numbered squares", () => {
  const intl = variant("international");
  const pieces = parsePlacement("W:W31-33,K46:B 1, K 5 ,20:H0:F1", intl);
  assert.deepEqual([...pieces].sort(), [
    ["a1", "wK"], ["b4", "wM"], ["d4", "wM"], ["f4", "wM"], ["b10", "bM"], ["j10", "bK"],
    ["i7", "bM"],
  ].sort());
  const parachute = parsePlacement(variant("parachute").start_fen, variant("parachute"));
  assert.equal(parachute.get("h8"), "wP");
  assert.equal(parachute.get("b2"), "wM");
  const russian = parsePlacement("B:WKa1,c3:Bh8:H3:F20", variant("russian"));
  assert.deepEqual([...russian].sort(), [["a1", "wK"], ["c3", "wM"], ["h8", "bM"]]);
  assert.equal(parsePlacement("W:W:B", variant("russian")).size, 0);
});

test("the side to move is read from either FEN style", () => {
  assert.equal(fenTurn("B:W21:B1:H0:F1"), "black");
  assert.equal(fenTurn("W:W21:B1"), "white");
  assert.equal(fenTurn("1c1k1k1b/p1p1p1p1/1p1p1p1p/8/8/P1P1P1P1/1P1P1P1P/B1K1K1C1 b - - 0 1"),
    "black");
  assert.equal(fenTurn("B7/8/8/8/8/8/8/k6K w - - 0 1"), "white");
});

test("a chess FEN reads each game's letters", () => {
  const start = variant("byelorussian-cheskers").start_fen;
  const pieces = parsePlacement(start, variant("byelorussian-cheskers"));
  assert.equal(pieces.get("b1"), "wN");
  assert.equal(pieces.get("c1"), "wM");
  assert.equal(pieces.get("b8"), "bM");
  assert.equal(pieces.get("a6"), "bP");
  const chesskers = parsePlacement("4k3/8/8/2p5/1p6/p7/8/R3K3 w - - 0 1");
  assert.equal(chesskers.get("a1"), "wR");
});

test("applyPath removes a Hawaiian piece in place and lands a flying king's capture", () => {
  const start = parsePlacement(variant("hawaiian").start_fen, variant("hawaiian"));
  const after = applyPath(start, { path: ["d5"], captured: ["d5"], kind: "removal" });
  assert.equal(after.size, 63);
  assert.equal(after.get("d5"), undefined);
  const king = parsePlacement("W:WKa1:Bc3,g5,j10", variant("international"));
  const taken = applyPath(king, { path: ["a1", "f6", "h4"], captured: ["c3", "g5"] });
  assert.deepEqual([...taken].sort(), [["h4", "wK"], ["j10", "bM"]]);
  const crowned = applyPath(parsePlacement("W:Wb7:Bh2", variant("russian")),
    { path: ["b7", "a8"], captured: [], promotion: "k" });
  assert.equal(crowned.get("a8"), "wK");
});
