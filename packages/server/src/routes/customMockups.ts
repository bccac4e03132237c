/**
 * Custom mockups (`/seller/custom-mockups`): a seller's own product photos with the print area
 * marked on them (spec §3 campaign type `mockup`). The core body schema refuses an area outside
 * the photo; every query is scoped to the seller, so another seller's mockup is 404.
 */
import { API, CUSTOM_MOCKUP_MESSAGES } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  deleteCustomMockup,
  getCustomMockup,
  insertCustomMockup,
  listCustomMockups,
  updateCustomMockup,
} from '../sql/customMockups.js';

/** Mockups a list answers at most: a seller keeps tens of photos; the search narrows. */
export const CUSTOM_MOCKUP_LIST_LIMIT = 500;

export async function registerCustomMockupRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  registerGroup(app, API.customMockups, {
    list: async ({ auth, query }) => ({
      data: await listCustomMockups(db, auth.sellerId, query.q, CUSTOM_MOCKUP_LIST_LIMIT),
    }),
    get: async ({ auth, params }) => {
      const found = await getCustomMockup(db, auth.sellerId, params.id);
      if (!found) throw notFound();
      return { data: found };
    },
    create: async ({ auth, body }) => ({
      data: await insertCustomMockup(db, auth.sellerId, body),
      message: CUSTOM_MOCKUP_MESSAGES.created,
    }),
    update: async ({ auth, params, body }) => {
      const saved = await updateCustomMockup(db, auth.sellerId, params.id, body);
      if (!saved) throw notFound();
      return { data: saved, message: CUSTOM_MOCKUP_MESSAGES.updated };
    },
    remove: async ({ auth, params }) => {
      if (!(await deleteCustomMockup(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: CUSTOM_MOCKUP_MESSAGES.deleted };
    },
  });
}
