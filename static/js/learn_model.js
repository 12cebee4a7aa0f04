// The state of a lesson over an analysed game's mistakes (learn.js): which mistake is asked,
// whether it is settled, and how each ended — "found" (a move the server judged best or good),
// "shown" (its solution viewed first) or "skipped". Pure: the server judges every move.

/** Returns a new lesson over `mistakes` (the API's list), asking the first. */
export function startLesson(mistakes) {
  return { mistakes, index: 0, settled: false, results: mistakes.map(() => null) };
}

/** Returns the mistake asked now, or null once every one has been asked. */
export function current(lesson) {
  return lesson.mistakes[lesson.index] || null;
}

function settle(lesson, result) {
  const results = lesson.results.slice();
  results[lesson.index] = results[lesson.index] || result;
  return { ...lesson, results, settled: true };
}

/** Returns the lesson after the server's verdict on a move tried, and whether it was found. */
export function afterVerdict(lesson, verdict) {
  const found = verdict === "best" || verdict === "good";
  return { lesson: found ? settle(lesson, "found") : lesson, found };
}

/** The solution was viewed: the mistake is settled, not found (unless it was already). */
export function afterSolution(lesson) {
  return settle(lesson, "shown");
}

/** Returns the lesson asking the next mistake, the one asked now marked skipped if unsettled. */
export function advance(lesson) {
  const left = lesson.settled ? lesson : settle(lesson, "skipped");
  return { ...left, index: lesson.index + 1, settled: false };
}

/** Returns `{found, total}`: the mistakes found of those asked. */
export function tally(lesson) {
  return {
    found: lesson.results.filter((result) => result === "found").length,
    total: lesson.mistakes.length,
  };
}
