import { describe, expect, it } from 'vitest';
import {
  isValidFacebookUrl,
  offersTier2Upgrade,
  SALE_VOLUME_OPTIONS,
  SellerSurvey,
  shouldShowSurvey,
  surveyFields,
  surveyServerErrors,
  validateSurvey,
} from './index.js';

describe('isValidFacebookUrl (spec §5)', () => {
  it('accepts facebook.com/, fb.com/ and fb.me/ addresses', () => {
    expect(isValidFacebookUrl('https://www.facebook.com/printloom')).toBe(true);
    expect(isValidFacebookUrl('facebook.com/printloom')).toBe(true);
    expect(isValidFacebookUrl('https://m.facebook.com/groups/123')).toBe(true);
    expect(isValidFacebookUrl('http://fb.com/printloom')).toBe(true);
    expect(isValidFacebookUrl('fb.me/printloom')).toBe(true);
    expect(isValidFacebookUrl('HTTPS://FACEBOOK.COM/Shop')).toBe(true);
  });

  it('refuses other addresses and a host without its slash', () => {
    expect(isValidFacebookUrl('https://twitter.com/printloom')).toBe(false);
    expect(isValidFacebookUrl('facebook.com')).toBe(false);
    expect(isValidFacebookUrl('https://notfacebook.com/x')).toBe(false);
    expect(isValidFacebookUrl('my facebook page')).toBe(false);
  });
});

describe('validateSurvey', () => {
  it('passes a complete survey and drops empty optional fields', () => {
    const result = validateSurvey({ sale_volume: '150 - 300', facebook: '', phone: ' ' });
    expect(result).toEqual({ ok: true, value: { sale_volume: '150 - 300' }, errors: {} });
  });

  it('gives the spec message for a bad Facebook URL', () => {
    const result = validateSurvey({ sale_volume: '2000+', facebook: 'twitter.com/me' });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({ facebook: 'Please enter a valid Facebook URL!' });
  });

  it('asks for a sale volume from the fixed options', () => {
    expect(SALE_VOLUME_OPTIONS).toEqual([
      '50 - 100',
      '150 - 300',
      '300 - 600',
      '1000 - 2000',
      '2000+',
    ]);
    expect(validateSurvey({ sale_volume: '10' }).errors.sale_volume).toBe(
      'Please choose your sale volume.',
    );
    expect(validateSurvey({}).errors.sale_volume).toBe('Please choose your sale volume.');
  });

  it('refuses a phone that cannot be a number', () => {
    expect(validateSurvey({ sale_volume: '50 - 100', phone: 'call me' }).errors.phone).toBe(
      'Please enter a valid phone number!',
    );
    expect(validateSurvey({ sale_volume: '50 - 100', phone: '+1 (555) 010-9999' }).ok).toBe(true);
  });

  it('is the schema behind the survey', () => {
    expect(SellerSurvey.safeParse({ sale_volume: '300 - 600', facebook: 'fb.me/x' }).success).toBe(
      true,
    );
  });
});

describe('survey display rules', () => {
  it("shows the phone's first server message and the facebook messages", () => {
    expect(
      surveyServerErrors({ phone: ['The phone is taken.', 'Other'], facebook: ['Bad link.'] }),
    ).toEqual({ phone: 'The phone is taken.', facebook: 'Bad link.' });
    expect(surveyServerErrors(undefined)).toEqual({});
  });

  it('asks for Facebook and phone only when the user lacks them', () => {
    expect(surveyFields({ facebook: null, phone: null })).toEqual([
      'sale_volume',
      'facebook',
      'phone',
    ]);
    expect(surveyFields({ facebook: 'fb.me/x', phone: '5550100' })).toEqual(['sale_volume']);
  });

  it('opens only for sellers without sale volume, accounts list or recent switch', () => {
    const state = { authorizedAccountCount: 0, justSwitched: false };
    expect(shouldShowSurvey({ roles: [], sale_volume: null }, state)).toBe(true);
    expect(shouldShowSurvey({ roles: [], sale_volume: '2000+' }, state)).toBe(false);
    expect(shouldShowSurvey({ roles: ['designer'] }, state)).toBe(false);
    expect(shouldShowSurvey({ roles: [] }, { ...state, authorizedAccountCount: 2 })).toBe(false);
    expect(shouldShowSurvey({ roles: [] }, { ...state, justSwitched: true })).toBe(false);
  });

  it("offers the tier-2 upgrade only on the 'default' price tag", () => {
    expect(offersTier2Upgrade({ price_tag: 'default' })).toBe(true);
    expect(offersTier2Upgrade({ price_tag: 'vip' })).toBe(false);
  });
});
