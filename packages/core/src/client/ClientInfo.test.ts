import { describe, expect, it } from 'vitest';
import { AuthorizedAccount } from '../account/index.js';
import { FeaturedInfo } from '../featured/index.js';
import { Currency, Location } from '../locale/index.js';
import { ClientInfo, EMPTY_CLIENT_INFO } from './index.js';

describe('small entities', () => {
  it('falls back to empty client info', () => {
    expect(EMPTY_CLIENT_INFO).toEqual({
      sessionId: '',
      deviceId: '',
      ip: '',
      location: '',
      browser: '',
      os: '',
      deviceType: '',
      userAgent: '',
    });
    expect(ClientInfo.safeParse({ ip: 5 }).success).toBe(false);
  });

  it('reads currencies, countries, accounts and featured banners', () => {
    expect(Currency.parse({ code: 'EUR', locale: 'de-DE' }).code).toBe('EUR');
    expect(Currency.safeParse({ code: 'eur', locale: 'de-DE' }).success).toBe(false);
    expect(Location.parse({ code: 'VN', name: 'Vietnam' }).type).toBe('country');
    expect(AuthorizedAccount.safeParse({ seller_id: 2, name: 'Shop', role: 'staff' }).success).toBe(
      true,
    );
    expect(AuthorizedAccount.safeParse({ name: 'Shop', role: 'staff' }).success).toBe(false);
    expect(FeaturedInfo.safeParse({ subject: 'New', banner_url: 'https://x/b.png' }).success).toBe(
      true,
    );
  });
});
