// The tournament page's model: pure functions, no DOM, no socket. It holds the page's state —
// the tournament as last told, the viewer — and says what each message does and what the page
// shows: the status line with its countdown, the join and withdraw buttons, the standings (the
// top lines and the viewer's own), the viewer's game, the podium. tournament.js wires it to the
// socket and the DOM.

/** Returns the page's first state from its page data. */
export function createPage(data) {
  return { tournament: data.tournament, viewer: data.viewer || null, leaving: false };
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

/** Returns the tournament's kind in words: "Arena · 60 minutes · 3+2 · rated". */
export function kindText(t) {
  const length = t.system === "arena" ? `Arena · ${t.minutes} minutes` : `Swiss · ${t.rounds} rounds`;
  const berserk = t.system === "arena" && t.berserk ? " · berserk allowed" : "";
  return `${t.variant_name} · ${length} · ${t.control} · ${t.rated ? "rated" : "casual"}${berserk}`;
}

/** Returns the status line at time `now` (ms since the epoch): the countdown to the start, the
 * time left or the round, or the end. */
export function statusText(t, now) {
  if (t.status === "created") {
    const left = Date.parse(t.starts_at) - now;
    return left > 0 ? `Starts in ${clockText(left)}` : "Starting…";
  }
  if (t.status === "started") {
    if (t.system === "arena") return `Running: ${clockText(Date.parse(t.ends_at) - now)} left`;
    return t.round ? `Round ${t.round} of ${t.rounds}` : "Starting…";
  }
  return "Finished";
}

/** Returns the viewer's buttons: {join, withdraw, signIn}: join (or join again), withdraw while
 * playing in it, or a word to sign in; none once it has finished. */
export function controls(page) {
  const t = page.tournament;
  const over = t.status === "finished";
  const me = t.me;
  const playing = Boolean(me && !me.withdrawn);
  const closed = t.system === "swiss" && t.round >= 2 && !me; // a Swiss takes newcomers until round 2
  return {
    join: Boolean(page.viewer && !over && !playing && !closed),
    joinText: me ? "Join again" : "Join",
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
  if (t.system === "arena") return String(score);
  const whole = Math.floor(score);
  const half = score - whole >= 0.5 ? "½" : "";
  return whole === 0 && half ? half : `${whole}${half}`;
}

/** Returns a row's tie-break as shown: an arena's performance, a Swiss's Buchholz (with ½);
 * "–" before a game. */
export function tiebreakText(t, row) {
  if (row.tiebreak === null || row.tiebreak === undefined) return "–";
  return t.system === "arena" ? String(row.tiebreak) : scoreText(t, row.tiebreak);
}

/** Returns the tie-break column's title: {short, long} (a phone's column is narrow). */
export function tiebreakTitle(t) {
  return t.system === "arena" ? { short: "Perf.", long: "Performance" }
    : { short: "Buch.", long: "Buchholz" };
}

/** Returns the podium of a finished tournament: its first three, [] before it has finished. */
export function podium(t) {
  if (t.status !== "finished") return [];
  return t.standings.slice(0, 3).filter((row) => row.games > 0 || row.score > 0);
}
