// The game page's chat (static/js/chat_model.js, game_send.js, game_model.js): what the box
// shows, a line checked as the server checks it, lines kept as they come, a refusal told in the
// chat, a chat line sent over the socket or REST, and the settings that change the page.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  addLines, chatTitle, checkLine, createChat, emptyText, MOST_LINES_KEPT, openReport,
  phrasesShown, receiveLine, refuseLine, replaceLines, reportable, reportBody, reportDone,
} from "../../static/js/chat_model.js";
import { createPage, premoving, resignsNow, typedMove } from "../../static/js/game_model.js";
import { createSender } from "../../static/js/game_send.js";

const PHRASES = ["Hello", "Good game", "Good luck", "Thanks"];
const player = (extra = {}) => createChat({
  on: true, can_write: true, room: "players", phrases: PHRASES, max_chars: 140, ...extra,
});
const line = (user, text, room = "players") => ({ room, user, text, at: "2030-01-01T00:00:00Z" });

test("a game without a chat shows no box and writes nothing", () => {
  const none = createChat(undefined);
  assert.equal(none.on, false);
  assert.equal(none.canWrite, false);
  assert.deepEqual(phrasesShown(none), []);
  assert.equal(createChat({ on: false, can_write: true }).canWrite, false);
});

test("players get the phrases, spectators and visitors do not", () => {
  assert.deepEqual(phrasesShown(player()), PHRASES);
  assert.deepEqual(phrasesShown(player({ room: "spectators" })), []);
  assert.deepEqual(phrasesShown(player({ can_write: false })), []);
});

test("the title says who reads the box, live and once the game is over", () => {
  assert.equal(chatTitle(player(), "live"), "Chat with your opponent");
  assert.equal(chatTitle(player({ room: "spectators" }), "live"), "Spectators' chat");
  assert.equal(chatTitle(player(), "finished"), "Chat: players and spectators");
  assert.equal(chatTitle(player({ room: "spectators" }), "aborted"), "Chat: players and spectators");
  assert.equal(emptyText(player({ can_write: false }), "live"), "Nothing said yet. Sign in to chat.");
});

test("a line is checked as the server checks it before it is sent", () => {
  const chat = player();
  assert.deepEqual(checkLine(chat, "  gg  "), { text: "gg", error: null });
  assert.deepEqual(checkLine(chat, "   "), { text: null, error: null });
  assert.equal(checkLine(chat, "é".repeat(140)).text, "é".repeat(140));
  assert.equal(checkLine(chat, "x".repeat(141)).error, "A chat line has at most 140 characters.");
  assert.equal(checkLine(chat, "a\u0000b").error, "A chat line holds no control characters.");
  assert.equal(checkLine(chat, "\u202eevil").error, "A chat line holds no control characters.");
});

test("lines are kept in order, the history replacing what was shown", () => {
  let chat = receiveLine(player(), line("bob", "hi"));
  chat = replaceLines(chat, [line("alice", "one")]);
  chat = addLines(chat, [line("bob", "two")]);
  chat = receiveLine(chat, line("alice", "three"));
  assert.deepEqual(chat.lines.map((l) => l.text), ["one", "two", "three"]);
  for (let n = 0; n < MOST_LINES_KEPT + 5; n += 1) chat = receiveLine(chat, line("bob", `${n}`));
  assert.equal(chat.lines.length, MOST_LINES_KEPT);
  assert.equal(chat.lines.at(-1).text, `${MOST_LINES_KEPT + 4}`);
});

test("a refusal is shown until the viewer's own next line comes back", () => {
  let chat = refuseLine(player(), { error: "Too many chat lines: wait 9 seconds." });
  assert.equal(chat.error, "Too many chat lines: wait 9 seconds.");
  chat = receiveLine(chat, line("bob", "still here"), "alice");
  assert.equal(chat.error, "Too many chat lines: wait 9 seconds.");
  chat = receiveLine(chat, line("alice", "ok"), "alice");
  assert.equal(chat.error, null);
});

test("other people's lines may be reported, with the line quoted for the moderators", () => {
  const said = line("bob", "rude words");
  assert.equal(reportable(player(), said, "alice"), true);
  assert.equal(reportable(player(), said, "bob"), false);
  assert.equal(reportable(player(), said, null), false);
  let chat = openReport(receiveLine(player(), said), 0);
  assert.equal(chat.reporting, 0);
  chat = reportDone(chat, 0);
  assert.equal(chat.reporting, null);
  assert.ok(chat.reported.has(0));
  assert.deepEqual(reportBody(said, "abuse", "g1"), {
    user: "bob", reason: "abuse", text: 'In the chat: "rude words"', game: "g1",
  });
});

test("a chat line goes over the open socket, else over REST, its answer as a chat message", async () => {
  const heard = [];
  const sent = [];
  const posted = [];
  const make = (open, failure = null) => createSender({
    socket: { send: (m) => (open ? sent.push(m) > 0 : false), lag: () => 0 },
    api: (method, url, body) => {
      posted.push([method, url, body]);
      return failure ? Promise.reject(new Error(failure)) : Promise.resolve(line("alice", "hi"));
    },
    apiUrl: "/api/games/abc/",
    onState: () => {},
    onError: () => {},
    onChat: (message) => heard.push(message),
  });
  make(true).chat("hi");
  assert.deepEqual(sent, [{ type: "chat", text: "hi" }]);
  make(false).chat("hi");
  make(false, "Sign in to chat: visitors only read.").chat("hi");
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(posted.map(([method, url]) => [method, url]), [
    ["POST", "/api/games/abc/chat/"], ["POST", "/api/games/abc/chat/"],
  ]);
  assert.deepEqual(heard, [
    { type: "chat", ...line("alice", "hi") },
    { type: "error", error: "Sign in to chat: visitors only read.", about: "chat" },
  ]);
});

const onlineState = {
  mode: "online", status: "live", turn: "black", ply: 1, moves: [], legal_moves: [],
  clock: { initial: 180, increment: 2, days: null },
};

test("premoves follow the viewer's setting", () => {
  const viewer = { username: "alice", color: "white", both_sides: false };
  const on = createPage({ state: onlineState, viewer });
  const off = createPage({ state: onlineState, viewer, preferences: { premoves: false } });
  assert.equal(premoving(on), true);
  assert.equal(premoving(off), false);
  assert.equal(typedMove(on, "e4").action, "premove");
  assert.deepEqual(typedMove(off, "e4"), { action: "refuse", error: "It is not your move." });
});

test("a resignation takes a second tap unless the settings say one", () => {
  const viewer = { username: "alice", color: "white", both_sides: false };
  const asking = createPage({ state: onlineState, viewer });
  const trusting = createPage({ state: onlineState, viewer, preferences: { confirm_resign: false } });
  assert.equal(resignsNow(asking), false);
  assert.equal(resignsNow({ ...asking, resignArmed: true }), true);
  assert.equal(resignsNow(trusting), true);
});
