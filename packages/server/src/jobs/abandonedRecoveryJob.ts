import {
  type AbandonedSettings,
  dueRecoveryEmail,
  RECOVERY_GRACE_MINUTES,
  recoveryEmail,
  storefrontBase,
} from '@printloom/core';
import { z } from 'zod';
import { sendStoreMail } from '../mail/storeMail.js';
import { type DueCheckoutRow, recordRecoveryEmail, recoveryCandidates } from '../sql/abandoned.js';
import { defineJob } from './defineJob.js';

/** Checkouts looked at per run; the next minute's run takes the rest. */
const BATCH = 500;

/** Where a recovery email sends the buyer: the store's cart, restoring this checkout's items. */
export function restoreLink(
  publicUrl: string,
  checkout: Pick<DueCheckoutRow, 'id' | 'store_slug' | 'store_base_url'>,
): string {
  const store = checkout.store_base_url?.trim()
    ? checkout.store_base_url.trim().replace(/\/+$/, '')
    : `${publicUrl.replace(/\/+$/, '')}${storefrontBase(checkout.store_slug)}`;
  return `${store}/cart?restore=${encodeURIComponent(checkout.id)}`;
}

/**
 * Abandoned-checkout recovery (issue 13, spec §3 emails 1 to 3), once a minute across replicas:
 * each left checkout of a seller with recovery on gets the email core's `dueRecoveryEmail` says
 * is due. The email's row and its outbox mail are written in one transaction, and the row's key
 * (checkout, number) makes a second run or replica skip it, so no email goes out twice.
 */
export const abandonedRecoveryJob = defineJob({
  name: 'abandoned.recovery',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  policy: 'stately',
  retry: { limit: 0, delaySeconds: 0 },
  expireInSeconds: 300,
  handler: async (_payload, { db, settings, log }) => {
    const candidates = await recoveryCandidates(db, RECOVERY_GRACE_MINUTES, BATCH);
    let sent = 0;
    for (const checkout of candidates) {
      const schedule: AbandonedSettings = {
        enabled: checkout.enabled,
        delay1_minutes: Number(checkout.delay1_minutes),
        delay2_minutes: Number(checkout.delay2_minutes),
        delay3_minutes: Number(checkout.delay3_minutes),
      };
      const number = dueRecoveryEmail(
        schedule,
        Number(checkout.minutes),
        checkout.sent.map(Number),
      );
      if (number === null) continue;
      const mail = recoveryEmail(number, {
        storeName: checkout.store_name,
        link: restoreLink(settings.publicUrl, checkout),
        items: checkout.items,
      });
      await db.transaction(async (tx) => {
        if (
          !(await recordRecoveryEmail(
            tx,
            { id: checkout.id, sellerId: checkout.seller_id },
            number,
          ))
        ) {
          return;
        }
        await sendStoreMail(
          tx,
          log,
          settings,
          { sellerId: Number(checkout.seller_id), storeId: Number(checkout.store_id) },
          { to: checkout.email, ...mail },
        );
        sent += 1;
      });
    }
    if (sent > 0) log.info({ sent }, 'abandoned checkout recovery emails sent');
  },
});
