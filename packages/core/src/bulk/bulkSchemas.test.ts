import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../api/envelope.js';
import {
  BulkMultiSpaceListQuery,
  BulkRegularJob,
  BulkSaveDesignsBody,
  CreateBulkJobBody,
  MarkRowInvalidBody,
  NextJobAnswer,
  PendingBulkQuery,
  PendingBulkRecord,
  SaveProcessedRowBody,
} from './index.js';

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success || !result.error) return {};
  return fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);
}

const templateCampaign = {
  id: 9,
  products: [
    {
      id: 5,
      template_id: 10,
      print_spaces: '[{"name":"front","width":4200,"height":4800}]',
      template_mockups: [{ id: 1, print_space: 'front', design_json: '{"color":"#fff"}' }],
      options: '{"color":["white"]}',
      full_printed: 0,
    },
  ],
};

describe('PendingBulkRecord', () => {
  it('arrives even when its designs are malformed, so the row can be marked invalid', () => {
    const record = PendingBulkRecord.parse({
      id: 3,
      template_campaign_id: 9,
      template_campaign: templateCampaign,
      designs: 'not json',
      lease_token: 'lease-3',
    });
    expect(record.designs).toBe('not json');
    expect(record.type).toBe('regular_multi_space');
    expect(record.template_campaign?.products[0]?.template_mockups[0]?.id).toBe(1);
  });

  it('needs its lease token', () => {
    const errors = errorsOf(
      PendingBulkRecord.safeParse({ id: 3, template_campaign_id: 9, designs: '[]' }),
    );
    expect(Object.keys(errors)).toEqual(['lease_token']);
  });

  it('claims 1 row of type regular_multi_space unless told otherwise, at most 50', () => {
    expect(PendingBulkQuery.parse({})).toEqual({ type: 'regular_multi_space', take: 1 });
    expect(PendingBulkQuery.parse({ take: '8' }).take).toBe(8);
    expect(
      Object.keys(errorsOf(PendingBulkQuery.safeParse({ take: 51, type: 'x' }))).sort(),
    ).toEqual(['take', 'type']);
  });
});

describe('processed row and invalid row', () => {
  const body = {
    id: 3,
    designs: [{ print_space: 'front', product_id: 5, file_url: 'd/a.png', option: 'custom' }],
    designs3D: [{ file_url: 'p/40/1_1.jpg', mockup_id: 1, product_id: 5, print_space: 'front' }],
    leaseToken: 'lease-3',
  };

  it('fills the worker fields with empty text', () => {
    expect(SaveProcessedRowBody.parse(body)).toMatchObject({
      deviceId: '',
      sessionId: '',
      ipAddress: '',
    });
  });

  it("refuses a result without a design or a mockup with 'Invalid design'", () => {
    const errors = errorsOf(
      SaveProcessedRowBody.safeParse({ ...body, designs: [], designs3D: [] }),
    );
    expect(errors).toEqual({ designs: ['Invalid design'], designs3D: ['Invalid design'] });
  });

  it('needs the message and the lease token to mark a row invalid', () => {
    const errors = errorsOf(MarkRowInvalidBody.safeParse({ id: 3, message: '' }));
    expect(Object.keys(errors).sort()).toEqual(['leaseToken', 'message']);
    expect(
      MarkRowInvalidBody.safeParse({ id: 3, message: 'Empty valid design', leaseToken: 't' })
        .success,
    ).toBe(true);
  });
});

describe('bulk multi-space list and jobs', () => {
  it('lists 10 rows per page newest first by default', () => {
    expect(BulkMultiSpaceListQuery.parse({})).toEqual({
      page: 1,
      per_page: 10,
      order_by: 'id:desc',
    });
    expect(
      Object.keys(errorsOf(BulkMultiSpaceListQuery.safeParse({ status: 'done', type: 'regular' }))),
    ).toEqual(['status', 'type']);
    expect(BulkMultiSpaceListQuery.parse({ status: 'save_design' }).status).toBe('save_design');
  });

  it("refuses a job row without designs with 'Empty valid design'", () => {
    const errors = errorsOf(
      CreateBulkJobBody.safeParse({ template_campaign_id: 9, rows: [{ designs: [] }] }),
    );
    expect(errors).toEqual({ 'rows.0.designs': ['Empty valid design'] });
  });
});

describe('regular bulk', () => {
  it('needs a template campaign or a campaign', () => {
    const job = { id: 1, campaign_name: 'Cats', designs: '[{"new_url":"https://x/a.png"}]' };
    expect(errorsOf(BulkRegularJob.safeParse(job))).toEqual({
      template_campaign_id: ['A regular bulk job needs template_campaign_id or campaign_id'],
    });
    expect(BulkRegularJob.parse({ ...job, campaign_id: 4 })).toMatchObject({
      created: false,
      pending: true,
      new_products: 0,
    });
  });

  it('answers next-job with reload, pending, created and one of the server reasons', () => {
    expect(NextJobAnswer.parse({ pending: false, reason: 'limit_campaign_per_minute' })).toEqual({
      reload: false,
      pending: false,
      created: false,
      reason: 'limit_campaign_per_minute',
      job: null,
    });
    expect(
      Object.keys(errorsOf(NextJobAnswer.safeParse({ pending: false, reason: 'tired' }))),
    ).toEqual(['reason']);
  });

  it("saves designs only to storage 's3'", () => {
    const body = { data: {}, campaignId: 4, bulk_id: 2 };
    expect(errorsOf(BulkSaveDesignsBody.safeParse({ ...body, storage: 'disk' }))).toHaveProperty(
      'storage',
    );
    expect(BulkSaveDesignsBody.safeParse({ ...body, storage: 's3' }).success).toBe(true);
  });
});
