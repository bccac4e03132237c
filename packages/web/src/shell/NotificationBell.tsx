import { NOTIFICATION_ALERT_PREFIX, NOTIFICATION_BELL_LIST_HEIGHT_PX } from '@printloom/core';
import Badge from 'react-bootstrap/Badge';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { useNotificationList } from '../api/hooks/useNotifications.js';
import { EMPTY_NOTIFICATIONS, PATHS } from '../constants.js';
import { BellIcon } from './icons.js';

/**
 * The bell of users tagged 'notify' (spec §2): each notification links to its page, warnings
 * start with '[ALERT]', new ones carry a marker; the list area is 250 px high. A failed fetch
 * counts no new notifications (spec §4).
 */
export function NotificationBell() {
  const { data, isError } = useNotificationList(true);
  const items = isError ? [] : (data?.data ?? []);
  const newCount = isError ? 0 : items.filter((item) => item.is_new).length;
  return (
    <Dropdown align="end" data-testid="notification-bell">
      <Dropdown.Toggle
        variant="link"
        className="nav-link position-relative px-2 no-caret"
        aria-label={`Notifications${newCount > 0 ? `, ${newCount} new` : ''}`}
      >
        <BellIcon />
        {newCount > 0 ? (
          <Badge bg="danger" pill className="position-absolute top-0 start-100 translate-middle">
            {newCount}
          </Badge>
        ) : null}
      </Dropdown.Toggle>
      <Dropdown.Menu style={{ width: 340 }}>
        <Dropdown.Header>Notifications</Dropdown.Header>
        <div
          style={{ height: NOTIFICATION_BELL_LIST_HEIGHT_PX, overflowY: 'auto' }}
          data-testid="notification-list"
        >
          {items.length === 0 ? (
            <p className="text-body-secondary px-3 py-2 mb-0">{EMPTY_NOTIFICATIONS}</p>
          ) : (
            items.map((item) => (
              <Dropdown.Item
                as={Link}
                to={`${PATHS.notifications}/${item.id}`}
                key={item.id}
                className="text-wrap border-bottom py-2"
              >
                <span className={item.is_warning ? 'text-danger fw-semibold' : ''}>
                  {item.is_warning ? `${NOTIFICATION_ALERT_PREFIX} ` : ''}
                  {item.subject}
                </span>
                {item.is_new ? (
                  <Badge bg="primary" className="ms-2">
                    New
                  </Badge>
                ) : null}
              </Dropdown.Item>
            ))
          )}
        </div>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={PATHS.notifications} className="text-center">
          View All
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
