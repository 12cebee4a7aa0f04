// The simul page's model (static/js/simul_model.js): what a `simul` message does (a player taken
// to their board when it starts, the host to their first waiting board, a visitor nowhere), the
// viewer's buttons, the players with the host's choices, the boards' words and the host's score.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  boardText, controls, createPage, ownText, playerRows, receiveSimul, scoreText, statusText,
} from "../../static/js/simul_model.js";

const player = (user, accepted, extra = {}) => ({ user, accepted, rating: 1500, provisional: true, ...extra });
const board = (n, user, extra = {}) => ({
  board: n, user, rating: 1620, provisional: false, color: "black", game: `g${n}`, fen: "x",
  ply: 0, turn: "white", host_to_move: true, status: "live", result: null, outcome: null, ...extra,
});
const score = (extra = {}) => ({ win: 0, draw: 0, loss: 0, aborted: 0, playing: 0, ...extra });
const simul = (extra = {}) => ({
  id: "s1", name: "Friday simul", host: "host", status: "created", max_players: 3, accepted: 1,
  players: [player("ann", true), player("bob", false)], boards: [], score: score(), ...extra,
});
const started = (extra = {}) => simul({
  status: "started", accepted: 0, players: [],
  boards: [board(1, "ann"), board(2, "bob", { host_to_move: false, turn: "black" })],
  score: score({ playing: 2 }), ...extra,
});
const page = (shown, viewer) => createPage({ simul: shown, viewer });

test("the start takes a player to their board and the host to the first board, once", () => {
  const message = { type: "simul", simul: started() };
  const ann = receiveSimul(page(simul(), "ann"), message);
  assert.equal(ann.go, "g1");
  assert.equal(receiveSimul(ann.page, message).go, null);
  assert.equal(receiveSimul(page(simul(), "bob"), message).go, "g2");
  assert.equal(receiveSimul(page(simul(), "host"), message).go, "g1");
  assert.equal(receiveSimul(page(simul(), "cy"), message).go, null);
  assert.equal(receiveSimul(page(simul(), null), message).go, null);
  // A page opened after the start goes nowhere by itself.
  assert.equal(receiveSimul(page(started(), "ann"), message).go, null);
});

test("each viewer has their own buttons", () => {
  assert.deepEqual(controls(page(simul(), "host")), {
    join: false, withdraw: false, start: true, startEnabled: true, cancel: true, next: false, signIn: false,
  });
  assert.equal(controls(page(simul({ accepted: 0 }), "host")).startEnabled, false);
  const bob = controls(page(simul(), "bob"));
  assert.deepEqual([bob.join, bob.withdraw, bob.start], [false, true, false]);
  const cy = controls(page(simul(), "cy"));
  assert.deepEqual([cy.join, cy.withdraw, cy.signIn], [true, false, false]);
  assert.equal(controls(page(simul(), null)).signIn, true);
  assert.equal(controls(page(started(), "host")).next, true);
  const none = started({ boards: [board(1, "ann", { host_to_move: false })] });
  assert.equal(controls(page(none, "host")).next, false);
  assert.equal(controls(page(started(), "ann")).join, false);
  assert.equal(controls({ ...page(simul(), "cy"), gone: true }).join, false);
});

test("the players show their status, and the host their choices", () => {
  assert.deepEqual(playerRows(page(simul(), "host")), [
    { user: "ann", rating: "1500?", status: "Accepted", accept: false, unaccept: true, remove: true },
    { user: "bob", rating: "1500?", status: "Waiting", accept: true, unaccept: false, remove: true },
  ]);
  assert.equal(playerRows(page(simul(), "ann")).some((row) => row.accept || row.remove), false);
  assert.equal(ownText(page(simul(), "ann")).text,
    "The host accepted you: your game starts with the simul.");
  assert.equal(ownText(page(simul(), "bob")).text, "You asked to play: the host has not chosen yet.");
  assert.equal(ownText(page(simul(), "cy")), null);
  assert.deepEqual(ownText(page(started(), "bob")), { text: "You play board 2.", game: "g2" });
});

test("the status line, the boards' words and the host's score", () => {
  assert.equal(statusText(page(simul(), "ann")), "Taking players: 1 of 3 boards chosen.");
  assert.equal(statusText(page(started(), "ann")), "Being played: 2 games go on.");
  assert.equal(statusText(page(simul({ status: "finished" }), "ann")), "Finished.");
  assert.equal(statusText({ ...page(simul(), "ann"), gone: true }), "The host called this simul off.");
  const [first, second] = started().boards;
  assert.deepEqual(boardText(page(started(), "host"), first),
    { player: "1. ann (1620)", state: "Your move", waiting: true });
  assert.deepEqual(boardText(page(started(), "ann"), first),
    { player: "1. ann (1620)", state: "The host's move", waiting: false });
  assert.equal(boardText(page(started(), "host"), second).state, "The player's move");
  assert.equal(boardText(page(started(), "ann"), board(3, "cy", { outcome: "loss" })).state, "The player won");
  assert.equal(scoreText(started({ score: score({ win: 3, draw: 1, loss: 2, playing: 4 }) })),
    "host: 3 wins, 1 draw, 2 losses · 4 playing");
  assert.equal(scoreText(started({ score: score({ win: 1 }) })), "host: 1 win, 0 draws, 0 losses");
});
