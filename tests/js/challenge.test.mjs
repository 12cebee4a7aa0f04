// How a challenge made to the viewer is worded (static/js/api.js challengeText): the lobby and
// the other pages' pop-up name its game as people know it, never by its internal id.
import { test } from "node:test";
import assert from "node:assert/strict";

import { challengeText } from "../../static/js/api.js";

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

test("Chesskers goes unnamed", () => {
  const text = challengeText(challenge({ variant: "chesskers", variant_name: "Chesskers", rated: false }));
  assert.equal(text, "alice challenges you (casual, they play White)");
});
