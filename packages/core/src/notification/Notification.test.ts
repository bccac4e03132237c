import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../api/envelope.js';
import { pageInfo } from '../api/pagination.js';
import { Notification, NotificationList, NotificationReadStatus } from './index.js';

const notification = {
  id: 1,
  subject: 'Payout sent',
  message: '<p>Paid</p>',
  created_at: '2026-11-01T00:00:00Z',
};

describe('Notification', () => {
  it('is addressed to every seller when seller_id is missing', () => {
    const parsed = Notification.parse(notification);
    expect(parsed.seller_id).toBeUndefined();
    expect(parsed.is_warning).toBe(false);
  });

  it('lists a page with total, per_page, current_page, last_page, from and to', () => {
    const list = NotificationList.parse({ data: [notification], ...pageInfo(21, 3, 10) });
    expect(list).toMatchObject({
      total: 21,
      per_page: 10,
      current_page: 3,
      last_page: 3,
      from: 21,
      to: 21,
    });
    expect(pageInfo(0, 1, 10)).toMatchObject({ last_page: 1, from: null, to: null });
    expect(NotificationList.safeParse({ data: [], total: 1 }).success).toBe(false);
  });

  it('posts read status with action 1 or 2', () => {
    expect(NotificationReadStatus.safeParse({ notification_ids: [1], action: 1 }).success).toBe(
      true,
    );
    const result = NotificationReadStatus.safeParse({ notification_ids: [], action: 3 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrorsOf(result.error)).sort()).toEqual(['action', 'notification_ids']);
  });
});
