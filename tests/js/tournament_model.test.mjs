// The tournament page's model (static/js/tournament_model.js): what each message does, the
// status line and its countdown, the viewer's buttons, the standings with the viewer's own line,
// scores with halves, the podium.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  clockText, controls, createPage, kindText, ownGame, podium, receiveGameStarted,
  receiveTournament, scoreText, standingsRows, statusText, tiebreakText,
} from "../../static/js/tournament_model.js";

const line = (rank, user, score, extra = {}) => ({
  rank, user, score, games: 2, tiebreak: 1600, rating: 1500, fire: false, withdrawn: false,
  ...extra,
});
const arena = (extra = {}) => ({
  id: "t1", name: "Tuesday Blitz Arena", variant_name: "International Checkers", system: "arena",
  minutes: 60, rounds: null, round: 2, control: "3+2", rated: true, berserk: true,
  status: "started", starts_at: "2030-01-01T18:00:00+00:00", ends_at: "2030-01-01T19:00:00+00:00",
  standings: [line(1, "ann", 6), line(2, "bob", 2)], me: null, games: [], playing: [], ...extra,
});
const page = (tournament, viewer = "ann") => createPage({ tournament, viewer });
const AT = Date.parse("2030-01-01T18:45:30Z");

test("the status line counts down to the start and to an arena's end, or names the round", () => {
  assert.equal(statusText(arena({ status: "created" }), Date.parse("2030-01-01T17:55:00Z")),
    "Starts in 5:00");
  assert.equal(statusText(arena({ status: "created" }), AT), "Starting…");
  assert.equal(statusText(arena(), AT), "Running: 14:30 left");
  assert.equal(statusText(arena({ system: "swiss", rounds: 5 }), AT), "Round 2 of 5");
  assert.equal(statusText(arena({ status: "finished" }), AT), "Finished");
  assert.equal(clockText(3_723_000), "1:02:03");
  assert.equal(clockText(-5), "0:00");
  assert.equal(kindText(arena()),
    "International Checkers · Arena · 60 minutes · 3+2 · rated · berserk allowed");
  // A thematic tournament says its games start from a position.
  assert.equal(kindText(arena({ rated: false, fen: "W:W31,32:B1,2", berserk: false })),
    "International Checkers · Arena · 60 minutes · 3+2 · casual · from a position");
});

test("the viewer joins, withdraws, joins again, or is asked to sign in; nobody once over", () => {
  assert.deepEqual(controls(page(arena(), "cat")),
    { join: true, joinText: "Join", withdraw: false, signIn: false });
  const playing = arena({ me: { ...line(1, "ann", 6), game: null } });
  assert.equal(controls(page(playing)).withdraw, true);
  assert.equal(controls(page(playing)).join, false);
  const left = arena({ me: { ...line(1, "ann", 6), withdrawn: true, game: null } });
  assert.deepEqual([controls(page(left)).join, controls(page(left)).joinText], [true, "Join again"]);
  assert.equal(controls(page(arena(), null)).signIn, true);
  assert.deepEqual(controls(page(arena({ status: "finished", me: playing.me }))),
    { join: false, joinText: "Join again", withdraw: false, signIn: false });
  // A Swiss takes newcomers until its second round.
  assert.equal(controls(page(arena({ system: "swiss", round: 2 }), "cat")).join, false);
  assert.equal(controls(page(arena({ system: "swiss", round: 1 }), "cat")).join, true);
  // A team tournament: a player outside the team has no Join, even one who had joined.
  const outside = (tournament) => controls(createPage({ tournament, viewer: "cat", outsider: true }));
  assert.equal(outside(arena()).join, false);
  assert.deepEqual(outside(arena({ me: { ...line(3, "cat", 0), game: null } })),
    { join: false, joinText: "Join again", withdraw: true, signIn: false });
});

test("the viewer's own line shows after the top lines when it is further down", () => {
  const far = arena({ me: { ...line(57, "zed", 0), game: "g9" } });
  const rows = standingsRows(page(far, "zed"));
  assert.deepEqual(rows.map((row) => row.user || "…"), ["ann", "bob", "…", "zed"]);
  assert.equal(rows[3].mine, true);
  const top = standingsRows(page(arena({ me: { ...line(1, "ann", 6), game: null } })));
  assert.deepEqual(top.map((row) => [row.user, row.mine]), [["ann", true], ["bob", false]]);
  assert.deepEqual(ownGame(page(far, "zed")), { id: "g9", href: "/game/g9/" });
  assert.equal(ownGame(page(arena())), null);
});

test("a Swiss's scores and Buchholz are written with halves", () => {
  const swiss = arena({ system: "swiss" });
  assert.deepEqual([2.5, 0.5, 0, 3].map((score) => scoreText(swiss, score)), ["2½", "½", "0", "3"]);
  assert.equal(scoreText(arena(), 9), "9");
  assert.equal(tiebreakText(swiss, { tiebreak: 4.5 }), "4½");
  assert.equal(tiebreakText(arena(), { tiebreak: null }), "–");
});

test("a finished tournament's podium is its first three who scored", () => {
  const over = arena({ status: "finished",
    standings: [line(1, "ann", 9), line(2, "bob", 4), line(3, "cat", 0, { games: 0 })] });
  assert.deepEqual(podium(over).map((row) => row.user), ["ann", "bob"]);
  assert.deepEqual(podium(arena()), []);
});

test("a new tournament message replaces the old; the viewer's game started takes them once", () => {
  const first = page(arena());
  const next = receiveTournament(first, { type: "tournament", ...arena({ round: 3 }) });
  assert.equal(next.tournament.round, 3);
  assert.equal("type" in next.tournament, false);
  const started = receiveGameStarted(next, { type: "game_started", game: "g1" });
  assert.equal(started.go, "g1");
  assert.equal(receiveGameStarted(started.page, { type: "game_started", game: "g2" }).go, null);
  assert.equal(receiveGameStarted(page(arena(), null), { type: "game_started", game: "g1" }).go,
    null);
});
