import { Resolver } from 'node:dns/promises';
import { DOMAIN_TXT_PREFIX, DOMAIN_TXT_VALUE_PREFIX } from '@printloom/core';

export interface DomainCheck {
  /** The TXT record holds the domain's verification value. */
  verified: boolean;
  /** The domain's CNAME points at the store's platform host. */
  cnameOk: boolean;
  /** What is missing, in words; null when both records are right. */
  error: string | null;
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;

/**
 * Looks a custom domain's records up with `node:dns` (a real lookup; `servers` replaces the
 * system's resolvers, so tests can run their own DNS server): the TXT record
 * `_printloom.{hostname}` must hold `printloom-verification={token}`, and the CNAME of the
 * hostname should point at `target`, the store's platform host.
 */
export async function checkDomainDns(
  hostname: string,
  token: string,
  target: string,
  servers?: readonly string[],
): Promise<DomainCheck> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  const txtName = `${DOMAIN_TXT_PREFIX}.${hostname}`;
  const wanted = `${DOMAIN_TXT_VALUE_PREFIX}${token}`;
  let verified = false;
  let txtProblem: string | null = null;
  try {
    const records = (await resolver.resolveTxt(txtName)).map((chunks) => chunks.join(''));
    verified = records.includes(wanted);
    if (!verified) txtProblem = `The TXT record ${txtName} does not hold ${wanted}.`;
  } catch (error) {
    txtProblem = ['ENODATA', 'ENOTFOUND'].includes(codeOf(error) ?? '')
      ? `No TXT record ${txtName} was found yet. DNS changes can take a while to show.`
      : `The DNS lookup of ${txtName} failed (${codeOf(error) ?? 'error'}). Try again later.`;
  }
  let cnameOk = false;
  try {
    cnameOk = (await resolver.resolveCname(hostname)).map(bare).includes(bare(target));
  } catch {
    cnameOk = false;
  }
  const cnameProblem = cnameOk
    ? null
    : `${hostname} has no CNAME record pointing to ${target} yet, so buyers cannot reach the store there.`;
  return { verified, cnameOk, error: txtProblem ?? cnameProblem };
}
