import {
  EMAIL_SENDER_MESSAGES,
  type EmailSender,
  EmailSenderBody,
  errorMessage,
} from '@printloom/core';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  useCheckEmailSender,
  useDeleteEmailSender,
  useEmailSenders,
  useResendSenderVerification,
  useSaveEmailSender,
} from '../../api/hooks/useEmailSenders.js';
import { useStores } from '../../api/hooks/useStores.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { ListPagination } from '../lists/ListPagination.js';
import { usePageTitle } from '../usePageTitle.js';

/** A failed sender call: the spec's message (§8), then what the server said. */
function SenderError({ error, failure }: { error: unknown; failure: string }) {
  if (!error) return null;
  const detail = errorMessage(error);
  return (
    <div className="alert alert-danger py-2" role="alert" data-testid="sender-error">
      {failure}
      {detail && detail !== failure ? `: ${detail}` : ''}
    </div>
  );
}

/**
 * Email Senders (`/email-marketing/senders`): From addresses at the seller's store domains. A
 * new sender is pending until someone opens the link mailed to its address ("Resend
 * verification" mails another), or until the store's host publishes its TXT record ("Check
 * status" looks it up again).
 */
export function EmailSendersPage() {
  const title = usePageTitle();
  const [page, setPage] = useState(1);
  const senders = useEmailSenders(page);
  const stores = useStores();
  const remove = useDeleteEmailSender();
  const check = useCheckEmailSender();
  const resend = useResendSenderVerification();
  const [editing, setEditing] = useState<EmailSender | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailSender | null>(null);
  const rows = senders.data?.data ?? [];
  const storeName = (id: number) =>
    stores.data?.find((store) => store.id === id)?.name ?? `Store #${id}`;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        {editing === null ? <Button onClick={() => setEditing('new')}>Add sender</Button> : null}
      </div>
      <ListLoadError error={senders.error} onRetry={() => void senders.refetch()} />
      <SenderError error={remove.error} failure={EMAIL_SENDER_MESSAGES.delete} />
      <SenderError error={check.error} failure={EMAIL_SENDER_MESSAGES.verify} />
      <SenderError error={resend.error} failure={EMAIL_SENDER_MESSAGES.verify} />
      {resend.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          {EMAIL_SENDER_MESSAGES.linkSent}
        </div>
      ) : null}
      {editing !== null ? (
        <SenderForm
          key={editing === 'new' ? 'new' : editing.id}
          sender={editing === 'new' ? null : editing}
          stores={stores.data ?? []}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {senders.isPending ? <p aria-busy="true">Loading senders…</p> : null}
      {senders.isSuccess && rows.length === 0 && editing === null ? (
        <div className="text-center py-5" data-testid="list-empty">
          <p>
            No sender yet. Campaigns go out from your email gateway's address until you add one.
          </p>
          <Button onClick={() => setEditing('new')}>Add your first sender</Button>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <Table className="align-middle" data-testid="email-senders">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Address</th>
                <th scope="col">Store</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((sender) => (
                <tr key={sender.id} data-testid="email-sender">
                  <td>{sender.name}</td>
                  <td>{sender.address ?? sender.username}</td>
                  <td>{storeName(sender.store_domain_id)}</td>
                  <td>
                    <Badge bg={sender.status === 'verified' ? 'success' : 'warning'}>
                      {sender.status === 'verified' ? 'Verified' : 'Pending'}
                    </Badge>
                    {sender.status !== 'verified' && sender.address ? (
                      <div className="small mt-1">
                        {sender.link_sent_at
                          ? `We mailed a verification link to ${sender.address}: open it to verify.`
                          : `Ask for a verification link to ${sender.address}.`}
                      </div>
                    ) : null}
                    {sender.verify_record ? (
                      <div className="small mt-1">
                        Or add a TXT record <code>{sender.verify_record.value}</code> to{' '}
                        <code>{sender.verify_record.host}</code>, then check again.
                      </div>
                    ) : null}
                  </td>
                  <td className="text-nowrap text-end">
                    {sender.status !== 'verified' ? (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="me-1"
                        disabled={check.isPending}
                        aria-label={`Check the status of ${sender.name}`}
                        onClick={() => check.mutate(sender.id)}
                      >
                        Check status
                      </Button>
                    ) : null}
                    {sender.status !== 'verified' && sender.address ? (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="me-1"
                        disabled={resend.isPending}
                        aria-label={`Resend verification to ${sender.name}`}
                        onClick={() => resend.mutate(sender.id)}
                      >
                        Resend verification
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      aria-label={`Edit ${sender.name}`}
                      onClick={() => setEditing(sender)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Delete ${sender.name}`}
                      onClick={() => setDeleting(sender)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      {senders.data && senders.data.total > 0 ? (
        <ListPagination
          page={senders.data.current_page}
          lastPage={senders.data.last_page}
          total={senders.data.total}
          from={senders.data.from}
          to={senders.data.to}
          noun="senders"
          onPage={setPage}
        />
      ) : null}
      <ConfirmDialog
        show={deleting !== null}
        title="Delete this sender?"
        confirmLabel="Delete sender"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      >
        Campaigns using {deleting?.address ?? deleting?.username} will go out from the gateway's
        address.
      </ConfirmDialog>
    </>
  );
}

function SenderForm({
  sender,
  stores,
  onDone,
}: {
  sender: EmailSender | null;
  stores: Array<{ id: number; name: string }>;
  onDone: () => void;
}) {
  const save = useSaveEmailSender();
  const [store, setStore] = useState(sender ? String(sender.store_domain_id) : '');
  const [username, setUsername] = useState(sender?.username ?? '');
  const [name, setName] = useState(sender?.name ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const ids = { store: useId(), username: useId(), name: useId() };

  return (
    <form
      className="border rounded p-3 mb-4"
      aria-label={sender ? 'Edit sender' : 'Add sender'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = EmailSenderBody.safeParse({
          store_domain_id: Number(store) || 0,
          username,
          name,
        });
        if (!parsed.success) {
          const found: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0]);
            found[field] ??=
              field === 'store_domain_id' ? 'Choose the store whose domain sends' : issue.message;
          }
          setProblems(found);
          return;
        }
        setProblems({});
        save.mutate({ id: sender?.id ?? null, body: parsed.data }, { onSuccess: onDone });
      }}
    >
      <h2 className="h5">{sender ? 'Edit sender' : 'Add sender'}</h2>
      <div className="row g-3">
        <Form.Group className="col-md-4" controlId={ids.store}>
          <Form.Label>Store</Form.Label>
          <Form.Select
            value={store}
            isInvalid={problems.store_domain_id !== undefined}
            onChange={(e) => setStore(e.target.value)}
          >
            <option value="">Choose a store</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{problems.store_domain_id}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-md-4" controlId={ids.username}>
          <Form.Label>Username</Form.Label>
          <Form.Control
            value={username}
            isInvalid={problems.username !== undefined}
            onChange={(e) => setUsername(e.target.value)}
          />
          <Form.Text>The part before @, e.g. news.</Form.Text>
          <Form.Control.Feedback type="invalid">{problems.username}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-md-4" controlId={ids.name}>
          <Form.Label>Sender name</Form.Label>
          <Form.Control
            value={name}
            isInvalid={problems.name !== undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{problems.name}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <div className="mt-3">
        <SenderError
          error={save.error}
          failure={sender ? EMAIL_SENDER_MESSAGES.update : EMAIL_SENDER_MESSAGES.add}
        />
        <Button type="submit" className="me-2" disabled={save.isPending}>
          {sender ? 'Save sender' : 'Add sender'}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
