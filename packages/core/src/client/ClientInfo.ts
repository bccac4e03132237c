import { z } from 'zod';

/**
 * What a worker or browser tab tells the server about itself (spec §3 Client info, §7). Every
 * field may be empty: fetching it can fail and then falls back to empty values.
 */
export const ClientInfo = z.object({
  /** Identifies one browser tab or one worker process; cleared when the tab reloads. */
  sessionId: z.string().default(''),
  /** A device fingerprint. */
  deviceId: z.string().default(''),
  ip: z.string().default(''),
  /** Region or city plus country, e.g. 'Hanoi, VN'. */
  location: z.string().default(''),
  browser: z.string().default(''),
  os: z.string().default(''),
  deviceType: z.string().default(''),
  userAgent: z.string().default(''),
});
export type ClientInfo = z.infer<typeof ClientInfo>;

/** Client info with nothing known: what a failed lookup falls back to. */
export const EMPTY_CLIENT_INFO: ClientInfo = ClientInfo.parse({});
