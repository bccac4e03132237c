import { NOTIFICATION_ALERT_PREFIX, userDateTime } from '@printloom/core';
import { Link, useParams } from 'react-router';
import { useMe } from '../api/hooks/useAuth.js';
import { useNotification } from '../api/hooks/useNotifications.js';
import { FormError } from './auth/FormError.js';

/** One notification with its sanitized HTML message. */
export function NotificationPage() {
  const id = Number(useParams().id);
  const notification = useNotification(id);
  const utcOffset = useMe()?.utc_offset ?? 0;
  const item = notification.data;
  return (
    <>
      <Link to="/notifications" className="small">
        ← All notifications
      </Link>
      <FormError error={notification.error} />
      {item ? (
        <article className="card mt-3">
          <div className="card-body">
            <h1 className="h4">
              {item.is_warning ? `${NOTIFICATION_ALERT_PREFIX} ` : ''}
              {item.subject}
            </h1>
            <p className="small text-body-secondary">
              <time dateTime={item.created_at}>{userDateTime(item.created_at, utcOffset)}</time>
            </p>
            {item.image ? <img src={item.image} alt="" className="img-fluid rounded mb-3" /> : null}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes messages */}
            <div dangerouslySetInnerHTML={{ __html: item.message }} />
            {item.call_to_action_link ? (
              <a href={item.call_to_action_link} className="btn btn-primary mt-3">
                Open the offer: {item.subject}
              </a>
            ) : null}
          </div>
        </article>
      ) : null}
    </>
  );
}
