// What the game page sends: every action of the viewer as a socket message, or over the REST
// API when the socket is not open (docs/api.md). It decides nothing and keeps no state: the
// answer, whichever way it comes, goes to `onState` (a state) or `onError` (a refusal).

// A clocked move carries the measured one-way delay, which the server credits within its
// bounds; never more than a minute is claimed.
const MOST_LAG_MS = 60_000;

/** Returns the socket message of a move for `ply`: a legal move's path (`{path, promotion}`)
 * or a typed move's text, with the lag when the game is clocked (`lag`, else null). */
export function moveMessage(ply, move, lag = null) {
  const message = typeof move === "string"
    ? { type: "move", ply, move }
    : { type: "move", ply, path: move.path, promotion: move.promotion || null };
  if (lag !== null) message.lag = Math.min(lag, MOST_LAG_MS);
  return message;
}

/** Returns a move as the REST API takes it: its text, or a path's squares joined by "-" (a
 * promotion's letter after a last "-"). */
export function restMoveText(move) {
  if (typeof move === "string") return move;
  return move.path.join("-") + (move.promotion ? `-${move.promotion}` : "");
}

// The actions other than a move: the socket message and the REST route that does the same.
const COMMANDS = {
  resign: [() => ({ type: "resign" }), "resign/", () => ({})],
  // A pass-and-play or bot game's takeback has no action; an online game's asks (offer, accept,
  // decline).
  takeback: [
    (action) => (action ? { type: "takeback", action } : { type: "takeback" }),
    "takeback/",
    (action) => (action ? { action } : {}),
  ],
  abort: [() => ({ type: "abort" }), "abort/", () => ({})],
  draw: [(action) => ({ type: "draw", action }), "draw/", (action) => ({ action })],
  rematch: [() => ({ type: "rematch" }), "rematch/", () => ({})],
  giveTime: [() => ({ type: "give_time" }), "give-time/", () => ({})],
  claimWin: [() => ({ type: "claim_win" }), "claim-win/", () => ({})],
  berserk: [() => ({ type: "berserk" }), "berserk/", () => ({})],
};

/**
 * Creates the page's sender. `socket`: {send(message) → whether it went, lag() → ms};
 * `api(method, url, body)` → a promise of the answer (api.js); `apiUrl` the game's API address
 * (ending in "/"); `onState(message)` gets a REST answer as a `state` message, `onError({error})`
 * a REST refusal; `onChat(message)` a chat line said over REST as a `chat` message, and a
 * refused one as an `error` message `about` the chat. Returns {move(ply, move, clocked),
 * resign(), takeback(action?), abort(), draw(action), rematch(), giveTime(), claimWin(),
 * berserk(), chat(text), sync(), declineRematch(challenge) → promise, chatLines() → promise of
 * the lines one may read}.
 */
export function createSender({ socket, api, apiUrl, onState, onError, onChat = () => {} }) {
  function post(path, body) {
    api("POST", `${apiUrl}${path}`, body)
      .then((state) => onState({ type: "state", ...state }))
      .catch((error) => onError({ error: error.message }));
  }

  const sender = {
    /** Sends a move for `ply`: a legal move ({path, promotion}) or a typed move's text. */
    move(ply, move, clocked) {
      if (socket.send(moveMessage(ply, move, clocked ? socket.lag() : null))) return;
      post("moves/", { move: restMoveText(move), ply });
    },
    /** Asks for the whole state again. */
    sync() {
      return socket.send({ type: "sync" });
    },
    /** Declines the opponent's rematch offer (challenge `challenge`); the state that follows
     * shows it declined. */
    declineRematch(challenge) {
      return api("POST", `/api/challenges/${challenge}/decline/`);
    },
    /** Says `text` in the game's chat. */
    chat(text) {
      if (socket.send({ type: "chat", text })) return;
      api("POST", `${apiUrl}chat/`, { text })
        .then((line) => onChat({ type: "chat", ...line }))
        .catch((error) => onChat({ type: "error", error: error.message, about: "chat" }));
    },
    /** Asks for the chat lines the viewer may read (both rooms once the game is over). */
    chatLines() {
      return api("GET", `${apiUrl}chat/`);
    },
  };
  for (const [name, [message, path, body]] of Object.entries(COMMANDS)) {
    sender[name] = (argument) => {
      if (!socket.send(message(argument))) post(path, body(argument));
    };
  }
  return sender;
}
