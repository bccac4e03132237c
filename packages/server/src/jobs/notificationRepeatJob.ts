import { z } from 'zod';
import { sendRepeatAlerts } from '../notifications/notifyOrderEvent.js';
import { defineJob } from './defineJob.js';

/**
 * Repeat alerts (spec §3 stop-and-repeat options), once a minute across all replicas: orders
 * still on hold are alerted again on channels whose option says so. A failed run is not
 * retried: the next minute's run finds the same work.
 */
export const notificationRepeatJob = defineJob({
  name: 'notifications.repeat',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  policy: 'stately',
  retry: { limit: 0, delaySeconds: 0 },
  expireInSeconds: 300,
  handler: async (_payload, { db, jobs, log }) => {
    const sent = await sendRepeatAlerts(db, jobs, new Date());
    if (sent > 0) log.info({ sent }, 'repeated waiting order alerts');
  },
});
