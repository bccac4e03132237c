import { z } from 'zod';
import { ANY_MEMBER, type AnyMember, type KnownPermission } from '../user/User.js';

/**
 * What a notification is about, and so who of the account may read it (issue 15): a team member
 * sees a notification only when their permissions cover its topic, the same permission that opens
 * the pages the notification is about. The owner (and anyone acting without a grant) sees all.
 *
 * - announcement: platform news, maintenance, new features — any member;
 * - orders: orders, fulfillment, SEN Design, refunds — get_orders;
 * - campaigns: campaign review, takedowns, mockups — get_campaigns;
 * - payments: payouts, balance, billing, payment gateways — get_payments;
 * - reports: sales and analytics digests — get_reports;
 * - team: invitations accepted, members changed — get_users.
 */
export const NOTIFICATION_TOPIC_PERMISSIONS = {
  announcement: ANY_MEMBER,
  orders: 'get_orders',
  campaigns: 'get_campaigns',
  payments: 'get_payments',
  reports: 'get_reports',
  team: 'get_users',
} as const satisfies Record<string, KnownPermission | AnyMember>;

export type NotificationTopic = keyof typeof NOTIFICATION_TOPIC_PERMISSIONS;
export const NOTIFICATION_TOPICS = Object.keys(NOTIFICATION_TOPIC_PERMISSIONS) as [
  NotificationTopic,
  ...NotificationTopic[],
];
export const NotificationTopicSchema = z.enum(NOTIFICATION_TOPICS);

/** The topics a caller may read, given what it may do (`can` for a user, `allows` on the server). */
export function readableNotificationTopics(
  mayDo: (permission: KnownPermission) => boolean,
): NotificationTopic[] {
  return NOTIFICATION_TOPICS.filter((topic) => {
    const permission = NOTIFICATION_TOPIC_PERMISSIONS[topic];
    return permission === ANY_MEMBER || mayDo(permission);
  });
}
