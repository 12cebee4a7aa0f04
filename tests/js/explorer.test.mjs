// The opening explorer's figures (static/js/explorer.js): shares that add up, its address, its
// rows matched to the board's legal moves.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  explorerRows, explorerUrl, percentText, resultsText, shares,
} from "../../static/js/explorer.js";

test("the three shares are whole percents that always add up to 100", () => {
  assert.deepEqual(shares({ white: 1, draws: 1, black: 1 }), { white: 34, draws: 33, black: 33 });
  assert.deepEqual(shares({ white: 2, draws: 0, black: 1 }), { white: 67, draws: 0, black: 33 });
  assert.deepEqual(shares({ white: 0, draws: 0, black: 0 }), { white: 0, draws: 0, black: 0 });
  assert.deepEqual(shares({ white: 5, draws: 0, black: 0 }), { white: 100, draws: 0, black: 0 });
  for (let white = 0; white < 12; white += 1) {
    for (let draws = 0; draws < 12; draws += 1) {
      for (let black = 1; black < 12; black += 1) {
        const got = shares({ white, draws, black });
        assert.equal(got.white + got.draws + got.black, 100, JSON.stringify({ white, draws, black }));
        assert.ok(Math.abs(got.white - (white * 100) / (white + draws + black)) < 1);
      }
    }
  }
});

test("the address names the game, the position and the speeds ticked, or none", () => {
  const fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  const every = new URL(explorerUrl("chesskers", fen, []), "http://x");
  assert.equal(every.pathname, "/api/explorer/");
  assert.equal(every.searchParams.get("fen"), fen);
  assert.equal(every.searchParams.get("variant"), "chesskers");
  assert.equal(every.searchParams.has("speeds"), false);
  const some = new URL(explorerUrl("international", "W:W31:B1", ["blitz", "rapid"]), "http://x");
  assert.equal(some.searchParams.get("speeds"), "blitz,rapid");
});

test("each move of the answer is matched to the board's legal move of its text", () => {
  const answer = {
    games: 4,
    moves: [
      { move: "e4", games: 3, white: 2, draws: 1, black: 0 },
      { move: "Qh5", games: 1, white: 0, draws: 0, black: 1 },
    ],
  };
  const legal = [{ text: "d4", path: ["d2", "d4"] }, { text: "e4", path: ["e2", "e4"] }];
  const rows = explorerRows(answer, legal);
  assert.deepEqual(rows.map((row) => [row.move, row.games, row.share]), [["e4", 3, 75], ["Qh5", 1, 25]]);
  assert.deepEqual(rows[0].legal, legal[1]);
  assert.equal(rows[1].legal, null); // not a move the board can play here: shown, not playable
  assert.deepEqual(rows[0].results, { white: 67, draws: 33, black: 0 });
});

test("a bar reads out its three shares", () => {
  assert.equal(percentText(50), "50%");
  assert.equal(
    resultsText({ white: 50, draws: 20, black: 30 }), "White won 50%, drawn 20%, Black won 30%",
  );
});
