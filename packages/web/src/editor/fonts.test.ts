import { describe, expect, it } from 'vitest';
import { EDITOR_FONTS, fontOptions, sellerFontOptions } from './fonts.js';

const font = (full_name: string, file_name: string) => ({
  full_name,
  file_name,
  file_url: `/files/s7/fonts/${file_name}`,
});

describe("the editor's font list", () => {
  it("lists the seller's fonts after the bundled ones, by their own names", () => {
    const own = sellerFontOptions([
      font('Lobster Regular', 'Lobster.ttf'),
      font('Pacifico', 'pacifico-a.woff2'),
      font('Pacifico', 'pacifico-b.otf'),
    ]);
    expect(own).toEqual([
      { label: 'Lobster Regular', url: '/files/s7/fonts/Lobster.ttf' },
      { label: 'Pacifico (pacifico-a.woff2)', url: '/files/s7/fonts/pacifico-a.woff2' },
      { label: 'Pacifico (pacifico-b.otf)', url: '/files/s7/fonts/pacifico-b.otf' },
    ]);
    const list = fontOptions(
      { fontUrl: '/files/s7/fonts/Lobster.ttf', fontFamily: 'Lobster Regular' },
      own,
    );
    expect(list).toEqual([...EDITOR_FONTS, ...own]);
  });

  it('keeps a font the seller removed for a text that still uses it', () => {
    const list = fontOptions({ fontUrl: '/files/s7/fonts/Gone.ttf', fontFamily: 'Gone' }, []);
    expect(list.at(-1)).toEqual({ label: 'Gone', url: '/files/s7/fonts/Gone.ttf' });
  });
});
