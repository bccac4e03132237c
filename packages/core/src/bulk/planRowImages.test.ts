import { describe, expect, it } from 'vitest';
import type { TemplateCampaign } from './PendingBulkRecord.js';
import { artworkSource, planRowImages, type RowTemplate } from './planRowImages.js';
import { validateMultiSpaceRow } from './validateMultiSpaceRow.js';

const TSHIRT: RowTemplate = {
  id: 'tshirt',
  templateId: 101,
  name: 'Classic T-shirt',
  kind: '2d',
  width: 1000,
  height: 1250,
  printSpaces: [{ name: 'front', width: 4200, height: 4800 }],
  colors: [{ hex_code: '#1F2A44' }, { hex_code: '#FFFFFF' }],
};
const MUG_3D: RowTemplate = {
  id: 'mug-3d',
  templateId: 201,
  name: 'Ceramic Mug 11oz (3D)',
  kind: '3d',
  width: 1000,
  height: 1000,
  printSpaces: [{ name: 'wrap', width: 2700, height: 1100 }],
  colors: [{ hex_code: '#FFFFFF' }],
};

const spaces = (list: { name: string; width: number; height: number }[]) => JSON.stringify(list);

const template: TemplateCampaign = {
  id: 7,
  products: [
    {
      id: 11,
      template_id: 101,
      print_spaces: spaces([
        { name: 'front', width: 4200, height: 4800 },
        { name: 'back', width: 4200, height: 4800 },
      ]),
      designs: [],
      template_mockups: [
        { id: 21, print_space: 'front' },
        { id: 22, print_space: 'back' },
      ],
      full_printed: 0,
      mockup_type: '2d',
    },
    {
      // Same print space size as the t-shirt: it shares the t-shirt's drawing.
      id: 12,
      template_id: 999,
      print_spaces: spaces([{ name: 'front', width: 4200, height: 4800 }]),
      designs: [],
      template_mockups: [
        { id: 23, print_space: 'front', design_json: { name: 'Classic T-shirt' } },
      ],
      full_printed: 0,
      mockup_type: '2d',
    },
    {
      id: 13,
      template_id: 201,
      print_spaces: spaces([{ name: 'front', width: 2700, height: 1100 }]),
      designs: [],
      template_mockups: [{ id: 24, print_space: 'front' }],
      full_printed: 0,
      mockup_type: '3d',
    },
  ],
};

function row(designs: { new_url: string; print_space?: string }[]) {
  const record = {
    campaign_id: null,
    template_campaign_id: 7,
    template_campaign: template,
    designs: JSON.stringify(designs),
  };
  const check = validateMultiSpaceRow(record);
  if (!check.ok) throw new Error(check.message);
  return { record, designs: check.designs, mockups: check.mockups };
}

describe('artworkSource', () => {
  it('reads the original address: API files by path, other hosts as given, data: inline', () => {
    expect(artworkSource(' /files/a/7/cat.png ')).toEqual({
      kind: 'api',
      path: '/files/a/7/cat.png',
    });
    expect(artworkSource('images/cat.png')).toEqual({ kind: 'api', path: '/images/cat.png' });
    expect(artworkSource('https://cdn.example.com/cat.png?v=2')).toEqual({
      kind: 'remote',
      url: 'https://cdn.example.com/cat.png?v=2',
    });
    expect(artworkSource('data:image/png;base64,AAAA')).toEqual({
      kind: 'inline',
      url: 'data:image/png;base64,AAAA',
    });
    // A bare name is the API's, never a file on the worker's own disk.
    expect(artworkSource('cat.png')).toEqual({ kind: 'api', path: '/cat.png' });
    expect(() => artworkSource('  ')).toThrow('Design url is invalid');
  });
});

describe('planRowImages', () => {
  it('draws each artwork once per export size and uploads one design per product', () => {
    const plan = planRowImages({
      ...row([{ new_url: 'https://cdn.example.com/sun.png' }]),
      templates: [TSHIRT, MUG_3D],
      timestamp: 1700,
    });
    expect(plan.campaignId).toBe(7);
    expect(plan.artworks).toEqual([
      {
        key: 'https://cdn.example.com/sun.png',
        source: { kind: 'remote', url: 'https://cdn.example.com/sun.png' },
      },
    ]);
    // Long side at most 1920 (spec §9): 4200 × 4800 at 1680 × 1920, 2700 × 1100 at 1920 × 782.
    expect(plan.drawings).toEqual([
      {
        key: 'https://cdn.example.com/sun.png|1680x1920',
        artworkKey: 'https://cdn.example.com/sun.png',
        width: 1680,
        height: 1920,
        wrapped: false,
      },
      {
        key: 'https://cdn.example.com/sun.png|1920x782',
        artworkKey: 'https://cdn.example.com/sun.png',
        width: 1920,
        height: 782,
        wrapped: true,
      },
    ]);
    expect(plan.designs.map((d) => [d.product_id, d.drawingKey.split('|')[1], d.fileName])).toEqual(
      [
        [11, '1680x1920', '11_front_1700.png'],
        [12, '1680x1920', '12_front_1700.png'],
        [13, '1920x782', '13_front_1700.png'],
      ],
    );
    expect(new Set(plan.designs.map((d) => d.filePath))).toEqual(new Set(['d/7']));
  });

  it('draws 2D mockups at most 2000 px long and 3D ones square, in the first colour', () => {
    const plan = planRowImages({
      ...row([{ new_url: '/files/sun.png' }]),
      templates: [TSHIRT, MUG_3D],
      timestamp: 1,
    });
    expect(
      plan.mockups.map((m) =>
        m.kind === '2d'
          ? [m.mockup_id, m.template.id, m.kind, m.width, m.height, m.color]
          : [m.mockup_id, m.template.id, m.kind, m.size, m.aspect, m.color],
      ),
    ).toEqual([
      [21, 'tshirt', '2d', 1600, 2000, '#1F2A44'],
      // Product 12's template id is not bundled: its mockup's name finds the t-shirt.
      [23, 'tshirt', '2d', 1600, 2000, '#1F2A44'],
      // The mug's own print space is unknown to the template: its first one gives the shape.
      [24, 'mug-3d', '3d', 2000, 2700 / 1100, '#FFFFFF'],
    ]);
  });

  it('gives each of several artworks its own drawing, mockup by print space', () => {
    const plan = planRowImages({
      ...row([
        { new_url: '/files/front.png', print_space: 'front' },
        { new_url: '/files/back.png', print_space: 'back' },
      ]),
      templates: [TSHIRT, MUG_3D],
      timestamp: 1,
    });
    expect(plan.artworks.map((a) => a.key)).toEqual(['/files/front.png', '/files/back.png']);
    const drawingOf = new Map(plan.mockups.map((m) => [m.mockup_id, m.drawingKey]));
    expect(drawingOf.get(21)).toBe('/files/front.png|1680x1920');
    expect(drawingOf.get(22)).toBe('/files/back.png|1680x1920');
  });

  it('uploads under the new campaign of a regular job', () => {
    const { record, designs, mockups } = row([{ new_url: '/files/sun.png' }]);
    const plan = planRowImages({
      record: { ...record, campaign_id: 50 },
      designs,
      mockups,
      templates: [TSHIRT, MUG_3D],
      timestamp: 1,
    });
    expect(plan.campaignId).toBe(50);
    expect(plan.designs[0]?.filePath).toBe('d/50');
  });

  it('names what is missing when no bundled template draws a product', () => {
    expect(() =>
      planRowImages({
        ...row([{ new_url: '/files/sun.png' }]),
        templates: [MUG_3D],
        timestamp: 1,
      }),
    ).toThrow('No mockup template for product template 101');
  });
});
