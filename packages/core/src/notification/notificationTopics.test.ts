import { describe, expect, it } from 'vitest';
import { can } from '../auth/can.js';
import { NOTIFICATION_TOPICS, readableNotificationTopics } from './notificationTopics.js';

describe('readableNotificationTopics', () => {
  it('gives the owner every topic', () => {
    expect(readableNotificationTopics((p) => can({ roles: [], permissions: [] }, p))).toEqual(
      NOTIFICATION_TOPICS,
    );
  });

  it('gives a team member announcements and the topics of their permissions only', () => {
    const member = { roles: ['staff'], permissions: ['get_orders'] };
    expect(readableNotificationTopics((p) => can(member, p))).toEqual(['announcement', 'orders']);
    const bare = { roles: ['staff'], permissions: [] };
    expect(readableNotificationTopics((p) => can(bare, p))).toEqual(['announcement']);
  });
});
