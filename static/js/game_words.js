// What the game page says in words: the result, the players' labels, the hint under the board,
// an absence. Pure functions of the server's state and the viewer, so that they are tested
// without a page; game.js and game_notices.js put them on the page. Every sentence is whole in
// the catalogue (i18n.js), each side's its own: languages inflect "White" and "Black".
import { formatNumber, gettext, language } from "./i18n.js";

/** Returns a side's name as a label ("White", "Black") in the page's language. */
export function colorName(color) {
  return color === "white" ? gettext("White") : gettext("Black");
}

/** Returns the other side: "white" for "black" and back. */
export function otherSide(color) {
  return color === "white" ? "black" : "white";
}

/** Returns `white`'s text for White and `black`'s for Black (each a function, so that only
 * the side's sentence is looked up). */
export function bySide(color, white, black) {
  return color === "white" ? white() : black();
}

/** Returns `text` with its first letter upper case, as the page's language writes it. */
export function capitalized(text) {
  return text ? text[0].toLocaleUpperCase(language()) + text.slice(1) : text;
}

// How a game ended, as a phrase after the headline (resultText's `reason`).
const REASONS = {
  checkmate: () => gettext("by checkmate"),
  stalemate: () => gettext("by stalemate"),
  threefold: () => gettext("by threefold repetition"),
  "fifty-moves": () => gettext("by the fifty-move rule"),
  "insufficient-material": () => gettext("by insufficient material"),
  resignation: () => gettext("by resignation"),
  agreement: () => gettext("by agreement"),
  abandonment: () => gettext("by abandonment"),
  timeout: () => gettext("on time"),
  // The endings of the other games (engine.variant.Outcome.reason).
  "no-progress": () => gettext("by the no-progress rule"),
  connection: () => gettext("by connection"),
};

// The banner's whole line per ending: [White wins, Black wins, draw] (null: not an ending of
// that kind). Endings told by what happened to the loser name the loser.
const BANNERS = {
  checkmate: [
    () => gettext("White wins by checkmate"), () => gettext("Black wins by checkmate"), null,
  ],
  stalemate: [
    () => gettext("White wins by stalemate"), () => gettext("Black wins by stalemate"),
    () => gettext("Draw by stalemate"),
  ],
  threefold: [
    () => gettext("White wins by threefold repetition"),
    () => gettext("Black wins by threefold repetition"),
    () => gettext("Draw by threefold repetition"),
  ],
  "fifty-moves": [
    () => gettext("White wins by the fifty-move rule"),
    () => gettext("Black wins by the fifty-move rule"),
    () => gettext("Draw by the fifty-move rule"),
  ],
  "insufficient-material": [
    () => gettext("White wins by insufficient material"),
    () => gettext("Black wins by insufficient material"),
    () => gettext("Draw by insufficient material"),
  ],
  resignation: [
    () => gettext("White wins — Black resigned"), () => gettext("Black wins — White resigned"),
    null,
  ],
  agreement: [null, null, () => gettext("Draw by agreement")],
  abandonment: [
    () => gettext("White wins — Black left the game"),
    () => gettext("Black wins — White left the game"), null,
  ],
  timeout: [
    () => gettext("White wins on time"), () => gettext("Black wins on time"),
    () => gettext("Draw on time"),
  ],
  "no-progress": [
    () => gettext("White wins by the no-progress rule"),
    () => gettext("Black wins by the no-progress rule"),
    () => gettext("Draw by the no-progress rule"),
  ],
  connection: [
    () => gettext("White wins by connection"), () => gettext("Black wins by connection"),
    () => gettext("Draw by connection"),
  ],
  "no-moves": [
    () => gettext("White wins — Black cannot move"),
    () => gettext("Black wins — White cannot move"), null,
  ],
  "no-pieces": [
    () => gettext("White wins — Black has no piece left"),
    () => gettext("Black wins — White has no piece left"), null,
  ],
  "kings-captured": [
    () => gettext("White wins — Black has no king left"),
    () => gettext("Black wins — White has no king left"), null,
  ],
};

// Endings told by what happened to the loser (resultText's `reason`).
const LOSER = {
  resignation: [() => gettext("White resigned"), () => gettext("Black resigned")],
  abandonment: [() => gettext("White left the game"), () => gettext("Black left the game")],
  "no-moves": [() => gettext("White cannot move"), () => gettext("Black cannot move")],
  "no-pieces": [() => gettext("White has no piece left"), () => gettext("Black has no piece left")],
  "kings-captured": [
    () => gettext("White has no king left"), () => gettext("Black has no king left"),
  ],
};

// The outcome of a result: 0 White wins, 1 Black wins, 2 a draw.
function outcomeOf(result) {
  return { "1-0": 0, "0-1": 1 }[result] ?? 2;
}

/** Returns the banner's headline and reason for a finished state. */
export function resultText(state) {
  if (state.status === "aborted") {
    return {
      headline: gettext("Game aborted"), reason: gettext("before both sides had moved"), score: "",
    };
  }
  if (!state.result) return { headline: gettext("Unfinished game"), reason: "", score: "*" };
  const outcome = outcomeOf(state.result);
  const headline = [gettext("White wins"), gettext("Black wins"), gettext("Draw")][outcome];
  const told = outcome < 2 && LOSER[state.termination];
  const reason = told ? told[1 - outcome]() : REASONS[state.termination]?.();
  return { headline, reason: reason || "", score: state.result || "" };
}

/** Returns the banner's one line for a finished state: "White wins by checkmate",
 * "Draw — …" where the reason is a sentence of its own. */
export function bannerHeadline(state) {
  if (state.status === "aborted") return gettext("Game aborted — before both sides had moved");
  const { headline } = resultText(state);
  if (!state.result) return headline;
  const line = (BANNERS[state.termination] || [])[outcomeOf(state.result)];
  return line ? line() : headline;
}

/** Returns what a board says of a position where the game is over (the analysis board's and
 * the editor's): "The game is over here: White wins by checkmate (1-0)." */
export function overHereText(outcome) {
  const ending = { status: "finished", result: outcome.result, termination: outcome.reason };
  return gettext("The game is over here: %(outcome)s (%(result)s).",
    { outcome: bannerHeadline(ending), result: outcome.result });
}

/** Returns a rated game's rating changes as the banner shows them: "White +8 · Black -8". */
export function ratingChangesText(changes) {
  const signed = (n) => formatNumber(n, { signDisplay: "always" });
  return gettext("White %(white)s · Black %(black)s", {
    white: signed(changes.white), black: signed(changes.black),
  });
}

/** Returns the name shown in `color`'s bar: the colour in pass-and-play, else the player's
 * name, with "(you)" for the viewer's own side. */
export function playerLabel(state, viewer, color) {
  if (state.mode === "local") return colorName(color);
  // The bot is named in the viewer's language (the state names it in English, for everyone).
  if (state.mode === "bot" && state.bot_level && viewer.color && color !== viewer.color) {
    return gettext("Bot (level %(level)s)", { level: state.bot_level });
  }
  const name = state[color] || gettext("Anonymous");
  if (viewer.color === color && !viewer.both_sides) return gettext("%(name)s (you)", { name });
  return name;
}

// What an absence notice says, per side gone: [without a time, with one].
const FORFEITS = {
  white: [
    () => gettext("White left the table and forfeits unless they come back."),
    (time) => gettext("White left the table and forfeits at %(time)s unless they come back.",
      { time }),
  ],
  black: [
    () => gettext("Black left the table and forfeits unless they come back."),
    (time) => gettext("Black left the table and forfeits at %(time)s unless they come back.",
      { time }),
  ],
};

// The deadline passed; per side gone: [the viewer may claim, the other side may].
const CLAIM_NOW = {
  white: [
    () => gettext("White left the table: you may claim the win now, or wait for them."),
    () => gettext("White left the table: Black may claim the win now, or wait for them."),
  ],
  black: [
    () => gettext("Black left the table: you may claim the win now, or wait for them."),
    () => gettext("Black left the table: White may claim the win now, or wait for them."),
  ],
};

// Before the deadline; per side gone: [the viewer, the other side] × [without a time, with one].
const CLAIM_AT = {
  white: [
    [
      () => gettext("White left the table; you may claim the win unless they come back."),
      (time) => gettext(
        "White left the table; you may claim the win at %(time)s unless they come back.", { time },
      ),
    ],
    [
      () => gettext("White left the table; Black may claim the win unless they come back."),
      (time) => gettext(
        "White left the table; Black may claim the win at %(time)s unless they come back.",
        { time },
      ),
    ],
  ],
  black: [
    [
      () => gettext("Black left the table; you may claim the win unless they come back."),
      (time) => gettext(
        "Black left the table; you may claim the win at %(time)s unless they come back.", { time },
      ),
    ],
    [
      () => gettext("Black left the table; White may claim the win unless they come back."),
      (time) => gettext(
        "Black left the table; White may claim the win at %(time)s unless they come back.",
        { time },
      ),
    ],
  ],
};

/**
 * Returns what an absence notice says to `me` (null: a spectator or both sides):
 * {text, stayed: whether `me` is the player who stayed, claimable: whether that player may
 * claim the win (a real-time clock)}. `time` is the deadline as the viewer reads it, or "";
 * `due`: the deadline has passed. In an unlimited game the absent side forfeits at the deadline
 * by itself; in a real-time game the clock runs on and from the deadline the player who stayed
 * may claim the win. Null for the absent player: the page is theirs, so their absence is from
 * before it (a game they come to second, or come back to), which the server ends as this page's
 * socket opens, or this page's socket is down, which its connection line says. A notice drawn
 * until the socket opens would go as it opens, moving the controls under the player's finger.
 */
export function absenceText(state, me, time, due = false) {
  const side = state.absence.side === "white" ? "white" : "black";
  if (me === side) return null;
  const timed = time ? 1 : 0;
  const stayed = Boolean(me && me !== side);
  if (!(state.clock && state.clock.initial)) {
    return { text: FORFEITS[side][timed](time), stayed, claimable: false };
  }
  const claimant = stayed ? 0 : 1;
  if (due) {
    return { text: `${CLAIM_NOW[side][claimant]()} `, stayed, claimable: stayed };
  }
  return { text: `${CLAIM_AT[side][claimant][timed](time)} `, stayed, claimable: stayed };
}

// The marks a selected piece's targets carry, the rarer kinds first.
const MARKS = [
  ["jump", () => gettext("jump (amber ring)")],
  ["sweep", () => gettext("sweep (violet diamond, the crossed pieces go)")],
  ["replacement", () => gettext("capture (ring)")],
  ["en_passant", () => gettext("capture en passant")],
  ["castle", () => gettext("castle")],
  ["removal", () => gettext("remove your own piece")],
  ["line", () => gettext("line move")],
  ["quiet", () => gettext("move (dot)")],
];

/** Returns the hint for a selected piece: its name without its colour ("knight", "man"; ""
 * when unknown), its square and what the marks of its targets (`kinds`) mean. */
export function selectionText(pieceName, square, kinds) {
  const parts = MARKS.filter(([kind]) => kinds.has(kind)).map(([, text]) => text());
  return capitalized(gettext("%(piece)s on %(square)s: %(marks)s.", {
    piece: pieceName || gettext("piece"),
    square,
    marks: parts.join(", "),
  }));
}

/** Returns the hint for a live game when no piece is picked: whose move it is, as `viewer`
 * sees it (`mayMove`: the viewer may move now). */
export function turnText(state, viewer, mayMove) {
  const toMove = () => bySide(state.turn, () => gettext("White to move."),
    () => gettext("Black to move."));
  if (mayMove) return viewer.both_sides ? toMove() : gettext("Your move.");
  if (state.mode === "bot" && viewer.color && viewer.color !== state.turn) {
    return gettext("The bot is thinking…");
  }
  if (viewer.both_sides || viewer.color) {
    return bySide(state.turn, () => gettext("Waiting for White…"),
      () => gettext("Waiting for Black…"));
  }
  return toMove();
}

/** Returns the hint while an earlier position is shown. */
export function viewingText(status) {
  return status === "live"
    ? gettext("Viewing an earlier position. Use → or “Back to live” to return.")
    : gettext("Viewing an earlier position. Use → or “Back to the end” to return.");
}
