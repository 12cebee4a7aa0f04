// Premoves held by the page: taken the instant a state gives the player the turn, kept while it
// does not, dropped when the game ends; never offered in correspondence games.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createPremove, premoveAllowed } from "../../static/js/premove.js";

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
