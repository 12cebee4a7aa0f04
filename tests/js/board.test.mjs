// The pure helpers of the board and the move list (no DOM needed to import them).
import { test } from "node:test";
import assert from "node:assert/strict";

import { applyPath, checkedKing, fenTurn, parseFen, pieceName } from "../../static/js/board.js";
import { moveNumber } from "../../static/js/movelist.js";
import { classifyState, socketUrl } from "../../static/js/socket.js";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

test("parseFen reads the placement square by square", () => {
  const pieces = parseFen(START);
  assert.equal(pieces.size, 32);
  assert.equal(pieces.get("e1"), "wK");
  assert.equal(pieces.get("d8"), "bQ");
  assert.equal(pieces.get("g1"), "wN");
  assert.equal(pieces.get("a7"), "bP");
  assert.equal(pieces.get("e4"), undefined);
  assert.deepEqual([...parseFen("4k3/8/8/2p5/1p6/p7/8/R3K3 w - - 0 1")].sort(), [
    ["a1", "wR"], ["a3", "bP"], ["b4", "bP"], ["c5", "bP"], ["e1", "wK"], ["e8", "bK"],
  ]);
});

test("fenTurn reads the side to move", () => {
  assert.equal(fenTurn(START), "white");
  assert.equal(fenTurn("8/8/8/2k5/1p6/p7/8/R6K b - - 0 1"), "black");
});

test("applyPath moves the piece to its last square and empties every captured square", () => {
  const pieces = parseFen("4k3/8/8/2p5/1p6/p7/8/R3K3 w - - 0 1");
  const after = applyPath(pieces, { path: ["a1", "a4", "c4", "c6"], captured: ["a3", "b4", "c5"] });
  assert.deepEqual([...after].sort(), [["c6", "wR"], ["e1", "wK"], ["e8", "bK"]]);
  assert.equal(pieces.get("a1"), "wR", "the input is not changed");
  const promoted = applyPath(parseFen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), {
    path: ["b7", "b8"], captured: [], promotion: "n",
  });
  assert.equal(promoted.get("b8"), "wN");
});

test("checkedKing finds the king in check from the move text and the FEN after it", () => {
  assert.equal(checkedKing("7k/5K2/7N/8/8/8/8/8 b - - 1 1", "Nh6#"), "h8");
  assert.equal(checkedKing("7k/5K2/7N/8/8/8/8/8 b - - 1 1", "Nh6"), null);
  assert.equal(checkedKing("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+"), "e1");
});

test("pieceName names a piece for screen readers", () => {
  assert.equal(pieceName("wN"), "white knight");
  assert.equal(pieceName("bK"), "black king");
});

test("moveNumber numbers moves in pairs from the initial FEN", () => {
  assert.deepEqual(moveNumber(START, 0), { number: 1, color: "white" });
  assert.deepEqual(moveNumber(START, 1), { number: 1, color: "black" });
  assert.deepEqual(moveNumber(START, 2), { number: 2, color: "white" });
  const blackFirst = "8/8/8/2k5/1p6/p7/8/R6K b - - 0 7";
  assert.deepEqual(moveNumber(blackFirst, 0), { number: 7, color: "black" });
  assert.deepEqual(moveNumber(blackFirst, 1), { number: 8, color: "white" });
});

test("socketUrl builds ws:// or wss:// from the page's address", () => {
  assert.equal(socketUrl("/ws/games/x/", { protocol: "http:", host: "a:8000" }), "ws://a:8000/ws/games/x/");
  assert.equal(socketUrl("/ws/games/x/", { protocol: "https:", host: "b.org" }), "wss://b.org/ws/games/x/");
});

test("classifyState ignores older online states, applies takebacks, syncs on a gap", () => {
  const shown = { ply: 10, mode: "online", moves: Array(10).fill({}) };
  assert.equal(classifyState(shown, { ply: 9, mode: "online" }).apply, false);
  assert.deepEqual(classifyState(shown, { ply: 10, mode: "online" }),
    { apply: true, sync: false, answered: false, theirs: false });
  assert.deepEqual(classifyState(shown, { ply: 11, mode: "online" }),
    { apply: true, sync: false, answered: false, theirs: true });
  // A state with the moves from ply 12 on: plies 10 and 11 were missed.
  assert.deepEqual(classifyState(shown, { ply: 13, moves_from: 12, mode: "online" }),
    { apply: false, sync: true, answered: false, theirs: false });
  // The whole game (moves from the first) leaves nothing missing.
  assert.deepEqual(classifyState(shown, { ply: 13, moves_from: 0, mode: "online" }),
    { apply: true, sync: false, answered: false, theirs: false });
  // What came in `moves` messages meanwhile counts as known.
  assert.equal(classifyState(shown, { ply: 13, moves_from: 12, mode: "online" }, null,
    Array(12).fill({})).apply, true);
  assert.equal(classifyState(shown, { ply: 11, mode: "online" }, 10).answered, true);
  assert.equal(classifyState(shown, { ply: 11, mode: "online" }, 10).theirs, false);
  assert.equal(classifyState(shown, { ply: 10, mode: "online" }, 10).answered, false);
  // An online takeback lowers the ply but raises the revision: it is applied; an older
  // revision arriving late is not.
  const revised = { ...shown, revision: 10 };
  assert.equal(classifyState(revised, { ply: 8, revision: 11, moves_from: 7, mode: "online" })
    .apply, true);
  assert.equal(classifyState(revised, { ply: 11, revision: 9, mode: "online" }).apply, false);
  const local = { ply: 10, mode: "local" };
  assert.equal(classifyState(local, { ply: 9, mode: "local" }).apply, true);
  assert.equal(classifyState({ ply: 10, mode: "bot" }, { ply: 8, mode: "bot" }).apply, true);
});
