import { describe, expect, it } from 'vitest';
import type { BulkRegularJob } from './BulkRegularJob.js';
import type { TemplateCampaign } from './PendingBulkRecord.js';
import { regularJobRow, regularRenderedOnCopies } from './regularJobRow.js';

const job: BulkRegularJob = {
  id: 9,
  template_campaign_id: 7,
  campaign_id: 50,
  campaign_name: 'Sunset tee',
  designs: JSON.stringify([{ new_url: '/files/art/sunset.png' }]),
  created: true,
  pending: true,
  new_products: 2,
};

const product = (id: number, mockupId: number) => ({
  id,
  template_id: 3,
  print_spaces: JSON.stringify([
    { name: 'front', width: 4200, height: 4800, isMain: true },
    { name: 'back', width: 4200, height: 4800 },
  ]),
  designs: [],
  template_mockups: [{ id: mockupId, print_space: 'front' }],
  full_printed: 0 as const,
  mockup_type: '2d' as const,
});

const template: TemplateCampaign = { id: 7, products: [product(11, 21), product(12, 22)] };

describe('a regular job drawn as a multi-space row', () => {
  it("plans the job's artwork on each product's main print space, under the new campaign", () => {
    const row = regularJobRow({ job, campaignId: 50, template });
    expect(row.record).toEqual({
      id: 9,
      campaign_id: 50,
      template_campaign_id: 7,
      template_campaign: template,
      type: 'regular_multi_space',
      designs: job.designs,
      lease_token: 'regular',
    });
    expect(row.designs).toEqual([
      { product_id: 11, template_id: 3, print_space: 'front', new_url: '/files/art/sunset.png' },
      { product_id: 12, template_id: 3, print_space: 'front', new_url: '/files/art/sunset.png' },
    ]);
    expect(row.mockups).toEqual([
      { product_id: 11, mockup_id: 21, print_space: 'front' },
      { product_id: 12, mockup_id: 22, print_space: 'front' },
    ]);
  });

  it("throws the validator's message when the job cannot be planned", () => {
    expect(() =>
      regularJobRow({ job: { ...job, designs: '[]' }, campaignId: 50, template }),
    ).toThrow('Empty valid design');
    expect(() =>
      regularJobRow({ job: { ...job, designs: 'not json' }, campaignId: 50, template }),
    ).toThrow('Designs is invalid');
  });

  it("moves the rendered designs and mockups to the new campaign's copies", () => {
    const result = regularRenderedOnCopies(
      {
        designs: [
          { print_space: 'front', product_id: 11, file_url: 'd/50/a.png', option: 'print' },
          {
            print_space: 'front',
            product_id: 99,
            file_url: 'd/50/b.png',
            design_json: '{}',
            option: 'print',
          },
        ],
        designs3D: [
          { product_id: 11, mockup_id: 21, print_space: 'front', file_url: 'p/50/21.jpg' },
          { product_id: 12, mockup_id: 22, print_space: 'front', file_url: 'p/50/22.jpg' },
        ],
      },
      new Map([
        [11, 111],
        [12, 112],
      ]),
      50,
    );
    expect(result).toEqual({
      designs: [
        {
          print_space: 'front',
          product_id: 111,
          campaign_id: 50,
          file_url: 'd/50/a.png',
          design_json: null,
          option: 'print',
        },
        // A product without a copy keeps its id.
        {
          print_space: 'front',
          product_id: 99,
          campaign_id: 50,
          file_url: 'd/50/b.png',
          design_json: '{}',
          option: 'print',
        },
      ],
      mockups: [
        {
          product_id: 111,
          mockup_id: 21,
          print_space: 'front',
          file_url: 'p/50/21.jpg',
          campaign_id: 50,
          is_default_mockup: '1',
        },
        {
          product_id: 112,
          mockup_id: 22,
          print_space: 'front',
          file_url: 'p/50/22.jpg',
          campaign_id: 50,
          is_default_mockup: '0',
        },
      ],
    });
  });
});
