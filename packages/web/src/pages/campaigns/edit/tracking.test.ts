import { describe, expect, it, vi } from 'vitest';
import { trackedCampaigns, trackingCookie, trackOnce } from './tracking.js';

/** A cookie jar that behaves like document.cookie: assignments add or replace one cookie. */
function jar(initial = '') {
  const cookies = new Map<string, string>();
  for (const part of initial.split(';').filter(Boolean)) {
    const [name, ...rest] = part.trim().split('=');
    cookies.set(name ?? '', rest.join('='));
  }
  return {
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(assignment: string) {
      const [pair] = assignment.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      cookies.set(name ?? '', rest.join('='));
    },
  };
}

describe('campaign tracking (spec §4: once per campaign, remembered in a cookie)', () => {
  it('tracks a click once per campaign', async () => {
    const cookies = jar('auth_token=abc');
    const send = vi.fn(async () => ({ success: true }));
    expect(await trackOnce('click', 'summer', send, cookies)).toBe(true);
    expect(await trackOnce('click', 'summer', send, cookies)).toBe(false);
    expect(await trackOnce('click', 'winter', send, cookies)).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(trackedCampaigns(cookies.cookie, 'click')).toEqual(['summer', 'winter']);
    expect(cookies.cookie).toContain('auth_token=abc');
  });

  it('keeps clicks and submits apart', async () => {
    const cookies = jar();
    const send = vi.fn(async () => ({ success: true }));
    await trackOnce('click', 'summer', send, cookies);
    expect(await trackOnce('submit', 'summer', send, cookies)).toBe(true);
    expect(trackedCampaigns(cookies.cookie, 'submit')).toEqual(['summer']);
  });

  it('tries again when the server did not count it, and skips an empty campaign', async () => {
    const cookies = jar();
    const refused = vi.fn(async () => ({ success: false }));
    expect(await trackOnce('submit', 'summer', refused, cookies)).toBe(false);
    expect(trackedCampaigns(cookies.cookie, 'submit')).toEqual([]);
    expect(await trackOnce('submit', '  ', refused, cookies)).toBe(false);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('reads a damaged cookie as empty and writes a 7-day cookie', () => {
    expect(trackedCampaigns('clickedCampaigns=%7Bnot-json', 'click')).toEqual([]);
    expect(trackingCookie('', 'click', 'a b')).toMatch(
      /^clickedCampaigns=%5B%22a%20b%22%5D; Max-Age=604800; Path=\/; SameSite=Lax$/,
    );
  });
});
