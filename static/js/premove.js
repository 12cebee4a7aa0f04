// Premoves: on the opponent's turn a player may type their next move (a whole chain included,
// as its text). The page holds it and sends it, as an ordinary move for the new ply, the moment
// a state gives the player the turn; the server plays it if it is still legal and refuses it
// otherwise (the premove is then dropped). Not offered in correspondence games.

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

export function createPremove() {
  let queued = null;
  return {
    /** Holds a move's text to play when the turn comes. */
    set(text) {
      queued = text;
    },
    clear() {
      queued = null;
    },
    get() {
      return queued;
    },
    /** With a new state: the move to send now ({move, ply}) if the turn is `color`'s, taking it
     * out of the queue; null otherwise (and the queue is cleared if the game is over). */
    take(state, color) {
      if (queued === null) return null;
      if (state.status !== "live") {
        queued = null;
        return null;
      }
      if (state.turn !== color) return null;
      const move = queued;
      queued = null;
      return { move, ply: state.ply };
    },
  };
}
