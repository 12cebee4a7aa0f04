// A puzzle storm's clock and figures, as pure functions (node-tested). The server keeps the
// clock and judges every move; the page counts down from the time its last answer gave.

/** Returns the milliseconds left on a run's clock `now`, its answer having come at
 * `receivedAt` (the same clock as `now`): counting down only while the run's clock runs. */
export function msLeft(run, receivedAt, now) {
  if (!run) return 0;
  if (!run.running) return run.ms_left;
  return Math.max(0, run.ms_left - Math.max(0, now - receivedAt));
}

/** Returns a clock's text: minutes and seconds ("2:59"), the seconds rounded up, so the clock
 * reads 0:00 only when no time is left. */
export function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Returns what a move did to the clock as it is flashed beside it ("+3 s", "−10 s"), or "". */
export function bonusText(seconds) {
  if (seconds > 0) return `+${seconds} s`;
  if (seconds < 0) return `\u2212${-seconds} s`;
  return "";
}

/** Returns whether a finished run beat the best the page knew before it (`before`: null when
 * the player had none). */
export function isNewBest(run, before) {
  return run.score > 0 && (before === null || before === undefined || run.score > before);
}
