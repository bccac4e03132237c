/**
 * Referral program (`/seller/referral`, issue 14): the seller's code and link, and the sellers
 * who signed up through it with their sales and the commission booked for them. Signing up with
 * the code is in `auth.register`; the commission is booked with the paid order
 * (`money/referralCommission.ts`). A referred account has no program of its own (403).
 */
import { randomBytes } from 'node:crypto';
import {
  API,
  LEDGER_CURRENCY,
  maskEmail,
  PAGES,
  pageInfo,
  REFERRAL_CODE_LENGTH,
  REFERRAL_MESSAGES,
  REFERRAL_QUERY_PARAM,
  referralCodeFrom,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { forbidden } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import { claimReferralCode, listReferredSellers, referralTotals } from '../sql/referral.js';

/** Fresh codes tried when one is taken (31^8 codes: a second try is already rare). */
const CODE_ATTEMPTS = 5;

export async function registerReferralRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const base = app.config.publicUrl.replace(/\/+$/, '');

  const referrer = (auth: AuthContext) => {
    if (auth.seller.ref_id !== null) throw forbidden(REFERRAL_MESSAGES.referredAccount);
    return auth.sellerId;
  };

  const codeOf = async (auth: AuthContext): Promise<string> => {
    if (auth.seller.referral_code) return auth.seller.referral_code;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = await claimReferralCode(
        db,
        auth.sellerId,
        referralCodeFrom(randomBytes(REFERRAL_CODE_LENGTH)),
      );
      if (code) return code;
    }
    throw new Error('no free referral code after several attempts');
  };

  registerGroup(app, API.referral, {
    program: async ({ auth }) => {
      const sellerId = referrer(auth);
      const code = await codeOf(auth);
      const totals = await referralTotals(db, sellerId);
      return {
        data: {
          code,
          link: `${base}${PAGES.register.path}?${REFERRAL_QUERY_PARAM}=${code}`,
          commission_percent: app.config.referralCommissionPercent,
          referred_sellers: totals.referred,
          commission_total: totals.commission,
          currency: LEDGER_CURRENCY,
        },
      };
    },
    sellers: async ({ auth, query }) => {
      const sellerId = referrer(auth);
      const { rows, total } = await listReferredSellers(db, sellerId, {
        range: listRange(query, auth.seller.utc_offset),
        sortBy: query.sort_by,
        direction: query.direction,
        page: query.page,
        perPage: query.per_page,
      });
      return {
        data: {
          data: rows.map((row) => ({
            id: row.id,
            name: row.name,
            // The referrer learns who joined, not the whole address.
            email: maskEmail(row.email),
            joined_at: row.joined_at.toISOString(),
            orders: row.orders,
            sold_items: row.sold_items,
            commission: row.commission,
          })),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
  });
}
