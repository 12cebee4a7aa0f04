// The game page's model: pure functions, no DOM, no socket. It owns the page's state — the
// server's last state, what the viewer looks at, a move of ours awaiting its answer, a word
// from the table no state carries — its transitions (each message, each action of the viewer
// gives a new page object and says what else must happen), what the controls show, and whose
// turn it is at a ply in every FEN style. game.js wires it to the socket (game_send.js sends)
// and to the DOM (game_view.js draws). A new piece of state starts here; a new action button
// in game_controls.js.
import { createChat } from "./chat_model.js";
import { actions } from "./game_controls.js";
import { formatNumber, gettext, ngettext } from "./i18n.js";
import { classifyState } from "./socket.js";
import { withLegalList } from "./legal_tree.js";
import { checkedKing } from "./placement.js";
import { drawDeclinedText, drawLapsedText } from "./offers.js";
import { premoveAllowed } from "./premove.js";
import {
  bannerHeadline, bySide, otherSide, playerLabel, ratingChangesText, resultText,
  selectionText, turnText, viewingText,
} from "./game_words.js";
import { mergeMoves } from "./wire.js";

// Turns and move numbers in every FEN style (plies.js), re-exported for the page's modules.
export { announcement, moveNumber, numberText, opensMove, tookPieces, turnAt } from "./plies.js";
// The action buttons' places (game_controls.js), for the page's modules.
export { KEPT, NONE, SHOWN, berserkable, hasMoved } from "./game_controls.js";

// --- the page ---------------------------------------------------------------------------------

// A visitor's settings, and a signed-in user's until the page data says otherwise.
export const DEFAULT_PREFERENCES = {
  sound: true, premoves: true, takebacks: "always", confirm_resign: true,
  confirm_moves: "correspondence", chat: true, board_theme: "brown",
};

/** Returns the page's first state from the page data: the server's state, the viewer and
 * their settings, the game's descriptor, a finished game's archive and the chat. */
export function createPage(data) {
  return {
    state: data.state,
    viewer: data.viewer || { username: null, color: null, both_sides: false },
    preferences: { ...DEFAULT_PREFERENCES, ...(data.preferences || {}) },
    variant: data.variant || null,
    ratings: data.ratings || null, // each player's rating in the game's category: "1512?"
    archive: data.archive || null, // a finished game's {annotations, analysis, can_annotate, …}
    tournament: data.tournament || null, // a tournament's game: {id, name, url, socket, round}
    leaving: false, // going to the viewer's next game of the tournament
    chat: createChat(data.chat), // the chat's lines and box (chat_model.js)
    viewing: null, // index of the move whose position is shown read-only, -1 the start, null live
    sent: null, // {ply, kind: "path" | "text"} while a move of ours awaits its answer
    sentPremove: null, // the text of the premove sent, while it awaits its answer
    told: null, // {text, ply}: a word from the table that no state carries (a declined draw)
    incoming: null, // the moves a long game's state is coming with (`moves` messages)
    connected: true,
    resignArmed: false, // the first of a resignation's two taps was made
  };
}

/** Returns the viewer's side as the table reads it: null for a spectator and for both sides. */
export function myColor(page) {
  return page.viewer.both_sides ? null : page.viewer.color;
}

/** Returns whether the viewer plays in this game (one side or both). */
export function isPlayer(page) {
  return page.viewer.both_sides || page.viewer.color !== null;
}

/** Returns whether the viewer may move on the board now. */
export function canMove(page) {
  const s = page.state;
  if (s.status !== "live" || page.viewing !== null) return false;
  if (page.viewer.both_sides) return true;
  return page.viewer.color !== null && page.viewer.color === s.turn;
}

/** Returns whether the board takes taps for a premove now (premove.js says when one may be,
 * and the viewer's settings whether they want them at all). */
export function premoving(page) {
  return !page.viewer.both_sides && page.viewing === null && page.preferences.premoves
    && premoveAllowed(page.state, page.viewer.color);
}

/** Returns a square as the game writes it: its number in a game written with numbers (the
 * descriptor's labels), else its name. */
export function squareLabel(page, name) {
  const labels = page.variant && page.variant.board && page.variant.board.labels;
  return (labels && labels[name]) || name;
}

/** Returns the index of the move whose position the board shows (-1: the start). */
export function shownIndex(page) {
  return page.viewing === null ? (page.state.moves || []).length - 1 : page.viewing;
}

// --- transitions: each returns the next page and what else must happen ------------------------

/**
 * Returns what a `state` message does: {page, sync, applied, answered, clearTyped, animate,
 * played, ended, rematch}. `sync`: ask for the whole state (plies were missed); `answered`: our
 * move was played (`clearTyped`: it was typed); `animate`: the next ply came from someone else
 * while the viewer watches live; `played`: the move just played, to announce and sound; `ended`:
 * the game has just ended; `rematch`: the id of a rematch just accepted that the viewer goes to.
 */
export function receiveState(page, message) {
  const { type, ...received } = withLegalList(message);
  const old = page.state;
  const known = page.incoming || old.moves || [];
  const verdict = classifyState(old, received, page.sent ? page.sent.ply : null, known);
  const quiet = { sync: verdict.sync, applied: false, answered: false, clearTyped: false,
    animate: false, played: null, ended: false, rematch: null };
  if (!verdict.apply) return { ...quiet, page: { ...page, incoming: null } };
  // A state carries the moves from `moves_from` on: the page keeps the list.
  const state = { ...received, moves: mergeMoves(known, received) };
  const next = { ...page, state, incoming: null };
  // A move held for confirmation belongs to the position it was made in: a new one drops it.
  if (next.held && (state.ply !== old.ply || state.status !== "live")) next.held = null;
  if (verdict.answered) {
    next.sent = null;
    next.sentPremove = null;
  }
  const lapsed = drawLapsedText(old, state, myColor(page));
  if (lapsed) next.told = { text: lapsed, ply: state.ply };
  if (next.viewing !== null && next.viewing >= state.moves.length - 1) next.viewing = null;
  const accepted = state.rematch && state.rematch.game;
  const goes = accepted && !(old.rematch && old.rematch.game) && myColor(page);
  return {
    ...quiet,
    page: next,
    applied: true,
    answered: verdict.answered,
    clearTyped: verdict.answered && page.sent.kind === "text",
    animate: verdict.theirs && next.viewing === null,
    played: state.ply > old.ply ? state.moves[state.moves.length - 1] || null : null,
    ended: old.status === "live" && state.status !== "live",
    rematch: goes ? accepted : null,
  };
}

/** Returns what a `moves` message (the first moves of a long game's state, ahead of it) does:
 * {page, sync}; `sync` when it starts past the moves known. */
export function receiveMoves(page, message) {
  const incoming = mergeMoves(page.incoming || page.state.moves || [], message);
  return { page: { ...page, incoming }, sync: incoming === null };
}

/** Returns the page after a `presence` message: who is at the table, who watches, an absence. */
export function receivePresence(page, message) {
  const state = { ...page.state, presence: message.presence, spectators: message.spectators };
  if ("absence" in message) state.absence = message.absence;
  return { ...page, state };
}

/** Returns the page after a `draw_declined` message: told to the offerer and to spectators. */
export function receiveDrawDeclined(page, message) {
  const text = drawDeclinedText(message.by, myColor(page));
  return { ...page, told: text ? { text, ply: page.state.ply } : null };
}

/** Returns the page after a `takeback_declined` message: told to the asker and to spectators. */
export function receiveTakebackDeclined(page, message) {
  const me = myColor(page);
  if (me === message.by) return page;
  const text = me
    ? gettext("Your takeback request was declined: you may ask again after the next move.")
    : bySide(message.by, () => gettext("White declined the takeback."),
      () => gettext("Black declined the takeback."));
  return { ...page, told: { text, ply: page.state.ply } };
}

/** Returns the page with a finished game's archive changed (`changes`: its new analysis or
 * annotations); unchanged when the page has no archive. */
export function changeArchive(page, changes) {
  if (!page.archive) return page;
  return { ...page, archive: { ...page.archive, ...changes } };
}

/** Returns what a refusal (an `error` message, or a failed request) does: {page, text, revert}
 * — the line to show, and whether a move shown before its answer must be taken back. */
export function refuse(page, message) {
  const dropped = page.sentPremove;
  let text = message.error || gettext("The server refused that.");
  if (dropped) {
    text = message.error
      ? gettext("Premove %(premove)s dropped: %(error)s", { premove: dropped, error: message.error })
      : gettext("Premove %(premove)s dropped: refused", { premove: dropped });
  }
  return { page: { ...page, sent: null, sentPremove: null }, text, revert: Boolean(page.sent) };
}

/** Returns the page once a move of ours (`kind` "path" or "text") is sent for the current ply;
 * `premove` is the held premove's text when it is one. */
export function sendMove(page, kind, premove = null) {
  const sentPremove = premove === null ? page.sentPremove : premove;
  return { ...page, sent: { ply: page.state.ply, kind }, sentPremove };
}

/** Returns what a (re)opened connection does: {page, revert}. After a reconnect the answer to
 * a move sent before the drop may be lost: the sync that follows tells whether it was played. */
export function connectionOpened(page, isReconnect) {
  const lost = isReconnect && Boolean(page.sent);
  return { page: { ...page, connected: true, sent: lost ? null : page.sent }, revert: lost };
}

/** Returns the page once its connection closed. */
export function connectionClosed(page) {
  return { ...page, connected: false };
}

/** Returns the words shown while the connection is down (`refused`: the server closed it). */
export function connectionText(refused) {
  return refused
    ? gettext("The server closed this game's live connection. Reload the page.")
    : gettext("Reconnecting…");
}

/** Returns the page showing the position after move `index` (-1 the start, null or the last
 * move: live). */
export function viewPly(page, index) {
  const count = (page.state.moves || []).length;
  let viewing = index === null || index >= count - 1 ? null : Math.max(-1, index);
  if (count === 0) viewing = null;
  return { ...page, viewing };
}

/** Returns the page opened at move `index` (an archive's address): live from the last move. */
export function openAt(page, index) {
  const count = (page.state.moves || []).length;
  return { ...page, viewing: index >= count - 1 ? null : index };
}

/** Returns the page with the resignation armed (`armed`: true after the first tap) or not. */
export function armResign(page, armed) {
  return { ...page, resignArmed: armed };
}

/** Returns whether a tap on Resign resigns at once: when the viewer's settings do not ask for
 * a second tap, or it is that second tap. */
export function resignsNow(page) {
  return !page.preferences.confirm_resign || page.resignArmed;
}

/** Returns what a typed move does: {action: "send" | "premove" | "refuse" | "none", error}. On
 * the opponent's turn it is held as a premove where premoves are allowed. */
export function typedMove(page, text) {
  if (!text) return { action: "none", error: null };
  if (canMove(page)) return { action: "send", error: null };
  if (premoving(page)) return { action: "premove", error: null };
  return { action: "refuse", error: gettext("It is not your move.") };
}

// --- what the page shows ----------------------------------------------------------------------

/**
 * Returns what the board shows: {key, position, shownIndex}. `previous` is the index shown
 * before (null at first), `animate` says the state just applied is someone else's next ply,
 * `review` that the viewer stepped through the list, `held` the premove path being entered
 * (null: none). One step forward (another's move arriving, or → in review) is played out: the
 * piece slides, and a chain goes jump by jump. `key` changes exactly when the board must be set
 * again, so that a selection or a chain in progress is kept otherwise.
 */
export function boardFrame(page, { previous = null, animate = false, review = false, held = null }) {
  const s = page.state;
  const moves = s.moves || [];
  const index = shownIndex(page);
  const stepped = previous !== null && index === previous + 1;
  const stepForward = page.viewing === null ? animate || (review && stepped) : stepped;
  const move = index >= 0 ? moves[index] : null;
  const slide = stepForward && move
    ? { from: move.path[move.path.length - 2], to: move.path[move.path.length - 1] }
    : null;
  const replay = stepForward ? move : null;
  if (page.viewing !== null) {
    const fen = move ? move.fen : s.initial_fen;
    const check = move ? checkedKing(fen, move.text, page.variant) : null;
    return {
      key: `view|${page.viewing}|${fen}`,
      shownIndex: index,
      position: {
        fen, legalMoves: [], lastMove: move, check, interactive: false, animate: slide, replay,
      },
    };
  }
  const interactive = canMove(page);
  const premove = premoving(page) ? held || [] : null;
  return {
    key: `live|${s.ply}|${s.fen}|${interactive}|${s.legal_moves.length}|${Boolean(premove)}`,
    shownIndex: index,
    position: {
      fen: s.fen, legalMoves: s.legal_moves, lastMove: move, check: s.check, interactive,
      animate: slide, replay, premove,
    },
  };
}

/**
 * Returns what the controls show: the action buttons' places and words (game_controls.js's
 * `actions`: each "shown", "kept" — its room held — or "none"), and whether the move box shows
 * (`moveForm`) and takes a move (`moveInput`).
 */
export function controls(page) {
  return {
    ...actions(page),
    moveForm: isPlayer(page) && page.state.status === "live",
    // On the opponent's turn the box takes a premove (premove.js), where premoves are allowed.
    moveInput: canMove(page) || premoving(page),
  };
}

/**
 * Returns what the table says of a side that has yet to make its first move, at `now` (ms), or
 * null: {text, seconds} — the seconds left before the game is aborted.
 */
export function firstMoveCountdown(page, now = Date.now()) {
  const s = page.state;
  if (s.status !== "live" || !s.first_move_deadline) return null;
  const seconds = Math.max(0, Math.ceil((Date.parse(s.first_move_deadline) - now) / 1000));
  const params = { seconds: formatNumber(seconds) };
  let text;
  if (myColor(page) === s.turn) {
    text = gettext("Make your first move within %(seconds)s s, or the game is aborted.", params);
  } else {
    text = bySide(s.turn,
      () => gettext("White must make a first move within %(seconds)s s, or the game is aborted.",
        params),
      () => gettext("Black must make a first move within %(seconds)s s, or the game is aborted.",
        params));
  }
  return { text, seconds };
}

/** Returns the tournament socket a player of a finished tournament game listens to for their
 * next game (null: none to follow). */
export function followedTournament(page) {
  const over = page.state.status !== "live";
  return over && page.tournament && myColor(page) ? page.tournament.socket : null;
}

/** Returns what a message of the followed tournament's socket does: {page, go}: the viewer's
 * next game, as it starts (`game_started`) or as the tournament says it is being played (its
 * `me.game`), once. */
export function receiveTournamentNews(page, message) {
  let game = null;
  if (message.type === "game_started") game = message.game;
  else if (message.type === "tournament" && message.me) game = message.me.game;
  if (!game || game === page.state.id || page.leaving) return { page, go: null };
  return { page: { ...page, leaving: true }, go: game };
}

/** Returns whether the tab's title says it is the viewer's turn (for a tab in the back). */
export function yourTurn(page) {
  const s = page.state;
  return Boolean(myColor(page) && s.status === "live" && s.turn === page.viewer.color);
}

/** Returns the players' bars, the top one first, for a board whose bottom side is `bottom`:
 * [{bar, color, online (null: not an online game), name, toMove (null: not their turn)}]. */
export function playerBars(page, bottom) {
  const s = page.state;
  return [["top", otherSide(bottom)], ["bottom", bottom]].map(([bar, color]) => ({
    bar,
    color,
    online: s.mode === "online" ? Boolean(s.presence && s.presence[color]) : null,
    name: playerLabel(s, page.viewer, color),
    toMove: s.status === "live" && s.turn === color
      ? (myColor(page) === color ? gettext("Your move") : gettext("To move"))
      : null,
  }));
}

/** Returns the line under the bars: how many watch an online game ("" for the others). */
export function spectatorsText(page) {
  if (page.state.mode !== "online") return "";
  const n = page.state.spectators || 0;
  return ngettext("%(n)s watching", "%(n)s watching", n);
}

/** Returns the banner of a finished or aborted game, or null: {headline, score, ratings (null:
 * unrated), newLocal (offer a new pass-and-play game)}. */
export function banner(page) {
  const s = page.state;
  if (s.status !== "finished" && s.status !== "aborted") return null;
  return {
    headline: bannerHeadline(s),
    score: resultText(s).score,
    ratings: s.rating_changes ? ratingChangesText(s.rating_changes) : null,
    newLocal: s.mode === "local" && isPlayer(page),
  };
}

/** Returns what a chain in progress asks of the player: tap its next landing (`more`), stop
 * on `at` (`canStop`) or undo the last jump by tapping `undo`. */
function chainText(more, canStop, at, undo) {
  if (more && canStop) {
    return gettext(
      "tap the next landing, tap the piece on %(at)s to stop there, tap %(undo)s to undo the jump.",
      { at, undo },
    );
  }
  if (more) return gettext("tap the next landing, tap %(undo)s to undo the jump.", { undo });
  if (canStop) {
    return gettext("tap the piece on %(at)s to stop there, tap %(undo)s to undo the jump.",
      { at, undo });
  }
  return gettext("tap %(undo)s to undo the jump.", { undo });
}

/**
 * Returns the hint under the board: {text} or, in a chain, {chain: the words after "Chain: "}.
 * `pick`: {promoting, view (paths.js's picker view), pieceName(square) → the selected piece's
 * name without its colour ("knight") or ""}.
 */
export function hint(page, pick) {
  const s = page.state;
  if (page.viewing !== null) return { text: viewingText(s.status) };
  if (s.status !== "live") return { text: "" };
  if (pick.promoting) return { text: gettext("Choose the piece to promote to (Escape to cancel).") };
  if (page.sent) return { text: gettext("Sending…") };
  if (page.held) return { text: gettext("Confirm your move, or cancel it.") };
  const v = pick.view;
  const square = (name) => squareLabel(page, name);
  if (v.inChain) {
    return { chain: `${chainText(v.targets.length > 0, v.canStop, square(v.at), square(v.undoSquare))} ` };
  }
  if (v.selected && v.targets.length) {
    const kinds = new Set(v.targets.map((t) => t.kind));
    return { text: selectionText(pick.pieceName(v.selected), square(v.selected), kinds) };
  }
  return { text: turnText(s, page.viewer, canMove(page)) };
}

/** Returns the premove line's words before its Cancel button, or null when none is held:
 * `held` is the premove as text, `path` its tapped squares, `pieceName(square)` names a piece,
 * `square(name)` writes a square as the game does (``squareLabel``). */
export function premoveText(held, path, pieceName, square = (name) => name) {
  if (held === null) return null;
  if (path && path.length === 1) {
    const said = gettext("Premove: %(piece)s on %(square)s, tap its landing (and any further ones).",
      { piece: pieceName(path[0]), square: square(path[0]) });
    return `${said} `;
  }
  const shown = path && path.length ? path.map(square).join("-") : held;
  return `${gettext("Premove: %(move)s (played when your turn comes)", { move: shown })} `;
}
