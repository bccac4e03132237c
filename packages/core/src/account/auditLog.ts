import { z } from 'zod';
import { paginated } from '../api/pagination.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';

export const AUDIT_LOG_PER_PAGE_MAX = 100;
export const AUDIT_LOG_PER_PAGE_DEFAULT = 25;

/**
 * Who acted: the account owner, a team member (or a former one), or platform support (an admin
 * signed in as the seller).
 */
export const AuditActorKind = z.enum(['owner', 'member', 'support']);
export type AuditActorKind = z.infer<typeof AuditActorKind>;

/**
 * One entry of the seller's audit log: who acted for whom, what and when. `action` is either a
 * named action (`team_invite`, `switch_account`, …) or the method and route of a change a team
 * member or support made (`PUT /seller/orders/:id/address`).
 */
export const AuditLogEntry = z.object({
  id: z.number().int().positive(),
  actor_id: z.number().int().positive().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_kind: AuditActorKind,
  seller_id: z.number().int().positive(),
  seller_name: z.string(),
  action: z.string(),
  /** The HTTP status of a request entry, or the named action's details. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogList = paginated(AuditLogEntry);
export type AuditLogList = z.infer<typeof AuditLogList>;

/**
 * `GET /seller/team/audit-log`: newest first; `actor_id` keeps one person's entries; `time`
 * (a preset, or 'custom' with `from` and `to`) counts days in the seller's utc_offset.
 */
export const AuditLogQuery = z
  .object({
    page: z.coerce.number().int().positive().default(1),
    per_page: z.coerce
      .number()
      .int()
      .positive()
      .max(AUDIT_LOG_PER_PAGE_MAX)
      .default(AUDIT_LOG_PER_PAGE_DEFAULT),
    actor_id: z.coerce.number().int().positive().optional(),
    ...timeFilterFields,
  })
  .superRefine(checkTimeFilter);
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;
export type AuditLogQueryInput = z.input<typeof AuditLogQuery>;
