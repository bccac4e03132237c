import { NOTIFICATION_ALERT_PREFIX, userDateTime } from '@printloom/core';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { useMe } from '../api/hooks/useAuth.js';
import { useMarkAllRead, useNotificationList } from '../api/hooks/useNotifications.js';
import { EMPTY_NOTIFICATIONS, NOTIFICATIONS_PER_PAGE } from '../constants.js';
import { FormError } from './auth/FormError.js';

/** All notifications, newest first, with paging and 'mark all as read'. */
export function NotificationsPage() {
  const utcOffset = useMe()?.utc_offset ?? 0;
  const [page, setPage] = useState(1);
  const list = useNotificationList(true, { page, per_page: NOTIFICATIONS_PER_PAGE });
  const markAll = useMarkAllRead();
  const items = list.data?.data ?? [];
  const lastPage = list.data?.last_page ?? 1;
  return (
    <>
      <div className="d-flex align-items-center justify-content-between mb-4">
        <h1 className="h3 mb-0">Notifications</h1>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => markAll.mutate()}
          disabled={markAll.isPending}
        >
          Mark all as read
        </Button>
      </div>
      <FormError error={list.error ?? markAll.error} />
      {items.length === 0 && !list.isPending ? <p>{EMPTY_NOTIFICATIONS}</p> : null}
      <ListGroup>
        {items.map((item) => (
          <ListGroup.Item key={item.id} action as={Link} to={`/notifications/${item.id}`}>
            <span className={item.is_warning ? 'text-danger fw-semibold' : ''}>
              {item.is_warning ? `${NOTIFICATION_ALERT_PREFIX} ` : ''}
              {item.subject}
            </span>
            {item.is_new ? <Badge className="ms-2">New</Badge> : null}
            <small className="d-block text-body-secondary">
              <time dateTime={item.created_at}>{userDateTime(item.created_at, utcOffset)}</time>
            </small>
          </ListGroup.Item>
        ))}
      </ListGroup>
      {lastPage > 1 ? (
        <nav className="d-flex gap-2 align-items-center mt-3" aria-label="Pages">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span className="small">
            Page {page} of {lastPage} · {list.data?.total ?? 0} notifications
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page >= lastPage}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </>
  );
}
