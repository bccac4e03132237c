import { describe, expect, it } from 'vitest';
import { pricingFormSchema, toBulkPriceBody } from './pricingForm.js';

describe('the pricing form', () => {
  it('sends amounts in minor units and percents as they are', () => {
    expect(
      toBulkPriceBody({ mode: 'adjust_price', unit: 'amount', value: '-2.50' }, [3], []),
    ).toEqual({
      campaign_ids: [3],
      mode: 'adjust_price',
      value: -250,
      unit: 'amount',
    });
    expect(
      toBulkPriceBody({ mode: 'adjust_price', unit: 'percent', value: '15' }, [3], []),
    ).toMatchObject({
      value: 15,
      unit: 'percent',
    });
    expect(
      toBulkPriceBody({ mode: 'fixed_price', unit: 'amount', value: '24.99' }, [3], []),
    ).toEqual({
      campaign_ids: [3],
      mode: 'fixed_price',
      value: 2499,
    });
  });

  it('checks the value with the API rules', () => {
    const message = (values: object) =>
      pricingFormSchema.safeParse({ mode: 'adjust_price', unit: 'amount', value: '1', ...values })
        .error?.issues[0]?.message;
    expect(message({})).toBeUndefined();
    expect(message({ value: '' })).toBe('Enter a number.');
    expect(message({ unit: 'percent', value: '-100' })).toBe(
      'A percent change is from -99 to 1000.',
    );
    expect(message({ mode: 'fixed_price', value: '0' })).toBe('A price is above 0.');
    expect(message({ mode: 'custom_price', value: '' })).toBeUndefined();
  });
});
