/**
 * Demo-only routes (`printloom serve --demo`): the outbox, so a new user of a local demo can
 * open the verification and reset links no real mail brings. Any other server answers 404, as
 * for a route it does not have.
 */
import { API, OUTBOX_LIST_LIMIT } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { listOutbox } from '../sql/sessions.js';

export async function registerDevRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, API.dev, {
    outbox: async ({ reply }) => {
      if (!app.config.demo) throw notFound();
      reply.header('cache-control', 'no-store');
      const rows = await listOutbox(app.db, OUTBOX_LIST_LIMIT);
      return {
        data: rows.map((row) => ({
          id: Number(row.id),
          to: row.to_address,
          subject: row.subject,
          body: row.body,
          sent: row.sent_at !== null,
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  });
}
