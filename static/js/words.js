// Words for counts, so that no page says "1 plies" or "1 positions".

/** Returns `n` with its noun in the right number: count(1, "ply", "plies") is "1 ply". */
export function count(n, singular, plural = `${singular}s`) {
  return `${n} ${n === 1 ? singular : plural}`;
}
