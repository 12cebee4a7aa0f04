// The game page's view: draws the page from its model (game_model.js) — the board's position,
// the move list, the players' bars and clocks, the banner, the notices, the controls, the hint,
// the premove line, the tab's title and what screen readers are told. It decides nothing: what
// each part shows comes from the model, and its buttons call the handlers game.js gives it.
import { renderNotices } from "./game_notices.js";
import {
  KEPT, NONE, SHOWN, banner, boardFrame, connectionText, controls, firstMoveCountdown, hint,
  myColor, playerBars, premoveText, spectatorsText, squareLabel, yourTurn,
} from "./game_model.js";
import { gameHeader } from "./game_header.js";
import { gettext } from "./i18n.js";
import { newOpponentHref } from "./new_opponent.js";
import { createArrivals } from "./arrivals.js";
import { soundOn } from "./sound.js";
import { promotionName } from "./variant.js";

const $ = (selector) => document.querySelector(selector);

// A speaker drawn inline (an emoji's glyph is missing from some systems' fonts), with sound
// waves when on and a cross when off.
const SPEAKER = '<path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor"/>';
const WAVES = '<path d="M11 5.5a3.5 3.5 0 0 1 0 5M12.8 3.5a6.3 6.3 0 0 1 0 9"/>';
const CROSS = '<path d="M11 6l4 4M15 6l-4 4"/>';

// A control whose text changes (Resign and Confirm resign, Sound on and off, Rematch and its
// answers) keeps the room of the widest it may show: board.css lays them, hidden, in a line of
// no height under the text shown (from data-labels), so that a control that changes moves none.
function labelled(element, { text, labels }) {
  element.textContent = text;
  element.dataset.labels = labels.join("\n");
}

// An action button in its place (game_controls.js): shown — one that comes takes no tap for a
// moment (arrivals.js); kept — its room held, the button invisible, out of the tab order and of
// what screen readers read, never a hidden control that takes a tap, its words drawn dimmed in a
// dashed outline (board.css, from data-kept) so that the room reads as an action not open now,
// not as a gap; or none, taking no room. Its words are set before it is placed.
function place(arrivals, button, where) {
  button.hidden = where === NONE;
  const kept = where === KEPT;
  button.classList.toggle("is-kept", kept);
  button.inert = kept;
  if (kept) {
    button.setAttribute("aria-hidden", "true");
    button.dataset.kept = button.textContent;
  } else {
    button.removeAttribute("aria-hidden");
    delete button.dataset.kept;
  }
  arrivals.show(button, where === SHOWN);
}

function smallButton(text, className, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = text;
  button.addEventListener("click", onClick);
  return button;
}

/**
 * Creates the view of the game page. `board` is the play board (board.js), `moveList` the move
 * list (movelist.js), `clocks` the clocks (clock.js), `archive` a finished game's tools
 * (game_archive.js); `on` answers the buttons the view draws: draw(action), takeback(action),
 * claimWin(), acceptRematch(button), declineRematch(button), cancelPremove(), cancelChain(). `premove` is the held premove
 * (premove.js). Returns {render(page, {animate, review}), players, notices, controls, hint,
 * premove, announce(text), error(text), clearTyped(), connection(page, refused)} — each part
 * drawn again from `page` alone.
 */
export function createGameView({ board, moveList, clocks, archive, premove, on }) {
  const baseTitle = document.title;
  const arrivals = createArrivals($("#controls"));
  let shownKey = null;
  let shown = null; // the index of the move whose position the board shows (-1: the start)

  let lastPage = null; // the page last drawn, for the parts drawn without one (the premove line)

  function render(page, { animate = false, review = false } = {}) {
    lastPage = page;
    const frame = boardFrame(page, { previous: shown, animate, review, held: premove.path() });
    // Keep a selection or a chain in progress when nothing on the board has changed.
    if (frame.key !== shownKey) {
      board.set(frame.position);
      shownKey = frame.key;
    }
    shown = frame.shownIndex;
    const s = page.state;
    $("#game").classList.toggle("board-reviewing", page.viewing !== null);
    moveList.update({
      moves: s.moves || [], initialFen: s.initial_fen, viewing: page.viewing,
      finished: s.status === "finished",
    });
    archive.render();
    players(page);
    drawBanner(page);
    notices(page);
    drawControls(page);
    drawHint(page);
    document.title = yourTurn(page)
      ? gettext("Your turn · %(title)s", { title: baseTitle })
      : baseTitle;
  }

  function players(page) {
    const header = gameHeader(page);
    const line = $("#game-kind");
    if (line) line.textContent = [header.kind, header.position, header.control].filter(Boolean).join(" · ");
    for (const bar of playerBars(page, board.orientation())) {
      const el = document.querySelector(`[data-bar="${bar.bar}"]`);
      el.replaceChildren();
      el.dataset.color = bar.color;
      const swatch = document.createElement("span");
      swatch.className = `swatch swatch-${bar.color}`;
      swatch.setAttribute("aria-hidden", "true");
      el.append(swatch);
      if (bar.online !== null) {
        const dot = document.createElement("span");
        dot.className = `presence${bar.online ? " is-online" : ""}`;
        dot.dataset.testid = `presence-${bar.color}`;
        dot.setAttribute("role", "img");
        dot.setAttribute("aria-label", bar.online ? gettext("at the table") : gettext("away"));
        dot.title = bar.online ? gettext("At the table") : gettext("Away");
        el.append(dot);
      }
      const name = document.createElement("span");
      name.className = "player-name";
      name.textContent = bar.name;
      name.title = bar.name; // whole, where a phone's bar cuts a long name short
      el.append(name);
      const rating = header.ratings[bar.color];
      if (rating) {
        const shown = document.createElement("span");
        shown.className = "rating";
        shown.dataset.testid = `rating-${bar.color}`;
        shown.textContent = rating;
        el.append(shown);
      }
      if (bar.toMove) {
        const turn = document.createElement("span");
        turn.className = "to-move";
        turn.textContent = bar.toMove;
        el.append(turn);
      }
    }
    $("#spectators").textContent = spectatorsText(page);
    clocks.show(page.state, myColor(page));
  }

  function drawBanner(page) {
    const said = banner(page);
    const box = $("#banner");
    box.hidden = said === null;
    if (said === null) return;
    box.replaceChildren();
    const strong = document.createElement("strong");
    strong.textContent = said.headline;
    const small = document.createElement("span");
    small.textContent = said.score;
    box.append(strong, small);
    if (said.ratings !== null) {
      const ratings = document.createElement("span");
      ratings.className = "banner-ratings";
      ratings.dataset.testid = "rating-changes";
      ratings.textContent = said.ratings;
      box.append(ratings);
    }
    if (said.newLocal) {
      const again = document.createElement("a");
      again.className = "button button-small banner-action";
      again.href = "/play/local/";
      again.textContent = gettext("New pass-and-play game");
      box.append(again);
    }
  }

  function notices(page) {
    renderNotices($("#notices"), {
      state: page.state,
      me: myColor(page),
      told: page.told,
      countdown: firstMoveCountdown(page),
      onDraw: on.draw,
      onTakeback: on.takeback,
      onClaim: on.claimWin,
      onAcceptRematch: on.acceptRematch,
      onDeclineRematch: on.declineRematch,
      redraw: () => notices(page),
    });
  }

  function drawControls(page) {
    const shows = controls(page);
    const buttons = Object.fromEntries(
      [...document.querySelectorAll("#controls [data-action]")].map((b) => [b.dataset.action, b]),
    );
    const at = (button, where) => place(arrivals, button, where);
    at(buttons.berserk, shows.berserk);
    buttons.takeback.textContent = shows.takeback.text;
    at(buttons.takeback, shows.takeback.place);
    at(buttons.abort, shows.abort);
    at(buttons["draw-offer"], shows.drawOffer);
    labelled(buttons.resign, shows.resign);
    at(buttons.resign, shows.resign.place);
    // Abort and Resign share a place: it takes room while either does.
    buttons.resign.parentElement.hidden = shows.abort === NONE && shows.resign.place === NONE;
    at(buttons["give-time"], shows.giveTime);
    labelled(buttons.rematch, shows.rematch);
    at(buttons.rematch, shows.rematch.place);
    if (shows.rematch.href) buttons.rematch.dataset.href = shows.rematch.href;
    // A finished online game's New opponent: the lobby, seeking a game like it.
    const newOpponent = $("[data-new-opponent]");
    const href = newOpponentHref(page.state, page.viewer);
    newOpponent.hidden = !href;
    if (href) newOpponent.href = href;
    arrivals.show(newOpponent, Boolean(href));
    drawSound(buttons.sound);
    $("#move-form").hidden = !shows.moveForm;
    $("#move-input").disabled = !shows.moveInput;
  }

  function drawSound(button) {
    const sounding = soundOn();
    button.setAttribute("aria-pressed", String(sounding));
    button.innerHTML =
      `<svg class="icon" viewBox="0 0 16 16" aria-hidden="true">${SPEAKER}` +
      `<g fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round">` +
      `${sounding ? WAVES : CROSS}</g></svg><span></span>`;
    const labels = [gettext("Sound on"), gettext("Sound off")];
    labelled(button.querySelector("span"), { text: labels[sounding ? 0 : 1], labels });
  }

  function drawHint(page) {
    const box = $("#hint");
    box.replaceChildren();
    const said = hint(page, {
      promoting: board.promoting(),
      view: board.pickerView(),
      // The piece's name without its colour: "Knight on g1: …".
      pieceName: (square) => {
        const code = board.pieceAt(square);
        return code ? promotionName(code.slice(1), board.variant) : "";
      },
    });
    if (said.chain === undefined) {
      box.textContent = said.text;
      return;
    }
    const strong = document.createElement("strong");
    strong.textContent = `${gettext("Chain:")} `;
    box.append(strong, said.chain);
    const cancel = smallButton(gettext("Cancel"), "button button-secondary", on.cancelChain);
    cancel.dataset.action = "cancel-chain";
    box.append(cancel);
  }

  function drawPremove() {
    const path = premove.path();
    const name = (square) => board.pieceName(board.pieceAt(square) || "");
    const text = premoveText(premove.get(), path, name, (square) => (lastPage ? squareLabel(lastPage, square) : square));
    const note = $("#premove");
    note.hidden = text === null;
    note.replaceChildren();
    if (text === null) return;
    note.append(text);
    const cancel = smallButton(gettext("Cancel"), "button button-secondary button-small",
      on.cancelPremove);
    cancel.dataset.testid = "premove-cancel";
    note.append(cancel);
  }

  return {
    render,
    players,
    notices,
    controls: drawControls,
    hint: drawHint,
    premove: drawPremove,
    /** Tells screen readers `text` (a move just played). */
    announce(text) {
      $("#announce").textContent = text;
    },
    /** Shows `text` on the error line ("" clears it). */
    error(text) {
      $("#move-error").textContent = text;
    },
    /** Empties the box a move was typed in. */
    clearTyped() {
      $("#move-input").value = "";
    },
    /** Shows the connection's state: open, or closed (`refused`: by the server, for good). */
    connection(page, refused = false) {
      document.body.dataset.live = page.connected ? "open" : "closed"; // what tests wait for
      const line = $("#connection");
      line.hidden = page.connected;
      if (!page.connected) line.textContent = connectionText(refused);
    },
  };
}
