import { ApiError, type OutboxMail } from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client.js';
import { queryKeys } from '../../api/queryKeys.js';

/** The demo outbox query: 404 (not a demo server) is an answer, not a failure to retry. */
export function useDemoOutbox() {
  return useQuery({
    queryKey: queryKeys.outbox.all,
    queryFn: () => api.dev.outbox(),
    retry: false,
    staleTime: 0,
  });
}

/** Whether the server runs in demo mode (its outbox answers). */
function notDemo(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 404;
}

/** A short pointer to the outbox, shown only by a demo server (mails are not sent there). */
export function DemoOutboxLink() {
  const outbox = useDemoOutbox();
  if (!outbox.isSuccess) return null;
  return (
    <p className="small text-body-secondary mt-3 mb-0" data-testid="demo-outbox-link">
      Demo server: mails are not sent. <Link to="/dev/outbox">Open the outbox</Link> to use their
      links.
    </p>
  );
}

/** The mail's text with its http(s) addresses as links (text stays text: React escapes it). */
function withLinks(body: string): ReactNode[] {
  return body.split(/(https?:\/\/[^\s<>"']+)/).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function MailCard({ mail }: { mail: OutboxMail }) {
  return (
    <li className="list-group-item">
      <div className="d-flex justify-content-between gap-2 small text-body-secondary">
        <span>To {mail.to}</span>
        <time dateTime={mail.created_at}>{new Date(mail.created_at).toLocaleString()}</time>
      </div>
      <div className="fw-semibold">{mail.subject}</div>
      <p className="mb-0 text-break">{withLinks(mail.body)}</p>
    </li>
  );
}

/**
 * The outbox of a demo server (`printloom serve --demo`): a new user of a local demo gets no
 * real mail, so the verification and reset links are opened here. Any other server's outbox is
 * not shown: the page says it exists only in demo mode.
 */
export function OutboxPage() {
  const outbox = useDemoOutbox();
  return (
    <div>
      <h1 className="h4 mb-3">Demo outbox</h1>
      {outbox.isPending ? <p>Loading mails…</p> : null}
      {outbox.isError ? (
        <div className="alert alert-secondary" role="status">
          {notDemo(outbox.error)
            ? 'The outbox is shown only when the server runs in demo mode.'
            : 'The outbox could not be loaded.'}
        </div>
      ) : null}
      {outbox.isSuccess ? (
        <>
          <p className="small">
            This demo server sends no mail: every mail it wrote is here, newest first.
          </p>
          {outbox.data.length === 0 ? (
            <p role="status">No mail yet.</p>
          ) : (
            <ul className="list-group mb-3" aria-label="Mails">
              {outbox.data.map((mail) => (
                <MailCard key={mail.id} mail={mail} />
              ))}
            </ul>
          )}
        </>
      ) : null}
      <Link to="/auth/login">Back to login</Link>
    </div>
  );
}
