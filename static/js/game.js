// The game page (/game/<id>/), wired: the model (game_model.js) holds the page's state and
// decides what each message and each action does, the sender (game_send.js) sends, the view
// (game_view.js) draws. This module only joins them: the socket's handler table, the controls'
// table, the move box and the keys. The server decides every rule; this page shows and asks.
import { api, goToGame, liveSocket } from "./api.js";
import { createPlayBoard } from "./board.js";
import * as chatModel from "./chat_model.js";
import { createChatView } from "./chat_view.js";
import { createClocks } from "./clock.js";
import { createCrosstable } from "./crosstable.js";
import { createArchive } from "./game_archive.js";
import * as model from "./game_model.js";
import { createSender } from "./game_send.js";
import { createGameView } from "./game_view.js";
import { createMoveList } from "./movelist.js";
import { createPremove, extendPath } from "./premove.js";
import { confirmText, confirmsMoves, withHeld } from "./confirm_move.js";
import { connectSocket } from "./socket.js";
import { gettext } from "./i18n.js";
import { moveSound, playSound, setSound, soundOn } from "./sound.js";

const RESIGN_ARMED_MS = 4000; // a resignation's second tap must come within this

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (selector) => document.querySelector(selector);

let page = model.createPage(data);
const { viewer, variant } = page;
// A signed-in viewer's sound is their setting (the Sound button changes it there too).
if (viewer.username) setSound(page.preferences.sound);

const board = createPlayBoard($("#board"), {
  orientation: viewer.color === "black" && !viewer.both_sides ? "black" : "white",
  label: variant ? gettext("%(game)s board", { game: variant.name }) : gettext("Game board"),
  variant,
  onMove: (move) => (confirmsMoves(page) ? holdMove(move) : sendMove("path", move)),
  onChange: () => view.hint(page),
  onPremoveSquare: tapPremove,
});
const crosstable = data.crosstable
  ? createCrosstable($("#crosstable"), data.crosstable, data.game_id)
  : null;
const moveList = createMoveList($("#movelist"), { onSelect: viewPly, variant });
const premove = createPremove();
const archive = createArchive({
  getPage: () => page,
  changeArchive: (changes) => {
    page = model.changeArchive(page, changes);
  },
  data,
  moveList,
  view: viewPly,
});
const view = createGameView({
  board,
  moveList,
  clocks: createClocks(),
  archive,
  premove,
  on: {
    draw: (action) => command("draw", action),
    takeback: (action) => command("takeback", action),
    claimWin: () => command("claimWin"),
    acceptRematch: () => command("rematch"),
    declineRematch,
    cancelPremove,
    cancelChain: () => board.cancel(),
  },
});

// The socket sends the legal moves as a tree (a chain's prefixes named once); the model lists
// them. Each inbound message type has its handler here.
const socket = connectSocket(`${data.ws_url}?legal=tree`, {
  state: onState,
  moves(message) {
    // The first moves of a long game's state, ahead of it (docs/api.md, "Live").
    const result = model.receiveMoves(page, message);
    page = result.page;
    if (result.sync) send.sync();
  },
  error(message) {
    if (message.about === "chat") onChat(message);
    else onError(message);
  },
  chat: onChat,
  chat_history(message) {
    page = { ...page, chat: chatModel.replaceLines(page.chat, message.lines) };
    drawChat();
  },
  chat_history_more(message) {
    page = { ...page, chat: chatModel.addLines(page.chat, message.added) };
    drawChat();
  },
  presence(message) {
    page = model.receivePresence(page, message);
    view.players(page);
    view.notices(page);
  },
  pong() {},
  draw_declined(message) {
    page = model.receiveDrawDeclined(page, message);
    view.notices(page);
  },
  takeback_declined(message) {
    page = model.receiveTakebackDeclined(page, message);
    view.notices(page);
  },
  analysis(message) {
    const { type, ...analysis } = message;
    page = model.changeArchive(page, { analysis });
    archive.render();
  },
  annotations(message) {
    page = model.changeArchive(page, { annotations: message.annotations });
    archive.render();
  },
  open(isReconnect) {
    const result = model.connectionOpened(page, isReconnect);
    page = result.page;
    view.connection(page);
    if (result.revert) {
      board.revert();
      view.hint(page);
    }
  },
  close(code, refused) {
    page = model.connectionClosed(page);
    view.connection(page, refused);
  },
});

const send = createSender({ socket, api, apiUrl: data.api_url, onState, onError, onChat });

// --- the chat --------------------------------------------------------------------------------
const chatView = createChatView($("#chat"), {
  send(raw) {
    const checked = chatModel.checkLine(page.chat, raw);
    if (checked.error) {
      page = { ...page, chat: chatModel.refuseLine(page.chat, { error: checked.error }) };
      drawChat();
    } else if (checked.text) {
      send.chat(checked.text);
    }
  },
  toggleReport(index) {
    page = { ...page, chat: chatModel.openReport(page.chat, index) };
    drawChat();
  },
  async report(index, reason) {
    const line = page.chat.lines[index];
    try {
      await api("POST", "/api/reports/", chatModel.reportBody(line, reason, data.game_id));
      page = { ...page, chat: chatModel.reportDone(page.chat, index) };
    } catch (failure) {
      page = { ...page, chat: chatModel.refuseLine(page.chat, { error: failure.message }) };
    }
    drawChat();
  },
});

function drawChat() {
  chatView.render(page.chat, page.state.status, viewer.username);
}

function onChat(message) {
  if (message.type === "error") {
    page = { ...page, chat: chatModel.refuseLine(page.chat, message) };
  } else {
    const { type, ...line } = message;
    page = { ...page, chat: chatModel.receiveLine(page.chat, line, viewer.username) };
    if (line.user === viewer.username) chatView.sent(line.text);
  }
  drawChat();
}

// Once the game is over both rooms may be read: the page asks for the lines it had not seen.
async function readWholeChat() {
  if (!page.chat.on) return;
  try {
    const lines = await send.chatLines(); // the page may change meanwhile: read it after
    page = { ...page, chat: chatModel.replaceLines(page.chat, lines) };
    drawChat();
  } catch {
    // The lines already shown stay; the next visit shows them all.
  }
}

function onState(message) {
  const result = model.receiveState(page, message);
  page = result.page;
  if (result.sync) send.sync();
  if (!result.applied) return;
  if (result.answered) {
    if (result.clearTyped) view.clearTyped();
    view.error("");
  }
  if (result.played) {
    view.announce(model.announcement(page.state.initial_fen, result.played));
    moveSound(result.played);
  }
  if (result.ended) {
    playSound("end");
    readWholeChat();
    crosstable?.refresh();
  }
  view.render(page, { animate: result.animate });
  if (result.played) { // for the page's other modules (a simul's host goes on to the next board)
    const { ply, turn, status } = page.state;
    document.dispatchEvent(new CustomEvent("chesskers:played", { detail: { ply, turn, status } }));
  }
  showHeld();
  followTournament();
  playPremove();
  // A rematch accepted (by either player): both players go to its game at once, as a seek's.
  if (result.rematch) goToGame(result.rematch);
}

function onError(message) {
  const result = model.refuse(page, message);
  const revert = result.revert;
  page = result.page;
  view.error(result.text);
  if (revert) {
    board.revert();
    view.hint(page);
  }
}

// --- moves -----------------------------------------------------------------------------------
/** Sends a move of ours (`kind` "path": a legal move; "text": typed) for the current ply. */
function sendMove(kind, move, premoveText = null) {
  page = model.sendMove(page, kind, premoveText);
  view.error("");
  view.hint(page);
  send.move(page.state.ply, move, Boolean(page.state.clock));
}

// A move made on the board, held until the player confirms it (their settings: correspondence
// games, or every online game): the board shows it and takes no taps meanwhile.
const confirmBox = $("#confirm-move");

function showHeld() {
  confirmBox.hidden = !page.held;
  $("#confirm-move-text").textContent = confirmText(page) || "";
}

function holdMove(move) {
  page = withHeld(page, move);
  board.hold(true);
  showHeld();
  view.hint(page);
  confirmBox.querySelector("[data-confirm=yes]").focus();
}

function confirmMove() {
  const move = page.held;
  if (!move) return;
  page = withHeld(page, null);
  showHeld();
  board.hold(false);
  sendMove("path", move);
}

function cancelMove() {
  page = withHeld(page, null);
  showHeld();
  board.revert();
  view.hint(page);
}

confirmBox.addEventListener("click", (event) => {
  const button = event.target.closest("[data-confirm]");
  if (button) (button.dataset.confirm === "yes" ? confirmMove : cancelMove)();
});

// A premove held while the opponent moved: sent for the new ply as soon as the turn is ours.
// A tapped premove whose path the new legal moves lack is dropped without a word (premove.js).
function playPremove() {
  if (viewer.both_sides || page.sent) return;
  const held = premove.get();
  const due = premove.take(page.state, viewer.color, board.squareOf);
  view.premove();
  if (!due) return;
  if (due.legal) sendMove("path", due.legal, held);
  else sendMove("text", due.move, held);
}

// A tap on the opponent's turn: the first picks one of the player's pieces, each next one adds a
// square to its path, a tap on the piece again cancels. The server judges it when it is played.
function tapPremove(square, piece) {
  if (!model.premoving(page)) return;
  const path = extendPath(premove.path(), square, piece, viewer.color[0]);
  premove.setPath(path);
  board.showPremove(path);
  view.premove();
}

function cancelPremove() {
  premove.clear();
  board.showPremove(null);
  view.premove();
}

// --- the other actions -----------------------------------------------------------------------
function command(name, argument) {
  view.error("");
  send[name](argument);
}

async function declineRematch(button) {
  button.disabled = true;
  try {
    await send.declineRematch(page.state.rematch.challenge);
  } catch (failure) {
    view.error(failure.message);
    button.disabled = false;
  }
}

function viewPly(index) {
  if (page.held) cancelMove(); // the move was made on the position being left
  page = model.viewPly(page, index);
  board.cancel();
  view.render(page, { review: true });
}

let resignTimer = null;

function resign() {
  // Two taps, unless the viewer's settings say one: a resignation is final.
  clearTimeout(resignTimer);
  if (!model.resignsNow(page)) {
    page = model.armResign(page, true);
    resignTimer = setTimeout(() => {
      page = model.armResign(page, false);
      view.controls(page);
    }, RESIGN_ARMED_MS);
    view.controls(page);
    return;
  }
  page = model.armResign(page, false);
  view.controls(page);
  command("resign");
}

function flip() {
  board.flip();
  view.players(page);
}

const ACTIONS = {
  flip,
  berserk: () => command("berserk"),
  sound() {
    setSound(!soundOn());
    view.controls(page);
    if (viewer.username) api("PATCH", "/api/account/settings/", { sound: soundOn() }).catch(() => {});
  },
  // An online game's takeback is asked of the opponent; the others' is taken at once.
  takeback: () => command("takeback", page.state.mode === "online" ? "offer" : undefined),
  abort: () => command("abort"),
  "draw-offer": () => command("draw", "offer"),
  resign,
  "give-time": () => command("giveTime"),
  rematch(button) {
    if (button.dataset.href) window.location.assign(button.dataset.href);
    else command("rematch");
  },
};

$("#controls").addEventListener("click", (event) => {
  const button = event.target.closest("[data-action]");
  if (button && ACTIONS[button.dataset.action]) ACTIONS[button.dataset.action](button);
});

$("#move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("#move-input").value.trim();
  const typed = model.typedMove(page, text);
  if (typed.action === "premove") {
    premove.set(text);
    view.clearTyped();
    view.error("");
    board.showPremove(null);
    view.premove();
  } else if (typed.action === "refuse") {
    view.error(typed.error);
  } else if (typed.action === "send") {
    sendMove("text", text);
  }
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
    if (page.held) cancelMove();
    else if (page.viewing !== null) viewPly(null);
    else if (premove.path()) cancelPremove();
    else board.cancel();
  } else if (event.key === "f") {
    flip();
  }
});

// A tournament's game over: its player listens to the tournament for their next game, and is
// taken to it (the tournament's socket says so on connect if it has started already).
let tournamentSocket = null;
function followTournament() {
  const path = model.followedTournament(page);
  if (!path || tournamentSocket) return;
  tournamentSocket = liveSocket(path, {
    onMessage(message) {
      const result = model.receiveTournamentNews(page, message);
      page = result.page;
      if (result.go) goToGame(result.go);
    },
  });
}

if (page.archive && page.state.status === "finished" && archive.plyFromHash() !== undefined) {
  page = model.openAt(page, archive.plyFromHash());
}
view.render(page);
followTournament();
drawChat();
