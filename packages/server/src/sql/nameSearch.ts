/**
 * The word search of a name (the orders list's `q`, migration 057): the text search query that
 * finds, through the index on the name's words, the names in which the search text may start
 * at the beginning of a word. Every word of the search but the last must be a whole word of
 * the name (a separator follows it in the search, so it does in the name too), the last one
 * the beginning of one; a search ending with a separator wants whole words only. The caller
 * keeps its substring ILIKE, which checks order and punctuation. Null: the search holds no
 * letter or digit, so no name matches by word.
 */
export function nameWordsQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return null;
  const lastIsWhole = /[^\p{L}\p{N}]$/u.test(q);
  return words
    .map((w, i) => (i === words.length - 1 && !lastIsWhole ? `'${w}':*` : `'${w}'`))
    .join(' & ');
}
