import { z } from 'zod';
import {
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  SALE_VOLUME_OPTIONS,
  SURVEY_MESSAGES,
} from './constants.js';
import { isValidFacebookUrl } from './isValidFacebookUrl.js';

export const SaleVolume = z.enum(SALE_VOLUME_OPTIONS, { error: SURVEY_MESSAGES.chooseSaleVolume });
export type SaleVolume = z.infer<typeof SaleVolume>;

/**
 * Empty text means "not given": both fields are optional (spec §5 "if given"). No transform, so
 * the schema also documents the request in OpenAPI; `validateSurvey` drops empty answers.
 */
const optionalText = z.string().trim().max(255).optional();
const isBlank = (value: string | undefined) => value === undefined || value === '';
const digitCount = (value: string) => value.match(/\d/g)?.length ?? 0;

/**
 * The seller survey (spec §3: sale_volume, facebook, phone). Facebook, if given, must be a
 * Facebook address; the phone, if given, holds 6 to 20 digits with the usual separators (the
 * spec shows no phone rule, so this only refuses text that cannot be a number).
 */
export const SellerSurvey = z.object({
  sale_volume: SaleVolume,
  facebook: optionalText.refine((value) => isBlank(value) || isValidFacebookUrl(value ?? ''), {
    message: SURVEY_MESSAGES.invalidFacebook,
  }),
  phone: optionalText.refine(
    (value) =>
      isBlank(value) ||
      (/^\+?[\d\s().-]+$/.test(value ?? '') &&
        digitCount(value ?? '') >= PHONE_MIN_DIGITS &&
        digitCount(value ?? '') <= PHONE_MAX_DIGITS),
    { message: SURVEY_MESSAGES.invalidPhone },
  ),
});
export type SellerSurvey = z.infer<typeof SellerSurvey>;
export type SellerSurveyFields = z.input<typeof SellerSurvey>;
