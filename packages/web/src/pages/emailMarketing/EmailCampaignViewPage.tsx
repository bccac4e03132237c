import { type EmailCampaign, fromUserDateTimeInput, pagePath, userDateTime } from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client.js';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useDeleteEmailCampaign,
  useEmailCampaign,
  useSendEmailCampaign,
  useTestEmailCampaign,
} from '../../api/hooks/useEmailCampaigns.js';
import { queryKeys } from '../../api/queryKeys.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import {
  audienceLabel,
  CAMPAIGN_STATUS_BADGES,
  CAMPAIGN_STATUS_LABELS,
  rate,
} from './campaignLabels.js';

/** Email Campaign (`/email-marketing/campaigns/view/:id`): stats, preview, test, send. */
export function EmailCampaignViewPage() {
  const title = usePageTitle();
  const id = Number(useParams().id);
  const campaign = useEmailCampaign(id);
  if (!campaign.data) {
    return (
      <>
        <h1 className="h3">{title}</h1>
        <ListLoadError error={campaign.error} onRetry={() => void campaign.refetch()} />
        {campaign.isPending ? <p aria-busy="true">Loading the campaign…</p> : null}
      </>
    );
  }
  return <CampaignView campaign={campaign.data} />;
}

const STATS: Array<[keyof EmailCampaign['stats'], string]> = [
  ['recipients', 'Recipients'],
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['opened', 'Opened'],
  ['clicked', 'Clicked'],
  ['unsubscribed', 'Unsubscribed'],
  ['failed', 'Failed'],
];

function CampaignView({ campaign }: { campaign: EmailCampaign }) {
  const utcOffset = useMe()?.utc_offset ?? 0;
  const navigate = useNavigate();
  const send = useSendEmailCampaign();
  const test = useTestEmailCampaign();
  const remove = useDeleteEmailCampaign();
  const preview = useQuery({
    queryKey: [...queryKeys.emailCampaigns.one(campaign.id), 'preview', campaign.updated_at],
    queryFn: () => api.emailCampaigns.preview({ params: { id: campaign.id } }),
  });
  const [testTo, setTestTo] = useState('');
  const [when, setWhen] = useState('');
  const [confirmSend, setConfirmSend] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { test: useId(), when: useId() };
  const editable = campaign.status === 'draft' || campaign.status === 'scheduled';
  const s = campaign.stats;
  const sendAt = when ? fromUserDateTimeInput(when, utcOffset) : null;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h1 className="h3 mb-0 me-2">{campaign.name}</h1>
        <Badge bg={CAMPAIGN_STATUS_BADGES[campaign.status]} data-testid="campaign-status">
          {CAMPAIGN_STATUS_LABELS[campaign.status]}
        </Badge>
        <span className="ms-auto" />
        <Link className="btn btn-outline-secondary btn-sm" to={pagePath('email_campaigns')}>
          Back to campaigns
        </Link>
        {editable ? (
          <Link
            className="btn btn-outline-primary btn-sm"
            to={pagePath('email_campaign_edit', { id: campaign.id })}
          >
            Edit
          </Link>
        ) : null}
        {campaign.status !== 'sending' ? (
          <Button size="sm" variant="outline-danger" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        ) : null}
      </div>
      <p className="text-body-secondary">
        {campaign.subject} · {audienceLabel(campaign.audience)}
        {campaign.status === 'scheduled' && campaign.send_at
          ? ` · sends ${userDateTime(campaign.send_at, utcOffset)}`
          : ''}
        {campaign.finished_at ? ` · sent ${userDateTime(campaign.finished_at, utcOffset)}` : ''}
      </p>
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <FormError error={send.error ?? test.error ?? remove.error} />

      <section aria-labelledby="stats-heading" className="mb-4">
        <h2 id="stats-heading" className="h5">
          Stats
        </h2>
        <dl
          className="row row-cols-2 row-cols-md-4 row-cols-xl-7 g-2 mb-0"
          data-testid="campaign-stats"
        >
          {STATS.map(([key, label]) => (
            <div key={key} className="col">
              <div className="border rounded p-2 h-100">
                <dt className="small text-body-secondary fw-normal">{label}</dt>
                <dd className="h4 mb-0">
                  {s[key]}
                  {key === 'opened' || key === 'clicked' ? (
                    <span className="small text-body-secondary ms-1">
                      {rate(s[key], s.delivered)}
                    </span>
                  ) : null}
                </dd>
              </div>
            </div>
          ))}
        </dl>
        {campaign.status === 'sending' ? (
          <p className="small mt-2" aria-live="polite">
            Sending: {s.pending} of {s.recipients} still to go.
          </p>
        ) : null}
        {s.uncertain > 0 ? (
          <p className="small mt-2" data-testid="campaign-uncertain">
            {s.uncertain} of the failed {s.uncertain === 1 ? 'mail was' : 'mails were'} being handed
            to the mail server when the server stopped: {s.uncertain === 1 ? 'it' : 'they'} may have
            arrived, so {s.uncertain === 1 ? 'it is' : 'they are'} not sent again.
          </p>
        ) : null}
      </section>

      <div className="row g-4">
        <div className="col-lg-5">
          {editable ? (
            <section aria-labelledby="send-heading" className="mb-4">
              <h2 id="send-heading" className="h5">
                Send
              </h2>
              <Form.Group className="mb-2" controlId={ids.when}>
                <Form.Label>Send later (your time zone)</Form.Label>
                <Form.Control
                  type="datetime-local"
                  value={when}
                  onChange={(e) => setWhen(e.target.value)}
                />
                <Form.Text>Leave empty to send now.</Form.Text>
              </Form.Group>
              <Button onClick={() => setConfirmSend(true)} disabled={send.isPending}>
                {sendAt ? 'Schedule' : 'Send now'}
              </Button>
            </section>
          ) : null}
          <section aria-labelledby="test-heading">
            <h2 id="test-heading" className="h5">
              Test mail
            </h2>
            <form
              className="d-flex gap-2 align-items-end"
              onSubmit={(event) => {
                event.preventDefault();
                setNotice(null);
                test.mutate(
                  { id: campaign.id, email: testTo },
                  { onSuccess: () => setNotice(`Test mail sent to ${testTo}.`) },
                );
              }}
            >
              <Form.Group controlId={ids.test} className="flex-grow-1">
                <Form.Label>Send a test to</Form.Label>
                <Form.Control
                  type="email"
                  required
                  value={testTo}
                  onChange={(e) => setTestTo(e.target.value)}
                />
              </Form.Group>
              <Button type="submit" variant="outline-primary" disabled={test.isPending}>
                {test.isPending ? 'Sending…' : 'Send test'}
              </Button>
            </form>
          </section>
        </div>
        <div className="col-lg-7">
          <h2 className="h5">Preview</h2>
          {preview.data ? (
            <iframe
              title="Mail preview"
              srcDoc={preview.data.html}
              sandbox=""
              className="w-100 border rounded"
              style={{ height: 640 }}
            />
          ) : (
            <ListLoadError error={preview.error} onRetry={() => void preview.refetch()} />
          )}
        </div>
      </div>

      <ConfirmDialog
        show={confirmSend}
        title={sendAt ? 'Schedule this campaign?' : 'Send this campaign now?'}
        confirmLabel={sendAt ? 'Schedule' : 'Send now'}
        busy={send.isPending}
        onCancel={() => setConfirmSend(false)}
        onConfirm={() =>
          send.mutate(
            { id: campaign.id, sendAt },
            {
              onSuccess: () => setNotice(sendAt ? 'Campaign scheduled.' : 'Campaign is sending.'),
              onSettled: () => setConfirmSend(false),
            },
          )
        }
      >
        “{campaign.subject}” goes to {audienceLabel(campaign.audience).toLowerCase()}
        {sendAt ? ` on ${userDateTime(sendAt, utcOffset)}` : ''}. Unsubscribed people are left out.
      </ConfirmDialog>
      <ConfirmDialog
        show={confirmDelete}
        title="Delete this campaign?"
        confirmLabel="Delete campaign"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(campaign.id, {
            onSuccess: () => void navigate(pagePath('email_campaigns')),
            onSettled: () => setConfirmDelete(false),
          })
        }
      >
        “{campaign.name}” and its stats will be gone.
      </ConfirmDialog>
    </>
  );
}
