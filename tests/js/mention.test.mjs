// "@name" in the forum's boxes (static/js/mention.js): the name being typed before the caret is
// found as the server finds names in a post (after a line's start, a space or an opening mark;
// two characters or more), and a name chosen is written whole with one space after it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { typedName, withName } from "../../static/js/mention.js";

test("the name being typed before the caret is found", () => {
  assert.deepEqual(typedName("Thanks @bo", 10), { start: 7, name: "bo" });
  assert.deepEqual(typedName("@al", 3), { start: 0, name: "al" });
  assert.deepEqual(typedName("line\n@ann_b-2", 13), { start: 5, name: "ann_b-2" });
  assert.deepEqual(typedName("(@kim", 5), { start: 1, name: "kim" });
  assert.deepEqual(typedName("Thanks @bob, see", 11), { start: 7, name: "bob" });
});

test("what is not a name being typed is not offered", () => {
  assert.equal(typedName("Thanks @b", 9), null); // one character: not yet
  assert.equal(typedName("mail@bob", 8), null); // an address, not a mention
  assert.equal(typedName("Thanks @bob ", 12), null); // written whole: the space ended it
  assert.equal(typedName("@_x", 3), null); // a name starts with a letter or digit
  assert.equal(typedName(`@${"a".repeat(21)}`, 22), null); // longer than any name
  assert.equal(typedName("Thanks @bob", 3), null); // the caret is elsewhere
});

test("a chosen name is written whole, once, with a space after it", () => {
  assert.deepEqual(withName("Thanks @bo", 7, 10, "bob"), { text: "Thanks @bob ", caret: 12 });
  assert.deepEqual(withName("Hi @bo and you", 3, 6, "bobby"), {
    text: "Hi @bobby and you", caret: 10,
  });
  assert.deepEqual(withName("@al\nnext", 0, 3, "alice"), { text: "@alice \nnext", caret: 7 });
});
