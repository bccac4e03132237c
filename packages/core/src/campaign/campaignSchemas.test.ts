import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../api/envelope.js';
import {
  Campaign,
  CampaignCreateBody,
  CampaignListQuery,
  DesignSaveRecord,
  designOptionFor,
  MockupUploadRecord,
  mockupUploadPath,
  mockupUploadTarget,
  parseOrderBy,
} from './index.js';

describe('CampaignListQuery', () => {
  it('applies the spec defaults: page 1, 15 per page, three product types, id:desc', () => {
    expect(CampaignListQuery.parse({})).toEqual({
      page: 1,
      per_page: 15,
      product_type: 'campaign,campaign_express,campaign_template',
      order_by: 'id:desc',
    });
  });

  it('reads numbers as they come in a query string', () => {
    const query = CampaignListQuery.parse({
      q: ' cats ',
      page: '3',
      per_page: '50',
      status: 'active',
      system_type: 'aop',
      time: 'last_7_days',
      order_by: 'created_at:asc',
    });
    expect(query).toMatchObject({ q: 'cats', page: 3, per_page: 50, system_type: 'aop' });
    expect(parseOrderBy(query.order_by)).toEqual({ field: 'created_at', direction: 'asc' });
  });

  it('names each bad field', () => {
    const result = CampaignListQuery.safeParse({
      page: '0',
      status: 'live',
      product_type: 'campaign,poster',
      order_by: 'password:desc',
      time: 'last_year',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrorsOf(result.error)).sort()).toEqual([
      'order_by',
      'page',
      'product_type',
      'status',
      'time',
    ]);
  });
});

describe('time filter of the lists', () => {
  it("needs both days for 'custom', in order, and no days for a preset", () => {
    const errors = (value: object) => {
      const result = CampaignListQuery.safeParse(value);
      return result.success ? {} : fieldErrorsOf(result.error);
    };
    expect(errors({ time: 'custom' })).toEqual({
      from: ['Choose a start date'],
      to: ['Choose an end date'],
    });
    expect(errors({ time: 'custom', from: '2026-11-02', to: '2026-11-01' })).toEqual({
      to: ['The end date is before the start date'],
    });
    expect(errors({ time: 'today', from: '2026-11-02' })).toEqual({
      time: ["Dates need time 'custom'"],
    });
    expect(errors({ time: 'custom', from: '2026-11-01', to: '2026-11-30' })).toEqual({});
  });
});

describe('Campaign', () => {
  it('defaults to an empty draft regular campaign', () => {
    const campaign = Campaign.parse({ id: 1, name: 'Cats' });
    expect(campaign).toMatchObject({
      status: 'draft',
      system_type: 'regular',
      product_type: 'campaign',
      products: [],
      designs: [],
    });
  });

  it('needs a name and a product to create one', () => {
    const result = CampaignCreateBody.safeParse({ name: '  ', products: [], slug: 'Bad Slug' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsOf(result.error)).toEqual({
      name: ['Campaign name is required'],
      slug: ['Slug may hold lowercase letters, digits and dashes'],
      products: ['Choose at least one product'],
    });
  });
});

describe('records saved by the renderers', () => {
  it("sends is_default_mockup as '1' or '0'", () => {
    const record = {
      mockup_id: 1,
      product_id: 2,
      campaign_id: 3,
      print_space: 'front',
      file_url: 'p/3/1_1700000000000.jpg',
    };
    expect(MockupUploadRecord.safeParse({ ...record, is_default_mockup: '1' }).success).toBe(true);
    expect(MockupUploadRecord.safeParse({ ...record, is_default_mockup: true }).success).toBe(
      false,
    );
  });

  it("saves a design as 'custom' when it has text, else 'print'", () => {
    expect(designOptionFor(true)).toBe('custom');
    expect(designOptionFor(false)).toBe('print');
    const design = {
      print_space: 'front',
      product_id: 2,
      campaign_id: 3,
      file_url: 'd/a.png',
      option: 'print',
    };
    expect(DesignSaveRecord.safeParse(design).success).toBe(true);
    expect(DesignSaveRecord.safeParse({ ...design, option: 'text' }).success).toBe(false);
  });

  it("uploads mockups under 'p/{campaignId}' named from the mockup id and the timestamp", () => {
    expect(mockupUploadTarget(12, 5, 1700000000000)).toEqual({
      filePath: 'p/12',
      fileName: '5_1700000000000.jpg',
    });
    expect(mockupUploadPath(12, 5, 1700000000000, 'png')).toBe('p/12/5_1700000000000.png');
  });
});
