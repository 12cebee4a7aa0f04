// What the game page says of the players' offers (static/js/offers.js): pure functions of the
// state and the viewer's side.
import { test } from "node:test";
import assert from "node:assert/strict";

import { drawDeclinedText, drawLapsedText, rematchNotice } from "../../static/js/offers.js";
import { count } from "../../static/js/words.js";

const finished = (rematch) => ({ status: "finished", white: "alice", black: "bob", rematch });

test("a declined draw is told to its offerer and to spectators, not to who declined it", () => {
  assert.equal(drawDeclinedText("black", "white"), "Your draw offer was declined.");
  assert.equal(drawDeclinedText("black", null), "Black declined the draw offer.");
  assert.equal(drawDeclinedText("black", "black"), null);
});

test("a draw offer the opponent answered by moving is told to its offerer as lapsed", () => {
  const offered = { status: "live", ply: 4, turn: "black", draw_offer: "white" };
  const moved = { status: "live", ply: 5, turn: "white", draw_offer: null };
  assert.equal(drawLapsedText(offered, moved, "white"), "Your draw offer lapsed: Black moved instead.");
  assert.equal(drawLapsedText(offered, moved, "black"), null);
  assert.equal(drawLapsedText(offered, moved, null), null);
  assert.equal(drawLapsedText(offered, { ...moved, ply: 4 }, "white"), null); // declined: told apart
  assert.equal(drawLapsedText(offered, { ...moved, status: "finished" }, "white"), null);
});

test("an open rematch offer names who asked; only the other player may decline it", () => {
  const state = finished({ by: "white", challenge: "c1", state: "open", game: null });
  assert.deepEqual(rematchNotice(state, "black"),
    { text: "alice (White) offers a rematch.", decline: true, link: null });
  assert.deepEqual(rematchNotice(state, "white"),
    { text: "You offered a rematch.", decline: false, link: null });
  assert.deepEqual(rematchNotice(state, null),
    { text: "alice (White) offered a rematch.", decline: false, link: null });
});

test("a declined rematch is told to both players and to no spectator", () => {
  const state = finished({ by: "black", challenge: "c1", state: "declined", game: null });
  assert.equal(rematchNotice(state, "black").text, "Your rematch offer was declined.");
  assert.equal(rematchNotice(state, "white").text, "You declined the rematch.");
  assert.equal(rematchNotice(state, null), null);
});

test("a spectator gets a link to the rematch once it starts; players are taken there", () => {
  const state = finished({ by: "black", challenge: "c1", state: "accepted", game: "g2" });
  assert.deepEqual(rematchNotice(state, null),
    { text: "The players started a rematch.", decline: false, link: "/game/g2/" });
  assert.equal(rematchNotice(state, "white"), null);
  assert.equal(rematchNotice({ ...state, status: "live" }, null), null);
  assert.equal(rematchNotice(finished(null), null), null);
});

test("counts take the noun's number", () => {
  assert.equal(count(1, "position"), "1 position");
  assert.equal(count(0, "position"), "0 positions");
  assert.equal(count(2, "ply", "plies"), "2 plies");
  assert.equal(count(1, "ply", "plies"), "1 ply");
});
