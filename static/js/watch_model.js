// The watch page's and the TV's choices, pure: which live games a filter keeps, in what order,
// how a player and a game's control are written, and which game the TV shows — the highest
// rated live game of its game, by the sum of both players' ratings (docs/site.md "Watch"). The
// words are in the page's language (i18n.js).

import { ratedLabel } from "./api.js";
import { bannerHeadline } from "./game_words.js";
import { formatNumber, gettext, ngettext } from "./i18n.js";
import { controlLabel, speedLabel } from "./timecontrol.js";

/** Returns the games a filter keeps ({variant, speed}: "" keeps every one), newest first. */
export function filterGames(games, { variant = "", speed = "" } = {}) {
  return games
    .filter((game) => (!variant || game.variant === variant) && (!speed || game.speed === speed))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** Returns a player as a card writes them: "alice 1623" ("1500?" while provisional). */
export function playerText(name, standing) {
  if (!standing) return name || "?";
  // A rating is written without grouping, as players write it.
  const rating = formatNumber(standing.rating, { useGrouping: false });
  return `${name || "?"} ${rating}${standing.provisional ? "?" : ""}`;
}

/** Returns a game's moves as a card counts them: full moves, "No move yet" before the first. */
export function movesText(ply) {
  if (!ply) return gettext("No move yet");
  return ngettext("%(n)s move", "%(n)s moves", Math.ceil(ply / 2));
}

/** Returns a game's control and speed as a card writes them: "3+2 · blitz". */
export function controlText(game) {
  const rated = ratedLabel(game.rated);
  const control = controlLabel(game.control);
  return game.control === game.speed
    ? `${control} · ${rated}`
    : `${control} · ${speedLabel(game.speed)} · ${rated}`;
}

/** Returns how many watch a game: "3 watching". */
export function watchingText(spectators) {
  // Translators: the number of spectators of a live game.
  return ngettext("%(n)s watching", "%(n)s watching", spectators);
}

/** Returns a live game's board's name for assistive technology: "Chesskers: alice against bob". */
export function boardLabel(gameName, white, black) {
  return gettext("%(game)s: %(white)s against %(black)s", { game: gameName, white, black });
}

/** Returns what the watch page says with no card to show: none live, or none the filters keep. */
export function noGamesText(anyLive) {
  return anyLive ? gettext("No live game matches these filters.") : gettext("No live games right now.");
}

/** Returns a game's TV by name: "Chesskers TV". */
export function tvName(gameName) {
  return gettext("%(game)s TV", { game: gameName });
}

/** Returns the TV's status line for a game's state: its moves and who is to move, or how it
 * ended. */
export function tvStatusText(state) {
  if (state.status === "live") {
    const moves = movesText(state.ply);
    return state.turn === "white"
      ? gettext("%(moves)s · White to move", { moves })
      : gettext("%(moves)s · Black to move", { moves });
  }
  const result = bannerHeadline(state);
  return state.result
    ? gettext("Over: %(score)s · %(result)s", { score: state.result, result })
    : gettext("Over: %(result)s", { result });
}

/** Returns what the TV says while its game has no live game. */
export function tvWaitingText(gameName) {
  return gettext("No live %(game)s game right now: the TV waits for one.", { game: gameName });
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
