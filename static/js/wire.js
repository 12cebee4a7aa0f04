// What the server sends in pieces, put back together (docs/api.md, "Live"): a message too large
// for one socket message comes as `part` messages; a game's moves come as what changed (a state
// holds the moves from its `moves_from` on); the lobby's and the watch page's lists come whole on
// connect, then as what was added and removed. Pure: no DOM, no socket.

/**
 * Returns a function of each incoming message that answers the whole message: the message
 * itself, or for a `part` null until its last part has come, then the message its parts make.
 */
export function createPartJoiner() {
  const pending = new Map(); // id -> texts so far
  return function join(message) {
    if (message.type !== "part") return message;
    const texts = pending.get(message.id) || [];
    texts[message.index] = message.text;
    pending.set(message.id, texts);
    if (texts.filter((text) => text !== undefined).length < message.count) return null;
    pending.delete(message.id);
    try {
      return JSON.parse(texts.join(""));
    } catch {
      return null;
    }
  };
}

/**
 * Returns the move list `moves` with a `state` or `moves` message applied: its moves replace
 * the list from its `moves_from` on (a move played adds one, a takeback cuts the list). Returns
 * null when the message starts past the end of the list: plies were missed, ask for a sync.
 */
export function mergeMoves(moves, message) {
  const from = message.moves_from ?? 0;
  if (from > moves.length) return null;
  return [...moves.slice(0, from), ...(message.moves || [])];
}

/**
 * Returns `list` (objects with an `id`) with the entries of `added` put in (replacing any with
 * the same id, else at the end) and those whose id is in `removed` taken out.
 */
export function changeList(list, added = [], removed = []) {
  const gone = new Set(removed);
  const fresh = new Map(added.map((entry) => [entry.id, entry]));
  const kept = list
    .filter((entry) => !gone.has(entry.id))
    .map((entry) => {
      const replaced = fresh.get(entry.id);
      fresh.delete(entry.id);
      return replaced || entry;
    });
  return [...kept, ...[...fresh.values()].filter((entry) => !gone.has(entry.id))];
}

/**
 * Returns a user's open challenges ({incoming, outgoing}) with one challenge's news applied
 * (docs/api.md: `challenge` on /ws/lobby/ and /ws/me/): an open one is put in (outgoing if
 * `me` made it, else incoming), one that is no longer open is taken out.
 */
export function applyChallenge({ incoming, outgoing }, challenge, me) {
  const open = challenge.state === "open";
  const mine = challenge.challenger === me;
  return {
    incoming: changeList(incoming, open && !mine ? [challenge] : [], open && !mine ? [] : [challenge.id]),
    outgoing: changeList(outgoing, open && mine ? [challenge] : [], open && mine ? [] : [challenge.id]),
  };
}
