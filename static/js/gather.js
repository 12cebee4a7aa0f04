// Reads that every open page of a thing would make at the same moment, spread out and gathered.
// When a topic gets a reply, each of its open pages reads the new post from the server: on a
// busy topic, hundreds of requests in the same instant. Each page instead waits a random part of
// `SPREAD_MS` before it reads, and what it hears in the meantime is read with it, in as few
// requests as the numbers allow (a run of consecutive numbers is one read).

export const SPREAD_MS = 2000;

/** Splits ascending numbers into runs of consecutive ones: [[from, to], ...]. */
export function runsOf(numbers) {
  const runs = [];
  for (const number of numbers) {
    const last = runs[runs.length - 1];
    if (last && number === last[1] + 1) last[1] = number;
    else runs.push([number, number]);
  }
  return runs;
}

/**
 * Returns `want(numbers)`: the numbers wanted are gathered until a random moment within `spread`
 * milliseconds of the first, then `read(from, to)` is called once for each run of them, in order.
 */
export function createGatherer(
  read,
  { spread = SPREAD_MS, random = Math.random, later = setTimeout } = {},
) {
  let wanted = null;
  return function want(numbers) {
    if (wanted) {
      numbers.forEach((number) => wanted.add(number));
      return;
    }
    wanted = new Set(numbers);
    later(() => {
      const taken = [...wanted].sort((a, b) => a - b);
      wanted = null;
      runsOf(taken).forEach(([from, to]) => read(from, to));
    }, random() * spread);
  };
}
