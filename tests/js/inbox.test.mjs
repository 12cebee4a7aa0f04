// Private messages' words on any page (static/js/inbox_badge.js): a notice's line, and which
// conversation a message belongs to.
import { test } from "node:test";
import assert from "node:assert/strict";

import { inConversation, messageLine } from "../../static/js/inbox_badge.js";

test("a notice gives the writer and the start of the message", () => {
  assert.equal(messageLine({ from: "alice", text: "Good game!" }), "alice: Good game!");
  const long = "x".repeat(200);
  assert.equal(messageLine({ from: "bob", text: long }), `bob: ${"x".repeat(80)}…`);
});

test("a message belongs to the conversation of its two players, either way, any case", () => {
  const sent = { from: "Alice", to: "bob" };
  assert.equal(inConversation(sent, "alice", "Bob"), true);
  assert.equal(inConversation(sent, "bob", "alice"), true);
  assert.equal(inConversation(sent, "alice", "carol"), false);
  assert.equal(inConversation({ from: "carol", to: "bob" }, "bob", "alice"), false);
});
