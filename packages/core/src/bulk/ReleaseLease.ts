import { z } from 'zod';

/**
 * `POST bulk-v3/release` and `POST bulk/release`: a worker that stops while holding a claimed
 * row gives it back, so the row is claimable at once instead of after its lease expires. A
 * stale or foreign token gets 409 and changes nothing.
 */
export const ReleaseLeaseBody = z.object({
  id: z.number().int().positive(),
  leaseToken: z.string().min(1, 'leaseToken is required'),
});
export type ReleaseLeaseBody = z.infer<typeof ReleaseLeaseBody>;

/** The released row, back in the queue. */
export const ReleaseLeaseAnswer = z.object({
  id: z.number().int().positive(),
  status: z.literal('pending'),
});
export type ReleaseLeaseAnswer = z.infer<typeof ReleaseLeaseAnswer>;
