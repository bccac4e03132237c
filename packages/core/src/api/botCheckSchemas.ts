import { z } from 'zod';

/**
 * Bot check (spec §5 'Bot-check needs a site key and version', §8 messages). One interface over
 * providers: `altcha` (self-hosted proof of work, works without any outside service: the
 * default), `recaptcha` (Google reCAPTCHA v2 or v3 with a site key from the settings) and `off`
 * (an explicit opt-out). The browser gets what to show from `GET /auth/bot-check/challenge`
 * and sends its solution in the {@link BOT_CHECK_HEADER} header of the protected request:
 * registration, forgot-password, an anonymous upload address, and a login after failures.
 */
export const BOT_CHECK_HEADER = 'x-bot-check';

export const BotCheckProvider = z.enum(['altcha', 'recaptcha', 'off']);
export type BotCheckProvider = z.infer<typeof BotCheckProvider>;

export const RecaptchaVersion = z.enum(['v2', 'v3']);
export type RecaptchaVersion = z.infer<typeof RecaptchaVersion>;

/** Messages the dashboard shows (spec §8 gives the reCAPTCHA ones word for word). */
export const BOT_CHECK_MESSAGES = {
  required: 'Please confirm you are not a robot.',
  failed: 'The robot check failed, please try again.',
  recaptchaNoKey: 'ReCaptcha error: No key provided',
  recaptchaNoVersion: 'ReCaptcha error: No version provided',
  recaptchaLoadFailed: 'ReCaptcha error: Failed to load script',
  recaptchaExecuteFailed: 'ReCaptcha error: Failed to execute',
} as const;

/** The field of an error answer that says a bot check is needed (the form then shows it). */
export const BOT_CHECK_FIELD = 'bot_check';

/** An ALTCHA (v2 proof of work) challenge as the `altcha` widget reads it. */
export const AltchaChallenge = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;

/** `GET /auth/bot-check/challenge`: what the browser shows to prove it is not a script. */
export const BotCheckChallenge = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challenge: AltchaChallenge }),
  z.object({
    provider: z.literal('recaptcha'),
    /** Null when the deployment set none: the widget shows 'ReCaptcha error: No key provided'. */
    site_key: z.string().nullable(),
    version: RecaptchaVersion.nullable(),
  }),
  z.object({ provider: z.literal('off') }),
]);
export type BotCheckChallenge = z.infer<typeof BotCheckChallenge>;
