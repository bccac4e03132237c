import { describe, expect, it } from 'vitest';
import { BULK_JOB_STATUSES } from '../enums/catalog.js';
import { BULK_JOB_STATUS_LABELS, bulkStatusLabel, parseBulkStatus } from './bulkStatusLabel.js';
import {
  bulkMessageText,
  checkMultiSpaceRows,
  checkRegularRows,
  templateProblemReason,
} from './checkArtworkRows.js';
import type { TemplateCampaign } from './PendingBulkRecord.js';
import { MULTI_SPACE_ROW_MESSAGES, validateMultiSpaceRow } from './validateMultiSpaceRow.js';

const shirt = {
  id: 11,
  template_id: 1,
  name: 'Classic Tee',
  print_spaces: JSON.stringify([
    { name: 'front', width: 4200, height: 4800 },
    { name: 'back', width: 4200, height: 4800 },
  ]),
  designs: [{ print_space: 'front', file_url: '/files/old.png' }],
  template_mockups: [
    { id: 101, print_space: 'front' },
    { id: 102, print_space: 'back' },
  ],
  full_printed: 0 as const,
  mockup_type: '2d' as const,
};
const mug3d = {
  id: 12,
  template_id: 2,
  name: 'Ceramic Mug 11oz (3D)',
  print_spaces: JSON.stringify([{ name: 'wrap', width: 2700, height: 1100 }]),
  designs: [],
  template_mockups: [{ id: 201, print_space: 'wrap' }],
  full_printed: 0 as const,
  mockup_type: '3d' as const,
};
const template: TemplateCampaign = { id: 3, products: [shirt, mug3d] };

const reasonOf = (designs: string | readonly unknown[], products = template.products) => {
  const result = validateMultiSpaceRow({ designs, template_campaign: { products } });
  return result.ok ? 'ok' : `${result.message} | ${result.reason}`;
};

describe('readable reasons beside the spec messages', () => {
  it('names the product and the print space it lacks', () => {
    expect(reasonOf([{ new_url: 'a.png', print_space: 'front' }])).toBe(
      "PRINT_SPACE_IS_MISSING | Ceramic Mug 11oz (3D) has no print space 'front'",
    );
    expect(
      reasonOf([
        { new_url: 'a.png', print_space: 'front' },
        { new_url: 'b.png', print_space: 'back' },
      ]),
    ).toBe(
      "PRINT_SPACE_IS_MISSING | Ceramic Mug 11oz (3D) has none of the print spaces 'front', 'back'",
    );
    expect(
      reasonOf(
        [
          { new_url: 'a.png', print_space: 'front' },
          { new_url: 'b.png', print_space: 'sleeve' },
        ],
        [shirt],
      ),
    ).toBe("PRINT_SPACE_IS_MISSING | No product of the template campaign has print space 'sleeve'");
  });

  it('falls back to the product id without a name', () => {
    expect(reasonOf([{ new_url: 'a.png', print_space: 'front' }], [{ ...mug3d, name: null }])).toBe(
      "PRINT_SPACE_IS_MISSING | Product 12 has no print space 'front'",
    );
  });

  it('says which design is at fault', () => {
    expect(reasonOf('not json')).toBe(
      "Designs is invalid | The row's designs cannot be read as a list of artworks",
    );
    expect(reasonOf([])).toBe('Empty valid design | The row has no artwork');
    expect(reasonOf([{ new_url: 'a.png', print_space: 'front' }, 'b.png'])).toBe(
      'Design is invalid | Design 2 is not an artwork entry',
    );
    expect(reasonOf([{ new_url: 'a.png', print_space: 'front' }, { print_space: 'back' }])).toBe(
      'Design url is invalid | Design 2 has no file or address',
    );
    expect(reasonOf([{ new_url: 'a.png', print_space: 'front' }, { new_url: 'b.png' }])).toBe(
      'Design is invalid | Design 2 has no print space: with several artworks each names its print space',
    );
    expect(
      reasonOf([
        { new_url: 'a.png', print_space: 'front' },
        { new_url: 'b.png', print_space: 'front' },
      ]),
    ).toBe("Design is invalid | Two artworks are for print space 'front'");
    expect(reasonOf([{ new_url: 'a.png' }], [{ ...shirt, print_spaces: '[]' }])).toBe(
      'Print space is invalid | Classic Tee has no readable print spaces',
    );
    expect(reasonOf([{ new_url: 'a.png' }], [])).toBe(
      'Invalid design | The template campaign has no products',
    );
    expect(reasonOf([{ new_url: 'a.png' }], [{ ...shirt, template_mockups: [] }])).toBe(
      "Invalid design | The template campaign's products have no mockup for the row's print spaces",
    );
  });

  it('explains every stored message in words', () => {
    for (const message of Object.values(MULTI_SPACE_ROW_MESSAGES)) {
      expect(bulkMessageText(message)).toMatch(/^[A-Z].{10,}$/);
    }
    expect(bulkMessageText('PRINT_SPACE_IS_MISSING')).toBe(
      'A print space of the row is missing on the template campaign',
    );
    expect(bulkMessageText('Missing print spaces')).toBe(
      'A product of the template campaign has no readable print spaces',
    );
    expect(bulkMessageText('render exploded')).toBeUndefined();
    expect(bulkMessageText(null)).toBeUndefined();
  });
});

describe('checkMultiSpaceRows (the import pre-check)', () => {
  const onDisk = new Set(['art/a.png']);
  const fileProblem = (source: string) =>
    onDisk.has(source) ? undefined : `${source} does not exist`;

  it('plans valid rows and refuses the others with message and reason', () => {
    const checked = checkMultiSpaceRows(
      [
        { campaign_name: 'Wrap', designs: [{ source: 'art/a.png', print_space: 'wrap' }] },
        { campaign_name: 'Front', designs: [{ source: 'art/a.png', print_space: 'front' }] },
        { campaign_name: 'Gone', designs: [{ source: 'art/gone.png' }] },
        { campaign_name: 'Remote', designs: [{ source: 'https://cdn.test/x.png' }] },
      ],
      template,
      { namePrefix: ' Summer ', fileProblem },
    );
    expect(checked.map((row) => (row.ok ? `ok ${row.campaign_name}` : row.reason))).toEqual([
      "Classic Tee has no print space 'wrap'",
      "Ceramic Mug 11oz (3D) has no print space 'front'",
      'art/gone.png does not exist',
      'ok Summer Remote',
    ]);
    expect(checked[2]).toMatchObject({ ok: false, message: 'Design url is invalid' });
    expect(checked[3]).toMatchObject({ designCount: 2, mockupCount: 2 });
  });
});

describe('checkRegularRows', () => {
  const row = { campaign_name: 'One', designs: [{ source: 'https://cdn.test/a.png' }] };

  it('refuses every row of a template the regular worker cannot copy, in words', () => {
    const noDesign = { ...template, products: [{ ...shirt, designs: [] }] };
    expect(checkRegularRows([row], noDesign)[0]).toMatchObject({
      ok: false,
      message: 'Original campaign has no design',
      reason: 'The template campaign has no design for the artwork to take the place of',
    });
    const unreadable = { ...template, products: [shirt, { ...mug3d, print_spaces: 'nope' }] };
    expect(templateProblemReason(unreadable)).toBe(
      'Ceramic Mug 11oz (3D) has no readable print spaces',
    );
    expect(checkRegularRows([row], null)[0]).toMatchObject({
      message: 'Campaign not found',
      reason: 'The template campaign was not found',
    });
    expect(checkRegularRows([row], template, { namePrefix: 'Autumn' })[0]).toMatchObject({
      ok: true,
      campaign_name: 'Autumn One',
      designCount: 2,
      mockupCount: 3,
    });
  });
});

describe('bulk status labels', () => {
  it('label every status, completed as Processed', () => {
    expect(Object.keys(BULK_JOB_STATUS_LABELS).sort()).toEqual([...BULK_JOB_STATUSES].sort());
    expect(bulkStatusLabel('completed')).toBe('Processed');
    expect(bulkStatusLabel('something-new')).toBe('something-new');
  });

  it('read a status typed by its name or its label', () => {
    expect(parseBulkStatus('processed')).toBe('completed');
    expect(parseBulkStatus('Completed')).toBe('completed');
    expect(parseBulkStatus('saving design')).toBe('save_design');
    expect(parseBulkStatus('save_design')).toBe('save_design');
    expect(parseBulkStatus('done')).toBeUndefined();
  });
});
