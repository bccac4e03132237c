import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, parseCsv } from './csv.js';

describe('csv', () => {
  it('quotes fields that need it and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('reads quoted fields, CRLF and LF, a byte order mark, and skips blank lines', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","he said ""no"""\n\n"multi\nline",2')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "no"'],
      ['multi\nline', '2'],
    ]);
  });

  it('reads back what it writes', () => {
    const safe = fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(
        fc.array(fc.array(safe, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          const text = rows.map((row) => csvLine(row)).join('');
          expect(parseCsv(text)).toEqual(rows);
        },
      ),
    );
  });
});
