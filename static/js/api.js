// JSON requests to the site's API with the session's CSRF token; errors carry the server's reason.

import { sitePolicy } from "./policy.js";
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

export async function api(method, url, body) {
  const response = await fetch(url, {
    method,
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
    const reason = (data && (data.error || data.detail)) || `The server answered ${response.status}.`;
    throw new ApiError(reason, response.status);
  }
  return data;
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

export const COLOR_LABEL = { white: "White", black: "Black", random: "Random" };

/** A challenge made to the viewer, as the lobby and the other pages' notices word it: its game
 * by the name the server sends with it (`variant_name`; else `names`, id -> name). */
export function challengeText(challenge, names = {}) {
  const rematch = challenge.rematch_of ? " to a rematch" : "";
  const kind = challenge.rated ? "rated" : "casual";
  // Chesskers goes unnamed, as before every game was played here; another game is named.
  const name = challenge.variant_name || names[challenge.variant] || challenge.variant;
  const game = challenge.variant && challenge.variant !== "chesskers" ? `${name}, ` : "";
  // The clock as players write it ("5+3", "3 days", "unlimited"), as the server labels it.
  const clock = challenge.control ? `${challenge.control}, ` : "";
  return `${challenge.challenger} challenges you${rematch} (${game}${clock}${kind}, they play ${COLOR_LABEL[challenge.color]})`;
}

/** Returns how the lobby lists a challenge the viewer made: "You challenged bob to
 * International Checkers, 5+3, rated" (the profile's message after sending says the same). */
export function outgoingText(challenge, names = {}) {
  const name = challenge.variant_name || names[challenge.variant] || challenge.variant || "Chesskers";
  const kind = challenge.rated ? "rated" : "casual";
  return `You challenged ${challenge.to} to ${name}, ${challenge.control || "unlimited"}, ${kind}`;
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
