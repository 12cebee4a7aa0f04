// JSON requests to the site's API with the session's CSRF token; errors carry the server's reason.

import { gettext, pgettext } from "./i18n.js";
import { sitePolicy } from "./policy.js";
import { controlLabel } from "./timecontrol.js";
import { createPartJoiner } from "./wire.js";

function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Sends a JSON request; `keepalive` lets it finish after the page is left. */
export async function api(method, url, body, { keepalive = false } = {}) {
  const response = await fetch(url, {
    method,
    keepalive,
    credentials: "same-origin",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-CSRFToken": csrfToken(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const reason = (data && (data.error || data.detail))
      || gettext("The server answered %(status)s.", { status: String(response.status) });
    throw new ApiError(reason, response.status);
  }
  return data;
}

/** Starts a game of `kind` ("bot": level 4, the player taking the side to move, `turn`;
 * "local": pass-and-play) from the position `fen` of the game `variant`, and opens it. A
 * position the server refuses throws its ApiError, saying why. */
export async function startGameFrom(kind, { variant, fen, turn }) {
  const body = { variant, fen };
  if (kind === "bot") Object.assign(body, { level: 4, color: turn || "white" });
  const state = await api("POST", `/api/games/${kind}/`, body);
  location.href = `/game/${state.id}/`;
}

// A WebSocket that reconnects with backoff and calls onOpen after each (re)connection.
export function liveSocket(path, { onMessage, onOpen, onStatus } = {}) {
  let socket = null;
  let delay = 500;
  let closedByUs = false;
  let heartbeat = null;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;

  function connect() {
    socket = new WebSocket(url);
    const join = createPartJoiner(); // a message in parts comes whole on one connection
    socket.addEventListener("open", () => {
      delay = 500;
      onStatus?.("online");
      heartbeat = setInterval(() => send({ type: "ping" }), sitePolicy().ping_every_ms);
      onOpen?.();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = join(JSON.parse(event.data));
      } catch {
        return;
      }
      if (message) onMessage?.(message);
    });
    socket.addEventListener("close", () => {
      clearInterval(heartbeat);
      if (closedByUs) return;
      onStatus?.("offline");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    });
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  connect();
  return {
    send,
    close() {
      closedByUs = true;
      socket?.close();
    },
  };
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Returns a translated sentence with an element where its %(link)s stands: the children to
 * append, [before, link, after] (a link inside a sentence, whose word order is the language's). */
export function withLink(sentence, link) {
  const at = sentence.indexOf("%(link)s");
  if (at < 0) return [sentence, " ", link];
  return [sentence.slice(0, at), link, sentence.slice(at + "%(link)s".length)];
}

/** Returns a side as a seek's or challenge's colour names it ("white", "black", "random"), in
 * the page's language: "White". */
export function colorLabel(color) {
  if (color === "white") return pgettext("side", "White");
  if (color === "black") return pgettext("side", "Black");
  // Translators: the side of a seek or challenge whose colour is drawn at random.
  if (color === "random") return pgettext("side", "Random");
  return color;
}

/** Returns a game's kind as a challenge or a live game says it: "rated" or "casual". */
export function ratedLabel(rated) {
  return rated ? pgettext("game", "rated") : pgettext("game", "casual");
}

function theyPlay(color) {
  if (color === "white") return gettext("they play White");
  if (color === "black") return gettext("they play Black");
  // Translators: in a challenge, the challenger's colour is drawn at random.
  return gettext("they play Random");
}

// A challenge's game by name: the page's own table of names first (the page is written in the
// viewer's language), else the name the server sent with the challenge, else its id.
function gameName(challenge, names) {
  return names[challenge.variant] || challenge.variant_name || challenge.variant;
}

/** A challenge made to the viewer, as the lobby and the other pages' notices word it: its game
 * by the page's table of names (`names`, id -> name), else the name the server sends with it
 * (`variant_name`). */
export function challengeText(challenge, names = {}) {
  // The details in parentheses, a list: Chesskers goes unnamed, as before every game was played
  // here; another game is named; the clock as players write it ("5+3", "3 days", "unlimited").
  const details = [];
  if (challenge.variant && challenge.variant !== "chesskers") details.push(gameName(challenge, names));
  if (challenge.control) details.push(controlLabel(challenge.control));
  // Translators: in a challenge's details: the game starts from a position set up, not its start.
  if (challenge.fen) details.push(gettext("from a position"));
  details.push(ratedLabel(challenge.rated), theyPlay(challenge.color));
  const params = { challenger: challenge.challenger, details: details.join(", ") };
  return challenge.rematch_of
    // Translators: details: a comma-separated list: the game, the clock, rated or casual, and
    // "they play White/Black/Random".
    ? gettext("%(challenger)s challenges you to a rematch (%(details)s)", params)
    : gettext("%(challenger)s challenges you (%(details)s)", params);
}

/** Returns how the lobby lists a challenge the viewer made: "You challenged bob to
 * International Checkers, 5+3, rated" (the profile's message after sending says the same), "…
 * from a position, …" for a game that starts from one. */
export function outgoingText(challenge, names = {}) {
  const params = {
    user: challenge.to,
    game: (challenge.variant && gameName(challenge, names)) || "Chesskers",
    control: controlLabel(challenge.control || "unlimited"),
    kind: ratedLabel(challenge.rated),
  };
  return challenge.fen
    ? gettext("You challenged %(user)s to %(game)s from a position, %(control)s, %(kind)s", params)
    : gettext("You challenged %(user)s to %(game)s, %(control)s, %(kind)s", params);
}

/** Returns what the viewer is told when a player declined their challenge. */
export function declinedText(challenge) {
  return gettext("%(user)s declined your challenge.", { user: challenge.to });
}

/** Returns a notice's words for a correspondence game become the viewer's to move. */
export function yourTurnText(opponent) {
  return opponent ? gettext("Your turn against %(opponent)s", { opponent }) : gettext("Your turn");
}

/** Returns a notice's words for a game a followed player started, %(link)s where the link to
 * watch it goes (withLink). */
export function followingText(message) {
  return gettext("%(user)s started a game: %(white)s – %(black)s. %(link)s", {
    user: message.user, white: message.white, black: message.black,
  });
}

// Accepting a seek or a challenge answers with the game, and the user's socket announces it too:
// go there once, or the second navigation aborts the first.
let leaving = false;

/** Takes the page to a game of the viewer's (once, however many say it started). */
export function goToGame(id) {
  if (leaving) return;
  leaving = true;
  location.assign(`/game/${id}/`);
}
