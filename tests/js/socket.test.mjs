// The game socket's resyncs (static/js/socket.js): after an error, and when something sent got
// no answer in time. A fake WebSocket records what the page sends; node's mock timers stand in
// for the clock.
import { test, mock } from "node:test";
import assert from "node:assert/strict";

class FakeSocket {
  static OPEN = 1;
  static CLOSED = 3;
  static opened = [];

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.listeners = {};
    FakeSocket.opened.push(this);
  }

  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close() {
    this.readyState = FakeSocket.CLOSED;
  }

  // --- the server's side -------------------------------------------------------------------
  open() {
    this.readyState = FakeSocket.OPEN;
    for (const listener of this.listeners.open || []) listener({});
  }

  receive(message) {
    for (const listener of this.listeners.message || []) {
      listener({ data: JSON.stringify(message) });
    }
  }

  types() {
    return this.sent.map((message) => message.type);
  }
}

globalThis.WebSocket = FakeSocket;
globalThis.window = { location: { protocol: "http:", host: "site" }, addEventListener() {} };
const { connectSocket, ANSWER_WITHIN_MS } = await import("../../static/js/socket.js");

function openSocket(handlers = {}) {
  FakeSocket.opened = [];
  const socket = connectSocket("/ws/games/x/", handlers, { pingEveryMs: 3_600_000 });
  const server = FakeSocket.opened[0];
  server.open();
  return { socket, server };
}

test("an error is shown, then the state is asked for again, once per run of errors", () => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  try {
    const errors = [];
    const { socket, server } = openSocket({ error: (message) => errors.push(message.code) });
    socket.send({ type: "move", ply: 0, move: "e4" });
    server.receive({ type: "error", code: "server_error", error: "The server could not do that." });
    assert.deepEqual(errors, ["server_error"]);
    assert.deepEqual(server.types(), ["move", "sync"]);
    server.receive({ type: "error", code: "server_error", error: "Again." });
    assert.deepEqual(server.types(), ["move", "sync"]); // the sync failed too: no loop
    server.receive({ type: "state", ply: 1 });
    server.receive({ type: "error", code: "illegal_move", error: "No." });
    assert.deepEqual(server.types(), ["move", "sync", "sync"]);
    socket.close();
  } finally {
    mock.timers.reset();
  }
});

test("a rate-limited refusal is not answered with a sync", () => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  try {
    const { socket, server } = openSocket();
    server.receive({ type: "error", code: "rate_limited", error: "Too many messages." });
    assert.deepEqual(server.types(), []);
    socket.close();
  } finally {
    mock.timers.reset();
  }
});

test("a move left unanswered is followed by a sync; an answered one is not", () => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  try {
    const { socket, server } = openSocket();
    socket.send({ type: "move", ply: 0, move: "e4" });
    server.receive({ type: "state", ply: 1 });
    mock.timers.tick(ANSWER_WITHIN_MS * 2);
    assert.deepEqual(server.types(), ["move"]);

    socket.send({ type: "move", ply: 1, move: "e5" }); // its state was lost on the way
    server.receive({ type: "pong" }); // the socket is alive, but that is no answer
    mock.timers.tick(ANSWER_WITHIN_MS - 1);
    assert.deepEqual(server.types(), ["move", "move"]);
    mock.timers.tick(1);
    assert.deepEqual(server.types(), ["move", "move", "sync"]);
    server.receive({ type: "state", ply: 2 });
    mock.timers.tick(ANSWER_WITHIN_MS * 2);
    assert.deepEqual(server.types(), ["move", "move", "sync"]);
    socket.close();
  } finally {
    mock.timers.reset();
  }
});
