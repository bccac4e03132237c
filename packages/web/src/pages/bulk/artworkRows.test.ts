import { ArtworkError } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { joinPath, readPickedArtwork } from './artworkRows.js';
import {
  checkImportRows,
  checkRegularRows,
  filesToUpload,
  jobRows,
  regularJobRows,
} from './checkImportRows.js';

interface FakeFile {
  path: string;
  text?: string;
}
const read = (files: FakeFile[]) => readPickedArtwork(files, async (file) => file.text ?? '');

describe('a dropped folder of images', () => {
  it('gives one row per top-level image in natural order, named from the file', async () => {
    const picked = await read([
      { path: 'summer/design-10.png' },
      { path: 'summer/design-2.jpg' },
      { path: 'summer/Cat_Lovers--tee.webp' },
      { path: 'summer/notes.txt' },
      { path: 'summer/old/design-1.png' },
    ]);
    expect(picked.kind).toBe('folder');
    expect(picked.name).toBe('summer');
    expect(picked.rows).toEqual([
      { campaign_name: 'Cat Lovers tee', designs: [{ source: 'summer/Cat_Lovers--tee.webp' }] },
      { campaign_name: 'design 2', designs: [{ source: 'summer/design-2.jpg' }] },
      { campaign_name: 'design 10', designs: [{ source: 'summer/design-10.png' }] },
    ]);
  });

  it('says so when the folder holds no image', async () => {
    await expect(read([{ path: 'empty/readme.md' }])).rejects.toThrow(
      'No PNG, JPEG or WebP images in the folder empty.',
    );
    await expect(read([])).rejects.toBeInstanceOf(ArtworkError);
  });

  it('reads a folder holding one CSV as that CSV, paths relative to it', async () => {
    const picked = await read([
      {
        path: 'drop/rows.csv',
        text: 'campaign_name,new_url,print_space\nCat,img/cat.png,front\nDog,https://cdn.test/dog.png,\n',
      },
      { path: 'drop/img/cat.png' },
    ]);
    expect(picked.kind).toBe('csv');
    expect(picked.rows).toEqual([
      { campaign_name: 'Cat', designs: [{ source: 'drop/img/cat.png', print_space: 'front' }] },
      { campaign_name: 'Dog', designs: [{ source: 'https://cdn.test/dog.png' }] },
    ]);
    await expect(
      read([
        { path: 'drop/a.csv', text: 'campaign_name\nA' },
        { path: 'drop/b.csv', text: 'campaign_name\nB' },
      ]),
    ).rejects.toThrow('Drop one CSV file at a time (found a.csv, b.csv).');
  });
});

describe('paths of a drop', () => {
  it('joins paths relative to the CSV', () => {
    expect(joinPath('drop', './img/../art/a.png')).toBe('drop/art/a.png');
    expect(joinPath('', 'a\\b.png')).toBe('a/b.png');
  });
});

const template = {
  products: [
    {
      id: 1,
      template_id: 101,
      print_spaces: JSON.stringify([{ name: 'front', width: 4200, height: 4800, isMain: true }]),
      template_mockups: [{ id: 11, print_space: 'front' }],
    },
  ],
};

describe('checking rows before anything is sent (spec §5 messages)', () => {
  const files = new Map([
    ['art/a.png', { path: 'art/a.png' }],
    ['art/notes.txt', { path: 'art/notes.txt' }],
  ]);
  const rows = [
    { campaign_name: 'Good', designs: [{ source: 'art/a.png' }] },
    {
      campaign_name: 'Remote',
      designs: [{ source: 'https://cdn.test/b.png', print_space: 'front' }],
    },
    { campaign_name: 'No url', designs: [{ source: '', print_space: 'front' }] },
    { campaign_name: 'Back', designs: [{ source: 'art/a.png', print_space: 'back' }] },
    {
      campaign_name: 'Two without space',
      designs: [{ source: 'art/a.png' }, { source: 'art/a.png', print_space: 'front' }],
    },
    { campaign_name: 'Missing file', designs: [{ source: 'art/z.png' }] },
    { campaign_name: 'Not an image', designs: [{ source: 'art/notes.txt' }] },
    { campaign_name: 'Nothing', designs: [] },
  ];

  it('marks each invalid row with the message the worker would give', () => {
    const checked = checkImportRows(rows, template, files, 'Summer');
    expect(checked.map((row) => (row.ok ? 'ok' : row.message))).toEqual([
      'ok',
      'ok',
      'Design url is invalid',
      'PRINT_SPACE_IS_MISSING',
      'Design is invalid',
      'Design url is invalid',
      'Design url is invalid',
      'Empty valid design',
    ]);
    expect(checked[0]).toMatchObject({
      campaign_name: 'Summer Good',
      designCount: 1,
      mockupCount: 1,
    });
    const missing = checked[5];
    expect(missing?.ok === false && missing.detail).toBe(
      'art/z.png is not among the dropped files',
    );
    const notImage = checked[6];
    expect(notImage?.ok === false && notImage.detail).toBe(
      'art/notes.txt is not a PNG, JPEG or WebP image',
    );
  });

  it('gives "Campaign not found" without a template campaign', () => {
    const [row] = checkImportRows(rows.slice(0, 1), null, files);
    expect(row?.ok === false && row.message).toBe('Campaign not found');
  });

  it('uploads each needed file once and builds job rows of the valid rows only', () => {
    const checked = checkImportRows(
      [...rows, { campaign_name: 'Again', designs: [{ source: 'art/a.png' }] }],
      template,
      files,
    );
    expect(filesToUpload(checked)).toEqual(['art/a.png']);
    const job = jobRows(checked, new Map([['art/a.png', '/files/a/1/a_1.png']]));
    expect(job).toEqual([
      { campaign_name: 'Good', designs: [{ new_url: '/files/a/1/a_1.png' }] },
      {
        campaign_name: 'Remote',
        designs: [{ new_url: 'https://cdn.test/b.png', print_space: 'front' }],
      },
      { campaign_name: 'Again', designs: [{ new_url: '/files/a/1/a_1.png' }] },
    ]);
    expect(() => jobRows(checked, new Map())).toThrow('art/a.png was not uploaded');
  });
});

describe('checking rows of regular bulk jobs (one artwork per campaign)', () => {
  const files = new Map([['art/a.png', { path: 'art/a.png' }]]);
  const withDesign = {
    id: 3,
    products: [
      {
        id: 1,
        template_id: 101,
        print_spaces: JSON.stringify([{ name: 'front', width: 10, height: 10 }]),
        designs: [{ print_space: 'front', file_url: '/files/old.png' }],
        template_mockups: [{ id: 11, print_space: 'front' }],
        full_printed: 0 as const,
        mockup_type: '2d' as const,
      },
    ],
  };
  const rows = [
    { campaign_name: 'One', designs: [{ source: 'art/a.png', print_space: 'back' }] },
    { campaign_name: 'Two', designs: [{ source: 'art/a.png' }, { source: 'art/a.png' }] },
    { campaign_name: 'None', designs: [] },
    { campaign_name: 'Blank', designs: [{ source: '' }] },
    { campaign_name: 'Gone', designs: [{ source: 'art/gone.png' }] },
  ];

  it('takes one design per row, wherever the template has its design', () => {
    const checked = checkRegularRows(rows, withDesign, files, 'Autumn');
    expect(checked.map((row) => (row.ok ? 'ok' : row.message))).toEqual([
      'ok',
      'Design is invalid',
      'Empty valid design',
      'Design url is invalid',
      'Design url is invalid',
    ]);
    expect(checked[0]?.campaign_name).toBe('Autumn One');
    // The worker adds the prefix itself: the job keeps the name as read.
    expect(regularJobRows(checked, new Map([['art/a.png', '/files/a/3/a.png']]), 'Autumn')).toEqual(
      [{ campaign_name: 'One', new_url: '/files/a/3/a.png' }],
    );
  });

  it('refuses every row when the worker could not copy the template (spec §8 messages)', () => {
    const bare = { ...withDesign, products: [{ ...withDesign.products[0], designs: [] }] };
    expect(
      checkRegularRows(rows.slice(0, 1), bare as typeof withDesign, files).map(
        (row) => !row.ok && row.message,
      ),
    ).toEqual(['Original campaign has no design']);
    expect(
      checkRegularRows(rows.slice(0, 1), { ...withDesign, products: [] }, files).map(
        (row) => !row.ok && row.message,
      ),
    ).toEqual(['Campaign has no products']);
    expect(
      checkRegularRows(rows.slice(0, 1), null, files).map((row) => !row.ok && row.message),
    ).toEqual(['Campaign not found']);
  });
});
