import { describe, expect, it } from 'vitest';
import { type DeviceTraits, workerSkipReason } from './skipRules.js';

const DESKTOP: DeviceTraits = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  coarsePointer: false,
};
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

const seller = { roles: ['seller'] };

describe('who runs the in-tab workers (spec §4, §6)', () => {
  it('runs them for a seller on a desktop browser', () => {
    expect(workerSkipReason(seller, DESKTOP)).toBeNull();
    expect(workerSkipReason({ roles: [] }, DESKTOP)).toBeNull();
  });

  it('skips designers, who do not pull bulk jobs', () => {
    expect(workerSkipReason({ roles: ['designer'] }, DESKTOP)).toBe('designer');
  });

  it('skips phones and tablets by user agent or client hint', () => {
    expect(workerSkipReason(seller, { ...DESKTOP, userAgent: IPHONE })).toBe('mobile');
    expect(workerSkipReason(seller, { ...DESKTOP, userAgent: ANDROID })).toBe('mobile');
    expect(workerSkipReason(seller, { ...DESKTOP, mobileHint: true })).toBe('mobile');
  });

  it('skips a device whose primary pointer is coarse (an iPad asking for the desktop site)', () => {
    expect(workerSkipReason(seller, { ...DESKTOP, coarsePointer: true })).toBe('coarse_pointer');
  });

  it('skips a team account the bulk calls would refuse, not one allowed to update campaigns', () => {
    expect(workerSkipReason({ roles: ['manager'], permissions: ['get_orders'] }, DESKTOP)).toBe(
      'no_permission',
    );
    expect(
      workerSkipReason({ roles: ['manager'], permissions: ['update_campaign'] }, DESKTOP),
    ).toBeNull();
  });
});
