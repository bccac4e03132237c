import { type ApiClientOptions, createTransport, type Transport } from './clientTransport.js';
import type { ApiClient } from './createApiClient.js';
import { imageLink } from './imageLink.js';
import type { ApiTable } from './routes/API.js';
import type { GroupLoaders } from './routes/groupLoaders.js';
import type { RouteGroup } from './routes/RouteContract.js';

/**
 * Calls that answer an address synchronously and so need their group's table at hand: a page
 * that offers them imports the builders of `exportLinks` itself (`ordersExportLink`, …).
 */
type SyncLinks = {
  orders: 'exportCsv';
  customers: 'exportCsv';
  money: 'exportTransactionsUrl';
  emailSubscribers: 'exportCsvUrl';
  fulfillment: 'template';
  social: 'startUrl';
};

/** The eager client's calls, less the synchronous download links (see `SyncLinks`). */
export type LazyApiClient = {
  readonly [G in keyof ApiClient]: G extends keyof SyncLinks
    ? Omit<ApiClient[G], SyncLinks[G]>
    : ApiClient[G];
};

type AnyCall = (...args: unknown[]) => Promise<unknown>;
type Extras = (t: Transport, group: RouteGroup) => Record<string, unknown>;

/**
 * The named helpers of the groups that have them, as in the eager client: loaded with their
 * group, so the first screen does not carry the upload or switch-account code.
 */
const EXTRAS: Partial<Record<keyof ApiTable, () => Promise<Extras>>> = {
  team: async () => {
    const { teamExtras } = await import('./clientExtras.js');
    return (t, group) => teamExtras(t, group as ApiTable['team']);
  },
  clientInfo: async () => {
    const { clientInfoExtras } = await import('./clientExtras.js');
    return (t, group) => clientInfoExtras(t, group as ApiTable['clientInfo']);
  },
  uploads: async () => {
    const { uploadsExtras } = await import('./clientExtras.js');
    return (t, group) => uploadsExtras(t, group as ApiTable['uploads']);
  },
  personalizedLibrary: async () => {
    const { personalizedLibraryExtras } = await import('./clientExtras.js');
    return (t, group) => personalizedLibraryExtras(t, group as ApiTable['personalizedLibrary']);
  },
  fulfillment: async () => {
    const { fulfillmentExtras } = await import('./clientExtras.js');
    return (t, group) => fulfillmentExtras(t, group as ApiTable['fulfillment']);
  },
};

/**
 * The same calls as `createApiClient` (`api.<group>.<route>(input)`, same checks, same errors),
 * but each group's table — its schemas — is loaded on the group's first call, through
 * `loaders`. The dashboard's first screen then carries only the groups it calls. Every call is
 * asynchronous anyway, so loading fits in front of it; `images.url` stays synchronous (its path
 * is at hand), the download links are built with `exportLinks`.
 */
export function createLazyApiClient(
  options: ApiClientOptions,
  loaders: GroupLoaders,
): LazyApiClient {
  const t = createTransport(options);
  const loaded = new Map<string, Promise<Record<string, unknown>>>();

  function load(name: keyof ApiTable): Promise<Record<string, unknown>> {
    let calls = loaded.get(name);
    if (!calls) {
      calls = Promise.all([loaders[name](), EXTRAS[name]?.()]).then(
        ([group, extras]: [RouteGroup, Extras | undefined]) => ({
          ...t.groupClient(group),
          ...extras?.(t, group),
        }),
      );
      // A failed load (a chunk that did not arrive) is tried again on the next call.
      calls.catch(() => loaded.delete(name));
      loaded.set(name, calls);
    }
    return calls;
  }

  function lazyGroup(name: keyof ApiTable): Record<string, AnyCall> {
    return new Proxy({} as Record<string, AnyCall>, {
      get(_target, property) {
        if (typeof property !== 'string' || property === 'then') return undefined;
        return async (...args: unknown[]) => {
          const calls = await load(name);
          const call = calls[property];
          if (typeof call !== 'function') {
            throw new TypeError(`The API has no call ${String(name)}.${property}`);
          }
          return (call as AnyCall)(...args);
        };
      },
    });
  }

  const client: Record<string, unknown> = {};
  for (const name of Object.keys(loaders) as (keyof ApiTable)[]) client[name] = lazyGroup(name);
  client.images = {
    url: (url: string, size: { w?: number; h?: number } = {}) => imageLink(t.baseUrl, url, size),
  };
  return client as LazyApiClient;
}
