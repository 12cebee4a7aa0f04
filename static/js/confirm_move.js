// Move confirmation on the game page (the settings' confirm_moves): whether a move made on the
// board waits for *Confirm*, the page holding it, and the words that ask. Pure: game.js shows
// the bar and tells the board to hold still (board.js `hold`); game_model.js drops a held move
// when a new position arrives.
import { gettext } from "./i18n.js";

/** Returns whether a move made on the board waits for the player's *Confirm* before it is sent:
 * in a live online game, by the viewer's settings (never, correspondence games, always). A
 * typed move and a premove are sent as they are. */
export function confirmsMoves(page) {
  const s = page.state;
  if (s.mode !== "online" || s.status !== "live" || page.viewer.both_sides) return false;
  const asked = page.preferences.confirm_moves;
  return asked === "always" || (asked === "correspondence" && s.speed === "correspondence");
}

/** Returns the page holding `move` (made on the board, shown there) for the player to confirm
 * or cancel; null: none held. */
export function withHeld(page, move) {
  return { ...page, held: move };
}

/** Returns the words that ask for a held move's confirmation ("Play Nf3?"), or null. */
export function confirmText(page) {
  return page.held ? gettext("Play %(move)s?", { move: page.held.text }) : null;
}
