// The appearance switch's pure parts (static/js/appearance.js): the cookies it writes, the
// browser bar's colours for each theme, the API's values.
import { test } from "node:test";
import assert from "node:assert/strict";

import { apiValue, cookieFor, themeColours } from "../../static/js/appearance.js";

test("a choice is remembered for a year, site-wide, in its own cookie", () => {
  assert.equal(cookieFor("theme", "dark"), "theme=dark; path=/; max-age=31536000; samesite=lax");
  assert.match(cookieFor("board_theme", "blue"), /^board_theme=blue;/);
  assert.match(cookieFor("coordinates", "off"), /^coordinates=off;/);
});

test("a chosen theme has one bar colour, the system's one per scheme", () => {
  assert.deepEqual(themeColours("dark"), [["", "#24221f"]]);
  assert.deepEqual(themeColours("light"), [["", "#ffffff"]]);
  assert.deepEqual(themeColours("system"), [
    ["(prefers-color-scheme: light)", "#ffffff"],
    ["(prefers-color-scheme: dark)", "#24221f"],
  ]);
});

test("coordinates are true or false in the API, the rest as chosen", () => {
  assert.equal(apiValue("coordinates", "on"), true);
  assert.equal(apiValue("coordinates", "off"), false);
  assert.equal(apiValue("theme", "dark"), "dark");
});
