/**
 * Payout account details at rest (issue 14): the details are sealed as JSON with AES-256-GCM
 * (`createSecretBox`, key `paymentAccountKey` or one derived from the server secret under its own
 * label), bound to the seller and the account id, so a sealed value copied to another row does
 * not open. A masked copy is kept beside it for the dashboard, which never gets the details.
 */
import {
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_LABELS,
  type PaymentAccount,
  type PayoutMethod,
} from '@printloom/core';
import { createSecretBox, type SecretBox } from '../auth/createSecretBox.js';
import type { ServerSettings } from '../config.js';
import type { PaymentAccountRow } from '../sql/payouts.js';

export const PAYMENT_ACCOUNT_KEY_PURPOSE = 'payment-accounts/v1';

export function paymentAccountBox(
  config: Pick<ServerSettings, 'secret' | 'paymentAccountKey'>,
): SecretBox {
  return createSecretBox(config.paymentAccountKey ?? config.secret, PAYMENT_ACCOUNT_KEY_PURPOSE);
}

export const paymentAccountContext = (sellerId: number, id: number) =>
  `payment-account:${sellerId}:${id}`;

/** `j•••@example.com` for an address, `•••• 6789` for a number, the rest hidden. */
export function maskValue(value: string, kind: 'email' | 'text' = 'text'): string {
  if (!value) return '';
  if (kind === 'email') {
    const at = value.lastIndexOf('@');
    if (at > 0) return `${value[0]}•••${value.slice(at)}`;
  }
  const tail = value.replace(/\s+/g, '').slice(-4);
  return value.length > 4 ? `•••• ${tail}` : '••••';
}

export function maskedDetails(
  method: PayoutMethod,
  details: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of PAYMENT_METHOD_FIELDS[method]) {
    const value = details[field.name];
    if (!value) continue;
    out[field.name] = field.shown ? value : maskValue(value, field.kind);
  }
  return out;
}

/** One line naming an account: its method and its main field, masked. */
export function accountLabel(
  method: PayoutMethod,
  details: Readonly<Record<string, string | undefined>>,
): string {
  const main = PAYMENT_METHOD_FIELDS[method].find((field) => !field.shown);
  const value = main ? details[main.name] : undefined;
  return value
    ? `${PAYMENT_METHOD_LABELS[method]} · ${maskValue(value, main?.kind)}`
    : PAYMENT_METHOD_LABELS[method];
}

export function paymentAccountView(row: PaymentAccountRow): PaymentAccount {
  return {
    id: Number(row.id),
    method: row.method,
    status: row.status,
    details: row.details_masked,
    label: row.label,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
