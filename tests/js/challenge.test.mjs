// How a challenge is worded (static/js/api.js challengeText, outgoingText): the lobby and the
// other pages' pop-up name its game as people know it, never by its internal id.
import { test } from "node:test";
import assert from "node:assert/strict";

import { challengeText, outgoingText } from "../../static/js/api.js";

const challenge = (fields) => ({ challenger: "alice", color: "white", rated: true, rematch_of: null, ...fields });

test("a challenge names its game by the name the server sends", () => {
  const text = challengeText(challenge({ variant: "byelorussian-cheskers", variant_name: "Byelorussian Cheskers" }));
  assert.equal(text, "alice challenges you (Byelorussian Cheskers, rated, they play White)");
  assert.doesNotMatch(text, /byelorussian-cheskers/);
});

test("without a name from the server, the page's table of names is used", () => {
  const text = challengeText(challenge({ variant: "international" }), { international: "International Checkers" });
  assert.match(text, /\(International Checkers, rated/);
});

test("a challenge names its clock as the server labels it", () => {
  const text = challengeText(challenge({ variant: "international", variant_name: "International Checkers", control: "5+3" }));
  assert.equal(text, "alice challenges you (International Checkers, 5+3, rated, they play White)");
  const days = challengeText(challenge({ variant: "chesskers", control: "3 days", rated: false }));
  assert.equal(days, "alice challenges you (3 days, casual, they play White)");
});

test("Chesskers goes unnamed", () => {
  const text = challengeText(challenge({ variant: "chesskers", variant_name: "Chesskers", rated: false }));
  assert.equal(text, "alice challenges you (casual, they play White)");
});

// How the lobby lists a challenge the viewer made (static/js/api.js outgoingText).
test("an outgoing challenge names its game, its clock and whether it is rated", () => {
  const mine = { to: "bob", rated: true, variant: "byelorussian-cheskers", variant_name: "Byelorussian Cheskers", control: "5+3" };
  assert.equal(outgoingText(mine), "You challenged bob to Byelorussian Cheskers, 5+3, rated");
  const casual = { to: "bob", rated: false, variant: "chesskers", variant_name: "Chesskers", control: "unlimited" };
  assert.equal(outgoingText(casual), "You challenged bob to Chesskers, unlimited, casual");
});

// A challenge from a position says so, made or received: the game is not its usual start.
test("a challenge from a position says so", () => {
  const fen = "W:W31,32:B1,2";
  const text = challengeText(challenge({ variant: "international", variant_name: "International Checkers", rated: false, fen }));
  assert.equal(text, "alice challenges you (International Checkers, from a position, casual, they play White)");
  const mine = { to: "bob", rated: false, variant: "international", variant_name: "International Checkers", control: "5+3", fen };
  assert.equal(outgoingText(mine), "You challenged bob to International Checkers from a position, 5+3, casual");
  assert.doesNotMatch(challengeText(challenge({ variant: "chesskers", fen: null })), /position/);
});
