import { z } from 'zod';
import { route } from './RouteContract.js';

const tags = ['dev'] as const;

/** A mail the server wrote to its outbox (every mail lands there, sent or not). */
export const OutboxMail = z.object({
  id: z.number().int().positive(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sent: z.boolean(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

/** How many mails the demo outbox lists, newest first. */
export const OUTBOX_LIST_LIMIT = 50;

/**
 * Routes of a demo server only (`printloom serve --demo`): a new user of a local demo gets no
 * real mail, so the dashboard shows the outbox with its links. Any other server answers 404.
 */
export const dev = {
  outbox: route({
    method: 'GET',
    path: '/dev/mails',
    summary: 'The demo server’s outbox, newest first (404 unless the server runs in demo mode)',
    tags,
    auth: 'none',
    response: z.array(OutboxMail),
    errors: [404],
  }),
} as const;
