import { z } from 'zod';
import { paginated } from '../api/pagination.js';
import { NotificationTopicSchema } from './notificationTopics.js';

/**
 * A seller notification (spec §3). `message` is HTML the server has already sanitized; a missing
 * `seller_id` means the notification is addressed to every seller.
 */
export const Notification = z.object({
  id: z.number().int().positive(),
  subject: z.string(),
  message: z.string(),
  image: z.string().nullable().optional(),
  call_to_action_link: z.string().nullable().optional(),
  is_warning: z.boolean().default(false),
  is_new: z.boolean().default(false),
  created_at: z.string(),
  type: z.number().int().nonnegative().default(1),
  seller_id: z.number().int().positive().nullable().optional(),
  /** What it is about; a team member sees it only with the topic's permission. */
  topic: NotificationTopicSchema.default('announcement'),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = paginated(Notification);
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(10),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** `POST {notifications}/read-status`: action 1 = don't show again, 2 = type-2 seen (spec §4). */
export const NotificationReadStatus = z.object({
  notification_ids: z.array(z.number().int().positive()).min(1),
  action: z.literal([1, 2]),
});
export type NotificationReadStatus = z.infer<typeof NotificationReadStatus>;
