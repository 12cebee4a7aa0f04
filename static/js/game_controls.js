// The game page's action buttons, derived from its model's page (game_model.js re-exports
// them; game_view.js draws them): pure, no DOM. Each action has a place in the row, whose room
// stays the same while the game is live, so that no button slides under a finger that taps
// again: "shown"; "kept" — unavailable for now (Offer draw after offering one, Takeback before
// the viewer's first move, Berserk after it, Abort once both sides have moved, Resign before),
// invisible and out of reach but keeping its room; "none" — not for this viewer in this game
// (a spectator's Resign, a bot game's draw offer, a live game's Rematch), taking no room.
import { gettext } from "./i18n.js";
import { turnAt } from "./plies.js";

export const SHOWN = "shown";
export const KEPT = "kept";
export const NONE = "none";

/** Returns an action's place: shown when `available`, else kept while it `applies`, else none. */
function place(applies, available) {
  if (applies && available) return SHOWN;
  return applies ? KEPT : NONE;
}

/** Returns the viewer's side: null for a spectator and for a player of both sides. */
function sideOf(page) {
  return page.viewer.both_sides ? null : page.viewer.color;
}

/** Returns whether `color` has made a move in the game so far. */
export function hasMoved(state, color) {
  const moves = state.moves || [];
  return moves.some((_, index) => turnAt(state.initial_fen, index) === color);
}

/** Returns whether the viewer may go berserk now: their game allows it (an arena's), they have
 * not yet, and they have not made their first move. */
export function berserkable(page) {
  const s = page.state;
  const color = sideOf(page);
  if (!color || s.status !== "live" || !s.berserk || s.berserk[color]) return false;
  const firstMove = turnAt(s.initial_fen, 0) === color ? 1 : 2;
  return s.ply < firstMove;
}

/** Returns the Rematch button: {place, text, href (go to the rematch, else null), labels}. */
function rematchButton(page) {
  const s = page.state;
  const { viewer } = page;
  const offer = s.rematch && s.rematch.state === "open" ? s.rematch : null;
  const labels = [gettext("Rematch"), gettext("Go to the rematch"),
    gettext("Accept the rematch"), gettext("Rematch offered")];
  let text = labels[0];
  let href = null;
  if (s.rematch && s.rematch.game) {
    text = labels[1];
    href = `/game/${s.rematch.game}/`;
  } else if (offer && viewer.color && offer.by !== viewer.color) {
    text = labels[2];
  } else if (offer) {
    text = labels[3];
  }
  const shown = s.status === "finished" && s.mode === "online" && Boolean(viewer.color);
  return { place: place(shown, true), text, href, labels };
}

/**
 * Returns each action button's place ("shown", "kept" or "none") and words: {berserk,
 * takeback: {place, text}, abort, drawOffer, resign: {place, text, labels}, giveTime, rematch:
 * {place, text, href, labels}}. `labels`: every text the button may show, whose widest it
 * keeps the room of (game_view.js), so that arming Resign moves no control. Before both sides
 * have moved an online game is aborted, not resigned: Abort and Resign share one place, the one
 * kept under the other. An online game's takeback is asked of the opponent.
 */
export function actions(page) {
  const s = page.state;
  const live = s.status === "live";
  const player = page.viewer.both_sides || page.viewer.color !== null;
  const online = s.mode === "online";
  const me = sideOf(page);
  const seated = live && online && Boolean(me); // one side of a live online game
  const resignLabels = [`⚑ ${gettext("Resign")}`, gettext("Confirm resign")];
  const abort = Boolean(seated && s.abortable);
  // Not in a tournament's or a simul's game (the server refuses them too), and not again after
  // a decline until the next move.
  const takebacks = seated && !s.tournament && !s.simul;
  const askTakeback = takebacks && !s.takeback_offer && s.takeback_refused !== me
    && hasMoved(s, me);
  // A pass-and-play or bot game takes a move back at once, live or over (a checkmate).
  const takeBack = Boolean(player && s.takeback);
  return {
    berserk: place(seated && Boolean(s.berserk), berserkable(page)),
    takeback: online
      ? { place: place(takebacks, askTakeback), text: `↶ ${gettext("Propose takeback")}` }
      : { place: place((live && player) || takeBack, takeBack), text: `↶ ${gettext("Take back")}` },
    abort: place(seated, abort),
    drawOffer: place(seated, !s.draw_offer),
    resign: { place: place(live && player, !abort), text: resignLabels[page.resignArmed ? 1 : 0],
      labels: resignLabels },
    giveTime: place(seated && Boolean(s.clock && s.clock.initial), true),
    rematch: rematchButton(page),
  };
}
