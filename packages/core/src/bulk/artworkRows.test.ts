import { describe, expect, it } from 'vitest';
import {
  ArtworkError,
  artworkUploadName,
  campaignNameOfFile,
  extensionOf,
  folderArtworkRows,
  isArtworkImage,
  isRemoteSource,
  parseArtworkCsv,
} from './artworkRows.js';

describe('a folder of artwork', () => {
  it('gives one row per image in natural order, named from the file', () => {
    expect(
      folderArtworkRows(['design-10.png', 'design-2.jpg', 'Cat_Lovers--tee.webp', 'notes.txt']),
    ).toEqual([
      { campaign_name: 'Cat Lovers tee', designs: [{ source: 'Cat_Lovers--tee.webp' }] },
      { campaign_name: 'design 2', designs: [{ source: 'design-2.jpg' }] },
      { campaign_name: 'design 10', designs: [{ source: 'design-10.png' }] },
    ]);
  });

  it('gives no row without an image, and leaves its input in order', () => {
    const names = ['b.txt', 'a.md'];
    expect(folderArtworkRows(names)).toEqual([]);
    expect(names).toEqual(['b.txt', 'a.md']);
  });

  it('names campaigns from files and knows the image extensions', () => {
    expect(campaignNameOfFile('my_best--design.PNG')).toBe('my best design');
    expect(campaignNameOfFile('___.png')).toBe('___.png');
    expect(extensionOf('art/Photo.JPEG')).toBe('.jpeg');
    expect(extensionOf('art/.hidden')).toBe('');
    expect(isArtworkImage('a.WebP')).toBe(true);
    expect(isArtworkImage('a.gif')).toBe(false);
  });
});

describe('a CSV of artwork', () => {
  it('merges consecutive lines of one campaign into one row of several print spaces', () => {
    expect(
      parseArtworkCsv(
        'campaign_name,new_url,print_space\nDuo,a.png,front\nDuo,b.png,back\nSolo,c.png,front\nDuo,d.png,front',
      ),
    ).toEqual([
      {
        campaign_name: 'Duo',
        designs: [
          { source: 'a.png', print_space: 'front' },
          { source: 'b.png', print_space: 'back' },
        ],
      },
      { campaign_name: 'Solo', designs: [{ source: 'c.png', print_space: 'front' }] },
      { campaign_name: 'Duo', designs: [{ source: 'd.png', print_space: 'front' }] },
    ]);
  });

  it('reads one column per print space', () => {
    expect(parseArtworkCsv('campaign_name,front,back\n"Two, sides",a.png,b.png\n')).toEqual([
      {
        campaign_name: 'Two, sides',
        designs: [
          { source: 'a.png', print_space: 'front' },
          { source: 'b.png', print_space: 'back' },
        ],
      },
    ]);
  });

  it('reads other columns as print spaces, skipping empty cells, with quoted cells', () => {
    expect(
      parseArtworkCsv('Campaign_Name,Front,Back\n"Cats, vol. 1",f.png,\nDogs,g.png,"h ""2"".png"'),
    ).toEqual([
      { campaign_name: 'Cats, vol. 1', designs: [{ source: 'f.png', print_space: 'front' }] },
      {
        campaign_name: 'Dogs',
        designs: [
          { source: 'g.png', print_space: 'front' },
          { source: 'h "2".png', print_space: 'back' },
        ],
      },
    ]);
  });

  it('skips a byte-order mark and reads CRLF lines', () => {
    expect(parseArtworkCsv('\uFEFFcampaign_name,new_url\r\nA,a.png\r\n')).toEqual([
      { campaign_name: 'A', designs: [{ source: 'a.png' }] },
    ]);
  });

  it('keeps line breaks, commas and doubled quotes inside quoted cells', () => {
    expect(
      parseArtworkCsv(
        'campaign_name,new_url,print_space\n"Best Mom\nEver, 2026",a.png,front\n"Say ""hi""\r\nnow",b.png,"front"\n',
      ),
    ).toEqual([
      {
        campaign_name: 'Best Mom\nEver, 2026',
        designs: [{ source: 'a.png', print_space: 'front' }],
      },
      { campaign_name: 'Say "hi"\r\nnow', designs: [{ source: 'b.png', print_space: 'front' }] },
    ]);
  });

  it('skips a byte-order mark before a quoted header', () => {
    expect(parseArtworkCsv('\uFEFF"campaign_name","new_url"\nA,a.png')).toEqual([
      { campaign_name: 'A', designs: [{ source: 'a.png' }] },
    ]);
  });

  it('names the line of the file, counting line breaks inside quoted cells and blank lines', () => {
    expect(() =>
      parseArtworkCsv('campaign_name,new_url\n"Two\nlines",a.png\n\n,b.png', 'x.csv'),
    ).toThrow('x.csv line 5: campaign_name is empty');
    expect(() =>
      parseArtworkCsv('campaign_name,new_url\nA,a.png\n"Open,b.png\nC,c.png', 'x.csv'),
    ).toThrow('x.csv line 3: a quoted cell is not closed properly');
  });

  it('refuses a CSV without campaign_name, with an empty name, or without rows', () => {
    expect(() => parseArtworkCsv('name,new_url\nA,a.png', 'x.csv')).toThrow(
      'x.csv needs a campaign_name column',
    );
    expect(() => parseArtworkCsv('campaign_name,new_url\n,a.png', 'x.csv')).toThrow(
      'x.csv line 2: campaign_name is empty',
    );
    expect(() => parseArtworkCsv('campaign_name,new_url\n', 'x.csv')).toThrow('x.csv has no rows');
    expect(() => parseArtworkCsv('', 'x.csv')).toThrow('x.csv is empty');
    expect(() => parseArtworkCsv('')).toThrow(ArtworkError);
  });
});

describe('artwork sources and uploads', () => {
  it('uses remote addresses as they are', () => {
    expect(isRemoteSource('https://cdn.test/a.png')).toBe(true);
    expect(isRemoteSource('data:image/png;base64,AA')).toBe(true);
    expect(isRemoteSource('/files/a/1/a.png')).toBe(true);
    expect(isRemoteSource('images/a.png')).toBe(true);
    expect(isRemoteSource('art/a.png')).toBe(false);
  });

  it('names stored uploads safely, with the time and a lower-cased extension', () => {
    expect(artworkUploadName('art/My Cat (final).PNG', 42)).toBe('My-Cat-final-_42.png');
    expect(artworkUploadName('(((.png', 7)).toBe('-_7.png');
    expect(artworkUploadName('noext', 1)).toBe('noext_1');
  });
});
