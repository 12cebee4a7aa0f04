// What the game page says about the players' offers beyond the draw offer's own buttons: a
// declined draw told to its offerer, a rematch offer with who asked and a Decline, what became
// of it, and for spectators a link to the rematch. The server decides; these only say it.

import { gettext } from "./i18n.js";
import { bySide, otherSide } from "./game_words.js";

/** Returns the words for a draw offer `by` declined, as `viewerColor` (null: a spectator)
 * reads them; null for the player who declined it (they know). */
export function drawDeclinedText(by, viewerColor) {
  if (viewerColor === by) return null;
  if (viewerColor) return gettext("Your draw offer was declined.");
  return bySide(by, () => gettext("White declined the draw offer."),
    () => gettext("Black declined the draw offer."));
}

/** Returns the words for the offerer `me` when their draw offer lapsed because the opponent
 * moved instead of answering it (the state went from `old` to `state`), or null. */
export function drawLapsedText(old, state, me) {
  const lapsed = me && old.draw_offer === me && !state.draw_offer && state.status === "live"
    && state.ply > old.ply;
  if (!lapsed) return null;
  const mover = otherSide(state.turn);
  return bySide(mover, () => gettext("Your draw offer lapsed: White moved instead."),
    () => gettext("Your draw offer lapsed: Black moved instead."));
}

/** Returns a player as an offer names them: "alice (White)" (null: an anonymous player, whom
 * the sentences name by their colour alone). */
export function whoAsked(state, color) {
  const name = state[color];
  if (!name) return null;
  return bySide(color, () => gettext("%(name)s (White)", { name }),
    () => gettext("%(name)s (Black)", { name }));
}

// A rematch offer's sentence: [a named player, White, Black] × [to a player, to a spectator].
const REMATCH_OFFERS = [
  [
    (player) => gettext("%(player)s offers a rematch.", { player }),
    (player) => gettext("%(player)s offered a rematch.", { player }),
  ],
  [() => gettext("White offers a rematch."), () => gettext("White offered a rematch.")],
  [() => gettext("Black offers a rematch."), () => gettext("Black offered a rematch.")],
];

// A takeback offer's sentence, likewise.
const TAKEBACK_OFFERS = [
  [
    (player) => gettext("%(player)s asks to take back their last move.", { player }),
    (player) => gettext("%(player)s asked to take back their last move.", { player }),
  ],
  [
    () => gettext("White asks to take back their last move."),
    () => gettext("White asked to take back their last move."),
  ],
  [
    () => gettext("Black asks to take back their last move."),
    () => gettext("Black asked to take back their last move."),
  ],
];

// Picks a sentence of `table` for the offer of `color`'s player, told to a player or not.
function offerSentence(table, state, color, toPlayer) {
  const player = whoAsked(state, color);
  const row = player ? 0 : color === "white" ? 1 : 2;
  return table[row][toPlayer ? 0 : 1](player);
}

/**
 * Returns what a finished game's rematch offer says to the viewer, or null:
 * {text, decline: bool (show Accept and Decline), link: the rematch's address for a spectator}.
 * `viewerColor` is the viewer's side in the game, null for a spectator.
 */
export function rematchNotice(state, viewerColor) {
  const offer = state.rematch;
  if (!offer || state.status !== "finished") return null;
  const mine = viewerColor === offer.by;
  if (offer.state === "open") {
    if (mine) return { text: gettext("You offered a rematch."), decline: false, link: null };
    const text = offerSentence(REMATCH_OFFERS, state, offer.by, Boolean(viewerColor));
    return { text, decline: Boolean(viewerColor), link: null };
  }
  if (offer.state === "declined") {
    if (mine) {
      return { text: gettext("Your rematch offer was declined."), decline: false, link: null };
    }
    if (viewerColor) {
      return { text: gettext("You declined the rematch."), decline: false, link: null };
    }
    return null;
  }
  if (offer.state === "accepted" && offer.game && !viewerColor) {
    return {
      text: gettext("The players started a rematch."), decline: false,
      link: `/game/${offer.game}/`,
    };
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
    accept.textContent = gettext("Accept");
    accept.addEventListener("click", () => onAccept(accept));
    box.append(accept, " ");
  }
  if (notice.decline) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button button-secondary button-small";
    button.dataset.action = "rematch-decline";
    button.textContent = gettext("Decline");
    button.addEventListener("click", () => onDecline(button));
    box.append(button);
  }
  if (notice.link) {
    const link = document.createElement("a");
    link.href = notice.link;
    link.dataset.testid = "rematch-link";
    link.textContent = gettext("Watch the rematch");
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
    return {
      text: gettext("You asked to take back your last move."), answer: false, withdraw: true,
    };
  }
  const text = offerSentence(TAKEBACK_OFFERS, s, asker, Boolean(me));
  return { text, answer: Boolean(me), withdraw: false };
}
