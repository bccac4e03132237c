import { z } from 'zod';
import { MAX_ID } from '../api/catalogSchemas.js';

/** The DNS name of the TXT record that proves a custom domain: `_printloom.{hostname}`. */
export const DOMAIN_TXT_PREFIX = '_printloom';
/** The TXT value that proves a domain: `printloom-verification={token}`. */
export const DOMAIN_TXT_VALUE_PREFIX = 'printloom-verification=';

export const DOMAIN_MESSAGES = {
  invalid: 'Enter a domain name such as shop.example.com (no https:// and no path)',
  platform: 'This is a platform address; add a domain you own',
  taken: 'This domain is already added to a store',
  notVerified: 'Verify the domain before making it primary',
  added: 'Domain added. Create the DNS records below, then verify.',
  verified: 'Domain verified: it now serves the store.',
  primary: 'Primary domain set: product links now use it.',
  removed: 'Domain removed.',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain name as typed, trimmed and lower-cased, with a trailing dot removed; null when it is
 * not a host name of at least two labels (letters, digits and hyphens, 253 characters at most).
 */
export function normaliseDomain(text: string): string | null {
  const name = text.trim().toLowerCase().replace(/\.$/, '');
  if (name.length === 0 || name.length > 253) return null;
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return name;
}

export const DomainBody = z.object({
  store_id: z.number().int().positive().max(MAX_ID),
  hostname: z
    .string()
    .max(253, DOMAIN_MESSAGES.invalid)
    .refine((text) => normaliseDomain(text) !== null, DOMAIN_MESSAGES.invalid),
});
export type DomainBody = z.infer<typeof DomainBody>;

export const DnsRecord = z.object({
  type: z.enum(['TXT', 'CNAME']),
  /** The record's full name. */
  name: z.string(),
  value: z.string(),
  /** What the record is for. */
  purpose: z.string(),
});
export type DnsRecord = z.infer<typeof DnsRecord>;

export const DomainView = z.object({
  id: z.number().int().positive(),
  store_id: z.number().int().positive(),
  store_name: z.string(),
  hostname: z.string(),
  status: z.enum(['pending', 'verified']),
  is_primary: z.boolean(),
  /** The records to create at the domain's DNS host. */
  records: z.array(DnsRecord),
  /** Whether the last check found the CNAME pointing at the store (null: not checked yet). */
  cname_ok: z.boolean().nullable(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** What the last check found wrong, in words. */
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type DomainView = z.infer<typeof DomainView>;

/** The records a domain needs: the TXT that proves it and the CNAME that routes it. */
export function domainRecords(hostname: string, token: string, target: string): DnsRecord[] {
  return [
    {
      type: 'TXT',
      name: `${DOMAIN_TXT_PREFIX}.${hostname}`,
      value: `${DOMAIN_TXT_VALUE_PREFIX}${token}`,
      purpose: 'Proves the domain is yours',
    },
    {
      type: 'CNAME',
      name: hostname,
      value: target,
      purpose: 'Sends buyers to your store',
    },
  ];
}
