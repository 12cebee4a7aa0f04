// A puzzle round's state, as pure functions (node-tested): where the solver is in the solution
// (the ply their next move answers), whether the round is over and how, and the rating change
// the server gave. The server holds the solution and judges every move; this only follows
// its answers.

/** Returns the state of a round starting on `puzzle` (the API's puzzle object). */
export function startRound(puzzle) {
  return {
    puzzle, ply: 0, over: false, result: null, solution: null, themes: [], rating: null,
  };
}

/** Returns the state after the server's answer to a move: on `right` the solver's next move
 * answers the ply two further on; `solved` and `wrong` end the round with the solution. */
export function afterMove(state, answer) {
  if (answer.result === "right") return { ...state, ply: state.ply + 2 };
  return {
    ...state, over: true, result: answer.result, solution: answer.solution,
    themes: answer.themes || [], rating: answer.rating,
  };
}

/** Returns the state after the solution was asked for: the round ends, shown. */
export function afterSolution(state, answer) {
  return {
    ...state, over: true, result: "shown", solution: answer.solution,
    themes: answer.themes || [], rating: answer.rating,
  };
}

/** Returns a rating change as its sign and size ("+12", "−8", "±0"), or "" when the round was
 * not rated (`rating` null). */
export function ratingDelta(rating) {
  if (!rating) return "";
  const delta = rating.after - rating.before;
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${-delta}`;
  return "\u00b10";
}

/** Returns the solution's moves as rows {text, solver}: the solver's moves are the even plies
 * (the solution starts and ends with one). */
export function solutionRows(solution) {
  return (solution || []).map((text, ply) => ({ text, solver: ply % 2 === 0 }));
}

// A streak: puzzles harder and harder, from STREAK_FIRST and STREAK_STEP more for each solved,
// until a miss; the best is kept by the browser, a game at a time.
export const STREAK_FIRST = 1000;
export const STREAK_STEP = 100;
export const STREAK_TOP = 3000;

/** Returns the rating a streak's next puzzle is asked near, after `solved` puzzles. */
export function streakRating(solved) {
  return Math.min(STREAK_FIRST + STREAK_STEP * solved, STREAK_TOP);
}

/** Returns the browser's key of a game's best streak. */
export function streakBestKey(variant) {
  return `chesskers.puzzle-streak.${variant}`;
}
