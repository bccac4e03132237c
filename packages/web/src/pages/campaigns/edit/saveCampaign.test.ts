import { type Campaign, ProductTemplate } from '@printloom/core';
import { describe, expect, it, vi } from 'vitest';
import { productValueFor, templateSpaces } from './campaignForm.js';
import { type SaveCampaignInput, saveCampaign } from './saveCampaign.js';

const tshirt = ProductTemplate.parse({
  id: 101,
  name: 'Classic T-shirt',
  base_cost: 7.5,
  options: { color: ['White'] },
  print_spaces: [
    { name: 'front', width: 4200, height: 4800 },
    { name: 'back', width: 4200, height: 4800 },
  ],
});
const [front, back] = templateSpaces(tshirt);

function campaign(patch: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    name: 'Cats',
    status: 'draft',
    product_type: 'campaign',
    system_type: 'regular',
    designs: [],
    products: [
      {
        id: 70,
        template_id: 101,
        print_spaces: '[]',
        full_printed: 0,
        options: { color: ['White'] },
        designs: [],
        personalized: 0,
        mockup_type: '2d',
      },
    ],
    ...patch,
  } as Campaign;
}

/** Records calls by their old flat names; `client` is what saveCampaign is given. */
function fakeApi() {
  const createCampaign = vi.fn(async (_body: unknown) => campaign());
  const updateCampaign = vi.fn(async (_id: number, _body: unknown) => campaign());
  const uploadFile = vi.fn();
  const uploadMockup = vi.fn();
  return {
    createCampaign,
    updateCampaign,
    uploadFile,
    uploadMockup,
    client: {
      campaigns: {
        create: ({ body }: { body: unknown }) => createCampaign(body),
        update: ({ params, body }: { params: { id: number }; body: unknown }) =>
          updateCampaign(params.id, body),
      },
      uploads: { uploadFile, uploadMockup },
    },
  };
}

const empty = (space: typeof front) => ({
  printSpace: space!,
  objects: [],
  restricted: false,
  lockEdit: false,
});

describe('saveCampaign (two calls: products first, then designs)', () => {
  it('creates a new campaign, then saves each print space and names the campaign it saved', async () => {
    const api = fakeApi();
    const onSaved = vi.fn();
    const input: SaveCampaignInput = {
      api: api.client as unknown as SaveCampaignInput['api'],
      campaignId: null,
      type: 'aop',
      values: { name: ' Cats  and dogs ', slug: '', products: [productValueFor(tshirt)] },
      templates: new Map([[101, tshirt]]),
      designs: { [front!.id]: empty(front), [back!.id]: empty(back) },
      onSaved,
    };
    await saveCampaign(input);
    expect(api.createCampaign).toHaveBeenCalledWith({
      name: 'Cats  and dogs',
      slug: 'cats-and-dogs',
      system_type: 'aop',
      product_type: 'campaign',
      products: [
        { template_id: 101, price: 14.99, options: { color: ['White'] }, default_option: 'White' },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    const [id, body] = api.updateCampaign.mock.calls[0] ?? [];
    expect(id).toBe(7);
    expect((body as { designs: Array<{ print_space: string; option: string }> }).designs).toEqual([
      expect.objectContaining({ product_id: 70, print_space: 'front', option: 'print' }),
      expect.objectContaining({ product_id: 70, print_space: 'back', option: 'print' }),
    ]);
    // Nothing to draw: no file uploaded.
    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('updates a saved campaign with its product ids, leaves kept designs alone and launches', async () => {
    const api = fakeApi();
    await saveCampaign({
      api: api.client as unknown as SaveCampaignInput['api'],
      campaignId: 7,
      type: 'regular',
      values: { name: 'Cats', slug: 'cats', products: [{ ...productValueFor(tshirt), id: 70 }] },
      templates: new Map([[101, tshirt]]),
      designs: { [front!.id]: empty(front), [back!.id]: empty(back) },
      kept: { [back!.id]: '/files/bulk.png' },
      status: 'active',
    });
    expect(api.createCampaign).not.toHaveBeenCalled();
    expect(api.updateCampaign.mock.calls[0]?.[1]).toMatchObject({
      products: [{ id: 70, template_id: 101 }],
    });
    const last = api.updateCampaign.mock.calls.at(-1)?.[1] as {
      designs: Array<{ print_space: string }>;
      status: string;
    };
    expect(last.designs.map((d) => d.print_space)).toEqual(['front']);
    expect(last.status).toBe('active');
  });
});
