// What the game page says in words (static/js/game_words.js): the banner, the players' bars,
// the hint under the board and an absence, as pure functions of the state and the viewer.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  absenceText, bannerHeadline, playerLabel, ratingChangesText, resultText, selectionText,
  turnText, viewingText,
} from "../../static/js/game_words.js";

const white = { username: "alice", color: "white", both_sides: false };
const spectator = { username: null, color: null, both_sides: false };
const both = { username: "alice", color: "white", both_sides: true };

test("the banner names the winner and how the game ended", () => {
  const mate = { status: "finished", result: "1-0", termination: "checkmate" };
  assert.deepEqual(resultText(mate), { headline: "White wins", reason: "by checkmate", score: "1-0" });
  assert.equal(bannerHeadline(mate), "White wins by checkmate");
  const resigned = { status: "finished", result: "0-1", termination: "resignation" };
  assert.equal(bannerHeadline(resigned), "Black wins — White resigned");
  const left = { status: "finished", result: "1-0", termination: "abandonment" };
  assert.equal(bannerHeadline(left), "White wins — Black left the game");
  const flagged = { status: "finished", result: "0-1", termination: "timeout" };
  assert.equal(bannerHeadline(flagged), "Black wins on time");
  const agreed = { status: "finished", result: "1/2-1/2", termination: "agreement" };
  assert.equal(bannerHeadline(agreed), "Draw by agreement");
  assert.equal(bannerHeadline({ status: "finished", result: "1/2-1/2", termination: null }),
    "Draw");
  assert.deepEqual(resultText({ status: "aborted" }),
    { headline: "Game aborted", reason: "before both sides had moved", score: "" });
  // An imported game whose text ends with * has no result.
  assert.deepEqual(resultText({ status: "finished", result: null, termination: null }),
    { headline: "Unfinished game", reason: "", score: "*" });
});

test("the other games' endings are told as their rules say them", () => {
  const ended = (result, termination) => bannerHeadline({ status: "finished", result, termination });
  assert.equal(ended("1-0", "no-moves"), "White wins — Black cannot move");
  assert.equal(ended("0-1", "no-pieces"), "Black wins — White has no piece left");
  assert.equal(ended("1-0", "kings-captured"), "White wins — Black has no king left");
  assert.equal(ended("0-1", "connection"), "Black wins by connection");
  assert.equal(ended("1/2-1/2", "connection"), "Draw by connection");
  assert.equal(ended("1/2-1/2", "no-progress"), "Draw by the no-progress rule");
});

test("rating changes are signed, the loss with its minus and the gain with a plus", () => {
  assert.equal(ratingChangesText({ white: 8, black: -8 }), "White +8 · Black -8");
  assert.equal(ratingChangesText({ white: 0, black: 0 }), "White +0 · Black +0");
});

test("a bar names the player, marks the viewer's own side, and says the colour at one screen", () => {
  const online = { mode: "online", white: "alice", black: null };
  assert.equal(playerLabel(online, white, "white"), "alice (you)");
  assert.equal(playerLabel(online, white, "black"), "Anonymous");
  assert.equal(playerLabel(online, spectator, "white"), "alice");
  assert.equal(playerLabel({ mode: "local", white: "alice", black: "alice" }, both, "black"),
    "Black");
  const bot = { mode: "bot", white: "alice", black: "Bot (level 3)", bot_level: 3 };
  assert.equal(playerLabel(bot, white, "black"), "Bot (level 3)");
  assert.equal(playerLabel(bot, white, "white"), "alice (you)");
});

test("the hint says whose move it is, as each viewer reads it", () => {
  const live = { status: "live", mode: "online", turn: "white" };
  assert.equal(turnText(live, white, true), "Your move.");
  assert.equal(turnText({ ...live, turn: "black" }, white, false), "Waiting for Black…");
  assert.equal(turnText({ ...live, mode: "bot", turn: "black" }, white, false),
    "The bot is thinking…");
  assert.equal(turnText(live, spectator, false), "White to move.");
  assert.equal(turnText({ ...live, mode: "local", turn: "black" }, both, true), "Black to move.");
  assert.match(viewingText("live"), /Back to live/);
  assert.match(viewingText("finished"), /Back to the end/);
});

test("a selected piece's hint names it and explains its marks, the rarer kinds first", () => {
  assert.equal(selectionText("knight", "g1", new Set(["quiet", "sweep"])),
    "Knight on g1: sweep (violet diamond, the crossed pieces go), move (dot).");
  assert.equal(selectionText("king", "5", new Set(["line", "jump"])),
    "King on 5: jump (amber ring), line move.");
  assert.equal(selectionText("", "c3", new Set(["quiet"])), "Piece on c3: move (dot).");
});

test("an absence forfeits by itself without a clock and is claimed by who stayed with one", () => {
  const unlimited = { absence: { side: "black" }, clock: null };
  assert.deepEqual(absenceText(unlimited, "white", "20:15:00"), {
    text: "Black left the table and forfeits at 20:15:00 unless they come back.",
    stayed: true,
    claimable: false,
  });
  const clocked = { absence: { side: "black" }, clock: { initial: 300, increment: 3 } };
  assert.deepEqual(absenceText(clocked, "white", ""), {
    text: "Black left the table; you may claim the win unless they come back. ",
    stayed: true,
    claimable: true,
  });
  assert.deepEqual(absenceText(clocked, null, "20:15:00"), {
    text: "Black left the table; White may claim the win at 20:15:00 unless they come back. ",
    stayed: false,
    claimable: false,
  });
  // The absent player is not told: this page is theirs, at the table.
  assert.equal(absenceText(clocked, "black", ""), null);
  // Once the deadline has passed the notice says so beside its button, with no time to wait for.
  assert.deepEqual(absenceText(clocked, "white", "", true), {
    text: "Black left the table: you may claim the win now, or wait for them. ",
    stayed: true,
    claimable: true,
  });
});

test("a player is not told of their own absence: their page is at the table", () => {
  // A player's page drawn from its page data, before its socket opens, may have them away (a
  // game they come to second, or come back to): the notice would go as the socket opens, and
  // the controls below it move up under a tap on Resign, which is lost.
  for (const clock of [null, { initial: 180, increment: 2 }]) {
    const state = { absence: { side: "white" }, clock };
    assert.equal(absenceText(state, "white", "9:45:13 AM"), null);
    assert.equal(absenceText(state, "white", "", true), null);
    assert.notEqual(absenceText(state, "black", "9:45:13 AM"), null); // who stayed is told
    assert.notEqual(absenceText(state, null, "9:45:13 AM"), null); // and a spectator
  }
});
