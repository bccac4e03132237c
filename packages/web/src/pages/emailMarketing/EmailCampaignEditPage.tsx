import {
  type EmailAudience,
  type EmailBlock,
  type EmailCampaign,
  EmailCampaignBody,
  pagePath,
  renderCampaignEmail,
} from '@printloom/core';
import { useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useEmailCampaign,
  useEmailSenderOptions,
  useSaveEmailCampaign,
} from '../../api/hooks/useEmailCampaigns.js';
import { useStores } from '../../api/hooks/useStores.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import { BlockEditor } from './BlockEditor.js';

const STARTER_BLOCKS: EmailBlock[] = [
  { type: 'heading', text: '' },
  { type: 'text', text: '' },
  { type: 'button', label: 'Shop now', href: '' },
];

interface Draft {
  name: string;
  store_id: string;
  sender_id: string;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
  audience: EmailAudience['kind'];
  days: string;
  campaign_id: string;
}

function draftOf(campaign: EmailCampaign | null): Draft {
  const audience = campaign?.audience ?? { kind: 'all' };
  return {
    name: campaign?.name ?? '',
    store_id: campaign ? String(campaign.store_id) : '',
    sender_id: campaign?.sender_id ? String(campaign.sender_id) : '',
    subject: campaign?.subject ?? '',
    preheader: campaign?.preheader ?? '',
    blocks: campaign?.blocks ?? STARTER_BLOCKS,
    audience: audience.kind,
    days: audience.kind === 'recent_buyers' ? String(audience.days) : '30',
    campaign_id: audience.kind === 'bought_campaign' ? String(audience.campaign_id) : '',
  };
}

function audienceOf(d: Draft): EmailAudience {
  switch (d.audience) {
    case 'recent_buyers':
      return { kind: 'recent_buyers', days: Number(d.days) };
    case 'bought_campaign':
      return { kind: 'bought_campaign', campaign_id: Number(d.campaign_id) };
    default:
      return { kind: d.audience };
  }
}

/** New and Edit Email Campaign (`/email-marketing/campaigns/new`, `…/edit/:id`). */
export function EmailCampaignEditPage() {
  const { id } = useParams();
  const campaignId = id ? Number(id) : null;
  return campaignId === null ? (
    <CampaignEditor campaign={null} />
  ) : (
    <LoadCampaign id={campaignId} />
  );
}

function LoadCampaign({ id }: { id: number }) {
  const title = usePageTitle();
  const campaign = useEmailCampaign(id);
  if (campaign.data) return <CampaignEditor key={id} campaign={campaign.data} />;
  return (
    <>
      <h1 className="h3">{title}</h1>
      <ListLoadError error={campaign.error} onRetry={() => void campaign.refetch()} />
      {campaign.isPending ? <p aria-busy="true">Loading the campaign…</p> : null}
    </>
  );
}

function CampaignEditor({ campaign }: { campaign: EmailCampaign | null }) {
  const title = usePageTitle();
  const navigate = useNavigate();
  const stores = useStores();
  const senders = useEmailSenderOptions();
  const save = useSaveEmailCampaign();
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [problems, setProblems] = useState<string[]>([]);
  const ids = { name: useId(), store: useId(), sender: useId(), subject: useId(), pre: useId() };
  const ids2 = { days: useId(), campaign: useId() };
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const storeSenders = (senders.data?.data ?? []).filter(
    (s) => String(s.store_domain_id) === draft.store_id,
  );
  const preview = useMemo(
    () =>
      renderCampaignEmail(
        { subject: draft.subject, preheader: draft.preheader, blocks: draft.blocks },
        { link: (url) => url, unsubscribeUrl: '#unsubscribe' },
      ).html,
    [draft.subject, draft.preheader, draft.blocks],
  );
  const editable =
    campaign === null || campaign.status === 'draft' || campaign.status === 'scheduled';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = EmailCampaignBody.safeParse({
      name: draft.name,
      store_id: Number(draft.store_id) || 0,
      sender_id: draft.sender_id ? Number(draft.sender_id) : null,
      subject: draft.subject,
      preheader: draft.preheader,
      blocks: draft.blocks,
      audience: audienceOf(draft),
    });
    if (!parsed.success) {
      setProblems(
        parsed.error.issues.map((issue) => {
          const [first, index] = issue.path;
          if (first === 'store_id') return 'Choose a store';
          if (first === 'blocks' && typeof index === 'number') {
            return `Block ${index + 1}: ${issue.message}`;
          }
          return issue.message;
        }),
      );
      return;
    }
    setProblems([]);
    save.mutate(
      { id: campaign?.id ?? null, body: parsed.data },
      {
        onSuccess: (saved) => void navigate(pagePath('email_campaign_view', { id: saved.id })),
      },
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        <Link className="btn btn-outline-secondary btn-sm" to={pagePath('email_campaigns')}>
          Back to campaigns
        </Link>
      </div>
      {!editable ? (
        <div className="alert alert-info">This campaign was sent and can no longer be changed.</div>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Email campaign">
        <div className="row g-4">
          <div className="col-lg-6">
            <Form.Group className="mb-3" controlId={ids.name}>
              <Form.Label>Campaign name</Form.Label>
              <Form.Control value={draft.name} onChange={(e) => set({ name: e.target.value })} />
              <Form.Text>Only you see it.</Form.Text>
            </Form.Group>
            <Form.Group className="mb-3" controlId={ids.store}>
              <Form.Label>Store</Form.Label>
              <Form.Select
                value={draft.store_id}
                onChange={(e) => set({ store_id: e.target.value, sender_id: '' })}
              >
                <option value="">Choose a store</option>
                {(stores.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId={ids.sender}>
              <Form.Label>Sender</Form.Label>
              <Form.Select
                value={draft.sender_id}
                onChange={(e) => set({ sender_id: e.target.value })}
              >
                <option value="">The email gateway's From address</option>
                {storeSenders.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.username}){s.status === 'verified' ? '' : ' – not verified'}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-3" controlId={ids.subject}>
              <Form.Label>Subject</Form.Label>
              <Form.Control
                value={draft.subject}
                onChange={(e) => set({ subject: e.target.value })}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId={ids.pre}>
              <Form.Label>Preheader</Form.Label>
              <Form.Control
                value={draft.preheader}
                onChange={(e) => set({ preheader: e.target.value })}
              />
              <Form.Text>The line mail apps show after the subject.</Form.Text>
            </Form.Group>
            <fieldset className="mb-3">
              <legend className="h6">Audience</legend>
              {(
                [
                  ['all', 'All subscribers of the store'],
                  ['recent_buyers', 'Bought in the last N days'],
                  ['bought_campaign', 'Bought a campaign'],
                  ['never_bought', 'Never bought'],
                ] as const
              ).map(([kind, label]) => (
                <Form.Check
                  key={kind}
                  type="radio"
                  id={`audience-${kind}`}
                  name="audience"
                  label={label}
                  checked={draft.audience === kind}
                  onChange={() => set({ audience: kind })}
                />
              ))}
              {draft.audience === 'recent_buyers' ? (
                <Form.Group className="mt-2" controlId={ids2.days}>
                  <Form.Label>Days</Form.Label>
                  <Form.Control
                    type="number"
                    min={1}
                    max={3650}
                    className="w-auto"
                    value={draft.days}
                    onChange={(e) => set({ days: e.target.value })}
                  />
                </Form.Group>
              ) : null}
              {draft.audience === 'bought_campaign' ? (
                <Form.Group className="mt-2" controlId={ids2.campaign}>
                  <Form.Label>Campaign ID</Form.Label>
                  <Form.Control
                    type="number"
                    min={1}
                    className="w-auto"
                    value={draft.campaign_id}
                    onChange={(e) => set({ campaign_id: e.target.value })}
                  />
                </Form.Group>
              ) : null}
            </fieldset>
            <BlockEditor blocks={draft.blocks} onChange={(blocks) => set({ blocks })} />
          </div>
          <div className="col-lg-6">
            <h2 className="h6">Preview</h2>
            <iframe
              title="Mail preview"
              srcDoc={preview}
              sandbox=""
              className="w-100 border rounded"
              style={{ height: 640 }}
            />
          </div>
        </div>
        {problems.length > 0 ? (
          <div className="alert alert-danger mt-3" role="alert" data-testid="form-problems">
            <ul className="mb-0">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <FormError error={save.error} />
        <div className="mt-3">
          <Button type="submit" disabled={save.isPending || !editable}>
            {save.isPending ? 'Saving…' : campaign ? 'Save campaign' : 'Create campaign'}
          </Button>
        </div>
      </form>
    </>
  );
}
