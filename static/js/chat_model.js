// A game's chat as the game page holds it: pure functions, no DOM, no socket. The server decides
// who reads which room (docs/api.md "Chat"); the page keeps the lines it was sent, says what the
// box shows (its title, whether the viewer may write, the phrases a player sends with a tap)
// and checks a line before sending it as the server will, so a mistake is told at once. A line's
// text is only ever shown as text: chat_view.js never reads it as HTML.

import { gettext, ngettext } from "./i18n.js";

export const MOST_LINES_KEPT = 300; // a long game's chat keeps its latest lines

// Characters that reorder the text around them, refused as the server refuses them.
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Returns the page's first chat from the page data's `chat` ({on, can_write, room, phrases,
 * max_chars}); a game without a chat (not online, or chat turned off) has `on` false. */
export function createChat(data) {
  const given = data || {};
  return {
    on: Boolean(given.on),
    canWrite: Boolean(given.on && given.can_write),
    room: given.room || "spectators",
    phrases: given.phrases || [],
    maxChars: given.max_chars || 140,
    lines: [],
    error: null,
    reporting: null, // the index of the line whose report form is open
    reported: new Set(), // the indexes of the lines reported from this page
  };
}

function kept(lines) {
  return lines.length > MOST_LINES_KEPT ? lines.slice(lines.length - MOST_LINES_KEPT) : lines;
}

/** Returns the chat with the lines it may read replaced (a `chat_history` message on connect,
 * or the API's answer once the game is over). */
export function replaceLines(chat, lines) {
  return { ...chat, lines: kept([...lines]), reporting: null, reported: new Set() };
}

/** Returns the chat with more lines of its history (`chat_history_more`'s `added`). */
export function addLines(chat, lines) {
  return { ...chat, lines: kept([...chat.lines, ...lines]) };
}

/** Returns the chat with a line just said (a `chat` message); the viewer's own line clears the
 * error shown. */
export function receiveLine(chat, line, me = null) {
  const error = me !== null && line.user === me ? null : chat.error;
  return { ...chat, lines: kept([...chat.lines, line]), error };
}

/** Returns the chat showing a refusal of a line (an `error` message `about` the chat). */
export function refuseLine(chat, message) {
  return { ...chat, error: message.error || gettext("The chat refused that line.") };
}

/** Returns {text, error}: the line to send, trimmed, or why it cannot be sent (null text). */
export function checkLine(chat, raw) {
  const text = String(raw || "").trim();
  if (!text) return { text: null, error: null };
  if ([...text].length > chat.maxChars) {
    const error = ngettext("A chat line has at most %(n)s character.",
      "A chat line has at most %(n)s characters.", chat.maxChars);
    return { text: null, error };
  }
  if (CONTROL.test(text) || BIDI.test(text)) {
    return { text: null, error: gettext("A chat line holds no control characters.") };
  }
  return { text, error: null };
}

/** Returns the box's title: who reads what is written here, live or once it is over. */
export function chatTitle(chat, status) {
  if (status !== "live") return gettext("Chat: players and spectators");
  return chat.room === "players" ? gettext("Chat with your opponent") : gettext("Spectators' chat");
}

/** Returns the phrases a tap sends: a player's, while they may write. */
export function phrasesShown(chat) {
  return chat.canWrite && chat.room === "players" ? chat.phrases : [];
}

/** Returns what the box says when it holds no line yet. */
export function emptyText(chat, status) {
  if (!chat.canWrite) return gettext("Nothing said yet. Sign in to chat.");
  if (status === "live" && chat.room === "players") return gettext("Say hello to your opponent.");
  return gettext("Nothing said yet.");
}

/** Returns whether a line may be reported from the page: someone else's, signed in. */
export function reportable(chat, line, me) {
  return Boolean(me) && line.user !== me;
}

/** Returns the chat with the report form of line `index` open (null: closed). */
export function openReport(chat, index) {
  return { ...chat, reporting: chat.reporting === index ? null : index };
}

/** Returns the chat once line `index` was reported. */
export function reportDone(chat, index) {
  const reported = new Set(chat.reported);
  reported.add(index);
  return { ...chat, reporting: null, reported };
}

/** Returns the body of the report of a chat line, as `POST /api/reports/` takes it. */
export function reportBody(line, reason, gameId) {
  return { user: line.user, reason, text: `In the chat: "${line.text}"`, game: gameId };
}
