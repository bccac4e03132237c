import { describe, expect, it } from 'vitest';
import { promotionFormSchema, promotionFormValues, toPromotionBody } from './promotionForm.js';

const fresh = { ...promotionFormValues(null, 3, 7), code: 'SALE' };

describe('the promotion editor fields', () => {
  it('become the API body: amounts in minor units, dates from the user offset to UTC', () => {
    const body = toPromotionBody(
      {
        ...fresh,
        type: 'fixed',
        value: '5.50',
        min_subtotal: '30',
        starts_at: '2026-06-01T07:00',
        usage_limit: '100',
      },
      7,
    );
    expect(body).toMatchObject({
      store_id: 3,
      type: 'fixed',
      value: 550,
      min_subtotal: 3000,
      starts_at: '2026-06-01T00:00:00.000Z',
      ends_at: null,
      usage_limit: 100,
      buy_quantity: null,
    });
  });

  it('show the API rules on their fields before any call', () => {
    const schema = promotionFormSchema(0);
    const messages = (values: object) =>
      schema
        .safeParse({ ...fresh, ...values })
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages({})).toBeUndefined();
    expect(messages({ value: '150' })).toEqual([
      'value: A percent is a whole number from 1 to 100.',
    ]);
    expect(messages({ value: 'ten' })?.[0]).toBe('value: Enter a number.');
    expect(messages({ store_id: '' })).toEqual(['store_id: Choose a store.']);
    expect(messages({ starts_at: '2026-06-02T00:00', ends_at: '2026-06-01T00:00' })).toEqual([
      'ends_at: The end must come after the start.',
    ]);
  });

  it('read a saved promotion back as the user typed it', () => {
    const values = promotionFormValues(
      {
        id: 1,
        store_id: 3,
        code: 'SALE',
        name: null,
        type: 'fixed',
        value: 550,
        buy_quantity: null,
        get_quantity: null,
        starts_at: '2026-06-01T00:00:00.000Z',
        ends_at: null,
        usage_limit: null,
        per_buyer_limit: 2,
        min_subtotal: 3000,
        campaign_ids: [4],
        collection_ids: [],
        used: 0,
        status: 'running',
        created_at: '2026-05-01T00:00:00.000Z',
        updated_at: '2026-05-01T00:00:00.000Z',
      },
      null,
      7,
    );
    expect(values).toMatchObject({
      value: '5.5',
      min_subtotal: '30',
      starts_at: '2026-06-01T07:00',
      per_buyer_limit: '2',
    });
    expect(toPromotionBody(values, 7)).toMatchObject({ value: 550, min_subtotal: 3000 });
  });
});
