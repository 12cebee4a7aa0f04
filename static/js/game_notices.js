// The game page's notices, under its controls: a word from the table no state carries (a declined
// draw or takeback), the first-move countdown, the opponent's draw or takeback offer with its
// buttons, an absence with its claim button, and a finished game's rematch offer with Accept and
// Decline. They are drawn afresh from the state each time it changes.
import { rematchNotice, rematchNoticeElement, takebackNotice } from "./offers.js";
import { gettext, language } from "./i18n.js";
import { absenceText, bySide } from "./game_words.js";

let claimTimer = null;
let countdownTimer = null;

function button(text, className, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  element.textContent = text;
  element.addEventListener("click", onClick);
  return element;
}

function paragraph(text, testid) {
  const notice = document.createElement("p");
  notice.className = "notice";
  if (testid) notice.dataset.testid = testid;
  notice.textContent = text;
  return notice;
}

function drawOfferNotice(by, onDraw) {
  const notice = document.createElement("div");
  notice.className = "notice draw-offer";
  notice.setAttribute("role", "alert");
  const offers = bySide(by, () => gettext("White offers a draw."),
    () => gettext("Black offers a draw."));
  notice.append(`${offers} `);
  for (const [action, text] of [["accept", gettext("Accept")], ["decline", gettext("Decline")]]) {
    const secondary = action === "accept" ? "" : "button-secondary";
    const answer = button(text, `button ${secondary} button-small`, () => onDraw(action));
    answer.dataset.action = `draw-${action}`;
    notice.append(answer, " ");
  }
  return notice;
}

function takebackOfferNotice(said, onTakeback) {
  const notice = document.createElement("div");
  notice.className = "notice takeback-offer";
  notice.dataset.testid = "takeback-notice";
  notice.setAttribute("role", "alert");
  notice.append(`${said.text} `);
  const answers = said.answer
    ? [["accept", gettext("Accept"), ""], ["decline", gettext("Decline"), "button-secondary"]]
    : said.withdraw ? [["decline", gettext("Withdraw"), "button-secondary"]] : [];
  for (const [action, text, secondary] of answers) {
    const answer = button(text, `button ${secondary} button-small`, () => onTakeback(action));
    answer.dataset.action = `takeback-${action}`;
    notice.append(answer, " ");
  }
  return notice;
}

// The first-move countdown counts down on screen: a timer draws the notices again each second.
function countdownNotice(said, redraw) {
  const notice = paragraph(said.text, "first-move-countdown");
  notice.classList.add("countdown");
  if (said.seconds > 0) countdownTimer = setTimeout(redraw, 1000);
  return notice;
}

// The claim button appears when the deadline passes: until then a timer draws the notices again.
// None for the absent player themself (game_words.absenceText).
function absenceNotice(state, me, { onClaim, redraw }) {
  const at = new Date(state.absence.deadline);
  const valid = !Number.isNaN(at.getTime());
  const due = !valid || at.getTime() <= Date.now();
  const said = absenceText(state, me, valid && !due ? at.toLocaleTimeString(language()) : "", due);
  if (said === null) return null;
  const notice = paragraph(said.text, "absence");
  if (!said.claimable) return notice;
  const wait = valid ? at.getTime() - Date.now() : 0;
  if (wait <= 0) {
    const claim = button(gettext("Claim the win"), "button button-small", onClaim);
    claim.dataset.testid = "claim-win";
    notice.append(claim);
  } else {
    claimTimer = setTimeout(redraw, wait + 250);
  }
  return notice;
}

/**
 * Draws the notices of `state` into `box` for `me` (the viewer's side, null for a spectator or
 * for both sides). `told` is {text, ply} or null; `countdown` the first-move countdown
 * (game_model.firstMoveCountdown) or null; the callbacks answer the buttons: onDraw(action),
 * onTakeback(action), onClaim(), onAcceptRematch(button), onDeclineRematch(button); redraw()
 * draws the notices again.
 */
export function renderNotices(box, {
  state, me, told, countdown, onDraw, onTakeback, onClaim, onAcceptRematch, onDeclineRematch,
  redraw,
}) {
  box.replaceChildren();
  clearTimeout(claimTimer);
  clearTimeout(countdownTimer);
  if (state.status !== "live") {
    const rematch = rematchNotice(state, me);
    if (rematch) box.append(rematchNoticeElement(rematch, onDeclineRematch, onAcceptRematch));
    return;
  }
  if (countdown) box.append(countdownNotice(countdown, redraw));
  if (told && told.ply === state.ply && !state.draw_offer) {
    const notice = paragraph(told.text, "table-notice");
    notice.setAttribute("role", "status");
    box.append(notice);
  }
  const takeback = takebackNotice(state, me);
  if (takeback) box.append(takebackOfferNotice(takeback, onTakeback));
  if (state.draw_offer && me && state.draw_offer !== me) {
    box.append(drawOfferNotice(state.draw_offer, onDraw));
  } else if (state.draw_offer && me) {
    box.append(paragraph(gettext("You offered a draw.")));
  }
  if (state.absence && state.absence.side) {
    const notice = absenceNotice(state, me, { onClaim, redraw });
    if (notice) box.append(notice);
  }
}
