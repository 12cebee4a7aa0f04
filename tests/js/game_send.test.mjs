// What the game page sends (static/js/game_send.js): each action over the socket when it is
// open, else over the REST API, whose answer comes back as a state or a refusal.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createSender, moveMessage, restMoveText } from "../../static/js/game_send.js";

/** A sender over a fake socket (open or not) and a fake API answering `answer` (or failing). */
function fake({ open, answer = { ply: 1 }, failure = null, lag = 30 }) {
  const sent = [];
  const posted = [];
  const heard = [];
  const socket = { send: (message) => (open ? sent.push(message) > 0 : false), lag: () => lag };
  const api = (method, url, body) => {
    posted.push([method, url, body]);
    return failure ? Promise.reject(new Error(failure)) : Promise.resolve(answer);
  };
  const sender = createSender({
    socket, api, apiUrl: "/api/games/abc/",
    onState: (message) => heard.push(["state", message]),
    onError: (message) => heard.push(["error", message]),
  });
  return { sender, sent, posted, heard };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a move goes over the open socket with its ply, path and promotion, and the lag if clocked", () => {
  const { sender, sent, posted } = fake({ open: true, lag: 90_000 });
  sender.move(4, { path: ["a1", "a4", "c4"], promotion: null }, true);
  sender.move(5, "Ra1:a4", false);
  assert.deepEqual(sent, [
    { type: "move", ply: 4, path: ["a1", "a4", "c4"], promotion: null, lag: 60_000 },
    { type: "move", ply: 5, move: "Ra1:a4" },
  ]);
  assert.deepEqual(posted, []);
});

test("with the socket closed a move is posted as text and its answer comes back as a state", async () => {
  const { sender, posted, heard } = fake({ open: false, answer: { ply: 5, fen: "x" } });
  sender.move(4, { path: ["b7", "b8"], promotion: "q" }, true);
  await settled();
  assert.deepEqual(posted, [["POST", "/api/games/abc/moves/", { move: "b7-b8-q", ply: 4 }]]);
  assert.deepEqual(heard, [["state", { type: "state", ply: 5, fen: "x" }]]);
});

test("a refused request comes back as an error with the server's sentence", async () => {
  const { sender, heard } = fake({ open: false, failure: "It is not your move." });
  sender.resign();
  await settled();
  assert.deepEqual(heard, [["error", { error: "It is not your move." }]]);
});

test("every other action has its socket message and its REST route", async () => {
  const actions = [
    ["resign", undefined, { type: "resign" }, "resign/", {}],
    ["takeback", undefined, { type: "takeback" }, "takeback/", {}],
    ["draw", "offer", { type: "draw", action: "offer" }, "draw/", { action: "offer" }],
    ["rematch", undefined, { type: "rematch" }, "rematch/", {}],
    ["giveTime", undefined, { type: "give_time" }, "give-time/", {}],
    ["claimWin", undefined, { type: "claim_win" }, "claim-win/", {}],
  ];
  for (const [name, argument, message, path, body] of actions) {
    const open = fake({ open: true });
    open.sender[name](argument);
    assert.deepEqual(open.sent, [message], name);
    const closed = fake({ open: false });
    closed.sender[name](argument);
    await settled();
    assert.deepEqual(closed.posted, [["POST", `/api/games/abc/${path}`, body]], name);
  }
  const { sender, posted } = fake({ open: false });
  await sender.declineRematch("c1");
  assert.deepEqual(posted, [["POST", "/api/challenges/c1/decline/", undefined]]);
  assert.equal(fake({ open: true }).sender.sync(), true);
});

test("a move's message and its REST text are built from the move alone", () => {
  assert.deepEqual(moveMessage(0, "e4"), { type: "move", ply: 0, move: "e4" });
  assert.equal(restMoveText({ path: ["d5"] }), "d5");
  assert.equal(restMoveText("11-15"), "11-15");
});
