// Premoves held by the page: taken the instant a state gives the player the turn, kept while it
// does not, dropped when the game ends; never offered in correspondence games.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  createPremove, extendPath, matchPath, premoveAllowed,
} from "../../static/js/premove.js";

const live = (turn, ply, clock = { initial: 60, days: null }) => ({
  mode: "online", status: "live", turn, ply, clock,
});

test("a premove is sent with the ply of the state that gives the turn", () => {
  const premove = createPremove();
  premove.set("Ra1:a4:c4");
  assert.equal(premove.take(live("white", 3), "black"), null); // still the opponent's turn
  assert.equal(premove.get(), "Ra1:a4:c4");
  assert.deepEqual(premove.take(live("black", 4), "black"), { move: "Ra1:a4:c4", ply: 4 });
  assert.equal(premove.get(), null); // sent once
  assert.equal(premove.take(live("black", 4), "black"), null);
});

test("a premove is dropped when the game ends first", () => {
  const premove = createPremove();
  premove.set("e5");
  assert.equal(premove.take({ ...live("black", 4), status: "finished" }, "black"), null);
  assert.equal(premove.get(), null);
});

test("premoves are for a player of a real-time game on the opponent's turn", () => {
  assert.equal(premoveAllowed(live("white", 3), "black"), true);
  assert.equal(premoveAllowed(live("black", 3), "black"), false); // your own turn: a move
  assert.equal(premoveAllowed(live("white", 3), null), false); // a spectator
  assert.equal(premoveAllowed(live("white", 3, { initial: null, days: 3 }), "black"), false);
  assert.equal(premoveAllowed(live("white", 3, null), "black"), true); // unlimited
  assert.equal(premoveAllowed({ ...live("white", 3), mode: "local" }, "black"), false);
});

test("a tapped path is sent as the legal move of exactly that path, or dropped", () => {
  const moves = [
    { path: ["c3", "e5", "g7"], promotion: null, text: "c3xg7" },
    { path: ["c3", "e5"], promotion: null, text: "c3xe5" },
  ];
  const premove = createPremove();
  premove.setPath(["c3", "e5", "g7"]);
  assert.equal(premove.get(), "c3-e5-g7");
  assert.equal(premove.take({ ...live("white", 5), legal_moves: moves }, "black"), null);
  assert.deepEqual(premove.take({ ...live("black", 6), legal_moves: moves }, "black"), {
    legal: moves[0], ply: 6,
  });
  premove.setPath(["c3", "d4"]); // no legal move has this path: dropped, nothing sent
  assert.equal(premove.take({ ...live("black", 8), legal_moves: moves }, "black"), null);
  assert.equal(premove.get(), null);
  premove.setPath(["c3"]); // a piece picked and no landing: nothing to play
  assert.equal(premove.take({ ...live("black", 8), legal_moves: moves }, "black"), null);
});

test("a path's squares are compared as the board names them; a promotion takes the queen", () => {
  const numbered = [{ path: ["9", "14"], promotion: null }];
  const square = (label) => ({ 9: "c5", 14: "d4" })[label] || label;
  assert.equal(matchPath(numbered, ["c5", "d4"], square), numbered[0]);
  const promotions = ["N", "Q"].map((promotion) => ({ path: ["e7", "e8"], promotion }));
  assert.equal(matchPath(promotions, ["e7", "e8"]).promotion, "Q");
});

test("taps build a premove path: one's own piece, then landings; the piece again cancels", () => {
  assert.equal(extendPath(null, "e5", "wP", "b"), null); // not one's own piece
  assert.equal(extendPath(null, "e4", null, "b"), null); // an empty square
  assert.deepEqual(extendPath(null, "e7", "bP", "b"), ["e7"]);
  assert.deepEqual(extendPath(["e7"], "d7", "bP", "b"), ["d7"]); // another piece of one's own
  assert.deepEqual(extendPath(["e7"], "e5", null, "b"), ["e7", "e5"]);
  assert.deepEqual(extendPath(["c3", "e5"], "g7", null, "w"), ["c3", "e5", "g7"]);
  assert.deepEqual(extendPath(["c3", "e5"], "e5", null, "w"), ["c3", "e5"]);
  assert.equal(extendPath(["c3", "e5"], "c3", "wM", "w"), null);
});
