// The game page's controller (/game/<id>/): reads the page data, wires the board, the move
// list, the controls and the socket, and keeps one state object — the server's last state plus
// what this viewer is looking at. The server decides every rule; this page shows and asks.
import { api, goToGame } from "./api.js";
import { checkedKing, createPlayBoard } from "./board.js";
import { createArchive } from "./game_archive.js";
import { renderNotices as drawNotices } from "./game_notices.js";
import {
  bannerHeadline, otherSide, playerLabel, ratingChangesText, resultText, selectionText,
  turnText, viewingText,
} from "./game_words.js";
import { withLegalList } from "./legal_tree.js";
import { createClocks } from "./clock.js";
import { createMoveList } from "./movelist.js";
import { createPremove, extendPath, premoveAllowed } from "./premove.js";
import { drawDeclinedText, drawLapsedText } from "./offers.js";
import { classifyState, connectSocket } from "./socket.js";
import { mergeMoves } from "./wire.js";
import { moveSound, playSound, setSound, soundOn } from "./sound.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const viewer = data.viewer || { username: null, color: null, both_sides: false };
const $ = (selector) => document.querySelector(selector);

const page = {
  state: data.state,
  viewing: null, // index of the move whose position is shown read-only, -1 the start, null live
  sent: null, // {ply, kind: "path" | "text"} while a move of ours awaits its answer
  shownKey: null,
  shownIndex: null, // the index of the move whose position the board shows (-1: the start)
  connected: true,
  resignArmed: null,
  told: null, // {text, ply}: a word from the table that no state carries (a declined draw)
  archive: data.archive || null, // a finished game's {annotations, analysis, can_annotate, …}
  incoming: null, // the moves a long game's state is coming with (`moves` messages), until it comes
};

// The game's descriptor (games/reads/variants.py): its board, its pieces and their names.
const variant = data.variant || null;

const board = createPlayBoard($("#board"), {
  orientation: viewer.color === "black" && !viewer.both_sides ? "black" : "white",
  label: variant ? `${variant.name} board` : "Game board",
  variant,
  onMove: sendPathMove,
  onChange: () => renderHint(),
  onPremoveSquare: tapPremove,
});
const moveList = createMoveList($("#movelist"), { onSelect: view, variant });
const clocks = createClocks();
const premove = createPremove();
const archive = createArchive({ page, data, viewer, moveList, view });

// The socket sends the legal moves as a tree (a chain's prefixes named once); onState lists them.
const socket = connectSocket(`${data.ws_url}?legal=tree`, {
  state: onState,
  moves(message) {
    // The first moves of a long game's state, ahead of it (docs/api.md, "Live").
    page.incoming = mergeMoves(page.incoming || page.state.moves || [], message);
    if (!page.incoming) socket.send({ type: "sync" });
  },
  error: onError,
  presence(message) {
    page.state = { ...page.state, presence: message.presence, spectators: message.spectators };
    if ("absence" in message) page.state.absence = message.absence;
    renderPlayers();
    renderNotices();
  },
  pong() {},
  draw_declined(message) {
    const text = drawDeclinedText(message.by, viewer.both_sides ? null : viewer.color);
    page.told = text ? { text, ply: page.state.ply } : null;
    renderNotices();
  },
  analysis(message) {
    if (!page.archive) return;
    const { type, ...analysis } = message;
    page.archive.analysis = analysis;
    archive.render();
  },
  annotations(message) {
    if (!page.archive) return;
    page.archive.annotations = message.annotations;
    archive.render();
  },
  open(isReconnect) {
    page.connected = true;
    document.body.dataset.live = "open"; // what tests wait for before acting over the socket
    $("#connection").hidden = true;
    if (isReconnect && page.sent) {
      // The answer to a move sent before the drop may be lost: the sync that follows a
      // reconnect tells whether it was played.
      page.sent = null;
      board.revert();
      renderHint();
    }
  },
  close(code, refused) {
    page.connected = false;
    document.body.dataset.live = "closed";
    $("#connection").hidden = false;
    $("#connection").textContent = refused
      ? "The server closed this game's live connection. Reload the page."
      : "Reconnecting…";
  },
});

// --- incoming ------------------------------------------------------------------------------
function onState(message) {
  const { type, ...state } = withLegalList(message);
  const old = page.state;
  const known = page.incoming || old.moves || [];
  page.incoming = null;
  const verdict = classifyState(old, state, page.sent ? page.sent.ply : null, known);
  if (verdict.sync) socket.send({ type: "sync" });
  if (!verdict.apply) return;
  // A state carries the moves from `moves_from` on: the page keeps the list.
  state.moves = mergeMoves(known, state);
  if (verdict.answered) {
    page.sentPremove = null;
    if (page.sent.kind === "text") $("#move-input").value = "";
    $("#move-error").textContent = "";
    page.sent = null;
  }
  page.state = state;
  const lapsed = drawLapsedText(old, state, viewer.both_sides ? null : viewer.color);
  if (lapsed) page.told = { text: lapsed, ply: state.ply };
  if (page.viewing !== null && page.viewing >= state.moves.length - 1) page.viewing = null;
  if (state.ply > old.ply) {
    const move = state.moves[state.moves.length - 1];
    announce(move);
    moveSound(move);
  }
  if (old.status === "live" && state.status !== "live") playSound("end");
  render({ animate: verdict.theirs && page.viewing === null });
  playPremove(state);
  // A rematch accepted (by either player): both players go to its game at once, as a seek's.
  const rematch = state.rematch && state.rematch.game;
  if (rematch && !(old.rematch && old.rematch.game) && viewer.color && !viewer.both_sides) {
    goToGame(rematch);
  }
}

// A premove held while the opponent moved: sent for the new ply as soon as the turn is ours.
// A tapped premove whose path the new legal moves lack is dropped without a word (premove.js).
function playPremove(state) {
  if (viewer.both_sides || page.sent) return;
  const held = premove.get();
  const due = premove.take(state, viewer.color, board.squareOf);
  renderPremove();
  if (!due) return;
  page.sentPremove = held;
  if (due.legal) sendPathMove(due.legal);
  else sendTextMove(due.move);
}

/** Whether the board takes taps for a premove now (premove.js says when one may be entered). */
function premoving() {
  return !viewer.both_sides && page.viewing === null && premoveAllowed(page.state, viewer.color);
}

// A tap on the opponent's turn: the first picks one of the player's pieces, each next one adds a
// square to its path, a tap on the piece again cancels. The server judges it when it is played.
function tapPremove(square, piece) {
  if (!premoving()) return;
  const path = extendPath(premove.path(), square, piece, viewer.color[0]);
  premove.setPath(path);
  board.showPremove(path);
  renderPremove();
}

function cancelPremove() {
  premove.clear();
  board.showPremove(null);
  renderPremove();
}

function renderPremove() {
  const queued = premove.get();
  const path = premove.path();
  const note = $("#premove");
  note.hidden = queued === null;
  note.replaceChildren();
  if (queued === null) return;
  if (path && path.length === 1) {
    note.append(`Premove: ${board.pieceName(board.pieceAt(path[0]) || "")} on ${path[0]}, `
      + "tap its landing (and any further ones). ");
  } else {
    note.append(`Premove: ${queued} (played when your turn comes) `);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "button button-secondary button-small";
  cancel.dataset.testid = "premove-cancel";
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", cancelPremove);
  note.append(cancel);
}

function onError(message) {
  const dropped = page.sentPremove;
  page.sentPremove = null;
  $("#move-error").textContent = dropped
    ? `Premove ${dropped} dropped: ${message.error || "refused"}`
    : message.error || "The server refused that.";
  if (page.sent) {
    page.sent = null;
    board.revert();
    renderHint();
  }
}

// --- outgoing ------------------------------------------------------------------------------
function canMove() {
  const s = page.state;
  if (s.status !== "live" || page.viewing !== null) return false;
  if (viewer.both_sides) return true;
  return viewer.color !== null && viewer.color === s.turn;
}

function isPlayer() {
  return viewer.both_sides || viewer.color !== null;
}

function sendPathMove(move) {
  const ply = page.state.ply;
  page.sent = { ply, kind: "path" };
  $("#move-error").textContent = "";
  renderHint();
  const message = { type: "move", ply, path: move.path, promotion: move.promotion || null };
  if (page.state.clock) message.lag = Math.min(socket.lag(), 60_000);
  if (!socket.send(message)) {
    const machine = move.path.join("-") + (move.promotion ? `-${move.promotion}` : "");
    restMove(machine, ply);
  }
}

function sendTextMove(text) {
  const ply = page.state.ply;
  page.sent = { ply, kind: "text" };
  $("#move-error").textContent = "";
  renderHint();
  const message = { type: "move", ply, move: text };
  if (page.state.clock) message.lag = Math.min(socket.lag(), 60_000);
  if (!socket.send(message)) restMove(text, ply);
}

async function restMove(move, ply) {
  try {
    onState({ type: "state", ...(await api("POST", `${data.api_url}moves/`, { move, ply })) });
  } catch (error) {
    onError({ error: error.message });
  }
}

function command(message, rest) {
  $("#move-error").textContent = "";
  if (socket.send(message)) return;
  api("POST", `${data.api_url}${rest.path}`, rest.body)
    .then((state) => onState({ type: "state", ...state }))
    .catch((error) => onError({ error: error.message }));
}

/** Tells screen readers the move just played. */
function announce(move) {
  if (!move) return;
  const blackFirst = page.state.initial_fen.split(" ")[1] === "b" ? 1 : 0;
  const mover = (move.ply + blackFirst) % 2 ? "Black" : "White";
  $("#announce").textContent = `${mover} played ${move.text}.`;
}

// --- viewing past positions ----------------------------------------------------------------
function view(index) {
  const count = page.state.moves.length;
  page.viewing = index === null || index >= count - 1 ? null : Math.max(-1, index);
  if (count === 0) page.viewing = null;
  page.reviewing = true;
  board.cancel();
  render({ animate: false });
}

// --- rendering -----------------------------------------------------------------------------
function render({ animate }) {
  const s = page.state;
  const moves = s.moves || [];
  const interactive = canMove();
  const shownIndex = page.viewing === null ? moves.length - 1 : page.viewing;
  // One step forward through the list (another's move arriving, or → in review) is played out:
  // the piece slides, and a chain goes jump by jump.
  const stepped = page.shownIndex !== null && shownIndex === page.shownIndex + 1;
  const stepForward = page.viewing === null ? animate || (page.reviewing && stepped) : stepped;
  page.reviewing = false;
  const move = shownIndex >= 0 ? moves[shownIndex] : null;
  const slide = stepForward && move
    ? { from: move.path[move.path.length - 2], to: move.path[move.path.length - 1] }
    : null;
  let key;
  let position;
  if (page.viewing !== null) {
    const fen = move ? move.fen : s.initial_fen;
    key = `view|${page.viewing}|${fen}`;
    position = {
      fen, legalMoves: [], lastMove: move, check: move ? checkedKing(fen, move.text, variant) : null,
      interactive: false, animate: slide, replay: stepForward ? move : null,
    };
  } else {
    const held = premoving() ? premove.path() || [] : null;
    key = `live|${s.ply}|${s.fen}|${interactive}|${s.legal_moves.length}|${Boolean(held)}`;
    position = {
      fen: s.fen, legalMoves: s.legal_moves, lastMove: move, check: s.check, interactive,
      animate: slide, replay: stepForward ? move : null, premove: held,
    };
  }
  // Keep a selection or a chain in progress when nothing on the board has changed.
  if (key !== page.shownKey) {
    board.set(position);
    page.shownKey = key;
  }
  page.shownIndex = shownIndex;
  document.getElementById("game").classList.toggle("board-reviewing", page.viewing !== null);
  moveList.update({
    moves, initialFen: s.initial_fen, viewing: page.viewing, finished: s.status === "finished",
  });
  archive.render();
  renderPlayers();
  renderBanner();
  renderNotices();
  renderControls();
  renderHint();
  renderTitle();
}

const BASE_TITLE = document.title;

/** The tab's title says when the viewer is to move, for a player whose tab is in the back. */
function renderTitle() {
  const s = page.state;
  const mine = !viewer.both_sides && viewer.color && s.status === "live" && s.turn === viewer.color;
  document.title = mine ? `Your turn · ${BASE_TITLE}` : BASE_TITLE;
}

function renderPlayers() {
  const s = page.state;
  const bottom = board.orientation();
  const top = otherSide(bottom);
  for (const [bar, color] of [["top", top], ["bottom", bottom]]) {
    const el = document.querySelector(`[data-bar="${bar}"]`);
    el.replaceChildren();
    el.dataset.color = color;
    const swatch = document.createElement("span");
    swatch.className = `swatch swatch-${color}`;
    swatch.setAttribute("aria-hidden", "true");
    el.append(swatch);
    if (s.mode === "online") {
      const online = Boolean(s.presence && s.presence[color]);
      const dot = document.createElement("span");
      dot.className = `presence${online ? " is-online" : ""}`;
      dot.dataset.testid = `presence-${color}`;
      dot.setAttribute("role", "img");
      dot.setAttribute("aria-label", online ? "at the table" : "away");
      dot.title = online ? "At the table" : "Away";
      el.append(dot);
    }
    const name = document.createElement("span");
    name.className = "player-name";
    name.textContent = playerLabel(s, viewer, color);
    name.title = name.textContent; // whole, where a phone's bar cuts a long name short
    el.append(name);
    if (s.status === "live" && s.turn === color) {
      const turn = document.createElement("span");
      turn.className = "to-move";
      turn.textContent = viewer.color === color && !viewer.both_sides ? "Your move" : "To move";
      el.append(turn);
    }
  }
  const n = s.spectators || 0;
  $("#spectators").textContent = s.mode === "online" ? `${n} watching` : "";
  clocks.show(s, viewer.both_sides ? null : viewer.color);
}

function renderBanner() {
  const s = page.state;
  const banner = $("#banner");
  banner.hidden = s.status !== "finished" && s.status !== "aborted";
  if (banner.hidden) return;
  banner.replaceChildren();
  const strong = document.createElement("strong");
  strong.textContent = bannerHeadline(s);
  const small = document.createElement("span");
  small.textContent = resultText(s).score;
  banner.append(strong, small);
  if (s.rating_changes) {
    const ratings = document.createElement("span");
    ratings.className = "banner-ratings";
    ratings.dataset.testid = "rating-changes";
    ratings.textContent = ratingChangesText(s.rating_changes);
    banner.append(ratings);
  }
  if (s.mode === "local" && isPlayer()) {
    const again = document.createElement("a");
    again.className = "button button-small banner-action";
    again.href = "/play/local/";
    again.textContent = "New pass-and-play game";
    banner.append(again);
  }
}

function renderNotices() {
  drawNotices($("#notices"), {
    state: page.state,
    me: viewer.both_sides ? null : viewer.color,
    told: page.told,
    onDraw: drawAction,
    onClaim: () => command({ type: "claim_win" }, { path: "claim-win/", body: {} }),
    onDeclineRematch: declineRematch,
    redraw: renderNotices,
  });
}

function renderControls() {
  const s = page.state;
  const live = s.status === "live";
  const player = isPlayer();
  const buttons = Object.fromEntries(
    [...document.querySelectorAll("#controls [data-action]")].map((b) => [b.dataset.action, b]),
  );
  buttons.takeback.hidden = !(player && s.takeback);
  buttons["draw-offer"].hidden = !(
    live && s.mode === "online" && viewer.color && !viewer.both_sides && !s.draw_offer
  );
  buttons.resign.hidden = !(live && player);
  const realTime = Boolean(s.clock && s.clock.initial);
  buttons["give-time"].hidden = !(live && s.mode === "online" && viewer.color && realTime);
  if (!page.resignArmed) buttons.resign.textContent = "⚑ Resign";
  buttons.rematch.hidden = !(s.status === "finished" && s.mode === "online" && viewer.color);
  const offer = s.rematch && s.rematch.state === "open" ? s.rematch : null;
  if (s.rematch && s.rematch.game) {
    buttons.rematch.textContent = "Go to the rematch";
    buttons.rematch.dataset.href = `/game/${s.rematch.game}/`;
  } else if (offer && viewer.color && offer.by !== viewer.color) {
    buttons.rematch.textContent = "Accept the rematch";
  } else if (offer) {
    buttons.rematch.textContent = "Rematch offered";
  } else {
    buttons.rematch.textContent = "Rematch";
  }
  renderSoundButton(buttons.sound);
  const form = $("#move-form");
  form.hidden = !(player && live);
  // On the opponent's turn the box takes a premove (premove.js), where premoves are allowed.
  $("#move-input").disabled = !canMove() && !premoving();
}

// A speaker drawn inline (an emoji's glyph is missing from some systems' fonts), with sound
// waves when on and a cross when off.
const SPEAKER = '<path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor"/>';
const WAVES = '<path d="M11 5.5a3.5 3.5 0 0 1 0 5M12.8 3.5a6.3 6.3 0 0 1 0 9"/>';
const CROSS = '<path d="M11 6l4 4M15 6l-4 4"/>';

function renderSoundButton(button) {
  const on = soundOn();
  button.setAttribute("aria-pressed", String(on));
  button.innerHTML =
    `<svg class="icon" viewBox="0 0 16 16" aria-hidden="true">${SPEAKER}` +
    `<g fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round">` +
    `${on ? WAVES : CROSS}</g></svg><span>${on ? "Sound on" : "Sound off"}</span>`;
}

function renderHint() {
  const s = page.state;
  const hint = $("#hint");
  hint.replaceChildren();
  if (page.viewing !== null) {
    hint.textContent = viewingText(s.status);
    return;
  }
  if (s.status !== "live") return;
  const v = board.pickerView();
  if (board.promoting()) {
    hint.textContent = "Choose the piece to promote to (Escape to cancel).";
    return;
  }
  if (page.sent) {
    hint.textContent = "Sending…";
    return;
  }
  if (v.inChain) {
    const strong = document.createElement("strong");
    strong.textContent = "Chain: ";
    hint.append(strong);
    const parts = [];
    if (v.targets.length) parts.push("tap the next landing");
    if (v.canStop) parts.push(`tap the piece on ${v.at} to stop there`);
    parts.push(`tap ${v.undoSquare} to undo the jump`);
    hint.append(`${parts.join(", ")}. `);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button button-secondary";
    cancel.dataset.action = "cancel-chain";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => board.cancel());
    hint.append(cancel);
    return;
  }
  if (v.selected && v.targets.length) {
    const code = board.pieceAt(v.selected);
    const kinds = new Set(v.targets.map((t) => t.kind));
    hint.textContent = selectionText(code ? board.pieceName(code) : "", v.selected, kinds);
    return;
  }
  hint.textContent = turnText(s, viewer, canMove());
}

// --- controls --------------------------------------------------------------------------------
/** Declines the opponent's rematch offer; the state that follows shows it declined. */
async function declineRematch(button) {
  button.disabled = true;
  try {
    await api("POST", `/api/challenges/${page.state.rematch.challenge}/decline/`);
  } catch (failure) {
    $("#move-error").textContent = failure.message;
    button.disabled = false;
  }
}

function drawAction(action) {
  command({ type: "draw", action }, { path: "draw/", body: { action } });
}

$("#controls").addEventListener("click", (event) => {
  const button = event.target.closest("[data-action]");
  if (!button) return;
  const action = button.dataset.action;
  if (action === "flip") {
    board.flip();
    renderPlayers();
  } else if (action === "sound") {
    setSound(!soundOn());
    renderControls();
  } else if (action === "takeback") {
    command({ type: "takeback" }, { path: "takeback/", body: {} });
  } else if (action === "draw-offer") {
    drawAction("offer");
  } else if (action === "resign") {
    // Two taps: a resignation is final.
    if (!page.resignArmed) {
      button.textContent = "Confirm resign";
      page.resignArmed = setTimeout(() => {
        page.resignArmed = null;
        button.textContent = "⚑ Resign";
      }, 4000);
      return;
    }
    clearTimeout(page.resignArmed);
    page.resignArmed = null;
    button.textContent = "⚑ Resign";
    command({ type: "resign" }, { path: "resign/", body: {} });
  } else if (action === "give-time") {
    command({ type: "give_time" }, { path: "give-time/", body: {} });
  } else if (action === "rematch") {
    if (button.dataset.href) window.location.assign(button.dataset.href);
    else command({ type: "rematch" }, { path: "rematch/", body: {} });
  }
});

$("#move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("#move-input").value.trim();
  if (!text) return;
  if (!canMove()) {
    if (!viewer.both_sides && premoveAllowed(page.state, viewer.color)) {
      premove.set(text);
      $("#move-input").value = "";
      $("#move-error").textContent = "";
      board.showPremove(null);
      renderPremove();
      return;
    }
    $("#move-error").textContent = "It is not your move.";
    return;
  }
  sendTextMove(text);
});

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target.closest && (target.closest("input, textarea, select, .cb-board, .cb-promo"))) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const steps = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  if (steps[event.key]) {
    event.preventDefault();
    moveList.step(steps[event.key]);
  } else if (event.key === "Escape") {
    if (page.viewing !== null) view(null);
    else if (premove.path()) cancelPremove();
    else board.cancel();
  } else if (event.key === "f") {
    board.flip();
    renderPlayers();
  }
});

if (page.archive && page.state.status === "finished" && archive.plyFromHash() !== undefined) {
  const index = archive.plyFromHash();
  page.viewing = index >= (page.state.moves || []).length - 1 ? null : index;
}
render({ animate: false });
