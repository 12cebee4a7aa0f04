// Words for counts, so that no page says "1 plies" or "1 positions".
//
// English only: a count's words in the page's language come from i18n.js's ngettext
// (ngettext("%(n)s ply", "%(n)s plies", n)), which follows each language's plural rule. The site's
// pages no longer use this; it stays for the game page's modules until they switch to ngettext.

/** Returns `n` with its noun in the right number: count(1, "ply", "plies") is "1 ply". */
export function count(n, singular, plural = `${singular}s`) {
  return `${n} ${n === 1 ? singular : plural}`;
}
