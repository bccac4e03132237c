/**
 * Custom domains (`/seller/domains`, issue 12, spec §2 /domains): a seller adds a domain to one
 * of their stores, creates the TXT and CNAME records shown, and verifies them with a real DNS
 * lookup (`storefront/domainDns.ts`, servers from `dnsServers`). A verified domain serves its
 * store (the Host map of `storefront/customDomains.ts`); a primary one becomes the store's
 * `base_url`. Scoped by seller (another seller's domain is 404) and by the session's stores.
 */
import { randomBytes } from 'node:crypto';
import {
  API,
  DOMAIN_MESSAGES,
  type DomainView,
  domainRecords,
  normaliseDomain,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore } from '../http/storeScope.js';
import {
  type DomainRow,
  deleteDomain,
  domainTaken,
  getDomain,
  insertDomain,
  listDomains,
  recordDomainCheck,
  setPrimaryDomain,
  setStoreBaseUrl,
} from '../sql/domains.js';
import { checkDomainDns } from '../storefront/domainDns.js';
import { platformStoreUrl } from '../storefront/platformAddress.js';

const hostOf = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/+$/, '');

export async function registerDomainRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const platformDomains = [app.config.previewDomain, app.config.marketplaceDomain].map((d) =>
    d.toLowerCase(),
  );

  /** The CNAME target: the store's platform host. */
  const targetOf = (auth: AuthContext, row: DomainRow) =>
    hostOf(platformStoreUrl(auth, row.store_slug, app.config));

  const view = (auth: AuthContext, row: DomainRow): DomainView => ({
    id: row.id,
    store_id: row.store_id,
    store_name: row.store_name,
    hostname: row.hostname,
    status: row.verified_at ? 'verified' : 'pending',
    is_primary: row.is_primary,
    records: domainRecords(row.hostname, row.verification_token, targetOf(auth, row)),
    cname_ok: row.cname_ok,
    verified_at: row.verified_at?.toISOString() ?? null,
    last_checked_at: row.last_checked_at?.toISOString() ?? null,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
  });

  /** A domain of the seller on a store the session may use. */
  const ownDomain = async (auth: AuthContext, id: number) => {
    const row = await getDomain(db, auth.sellerId, id);
    if (!row) throw notFound('This domain does not exist');
    await ownStore(db, auth, row.store_id);
    return row;
  };
  const reread = async (auth: AuthContext, id: number) => {
    const row = await getDomain(db, auth.sellerId, id);
    if (!row) throw notFound('This domain does not exist');
    return view(auth, row);
  };

  registerGroup(app, API.domains, {
    list: async ({ auth }) => ({
      data: (await listDomains(db, auth.sellerId))
        .filter((row) => canUseStore(auth, row.store_id))
        .map((row) => view(auth, row)),
    }),
    create: async ({ auth, body }) => {
      await ownStore(db, auth, body.store_id);
      const hostname = normaliseDomain(body.hostname);
      if (!hostname)
        throw unprocessable(DOMAIN_MESSAGES.invalid, { hostname: [DOMAIN_MESSAGES.invalid] });
      if (platformDomains.some((d) => hostname === d || hostname.endsWith(`.${d}`))) {
        throw unprocessable(DOMAIN_MESSAGES.platform, { hostname: [DOMAIN_MESSAGES.platform] });
      }
      if (await domainTaken(db, hostname)) throw conflict(DOMAIN_MESSAGES.taken);
      let id: number;
      try {
        id = await insertDomain(db, {
          sellerId: auth.sellerId,
          storeId: body.store_id,
          hostname,
          token: randomBytes(16).toString('hex'),
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw conflict(DOMAIN_MESSAGES.taken);
        throw error;
      }
      return { data: await reread(auth, id), message: DOMAIN_MESSAGES.added };
    },
    verify: async ({ auth, params }) => {
      const row = await ownDomain(auth, params.id);
      const check = await checkDomainDns(
        row.hostname,
        row.verification_token,
        targetOf(auth, row),
        app.config.dnsServers,
      );
      await recordDomainCheck(db, auth.sellerId, row.id, check);
      await app.customDomains.reload(db);
      const data = await reread(auth, row.id);
      return {
        data,
        message: data.status === 'verified' ? DOMAIN_MESSAGES.verified : (check.error ?? undefined),
      };
    },
    makePrimary: async ({ auth, params }) => {
      await ownDomain(auth, params.id);
      const done = await db.transaction((tx) => setPrimaryDomain(tx, auth.sellerId, params.id));
      if (!done) {
        throw unprocessable(DOMAIN_MESSAGES.notVerified, { id: [DOMAIN_MESSAGES.notVerified] });
      }
      return { data: await reread(auth, params.id), message: DOMAIN_MESSAGES.primary };
    },
    remove: async ({ auth, params }) => {
      const row = await ownDomain(auth, params.id);
      await db.transaction(async (tx) => {
        const removed = await deleteDomain(tx, auth.sellerId, row.id);
        if (removed?.is_primary) {
          await setStoreBaseUrl(
            tx,
            auth.sellerId,
            removed.store_id,
            platformStoreUrl(auth, row.store_slug, app.config),
          );
        }
      });
      await app.customDomains.reload(db);
      return { data: null, message: DOMAIN_MESSAGES.removed };
    },
  });
}
