// The crosstable's words and cells (static/js/crosstable.js), from the API's answer.
import { test } from "node:test";
import assert from "node:assert/strict";

import { crosstableRows, crosstableTotal, pointsText } from "../../static/js/crosstable.js";

test("points are written as players write them", () => {
  assert.deepEqual([0, 0.5, 1, 2.5, 10, 12.5].map(pointsText), ["0", "½", "1", "2½", "10", "12½"]);
});

test("a row a player, the first named first, its cells oldest first", () => {
  const table = {
    users: { bob: 1.5, alice: 2.5 },
    games: 4,
    latest: [
      { id: "d", result: "loss" },
      { id: "c", result: "draw" },
      { id: "b", result: "win" },
      { id: "a", result: "loss" },
    ],
  };
  const rows = crosstableRows(table, "c");
  assert.deepEqual(rows.map((row) => [row.name, row.points]), [["bob", "1½"], ["alice", "2½"]]);
  assert.deepEqual(rows[0].cells.map((cell) => cell.text).join(" "), "0 1 ½ 0");
  assert.deepEqual(rows[1].cells.map((cell) => cell.text).join(" "), "1 0 ½ 1");
  assert.deepEqual(rows[1].cells.map((cell) => cell.outcome), ["win", "loss", "draw", "win"]);
  assert.deepEqual(rows[0].cells.map((cell) => cell.current), [false, false, true, false]);
  assert.deepEqual(rows[0].cells.map((cell) => cell.id), ["a", "b", "c", "d"]);
});

test("the total counts the games, and there is none before the first", () => {
  assert.equal(crosstableTotal({ games: 1 }), "1 game");
  assert.equal(crosstableTotal({ games: 9 }), "9 games");
  assert.equal(crosstableTotal({ games: 0 }), null);
});
