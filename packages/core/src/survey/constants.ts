/** Sale volume choices of the seller survey (spec §9). */
export const SALE_VOLUME_OPTIONS = [
  '50 - 100',
  '150 - 300',
  '300 - 600',
  '1000 - 2000',
  '2000+',
] as const;
/** Hosts a Facebook URL must hold, each followed by '/' (spec §5). */
export const FACEBOOK_HOSTS = ['facebook.com', 'fb.com', 'fb.me'] as const;
/** Survey messages (spec §5, §8). */
export const SURVEY_MESSAGES = {
  invalidFacebook: 'Please enter a valid Facebook URL!',
  saveFailed: 'Cannot save your information.',
  saved: 'Your information has been saved.',
  chooseSaleVolume: 'Please choose your sale volume.',
  invalidPhone: 'Please enter a valid phone number!',
} as const;
/** The price tag that still gets the tier-2 upgrade offer (spec §6, §9). */
export const DEFAULT_PRICE_TAG = 'default';
/** Survey dialog timers (spec §4). */
export const SURVEY_OPEN_DELAY_MS = 2000;
export const SURVEY_STEP_DELAY_MS = 500;
/** Digits a survey phone number may hold; the spec gives no phone rule, these fit any E.164 number. */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 20;
