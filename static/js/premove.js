// Premoves: on the opponent's turn a player may enter their next move, a whole chain included —
// typed (as its text) or tapped on the board (a piece of theirs, then the squares of its path).
// The page holds it and sends it, as an ordinary move for the new ply, the moment a state gives
// the player the turn. A typed premove is sent as written and the server plays it if it is still
// legal (else it is refused and dropped). A tapped one is a path: it is sent only if the new
// state's legal moves hold a move of exactly that path, and silently dropped otherwise — the
// page never guesses a rule, it only compares with the server's list. Not offered in
// correspondence games.

/** Whether a premove may be entered now: a live clocked real-time online game, the viewer
 * playing one side (not pass-and-play), and the turn the other side's. */
export function premoveAllowed(state, color) {
  return (
    state.mode === "online" &&
    state.status === "live" &&
    Boolean(color) &&
    state.turn !== color &&
    !(state.clock && state.clock.days)
  );
}

/** Returns the legal move whose path is exactly `path` (squares compared after `square`, which
 * turns a move's written squares into the board's), or null. A promotion's several moves share
 * a path: the queen's (or the first) is taken. */
export function matchPath(legalMoves, path, square = (name) => name) {
  const same = (move) =>
    move.path.length === path.length && move.path.every((at, i) => square(at) === path[i]);
  const found = (legalMoves || []).filter(same);
  return found.find((move) => String(move.promotion || "").toUpperCase() === "Q") || found[0] || null;
}

/** The next premove path after a tap on `square` holding `piece` ("wM", or null), for the
 * player of colour letter `mine` ("w" / "b"): the first tap picks one of their pieces, each
 * later one adds a landing, a tap on the starting piece cancels (null). */
export function extendPath(path, square, piece, mine) {
  const own = Boolean(piece) && piece[0] === mine;
  if (!path || path.length === 0) return own ? [square] : null;
  if (square === path[0]) return null;
  if (path.length === 1 && own) return [square];
  if (square === path[path.length - 1]) return path;
  return [...path, square];
}

export function createPremove() {
  let queued = null; // {text} typed, or {path} tapped
  return {
    /** Holds a move's text to play when the turn comes. */
    set(text) {
      queued = { text };
    },
    /** Holds a tapped path (the board's squares; one square: a piece picked, no move yet). */
    setPath(path) {
      queued = path && path.length ? { path } : null;
    },
    clear() {
      queued = null;
    },
    /** The move's text as the page shows it (a path as its squares joined by "-"), or null. */
    get() {
      if (queued === null) return null;
      return queued.path ? queued.path.join("-") : queued.text;
    },
    /** The tapped path held, or null. */
    path() {
      return queued && queued.path ? queued.path : null;
    },
    /** With a new state: what to send now if the turn is `color`'s, taking it out of the queue —
     * {move: text, ply} for a typed premove, {legal: a legal move, ply} for a tapped one whose
     * path the state's legal moves hold; null otherwise (a tapped path no legal move has, or a
     * lone picked piece, is dropped; the queue is cleared if the game is over). */
    take(state, color, square) {
      if (queued === null) return null;
      if (state.status !== "live") {
        queued = null;
        return null;
      }
      if (state.turn !== color) return null;
      const held = queued;
      queued = null;
      if (!held.path) return { move: held.text, ply: state.ply };
      const legal = held.path.length > 1 ? matchPath(state.legal_moves, held.path, square) : null;
      return legal ? { legal, ply: state.ply } : null;
    },
  };
}
