/**
 * Drops C0 control characters and DEL from text a visitor typed (tab, line feed and carriage
 * return kept when `keepLines`), and the non-characters U+FFFE/U+FFFF, so the text is safe in
 * HTML, XML 1.0 and CSV alike.
 */
export function stripControlChars(text: string, keepLines = true): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const line = code === 9 || code === 10 || code === 13;
    if ((code < 32 && !(keepLines && line)) || code === 127 || code === 0xfffe || code === 0xffff) {
      continue;
    }
    out += char;
  }
  return out;
}
