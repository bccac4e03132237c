import { describe, expect, it } from 'vitest';
import { ExpressLaunchBody, expressPrintQuality, expressStage } from './CampaignExpress.js';

describe('express print quality', () => {
  const front = { name: 'front', width: 3000, height: 3600, DPI: 300, minDPI: 150 };
  it('rates an artwork by its DPI once contained on each print space', () => {
    // 3000 px wide on a 3000 px wide space: one pixel a print pixel, full DPI.
    expect(expressPrintQuality({ width: 3000, height: 3000 }, [front])).toEqual([
      { print_space: 'front', dpi: 300, label: 'good' },
    ]);
    // Half as many pixels: 150 DPI, just the minimum.
    expect(expressPrintQuality({ width: 1500, height: 1500 }, [front])[0]).toMatchObject({
      dpi: 150,
      label: 'normal',
    });
    // A tall artwork is bound by the height: 1200 px over 3600 print px is 100 DPI.
    expect(expressPrintQuality({ width: 400, height: 1200 }, [front])[0]).toMatchObject({
      dpi: 100,
      label: 'low',
    });
  });
});

describe('express stage', () => {
  it('reads the job and campaign status as the page shows them', () => {
    expect(expressStage('pending', null)).toBe('queued');
    expect(expressStage('processing', 'draft')).toBe('rendering');
    expect(expressStage('completed', 'active')).toBe('launched');
    expect(expressStage('completed', 'draft')).toBe('draft');
    expect(expressStage('failed', null)).toBe('failed');
    expect(expressStage('stopped', null)).toBe('stopped');
  });
});

describe('express launch body', () => {
  it('takes prices with at most 2 decimals and a slug of lowercase words', () => {
    const base = { source_campaign_id: 1, artwork_url: '/files/s1/a.png', name: 'Dog' };
    expect(
      ExpressLaunchBody.safeParse({ ...base, prices: [{ product_id: 2, price: 19.99 }] }).success,
    ).toBe(true);
    expect(
      ExpressLaunchBody.safeParse({ ...base, prices: [{ product_id: 2, price: 19.999 }] }).success,
    ).toBe(false);
    expect(ExpressLaunchBody.safeParse({ ...base, slug: 'Dog Tee' }).success).toBe(false);
    expect(ExpressLaunchBody.safeParse({ ...base, name: '  ' }).success).toBe(false);
  });
});
