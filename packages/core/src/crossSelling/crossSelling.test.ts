import { describe, expect, it } from 'vitest';
import { crossSellCommission, shareInProportion, splitCrossSale } from './crossSelling.js';

const fees = { processing_fee: 4, processing_fee_min: 50 };

describe('shareInProportion', () => {
  it('shares to the cent and adds up exactly', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(1000, [3000, 1000])).toEqual([750, 250]);
    expect(shareInProportion(0, [5, 5])).toEqual([0, 0]);
    expect(shareInProportion(7, [0, 0])).toEqual([0, 0]);
  });
});

describe('splitCrossSale', () => {
  it('books an order without cross-sold lines as the store seller’s own', () => {
    const lines = [{ campaign_id: 1, price: 2500, base_cost: 900, quantity: 2 }];
    const split = splitCrossSale(lines, 300, fees);
    expect(split.parts).toEqual([]);
    expect(split.own).toEqual({ lines, discount: 300 });
  });

  it('charges a cross-sold campaign its share of the discount, fee and commission', () => {
    const split = splitCrossSale(
      [
        { campaign_id: 1, price: 2000, base_cost: 800, quantity: 1 },
        {
          campaign_id: 7,
          owner_id: 42,
          offer_id: 3,
          commission_percent: 15,
          price: 3000,
          base_cost: 1100,
          quantity: 2,
        },
      ],
      1000,
      fees,
    );
    // Gross 2000 + 6000: the 1000 discount is shared 250 / 750.
    expect(split.own.discount).toBe(250);
    expect(split.parts).toEqual([
      {
        campaign_id: 7,
        owner_id: 42,
        offer_id: 3,
        commission_percent: 15,
        items: 2,
        revenue: 5250,
        discount: 750,
        base_cost: 2200,
        processing_fee: 210,
        commission: 788,
        owner_amount: 5250 - 2200 - 210 - 788,
      },
    ]);
  });

  it('never shares more discount than the lines cost', () => {
    const split = splitCrossSale(
      [
        {
          campaign_id: 7,
          owner_id: 42,
          offer_id: 3,
          commission_percent: 10,
          price: 500,
          base_cost: 300,
          quantity: 1,
        },
      ],
      900,
      fees,
    );
    expect(split.parts[0]?.revenue).toBe(0);
    expect(split.parts[0]?.commission).toBe(0);
    expect(split.parts[0]?.owner_amount).toBe(-300);
  });

  it('rounds the commission half up', () => {
    expect(crossSellCommission(1250, 10)).toBe(125);
    expect(crossSellCommission(1255, 10)).toBe(126);
    expect(crossSellCommission(-5, 10)).toBe(0);
  });
});
