// The game's WebSocket: a handler table for inbound messages, a heartbeat, reconnection with
// backoff, and a sync after every reconnect (the protocol's "Live" section). It knows the
// protocol's envelope, not the game: what a message means is decided by the handlers the page
// passes in. It also syncs after an error (what failed may have changed the game anyway; not
// after one `about` something else, a chat line, that changes no game) and
// when something it sent got no answer in time: the server answers every action with a state
// to the game's sockets, but that broadcast is best effort (a Redis outage can lose it).

import { sitePolicy } from "./policy.js";
import { createPartJoiner } from "./wire.js";

const PONG_WITHIN_MS = 10_000;
const SESSION_ENDED = 4440; // the close code of a socket whose session ended elsewhere
export const ANSWER_WITHIN_MS = 5_000;
// Not a reason to sync: a sync would spend more of the same budget.
const NO_SYNC_AFTER = new Set(["rate_limited"]);
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

/** Returns the absolute ws:// or wss:// address of a path relative to this page's origin. */
export function socketUrl(path, loc = window.location) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${path}`;
}

/**
 * Opens a socket to `path` and keeps it open. `handlers` maps a message `type` to a function
 * of the message; `handlers.open(isReconnect)` and `handlers.close()` hear the connection change.
 * Returns {send(message) -> bool, close(), isOpen()}.
 */
export function connectSocket(path, handlers, options = {}) {
  const url = socketUrl(path);
  let ws = null;
  let attempts = 0;
  let everOpened = false;
  let closedByUs = false;
  let pingTimer = null;
  let pongTimer = null;
  let retryTimer = null;
  let pingSentAt = null;
  let lagMs = 0; // the one-way delay measured from pings (half the round trip), smoothed
  let answerTimer = null;
  let syncedAfterError = false; // one sync per run of errors: a failing sync must not loop

  function open() {
    clearTimeout(retryTimer);
    ws = new WebSocket(url);
    const join = createPartJoiner(); // a message in parts comes whole on one connection
    ws.addEventListener("open", () => {
      const isReconnect = everOpened;
      everOpened = true;
      attempts = 0;
      startHeartbeat();
      // A reconnect may have missed plies: ask for the whole state again.
      if (isReconnect) send({ type: "sync" });
      handlers.open?.(isReconnect);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!message || typeof message.type !== "string") return;
      if (message.type !== "pong") {
        clearTimeout(answerTimer); // whatever came, the socket is not silent
        answerTimer = null;
      }
      message = join(message);
      if (!message) return;
      if (message.type === "pong") {
        clearTimeout(pongTimer);
        pongTimer = null;
        if (pingSentAt !== null) {
          const oneWay = (performance.now() - pingSentAt) / 2;
          lagMs = lagMs ? 0.7 * lagMs + 0.3 * oneWay : oneWay;
          pingSentAt = null;
        }
      }
      const handler = handlers[message.type];
      if (handler) handler(message);
      if (message.type !== "error") {
        if (message.type !== "pong") syncedAfterError = false;
      } else if (!syncedAfterError && !NO_SYNC_AFTER.has(message.code) && !message.about) {
        syncedAfterError = true;
        send({ type: "sync" });
      }
    });
    ws.addEventListener("close", (event) => {
      stopHeartbeat();
      // 4440: the player signed out everywhere else, from another browser; this page was
      // theirs, so it loads again as a visitor's.
      if (event.code === SESSION_ENDED) {
        window.location.reload();
        return;
      }
      // 4401 not allowed, 4404 no such game: trying again cannot help.
      const refused = event.code >= 4400 && event.code < 4500;
      handlers.close?.(event.code, refused);
      if (!closedByUs && !refused) scheduleReconnect();
    });
    ws.addEventListener("error", () => {
      // The close event follows; reconnection is decided there.
    });
  }

  function scheduleReconnect() {
    const base = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)];
    attempts += 1;
    const delay = base / 2 + Math.random() * base / 2;
    retryTimer = setTimeout(open, options.fastRetry ? 50 : delay);
  }

  function startHeartbeat() {
    stopHeartbeat();
    pingTimer = setInterval(() => {
      if (!send({ type: "ping" })) return;
      if (pongTimer) return;
      pingSentAt = performance.now();
      pongTimer = setTimeout(() => {
        // No pong: the connection is dead even if the browser has not noticed.
        pongTimer = null;
        try { ws.close(); } catch { /* already closed */ }
      }, PONG_WITHIN_MS);
    }, options.pingEveryMs || sitePolicy().ping_every_ms);
  }

  function stopHeartbeat() {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = null;
    pongTimer = null;
  }

  function send(message) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    if (message.type !== "ping" && answerTimer === null) {
      // An action (or a sync) is answered by a state or an error: none in time, ask again.
      answerTimer = setTimeout(() => {
        answerTimer = null;
        send({ type: "sync" });
      }, options.answerWithinMs || ANSWER_WITHIN_MS);
    }
    return true;
  }

  // Come back at once when the page is shown again or the network returns.
  window.addEventListener("online", () => {
    if (ws && ws.readyState === WebSocket.CLOSED && !closedByUs) {
      attempts = 0;
      open();
    }
  });

  open();
  return {
    send,
    isOpen: () => Boolean(ws && ws.readyState === WebSocket.OPEN),
    /** The measured one-way delay in ms (0 until a ping has come back): a clocked move sends
     * it as `lag`, which the server credits within its bounds. */
    lag: () => Math.round(lagMs),
    close() {
      closedByUs = true;
      clearTimeout(retryTimer);
      clearTimeout(answerTimer);
      stopHeartbeat();
      ws?.close();
    },
  };
}

/**
 * Returns what to do with an incoming state given the state shown, the ply of a move of ours
 * awaiting its answer (or null) and the moves the state extends (by default the state shown's;
 * the page passes what came since in `moves` messages): {apply, sync, answered, theirs}. The
 * protocol: an online game's state older than the one shown (by the record's `revision`, which
 * every move and takeback raises) is ignored; a state whose moves start past the known ones is
 * not applied (plies were missed) and asks for a sync. `answered`: our move was played;
 * `theirs`: the next ply came from someone else (another player, the bot, another tab).
 */
export function classifyState(shown, incoming, sentPly = null, known = shown.moves || []) {
  // The record's revision orders states (it grows with every move and takeback: an online
  // takeback lowers the ply); a state without one, by its ply.
  const older = incoming.revision !== undefined && shown.revision !== undefined
    ? incoming.revision < shown.revision
    : incoming.ply < shown.ply;
  if (older && incoming.mode === "online") {
    return { apply: false, sync: false, answered: false, theirs: false };
  }
  if ((incoming.moves_from ?? 0) > known.length) {
    return { apply: false, sync: true, answered: false, theirs: false };
  }
  const answered = sentPly !== null && incoming.ply > sentPly;
  return {
    apply: true,
    sync: false,
    answered,
    theirs: incoming.ply === shown.ply + 1 && sentPly === null,
  };
}
