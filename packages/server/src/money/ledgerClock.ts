/**
 * The ledger's clock: the time balances are read at and entries are booked at. It is the
 * machine's clock, ahead by `ledgerClockOffsetSeconds` on a demo server started with
 * `PRINTLOOM_LEDGER_CLOCK_OFFSET_SECONDS` (an end-to-end test restarts the server later in ledger
 * time to see a sale mature after its hold period; nothing sweeps entries, so that is all it
 * takes). Settings refuse an offset outside demo mode.
 */
import type { ServerSettings } from '../config.js';

export function ledgerNow(
  settings: Pick<ServerSettings, 'ledgerClockOffsetSeconds'>,
  machineNow: number = Date.now(),
): Date {
  return new Date(machineNow + settings.ledgerClockOffsetSeconds * 1000);
}
