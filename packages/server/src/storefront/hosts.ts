import { storeSlugProblem } from '@printloom/core';

/** Paths a store's own host passes through untouched: the buyer API, files and the script. */
const PASS_THROUGH = /^\/(public|files|s|api|blob|img|cdn-cgi)(\/|$)/;

/** The store slug a `Host` names (`{slug}.{preview or marketplace domain}`), or null. */
export function storeSlugOfHost(
  host: string | undefined,
  domains: readonly string[],
): string | null {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  for (const domain of domains) {
    const suffix = `.${domain.toLowerCase()}`;
    if (!name.endsWith(suffix)) continue;
    const sub = name.slice(0, -suffix.length);
    if (!sub.includes('.') && storeSlugProblem(sub) === null) return sub;
  }
  return null;
}

/**
 * The URL a request to a store's own host (its subdomain, or a verified custom domain named by
 * `customDomainSlug`) is served as: `/s/{slug}{path}` for its pages, the
 * path itself for the buyer API and files and for every other host.
 */
export function storefrontRewrite(
  url: string,
  host: string | undefined,
  domains: readonly string[],
  customDomainSlug: (host: string | undefined) => string | null = () => null,
): string {
  const slug = storeSlugOfHost(host, domains) ?? customDomainSlug(host);
  if (!slug || PASS_THROUGH.test(url)) return url;
  return `/s/${slug}${url.startsWith('/') ? url : `/${url}`}`;
}
