// The watch page's and the TV's choices, pure: which live games a filter keeps, in what order,
// how a player and a game's control are written, and which game the TV shows — the highest
// rated live game of its game, by the sum of both players' ratings (docs/site.md "Watch").

/** Returns the games a filter keeps ({variant, speed}: "" keeps every one), newest first. */
export function filterGames(games, { variant = "", speed = "" } = {}) {
  return games
    .filter((game) => (!variant || game.variant === variant) && (!speed || game.speed === speed))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** Returns a player as a card writes them: "alice 1623" ("1500?" while provisional). */
export function playerText(name, standing) {
  if (!standing) return name || "?";
  return `${name || "?"} ${standing.rating}${standing.provisional ? "?" : ""}`;
}

/** Returns a game's moves as a card counts them: full moves, "No move yet" before the first. */
export function movesText(ply) {
  if (!ply) return "No move yet";
  const moves = Math.ceil(ply / 2);
  return `${moves} move${moves === 1 ? "" : "s"}`;
}

/** Returns a game's control and speed as a card writes them: "3+2 · blitz". */
export function controlText(game) {
  const rated = game.rated ? "rated" : "casual";
  return game.control === game.speed
    ? `${game.control} · ${rated}`
    : `${game.control} · ${game.speed} · ${rated}`;
}

/** Returns a game's strength: the sum of both players' ratings. */
export function strength(game) {
  const ratings = game.ratings || {};
  return (ratings.white ? ratings.white.rating : 0) + (ratings.black ? ratings.black.rating : 0);
}

/** Returns the game the TV of `variant` shows: its highest-rated live game (the newest of
 * equals), leaving out the games in `ended`; null when there is none. */
export function tvPick(games, variant, ended = new Set()) {
  const candidates = games.filter((game) => game.variant === variant && !ended.has(game.id));
  let best = null;
  for (const game of candidates) {
    if (best === null || strength(game) > strength(best)
      || (strength(game) === strength(best) && game.created_at > best.created_at)) best = game;
  }
  return best;
}
