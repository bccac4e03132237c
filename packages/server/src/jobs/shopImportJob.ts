import { z } from 'zod';
import { importShopOrders } from '../connections/importShopOrders.js';
import { dueShopConnections } from '../sql/shopConnections.js';
import { defineJob } from './defineJob.js';

/** Each connected shop is imported once an hour; one run takes at most this many shops. */
export const SHOP_IMPORT_EVERY_MS = 60 * 60 * 1000;
const SHOPS_PER_RUN = 50;

/**
 * Scheduled imports of connected shops (issue 16): every ten minutes across all replicas, the
 * shops not imported for an hour are imported one after the other, each run logged on its
 * connection. A shop that fails is logged and left for the next hour; a failed job run is not
 * retried, the next run finds the same work.
 */
export const shopImportJob = defineJob({
  name: 'shops.import',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', payload: {} },
  policy: 'stately',
  retry: { limit: 0, delaySeconds: 0 },
  expireInSeconds: 1800,
  handler: async (_payload, { db, settings, log, signal }) => {
    const due = await dueShopConnections(
      db,
      new Date(Date.now() - SHOP_IMPORT_EVERY_MS),
      SHOPS_PER_RUN,
    );
    for (const connection of due) {
      if (signal.aborted) return;
      try {
        const run = await importShopOrders(
          db,
          settings,
          connection.seller_id,
          connection.id,
          'schedule',
        );
        if (run) log.info({ connection: connection.id, imported: run.imported }, 'shop imported');
      } catch (error) {
        log.error({ err: error, connection: connection.id }, 'shop import failed');
      }
    }
  },
});
