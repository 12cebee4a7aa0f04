// The watch page's and the TV's choices (static/js/watch_model.js): the filters, how a card
// writes a player, the moves and the control, and the game a TV shows.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  controlText, filterGames, movesText, playerText, strength, tvPick,
} from "../../static/js/watch_model.js";

const game = (id, variant, speed, white, black, created_at = "2030-01-01T00:00:00Z") => ({
  id, variant, speed, created_at, control: speed === "unlimited" ? "unlimited" : "3+2",
  rated: true,
  ratings: { white: { rating: white, provisional: false }, black: { rating: black, provisional: true } },
});

const LIST = [
  game("a", "chesskers", "blitz", 1500, 1500, "2030-01-01T00:00:01Z"),
  game("b", "russian", "blitz", 2100, 2000, "2030-01-01T00:00:03Z"),
  game("c", "chesskers", "unlimited", 1900, 1800, "2030-01-01T00:00:02Z"),
];

test("the filters keep a game and a speed, newest first", () => {
  assert.deepEqual(filterGames(LIST).map((g) => g.id), ["b", "c", "a"]);
  assert.deepEqual(filterGames(LIST, { variant: "chesskers" }).map((g) => g.id), ["c", "a"]);
  assert.deepEqual(filterGames(LIST, { speed: "blitz" }).map((g) => g.id), ["b", "a"]);
  assert.deepEqual(filterGames(LIST, { variant: "russian", speed: "unlimited" }), []);
});

test("a card writes players with their ratings, the moves and the control", () => {
  assert.equal(playerText("alice", { rating: 1623, provisional: false }), "alice 1623");
  assert.equal(playerText("bob", { rating: 1500, provisional: true }), "bob 1500?");
  assert.equal(movesText(0), "No move yet");
  assert.equal(movesText(1), "1 move");
  assert.equal(movesText(4), "2 moves");
  assert.equal(controlText(LIST[0]), "3+2 · blitz · rated");
  assert.equal(controlText({ ...LIST[2], rated: false }), "unlimited · casual");
});

test("the TV shows its game's highest-rated live game, then the next", () => {
  assert.equal(strength(LIST[2]), 3700);
  assert.equal(tvPick(LIST, "chesskers").id, "c");
  assert.equal(tvPick(LIST, "chesskers", new Set(["c"])).id, "a");
  assert.equal(tvPick(LIST, "chesskers", new Set(["a", "c"])), null);
  assert.equal(tvPick(LIST, "dameo"), null);
  const tie = game("d", "chesskers", "blitz", 1900, 1800, "2030-01-01T00:00:09Z");
  assert.equal(tvPick([...LIST, tie], "chesskers").id, "d"); // the newest of equals
});
