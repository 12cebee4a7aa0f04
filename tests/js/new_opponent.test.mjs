// *New opponent* (static/js/new_opponent.js): the lobby's address a finished game's player is
// sent to, and the seek the lobby reads back from it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { newOpponentHref, pairingAsked } from "../../static/js/new_opponent.js";

const white = { color: "white" };
const finished = (extra = {}) => ({
  mode: "online", status: "finished", tournament: null, variant: "russian", rated: true,
  clock: { initial: 180, increment: 2, days: null }, ...extra,
});

test("a player of a finished online game is offered a game like it", () => {
  const href = newOpponentHref(finished(), white);
  assert.equal(href, "/play/?pair=1&variant=russian&rated=1&initial=180&increment=2");
  assert.deepEqual(pairingAsked(href.slice("/play/".length)),
    { variant: "russian", rated: true, clock: { initial: 180, increment: 2 } });
  const days = newOpponentHref(finished({ clock: { initial: null, increment: null, days: 3 }, rated: false }), white);
  assert.deepEqual(pairingAsked(days.slice(6)), { variant: "russian", rated: false, clock: { days: 3 } });
  const unlimited = newOpponentHref(finished({ clock: null }), { color: "black" });
  assert.deepEqual(pairingAsked(unlimited.slice(6)), { variant: "russian", rated: true, clock: null });
});

test("nobody else is offered one, nor a game still on or a tournament's", () => {
  assert.equal(newOpponentHref(finished(), { color: null }), null);
  assert.equal(newOpponentHref(finished({ status: "live" }), white), null);
  assert.equal(newOpponentHref(finished({ status: "aborted" }), white), null);
  assert.equal(newOpponentHref(finished({ mode: "bot" }), white), null);
  assert.equal(newOpponentHref(finished({ tournament: "t1" }), white), null);
});

test("the lobby reads only a seek it can make sense of", () => {
  assert.equal(pairingAsked("?variant=russian"), null);
  assert.equal(pairingAsked("?pair=1"), null);
  assert.equal(pairingAsked("?pair=1&variant=russian&initial=three&increment=2"), null);
  assert.equal(pairingAsked("?pair=1&variant=russian&initial=180"), null);
  assert.equal(pairingAsked("?pair=1&variant=russian&days=-3"), null);
});
