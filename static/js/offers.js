// What the game page says about the players' offers beyond the draw offer's own buttons: a
// declined draw told to its offerer, a rematch offer with who asked and a Decline, what became
// of it, and for spectators a link to the rematch. The server decides; these only say it.

import { COLOR_NAME, otherSide } from "./game_words.js";

/** Returns the words for a draw offer `by` declined, as `viewerColor` (null: a spectator)
 * reads them; null for the player who declined it (they know). */
export function drawDeclinedText(by, viewerColor) {
  if (viewerColor === by) return null;
  if (viewerColor) return "Your draw offer was declined.";
  return `${COLOR_NAME[by]} declined the draw offer.`;
}

/** Returns the words for the offerer `me` when their draw offer lapsed because the opponent
 * moved instead of answering it (the state went from `old` to `state`), or null. */
export function drawLapsedText(old, state, me) {
  const lapsed = me && old.draw_offer === me && !state.draw_offer && state.status === "live"
    && state.ply > old.ply;
  if (!lapsed) return null;
  const mover = otherSide(state.turn);
  return `Your draw offer lapsed: ${COLOR_NAME[mover]} moved instead.`;
}

/** Returns a player as an offer names them: "alice (White)". */
export function whoAsked(state, color) {
  const name = state[color];
  return name ? `${name} (${COLOR_NAME[color]})` : COLOR_NAME[color];
}

/**
 * Returns what a finished game's rematch offer says to the viewer, or null:
 * {text, decline: bool (show Accept and Decline), link: the rematch's address for a spectator}.
 * `viewerColor` is the viewer's side in the game, null for a spectator.
 */
export function rematchNotice(state, viewerColor) {
  const offer = state.rematch;
  if (!offer || state.status !== "finished") return null;
  const asker = whoAsked(state, offer.by);
  const mine = viewerColor === offer.by;
  if (offer.state === "open") {
    if (mine) return { text: "You offered a rematch.", decline: false, link: null };
    const verb = viewerColor ? "offers" : "offered";
    return { text: `${asker} ${verb} a rematch.`, decline: Boolean(viewerColor), link: null };
  }
  if (offer.state === "declined") {
    if (mine) return { text: "Your rematch offer was declined.", decline: false, link: null };
    if (viewerColor) return { text: "You declined the rematch.", decline: false, link: null };
    return null;
  }
  if (offer.state === "accepted" && offer.game && !viewerColor) {
    return { text: "The players started a rematch.", decline: false, link: `/game/${offer.game}/` };
  }
  return null;
}

/** Builds the notice element for `notice` (from `rematchNotice`); `onAccept` accepts,
 * `onDecline` declines. */
export function rematchNoticeElement(notice, onDecline, onAccept) {
  const box = document.createElement("p");
  box.className = "notice rematch-offer";
  box.dataset.testid = "rematch-notice";
  box.setAttribute("role", "status");
  box.append(`${notice.text} `);
  if (notice.decline && onAccept) {
    const accept = document.createElement("button");
    accept.type = "button";
    accept.className = "button button-small";
    accept.dataset.action = "rematch-accept";
    accept.textContent = "Accept";
    accept.addEventListener("click", () => onAccept(accept));
    box.append(accept, " ");
  }
  if (notice.decline) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button button-secondary button-small";
    button.dataset.action = "rematch-decline";
    button.textContent = "Decline";
    button.addEventListener("click", () => onDecline(button));
    box.append(button);
  }
  if (notice.link) {
    const link = document.createElement("a");
    link.href = notice.link;
    link.dataset.testid = "rematch-link";
    link.textContent = "Watch the rematch";
    box.append(link);
  }
  return box;
}

/**
 * Returns what the table says of a takeback offer to `me` (the viewer's side; null: a spectator
 * or both sides), or null: {text, answer (the viewer may accept or decline), withdraw (the viewer
 * asked, and may withdraw it)}.
 */
export function takebackNotice(state, me) {
  const s = state;
  if (s.status !== "live" || !s.takeback_offer) return null;
  const asker = s.takeback_offer;
  if (me === asker) {
    return { text: "You asked to take back your last move.", answer: false, withdraw: true };
  }
  const name = s[asker] ? `${s[asker]} (${COLOR_NAME[asker]})` : COLOR_NAME[asker];
  const verb = me ? "asks" : "asked";
  return { text: `${name} ${verb} to take back their last move.`, answer: Boolean(me),
    withdraw: false };
}
