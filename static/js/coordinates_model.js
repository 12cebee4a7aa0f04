// The coordinate trainer's rules, apart from the page (node-tested): which squares a game asks
// for (its used squares, named as its notation names them: e4, or 23 on a numbered board), the
// next one to ask, and a round's score and best.

/** Returns the squares a round may ask for: every square the game's board uses. */
export function trainingSquares(geometry) {
  return geometry.squares.filter((square) => geometry.isUsed(square));
}

/** Returns the next square to ask for: any of `squares` but the one just asked (`random`
 * gives a number in [0, 1)). */
export function nextTarget(squares, previous, random = Math.random) {
  const choices = squares.length > 1 ? squares.filter((square) => square !== previous) : squares;
  return choices[Math.min(Math.floor(random() * choices.length), choices.length - 1)];
}

/** Returns a round with its first target: {target, score, misses, over}. */
export function startRound(squares, random = Math.random) {
  return { target: nextTarget(squares, null, random), score: 0, misses: 0, over: false };
}

/** Returns the round after a tap on `square`: a right one scores and asks the next square, a
 * wrong one counts a miss and asks the same again; `right` says which it was. */
export function tapRound(round, square, squares, random = Math.random) {
  if (round.over) return { round, right: false };
  if (square === round.target) {
    return {
      round: { ...round, score: round.score + 1, target: nextTarget(squares, square, random) },
      right: true,
    };
  }
  return { round: { ...round, misses: round.misses + 1 }, right: false };
}

/** Returns the key a best score is kept under: the game and the side the board was seen from. */
export function bestKey(variantId, side) {
  return `coordinates-best:${variantId}:${side}`;
}

/** Returns the seconds a round lasts: `asked` if it is a whole number from 5 to 120, else 30. */
export function roundSeconds(asked) {
  const seconds = Number(asked);
  return Number.isInteger(seconds) && seconds >= 5 && seconds <= 120 ? seconds : 30;
}
