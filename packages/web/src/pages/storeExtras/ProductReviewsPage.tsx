import {
  API,
  can,
  type ProductReview,
  REVIEW_REPLY_MAX,
  REVIEW_STATUSES,
  type ReviewStatus,
  type StoreReviewSetting,
  userDateTime,
} from '@printloom/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useProductReviews,
  useReviewSettings,
  useSaveReviewSettings,
  useUpdateReview,
} from '../../api/hooks/useProductReviews.js';
import { useStores } from '../../api/hooks/useStores.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { usePageTitle } from '../usePageTitle.js';

const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  published: 'Published',
  hidden: 'Hidden',
};
const STATUS_BADGES: Record<ReviewStatus, string> = {
  pending: 'text-bg-warning',
  published: 'text-bg-success',
  hidden: 'text-bg-secondary',
};
const RATINGS = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: `${n} ${n === 1 ? 'star' : 'stars'}`,
}));

/**
 * Product Reviews (spec §2 /settings/product-reviews): buyers' reviews of the seller's products,
 * filtered by store, campaign (from a row), rating and status; publish, hide or answer each; and
 * per store, publish reviews of at least N stars on arrival. Members without update_campaign
 * read them only.
 */
export function ProductReviewsPage() {
  const title = usePageTitle();
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const { query, raw, update } = useListUrlState(API.productReviews.list.query);
  const list = useProductReviews(query);
  const stores = useStores();
  const page = list.data;
  const rows = page?.data ?? [];
  const filtered = ['store_id', 'campaign_id', 'rating', 'status'].some((f) => raw[f]);
  const campaignName = rows.find((r) => r.campaign_id === query.campaign_id)?.campaign_name;

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <AutoPublishSettings disabled={!mayChange} />
      <search className="d-flex flex-wrap gap-2 align-items-center mb-3" aria-label="Filters">
        <FilterSelect
          label="Store"
          allLabel="All stores"
          value={raw.store_id ?? ''}
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(store_id) => update({ store_id: store_id || undefined })}
        />
        <FilterSelect
          label="Rating"
          allLabel="Any rating"
          value={raw.rating ?? ''}
          options={RATINGS}
          onChange={(rating) => update({ rating: rating || undefined })}
        />
        <FilterSelect
          label="Status"
          allLabel="Any status"
          value={raw.status ?? ''}
          options={REVIEW_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          onChange={(status) => update({ status: status || undefined })}
        />
        {query.campaign_id ? (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => update({ campaign_id: undefined })}
          >
            Campaign: {campaignName ?? `#${query.campaign_id}`} <span aria-hidden="true">×</span>
            <span className="visually-hidden">(remove this filter)</span>
          </Button>
        ) : null}
      </search>
      <FormError error={list.error} />
      {list.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading reviews…
        </p>
      ) : null}
      {list.isSuccess && rows.length === 0 ? (
        <div className="text-center py-4" data-testid="list-empty">
          {filtered ? (
            <>
              <p>No reviews match these filters.</p>
              <Button
                variant="outline-secondary"
                onClick={() =>
                  update({
                    store_id: undefined,
                    campaign_id: undefined,
                    rating: undefined,
                    status: undefined,
                  })
                }
              >
                Clear filters
              </Button>
            </>
          ) : (
            <p>
              No reviews yet. Buyers review what they bought from the product page of your store.
            </p>
          )}
        </div>
      ) : null}
      <ul className="list-unstyled" aria-busy={list.isFetching} data-testid="review-rows">
        {rows.map((review) => (
          <ReviewItem
            key={review.id}
            review={review}
            mayChange={mayChange}
            utcOffset={user?.utc_offset ?? 0}
            onCampaign={() => update({ campaign_id: review.campaign_id })}
          />
        ))}
      </ul>
      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          from={page.from}
          to={page.to}
          noun="reviews"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </>
  );
}

function ReviewItem({
  review,
  mayChange,
  utcOffset,
  onCampaign,
}: {
  review: ProductReview;
  mayChange: boolean;
  utcOffset: number;
  onCampaign: () => void;
}) {
  const change = useUpdateReview();
  const replyId = useId();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState(review.reply ?? '');
  const setStatus = (status: ReviewStatus) => change.mutate({ id: review.id, body: { status } });
  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { id: review.id, body: { reply: reply.trim() || null } },
      { onSuccess: () => setReplying(false) },
    );
  };
  return (
    <li className="card mb-3" data-testid="review">
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-center mb-1">
          <span className="text-warning fs-5">
            <span aria-hidden="true">
              {'★'.repeat(review.rating)}
              {'☆'.repeat(5 - review.rating)}
            </span>
            <span className="visually-hidden">{review.rating} out of 5 stars</span>
          </span>
          <strong className="me-auto">{review.title}</strong>
          <span className={`badge ${STATUS_BADGES[review.status]}`}>
            {STATUS_LABELS[review.status]}
          </span>
        </div>
        <p className="mb-2" style={{ whiteSpace: 'pre-line' }}>
          {review.text}
        </p>
        <p className="small text-body-secondary mb-2">
          {review.author_name} · order {review.order_number} ·{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onCampaign}>
            {review.campaign_name}
          </Button>
          {review.store_name ? ` · ${review.store_name}` : ''} ·{' '}
          {userDateTime(review.created_at, utcOffset)}
        </p>
        {review.reply && !replying ? (
          <blockquote className="border-start ps-3 mb-2">
            <span className="small fw-semibold">Your reply:</span> {review.reply}
          </blockquote>
        ) : null}
        <FormError error={change.error} />
        {mayChange ? (
          replying ? (
            <Form onSubmit={sendReply}>
              <Form.Group controlId={replyId} className="mb-2">
                <Form.Label>Reply to {review.author_name}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  maxLength={REVIEW_REPLY_MAX}
                  value={reply}
                  onChange={(event) => setReply(event.target.value)}
                />
                <Form.Text>Shown under the review on the product page. Empty removes it.</Form.Text>
              </Form.Group>
              <div className="d-flex gap-2">
                <Button type="submit" size="sm" disabled={change.isPending}>
                  Save reply
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setReplying(false)}>
                  Cancel
                </Button>
              </div>
            </Form>
          ) : (
            <div className="d-flex flex-wrap gap-2">
              {review.status !== 'published' ? (
                <Button
                  size="sm"
                  disabled={change.isPending}
                  onClick={() => setStatus('published')}
                >
                  Publish
                </Button>
              ) : null}
              {review.status !== 'hidden' ? (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={change.isPending}
                  onClick={() => setStatus('hidden')}
                >
                  Hide
                </Button>
              ) : null}
              <Button size="sm" variant="outline-primary" onClick={() => setReplying(true)}>
                {review.reply ? 'Edit reply' : 'Reply'}
              </Button>
            </div>
          )
        ) : null}
      </div>
    </li>
  );
}

const THRESHOLDS = [
  { value: '', label: 'Never: I approve each review' },
  ...[5, 4, 3, 2, 1].map((n) => ({
    value: String(n),
    label: n === 1 ? 'Every review' : `${n} stars${n < 5 ? ' and up' : ''}`,
  })),
];

/** Per store: publish reviews of at least N stars as they arrive. */
function AutoPublishSettings({ disabled }: { disabled: boolean }) {
  const settings = useReviewSettings();
  const save = useSaveReviewSettings();
  const [values, setValues] = useState<Record<number, string>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setValues(
      Object.fromEntries(
        settings.data.map((s: StoreReviewSetting) => [
          s.store_id,
          s.auto_publish_min_rating === null ? '' : String(s.auto_publish_min_rating),
        ]),
      ),
    );
  }, [settings.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      {
        stores: Object.entries(values).map(([storeId, value]) => ({
          store_id: Number(storeId),
          auto_publish_min_rating: value === '' ? null : Number(value),
        })),
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  if (!settings.data || settings.data.length === 0) return null;
  return (
    <details className="card card-body mb-3">
      <summary className="fw-semibold">Publish reviews automatically</summary>
      <Form onSubmit={submit} className="mt-2">
        <FormError error={save.error} />
        {settings.data.map((store) => (
          <Form.Group
            key={store.store_id}
            controlId={`auto-publish-${store.store_id}`}
            className="mb-2 d-flex flex-wrap gap-2 align-items-center"
          >
            <Form.Label className="mb-0" style={{ minWidth: '12rem' }}>
              {store.store_name}
            </Form.Label>
            <Form.Select
              className="w-auto"
              disabled={disabled}
              value={values[store.store_id] ?? ''}
              onChange={(event) =>
                setValues((current) => ({ ...current, [store.store_id]: event.target.value }))
              }
            >
              {THRESHOLDS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ))}
        {disabled ? null : (
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save
          </Button>
        )}
        <span role="status" className="ms-2 small text-success">
          {saved ? 'Saved.' : ''}
        </span>
      </Form>
    </details>
  );
}
