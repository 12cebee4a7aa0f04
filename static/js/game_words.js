// What the game page says in words: the result, the players' labels, the hint under the board,
// an absence. Pure functions of the server's state and the viewer, so that they are tested
// without a page; game.js and game_notices.js put them on the page.

export const COLOR_NAME = { white: "White", black: "Black" };

/** Returns the other side: "white" for "black" and back. */
export function otherSide(color) {
  return color === "white" ? "black" : "white";
}

const REASONS = {
  checkmate: "by checkmate",
  stalemate: "by stalemate",
  threefold: "by threefold repetition",
  "fifty-moves": "by the fifty-move rule",
  "insufficient-material": "by insufficient material",
  resignation: "by resignation",
  agreement: "by agreement",
  abandonment: "by abandonment",
  timeout: "on time",
  // The endings of the other games (engine.variant.Outcome.reason).
  "no-progress": "by the no-progress rule",
  connection: "by connection",
};

// Endings told by what happened to the loser.
const LOSER = {
  resignation: (loser) => `${loser} resigned`,
  abandonment: (loser) => `${loser} left the game`,
  "no-moves": (loser) => `${loser} cannot move`,
  "no-pieces": (loser) => `${loser} has no piece left`,
  "kings-captured": (loser) => `${loser} has no king left`,
};

/** Returns the banner's headline and reason for a finished state. */
export function resultText(state) {
  if (state.status === "aborted") {
    return { headline: "Game aborted", reason: "before both sides had moved", score: "" };
  }
  if (!state.result) return { headline: "Unfinished game", reason: "", score: "*" };
  const winner = state.result === "1-0" ? "White" : state.result === "0-1" ? "Black" : null;
  const headline = winner ? `${winner} wins` : "Draw";
  const told = winner && LOSER[state.termination];
  const reason = told ? told(winner === "White" ? "Black" : "White") : REASONS[state.termination];
  return { headline, reason: reason || "", score: state.result || "" };
}

/** Returns the banner's one line for a finished state: "White wins by checkmate",
 * "Draw — …" where the reason is a sentence of its own. */
export function bannerHeadline(state) {
  const { headline, reason } = resultText(state);
  if (!reason) return headline;
  return `${headline}${/^(by|on) /.test(reason) ? " " : " — "}${reason}`;
}

/** Returns a rated game's rating changes as the banner shows them: "White +8 · Black -8". */
export function ratingChangesText(changes) {
  const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);
  return `White ${signed(changes.white)} · Black ${signed(changes.black)}`;
}

/** Returns the name shown in `color`'s bar: the colour in pass-and-play, else the player's
 * name, with "(you)" for the viewer's own side. */
export function playerLabel(state, viewer, color) {
  if (state.mode === "local") return COLOR_NAME[color];
  const you = viewer.color === color && !viewer.both_sides ? " (you)" : "";
  return `${state[color] || "Anonymous"}${you}`;
}

/**
 * Returns what an absence notice says to `me` (null: a spectator or both sides):
 * {text, stayed: whether `me` is the player who stayed, claimable: whether that player may
 * claim the win (a real-time clock)}. `time` is the deadline as the viewer reads it, or "";
 * `due`: the deadline has passed. In an unlimited game the absent side forfeits at the deadline
 * by itself; in a real-time game the clock runs on and from the deadline the player who stayed
 * may claim the win.
 */
export function absenceText(state, me, time, due = false) {
  const side = state.absence.side;
  const at = time ? ` at ${time}` : "";
  const gone = COLOR_NAME[side];
  const stayed = Boolean(me && me !== side);
  if (!(state.clock && state.clock.initial)) {
    return {
      text: `${gone} left the table and forfeits${at} unless they come back.`,
      stayed,
      claimable: false,
    };
  }
  const claimant = stayed ? "you" : COLOR_NAME[otherSide(side)];
  if (due) {
    return {
      text: `${gone} left the table: ${claimant} may claim the win now, or wait for them. `,
      stayed,
      claimable: stayed,
    };
  }
  return {
    text: `${gone} left the table; ${claimant} may claim the win${at} unless they come back. `,
    stayed,
    claimable: stayed,
  };
}

// The marks a selected piece's targets carry, the rarer kinds first.
const MARKS = [
  ["jump", "jump (amber ring)"],
  ["sweep", "sweep (violet diamond, the crossed pieces go)"],
  ["replacement", "capture (ring)"],
  ["en_passant", "capture en passant"],
  ["castle", "castle"],
  ["removal", "remove your own piece"],
  ["line", "line move"],
  ["quiet", "move (dot)"],
];

/** Returns the hint for a selected piece: its name ("white man", the colour dropped), its
 * square and what the marks of its targets (`kinds`) mean. */
export function selectionText(pieceName, square, kinds) {
  const name = pieceName ? pieceName.split(" ").slice(1).join(" ") : "piece";
  const parts = MARKS.filter(([kind]) => kinds.has(kind)).map(([, text]) => text);
  return `${name[0].toUpperCase()}${name.slice(1)} on ${square}: ${parts.join(", ")}.`;
}

/** Returns the hint for a live game when no piece is picked: whose move it is, as `viewer`
 * sees it (`mayMove`: the viewer may move now). */
export function turnText(state, viewer, mayMove) {
  const mover = COLOR_NAME[state.turn];
  if (mayMove) return viewer.both_sides ? `${mover} to move.` : "Your move.";
  if (state.mode === "bot" && viewer.color && viewer.color !== state.turn) {
    return "The bot is thinking…";
  }
  if (viewer.both_sides || viewer.color) return `Waiting for ${mover}…`;
  return `${mover} to move.`;
}

/** Returns the hint while an earlier position is shown. */
export function viewingText(status) {
  return status === "live"
    ? "Viewing an earlier position. Use → or “Back to live” to return."
    : "Viewing an earlier position. Use → or “Back to the end” to return.";
}
