/**
 * The bot check behind one interface (spec §5, §7, §8): `altcha` (self-hosted proof of work
 * with altcha-lib: no outside service, the default), `recaptcha` (Google's siteverify) and
 * `off`. A solution travels in the `X-Bot-Check` header and works once.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  BOT_CHECK_FIELD,
  BOT_CHECK_HEADER,
  BOT_CHECK_MESSAGES,
  type BotCheckChallenge,
} from '@printloom/core';
import {
  type Challenge,
  createChallenge,
  randomInt,
  type Solution,
  verifySolution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BotCheckSettings } from '../config.js';
import type { Queryable } from '../db/Db.js';
import { httpError } from '../http/errors.js';
import { claimBotCheckSolution } from '../sql/botCheck.js';

export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

export interface BotCheck {
  readonly provider: BotCheckSettings['provider'];
  /** What the browser shows: an ALTCHA challenge, the reCAPTCHA site key, or nothing. */
  challenge(): Promise<BotCheckChallenge>;
  /** Whether the solution is valid and was not used before (using it marks it used). */
  verify(solution: string | undefined, remoteIp: string): Promise<boolean>;
}

/** The 403 answer of a request without a valid bot check; `errors.bot_check` tells the form. */
export function botCheckRequired(message: string = BOT_CHECK_MESSAGES.required) {
  return httpError(403, message, { [BOT_CHECK_FIELD]: [message] });
}

/** The solution a request carries in its X-Bot-Check header. */
export function solutionOf(request: FastifyRequest): string | undefined {
  const value = request.headers[BOT_CHECK_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Refuses the request (403) unless it carries a valid, unused solution. */
export async function requireBotCheck(botCheck: BotCheck, request: FastifyRequest): Promise<void> {
  if (botCheck.provider === 'off') return;
  const solution = solutionOf(request);
  if (!solution) throw botCheckRequired();
  if (!(await botCheck.verify(solution, request.ip)))
    throw botCheckRequired(BOT_CHECK_MESSAGES.failed);
}

const AltchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: z.string().min(1),
      salt: z.string().min(1),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.looseObject({ counter: z.number().int().nonnegative(), derivedKey: z.string() }),
});

function parseAltchaPayload(text: string): z.infer<typeof AltchaPayload> | undefined {
  if (text.length > 8192) return undefined;
  try {
    const parsed = AltchaPayload.safeParse(
      JSON.parse(Buffer.from(text, 'base64').toString('utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function hmacKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`printloom-bot-check:${purpose}`).digest('hex');
}

function altchaCheck(db: Queryable, settings: BotCheckSettings, secret: string): BotCheck {
  const hmacSignatureSecret = hmacKey(secret, 'signature');
  const hmacKeySignatureSecret = hmacKey(secret, 'key-signature');
  const lowestCounter = Math.max(0, Math.floor(settings.altchaMaxCounter / 5));
  return {
    provider: 'altcha',
    async challenge() {
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: settings.altchaCost,
        counter: randomInt(settings.altchaMaxCounter, lowestCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + settings.challengeTtlSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      // The answer schema reads it again (AltchaChallenge) before it leaves.
      return {
        provider: 'altcha',
        challenge: { ...challenge, parameters: { ...challenge.parameters } },
      };
    },
    async verify(text) {
      if (!text) return false;
      const payload = parseAltchaPayload(text);
      if (!payload) return false;
      const result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution as Solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => ({ verified: false }));
      if (!result.verified) return false;
      const expiresAt = new Date(payload.challenge.parameters.expiresAt * 1000);
      return claimBotCheckSolution(db, `altcha:${payload.challenge.parameters.nonce}`, expiresAt);
    },
  };
}

/** Google's documented siteverify answer. */
const SiteverifyAnswer = z.looseObject({
  success: z.boolean(),
  score: z.number().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** How long Google accepts a token (2 minutes): a used one is remembered that long. */
const RECAPTCHA_TOKEN_SECONDS = 120;

function recaptchaCheck(
  db: Queryable,
  settings: BotCheckSettings,
  log: FastifyBaseLogger,
): BotCheck {
  return {
    provider: 'recaptcha',
    async challenge() {
      return {
        provider: 'recaptcha',
        site_key: settings.recaptchaSiteKey ?? null,
        version: settings.recaptchaVersion ?? null,
      };
    },
    async verify(token, remoteIp) {
      if (!token || token.length > 4096) return false;
      if (!settings.recaptchaSecret) {
        log.error('reCAPTCHA is the bot check but RECAPTCHA_SECRET_KEY is not set');
        return false;
      }
      let answer: z.infer<typeof SiteverifyAnswer>;
      try {
        const response = await fetch(settings.recaptchaVerifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            secret: settings.recaptchaSecret,
            response: token,
            remoteip: remoteIp,
          }),
          signal: AbortSignal.timeout(10_000),
        });
        const parsed = SiteverifyAnswer.safeParse(await response.json());
        if (!response.ok || !parsed.success) {
          log.warn({ status: response.status }, 'reCAPTCHA siteverify gave an unreadable answer');
          return false;
        }
        answer = parsed.data;
      } catch (error) {
        log.warn({ err: error }, 'reCAPTCHA siteverify could not be reached');
        return false;
      }
      if (!answer.success) return false;
      if (settings.recaptchaVersion === 'v3' && (answer.score ?? 0) < settings.recaptchaMinScore) {
        return false;
      }
      const id = createHash('sha256').update(token).digest('hex');
      return claimBotCheckSolution(
        db,
        `recaptcha:${id}`,
        new Date(Date.now() + RECAPTCHA_TOKEN_SECONDS * 1000),
      );
    },
  };
}

const offCheck: BotCheck = {
  provider: 'off',
  challenge: async () => ({ provider: 'off' }),
  verify: async () => true,
};

export function createBotCheck(
  db: Queryable,
  settings: BotCheckSettings,
  secret: string,
  log: FastifyBaseLogger,
): BotCheck {
  if (settings.provider === 'off') return offCheck;
  if (settings.provider === 'recaptcha') return recaptchaCheck(db, settings, log);
  return altchaCheck(db, settings, secret);
}
