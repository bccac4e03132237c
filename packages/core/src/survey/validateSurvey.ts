import { isDesigner } from '../auth/roleOf.js';
import type { UserLike } from '../auth/UserLike.js';
import { DEFAULT_PRICE_TAG } from './constants.js';
import { SellerSurvey } from './SellerSurvey.js';

export type SurveyField = 'sale_volume' | 'facebook' | 'phone';
/** One message per field, as the survey form shows them under its inputs. */
export type SurveyFieldErrors = Partial<Record<SurveyField, string>>;

export type SurveyValidation =
  | { ok: true; value: SellerSurvey; errors: SurveyFieldErrors }
  | { ok: false; errors: SurveyFieldErrors };

/**
 * Checks survey answers before they are sent: the first message of each field, e.g.
 * `{ facebook: 'Please enter a valid Facebook URL!' }`.
 */
export function validateSurvey(input: unknown): SurveyValidation {
  const result = SellerSurvey.safeParse(input);
  if (result.success) {
    const value: SellerSurvey = { sale_volume: result.data.sale_volume };
    if (result.data.facebook) value.facebook = result.data.facebook;
    if (result.data.phone) value.phone = result.data.phone;
    return { ok: true, value, errors: {} };
  }
  const errors: SurveyFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'sale_volume' || field === 'facebook' || field === 'phone') {
      errors[field] ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/**
 * The server's field errors as the survey shows them (spec §5): the phone's first message, and
 * for facebook every message joined, since the spec singles out only the phone for "first".
 */
export function surveyServerErrors(
  errors: Record<string, readonly string[] | string | undefined> | undefined,
): SurveyFieldErrors {
  const shown: SurveyFieldErrors = {};
  if (!errors) return shown;
  const list = (value: readonly string[] | string | undefined): string[] =>
    value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
  const facebook = list(errors.facebook);
  if (facebook.length > 0) shown.facebook = facebook.join(' ');
  const phone = list(errors.phone)[0];
  if (phone !== undefined) shown.phone = phone;
  return shown;
}

/** Which inputs the survey shows: Facebook and phone only when the user lacks them (spec §5). */
export function surveyFields(user: UserLike): SurveyField[] {
  const fields: SurveyField[] = ['sale_volume'];
  if (!user.facebook) fields.push('facebook');
  if (!user.phone) fields.push('phone');
  return fields;
}

/**
 * Whether the survey opens (spec §4, §6): never for designers; only without an authorized
 * account list, without a sale volume and when no account switch just happened.
 */
export function shouldShowSurvey(
  user: UserLike,
  state: { authorizedAccountCount: number; justSwitched: boolean },
): boolean {
  if (isDesigner(user)) return false;
  if (state.authorizedAccountCount > 0 || state.justSwitched) return false;
  return !user.sale_volume;
}

/** The tier-2 upgrade is offered on first completion only to sellers on the default price tag. */
export function offersTier2Upgrade(user: UserLike): boolean {
  return (user.price_tag ?? DEFAULT_PRICE_TAG) === DEFAULT_PRICE_TAG;
}
