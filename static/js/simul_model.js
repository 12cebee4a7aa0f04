// The simul page's model: pure functions, no DOM, no socket. It holds the page's state — the
// simul as last told, the viewer — and says what each message does and what the page shows:
// the status line, the buttons of the viewer (a player, the host, a visitor), the players who
// asked with the host's choices, the boards with the host's score. simul.js wires it to the
// socket and the DOM. The words are in the page's language (i18n.js).

import { gettext, ngettext } from "./i18n.js";

/** Returns the page's first state from its page data. */
export function createPage(data) {
  return { simul: data.simul, viewer: data.viewer || null, leaving: false, gone: false };
}

export function isHost(page) {
  return Boolean(page.viewer) && page.viewer === page.simul.host;
}

/** Returns the viewer's board once the simul has started (null: they play none). */
export function ownBoard(page) {
  if (!page.viewer) return null;
  return page.simul.boards.find((board) => board.user === page.viewer) || null;
}

/** Returns the viewer's entry before the start (null: they have not asked). */
export function ownEntry(page) {
  if (!page.viewer) return null;
  return page.simul.players.find((player) => player.user === page.viewer) || null;
}

/** Returns what a `simul` message does: {page, go}: the game the viewer is taken to when the
 * simul starts while they look — a player's own board, the host's first board (once: a page
 * already leaving goes nowhere else). */
export function receiveSimul(page, message) {
  const started = page.simul.status === "created" && message.simul.status === "started";
  const next = { ...page, simul: message.simul };
  if (!started || page.leaving) return { page: next, go: null };
  const board = isHost(next) ? next.simul.boards[0] : ownBoard(next);
  return board ? { page: { ...next, leaving: true }, go: board.game } : { page: next, go: null };
}

/** Returns the status line. */
export function statusText(page) {
  const s = page.simul;
  if (page.gone) return gettext("The host called this simul off.");
  if (s.status === "created") {
    return ngettext(
      "Taking players: %(accepted)s of %(max)s board chosen.",
      "Taking players: %(accepted)s of %(max)s boards chosen.",
      s.max_players, { accepted: s.accepted, max: s.max_players },
    );
  }
  if (s.status === "started") {
    return ngettext("Being played: %(n)s game goes on.", "Being played: %(n)s games go on.",
      s.score.playing, { n: s.score.playing });
  }
  return gettext("Finished.");
}

/** Returns which buttons the viewer has: {join, withdraw, start, cancel, next, signIn}. */
export function controls(page) {
  const s = page.simul;
  const open = s.status === "created" && !page.gone;
  const host = isHost(page);
  const entered = Boolean(ownEntry(page));
  return {
    join: open && Boolean(page.viewer) && !host && !entered,
    withdraw: open && entered,
    start: open && host,
    startEnabled: s.accepted > 0,
    cancel: open && host,
    next: s.status === "started" && host && s.boards.some((board) => board.host_to_move),
    signIn: open && !page.viewer,
  };
}

/** Returns the line about the viewer's own part: asked, accepted, or their board. */
export function ownText(page) {
  const board = ownBoard(page);
  if (board) return { text: gettext("You play board %(n)s.", { n: board.board }), game: board.game };
  const entry = ownEntry(page);
  if (!entry || page.simul.status !== "created") return null;
  return {
    text: entry.accepted
      ? gettext("The host accepted you: your game starts with the simul.")
      : gettext("You asked to play: the host has not chosen yet."),
    game: null,
  };
}

/** Returns the players who asked, each with its status and, for the host, its choices. */
export function playerRows(page) {
  const host = isHost(page);
  return page.simul.players.map((player) => ({
    user: player.user,
    rating: `${player.rating}${player.provisional ? "?" : ""}`,
    status: player.accepted ? gettext("Accepted") : gettext("Waiting"),
    accept: host && !player.accepted,
    unaccept: host && player.accepted,
    remove: host,
  }));
}

/** Returns the host's score: "3 wins, 1 draw, 2 losses · 4 playing". */
export function scoreText(simul) {
  const { win, draw, loss, playing } = simul.score;
  const parts = [
    ngettext("%(n)s win", "%(n)s wins", win, { n: win }),
    ngettext("%(n)s draw", "%(n)s draws", draw, { n: draw }),
    ngettext("%(n)s loss", "%(n)s losses", loss, { n: loss }),
  ];
  const score = gettext("%(host)s: %(score)s", { host: simul.host, score: parts.join(", ") });
  return playing ? `${score} · ${ngettext("%(n)s playing", "%(n)s playing", playing, { n: playing })}` : score;
}

const OUTCOMES = {
  win: () => gettext("The host won"),
  draw: () => gettext("Drawn"),
  loss: () => gettext("The player won"),
  aborted: () => gettext("Aborted"),
};

/** Returns what a board's card says under it: the player, and the state of its game. */
export function boardText(page, board) {
  const player = `${board.board}. ${board.user} (${board.rating}${board.provisional ? "?" : ""})`;
  let state;
  if (board.outcome) state = OUTCOMES[board.outcome]();
  else if (board.host_to_move) state = isHost(page) ? gettext("Your move") : gettext("The host's move");
  else state = gettext("The player's move");
  return { player, state, waiting: board.host_to_move && isHost(page) };
}

/** Returns the board's label for screen readers. */
export function boardLabel(board) {
  return gettext("Board %(n)s: %(user)s", { n: board.board, user: board.user });
}
