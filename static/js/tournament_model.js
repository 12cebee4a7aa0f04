// The tournament page's model: pure functions, no DOM, no socket. It holds the page's state —
// the tournament as last told, the viewer — and says what each message does and what the page
// shows: the status line with its countdown, the join and withdraw buttons, the standings (the
// top lines and the viewer's own), the viewer's game, the podium. tournament.js wires it to the
// socket and the DOM. The words are in the page's language (i18n.js).

import { formatNumber, gettext, ngettext, pgettext } from "./i18n.js";
import { controlLabel } from "./timecontrol.js";

/** Returns the page's first state from its page data. */
export function createPage(data) {
  return {
    tournament: data.tournament,
    viewer: data.viewer || null,
    // A team tournament seen by a player outside its team: they may not join it.
    outsider: Boolean(data.outsider),
    leaving: false,
  };
}

/** Returns what a `tournament` message does: {page}. */
export function receiveTournament(page, message) {
  const { type, ...tournament } = message;
  return { ...page, tournament };
}

/** Returns what a `game_started` message does: {page, go}: the game the viewer is taken to
 * (once: a page already leaving goes nowhere else). */
export function receiveGameStarted(page, message) {
  if (page.leaving || !page.viewer) return { page, go: null };
  return { page: { ...page, leaving: true }, go: message.game };
}

/** Returns the viewer's game being played, to show a link to (null: none). */
export function ownGame(page) {
  const me = page.tournament.me;
  return me && me.game ? { id: me.game, href: `/game/${me.game}/` } : null;
}

/** Returns "m:ss" (or "h:mm:ss") of a number of milliseconds, never below 0:00. */
export function clockText(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Returns the tournament's kind in words: "Arena · 60 minutes · 3+2 · rated", its game named
 * `gameName` (the page's name for it) or else as the tournament's data names it. */
export function kindText(t, gameName = t.variant_name) {
  const parts = [
    gameName || t.variant_name,
    t.system === "arena"
      ? ngettext("Arena · %(n)s minute", "Arena · %(n)s minutes", t.minutes)
      : ngettext("Swiss · %(n)s round", "Swiss · %(n)s rounds", t.rounds),
    controlLabel(t.control),
    t.rated ? pgettext("tournament", "rated") : pgettext("tournament", "casual"),
  ];
  // Translators: a thematic tournament: every game starts from the position set up.
  if (t.fen) parts.push(gettext("from a position"));
  if (t.system === "arena" && t.berserk) parts.push(gettext("berserk allowed"));
  return parts.join(" · ");
}

/** Returns the status line at time `now` (ms since the epoch): the countdown to the start, the
 * time left or the round, or the end. */
export function statusText(t, now) {
  if (t.status === "created") {
    const left = Date.parse(t.starts_at) - now;
    return left > 0 ? gettext("Starts in %(time)s", { time: clockText(left) }) : gettext("Starting…");
  }
  if (t.status === "started") {
    if (t.system === "arena") {
      return gettext("Running: %(time)s left", { time: clockText(Date.parse(t.ends_at) - now) });
    }
    return t.round
      ? gettext("Round %(round)s of %(rounds)s", { round: formatNumber(t.round), rounds: formatNumber(t.rounds) })
      : gettext("Starting…");
  }
  return gettext("Finished");
}

/** Returns the viewer's buttons: {join, withdraw, signIn}: join (or join again; never for a
 * player outside a team tournament's team), withdraw while playing in it, or a word to sign in;
 * none once it has finished. */
export function controls(page) {
  const t = page.tournament;
  const over = t.status === "finished";
  const me = t.me;
  const playing = Boolean(me && !me.withdrawn);
  const closed = t.system === "swiss" && t.round >= 2 && !me; // a Swiss takes newcomers until round 2
  return {
    join: Boolean(page.viewer && !over && !playing && !closed && !page.outsider),
    joinText: me ? gettext("Join again") : gettext("Join"),
    withdraw: Boolean(page.viewer && !over && playing),
    signIn: !page.viewer && !over,
  };
}

/** Returns the standings' rows to show: the lines sent (the top), then the viewer's own line
 * when it is further down, after a gap ({gap: true}). Each row says whether it is the viewer's. */
export function standingsRows(page) {
  const t = page.tournament;
  const rows = t.standings.map((row) => ({ ...row, mine: row.user === page.viewer }));
  const me = t.me;
  if (me && !rows.some((row) => row.mine)) {
    rows.push({ gap: true }, { ...me, mine: true });
  }
  return rows;
}

/** Returns the score as shown: an arena's points; a Swiss's with ½ ("2½", "½", "0"). */
export function scoreText(t, score) {
  if (t.system === "arena") return formatNumber(score);
  const whole = Math.floor(score);
  const half = score - whole >= 0.5 ? "½" : "";
  return whole === 0 && half ? half : `${whole}${half}`;
}

/** Returns a row's tie-break as shown: an arena's performance, a Swiss's Buchholz (with ½);
 * "–" before a game. */
export function tiebreakText(t, row) {
  if (row.tiebreak === null || row.tiebreak === undefined) return "–";
  // An arena's performance is a rating, written without grouping as players write ratings.
  return t.system === "arena" ? formatNumber(row.tiebreak, { useGrouping: false }) : scoreText(t, row.tiebreak);
}

/** Returns the tie-break column's title: {short, long} (a phone's column is narrow). */
export function tiebreakTitle(t) {
  return t.system === "arena"
    // Translators: the arena standings' tie-break column: the player's performance rating,
    // abbreviated for a narrow column, and in full in its tooltip.
    ? { short: pgettext("tie-break, short", "Perf."), long: gettext("Performance") }
    : { short: pgettext("tie-break, short", "Buch."), long: gettext("Buchholz") };
}

/** Returns a player's name as the standings write it: 🔥 on a streak, "(withdrawn)" once left. */
export function standingName(row) {
  const name = `${row.user}${row.fire ? " 🔥" : ""}`;
  return row.withdrawn ? gettext("%(user)s (withdrawn)", { user: name }) : name;
}

/** Returns a game's board's name for assistive technology: "alice against bob". */
export function boardLabel(game) {
  return gettext("%(white)s against %(black)s", { white: game.white, black: game.black });
}

/** Returns the line over the viewer's own game, %(link)s where its link goes (api.js withLink),
 * and the link's words. */
export function ownGameWords() {
  return { sentence: gettext("You are playing: %(link)s"), link: gettext("go to your game") };
}

/** Returns the podium of a finished tournament: its first three, [] before it has finished. */
export function podium(t) {
  if (t.status !== "finished") return [];
  return t.standings.slice(0, 3).filter((row) => row.games > 0 || row.score > 0);
}
