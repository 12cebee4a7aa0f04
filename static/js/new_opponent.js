// *New opponent*, as lichess offers it when an online game ends: the lobby seeks another game of
// the same game, time control and rating mode, and pairs its player with whoever answers first
// (an opponent's standing seek of that game and control is accepted at once). The game page
// links to the lobby with the seek in its address (`?pair=1&variant=…`); the lobby reads it once.
// Pure: the pages send and show.

/** Returns the lobby's address that seeks a game like `state`'s for its player (`viewer`), or
 * null: only for a player of a finished online game outside a tournament. */
export function newOpponentHref(state, viewer) {
  const player = viewer.color === "white" || viewer.color === "black";
  if (!player || state.mode !== "online" || state.status !== "finished" || state.tournament) {
    return null;
  }
  const asked = new URLSearchParams({ pair: "1", variant: state.variant, rated: state.rated ? "1" : "0" });
  const clock = state.clock;
  if (clock && clock.days) asked.set("days", String(clock.days));
  else if (clock) {
    asked.set("initial", String(clock.initial));
    asked.set("increment", String(clock.increment ?? 0));
  }
  return `/play/?${asked}`;
}

/** Returns the seek the lobby's address asks for ({variant, rated, clock}: null clock for an
 * unlimited game), or null when it asks for none or for one it cannot read. */
export function pairingAsked(search) {
  const asked = new URLSearchParams(search);
  const variant = asked.get("variant");
  if (asked.get("pair") !== "1" || !variant) return null;
  const whole = (name) => /^\d{1,6}$/.test(asked.get(name) ?? "") ? Number(asked.get(name)) : null;
  let clock = null;
  if (asked.has("days")) {
    if (whole("days") === null) return null;
    clock = { days: whole("days") };
  } else if (asked.has("initial")) {
    if (whole("initial") === null || whole("increment") === null) return null;
    clock = { initial: whole("initial"), increment: whole("increment") };
  }
  return { variant, rated: asked.get("rated") === "1", clock };
}
