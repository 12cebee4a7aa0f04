// The game page's notices above the board: a word from the table no state carries (a declined
// draw), the opponent's draw offer with its buttons, an absence with its claim button, and a
// finished game's rematch offer. They are drawn afresh from the state each time it changes.
import { rematchNotice, rematchNoticeElement } from "./offers.js";
import { absenceText, COLOR_NAME } from "./game_words.js";

let claimTimer = null;

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
  notice.append(`${COLOR_NAME[by]} offers a draw. `);
  for (const [action, text] of [["accept", "Accept"], ["decline", "Decline"]]) {
    const secondary = action === "accept" ? "" : "button-secondary";
    const answer = button(text, `button ${secondary} button-small`, () => onDraw(action));
    answer.dataset.action = `draw-${action}`;
    notice.append(answer, " ");
  }
  return notice;
}

// The claim button appears when the deadline passes: until then a timer draws the notices again.
function absenceNotice(state, me, { onClaim, redraw }) {
  const at = new Date(state.absence.deadline);
  const valid = !Number.isNaN(at.getTime());
  const said = absenceText(state, me, valid ? at.toLocaleTimeString() : "");
  const notice = paragraph(said.text, "absence");
  if (!said.claimable) return notice;
  const wait = valid ? at.getTime() - Date.now() : 0;
  if (wait <= 0) {
    const claim = button("Claim the win", "button button-small", onClaim);
    claim.dataset.testid = "claim-win";
    notice.append(claim);
  } else {
    claimTimer = setTimeout(redraw, wait + 250);
  }
  return notice;
}

/**
 * Draws the notices of `state` into `box` for `me` (the viewer's side, null for a spectator or
 * for both sides). `told` is {text, ply} or null; the callbacks answer the buttons:
 * onDraw(action), onClaim(), onDeclineRematch(button); redraw() draws the notices again.
 */
export function renderNotices(box, { state, me, told, onDraw, onClaim, onDeclineRematch, redraw }) {
  box.replaceChildren();
  clearTimeout(claimTimer);
  if (state.status !== "live") {
    const rematch = rematchNotice(state, me);
    if (rematch) box.append(rematchNoticeElement(rematch, onDeclineRematch));
    return;
  }
  if (told && told.ply === state.ply && !state.draw_offer) {
    const notice = paragraph(told.text, "table-notice");
    notice.setAttribute("role", "status");
    box.append(notice);
  }
  if (state.draw_offer && me && state.draw_offer !== me) {
    box.append(drawOfferNotice(state.draw_offer, onDraw));
  } else if (state.draw_offer && me) {
    box.append(paragraph("You offered a draw."));
  }
  if (state.absence && state.absence.side) {
    box.append(absenceNotice(state, me, { onClaim, redraw }));
  }
}
