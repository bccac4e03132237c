import {
  API,
  FEATURE_REQUEST_CATEGORIES,
  FEATURE_REQUEST_CATEGORY_LABELS,
  FEATURE_REQUEST_STATUS_LABELS,
  FEATURE_REQUEST_STATUSES,
  type FeatureRequest,
  FeatureRequestBody,
  pagePath,
  userDateTime,
} from '@printloom/core';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCreateFeatureRequest, useFeatureRequests } from '../../api/hooks/useFeatureRequests.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';
import { VoteButton } from './VoteButton.js';

const CATEGORY_OPTIONS = FEATURE_REQUEST_CATEGORIES.map((value) => ({
  value,
  label: FEATURE_REQUEST_CATEGORY_LABELS[value],
}));
const STATUS_OPTIONS = FEATURE_REQUEST_STATUSES.map((value) => ({
  value,
  label: FEATURE_REQUEST_STATUS_LABELS[value],
}));
const SORT_OPTIONS = [
  { value: 'votes', label: 'Most voted' },
  { value: 'newest', label: 'Newest' },
  { value: 'comments', label: 'Most discussed' },
];

const STATUS_BADGE: Record<FeatureRequest['status'], string> = {
  under_review: 'secondary',
  planned: 'info',
  done: 'success',
};

export function requestPath(request: Pick<FeatureRequest, 'category' | 'slug'>): string {
  return pagePath('feature_request', { prefix: request.category, slug: request.slug });
}

export function StatusBadge({ status }: { status: FeatureRequest['status'] }) {
  return <Badge bg={STATUS_BADGE[status]}>{FEATURE_REQUEST_STATUS_LABELS[status]}</Badge>;
}

/**
 * Feature requests (spec §2 /feature-requests, the shell's "Feature request" link): every
 * seller's ideas, most voted first, with search, category, status and "my votes" filters kept
 * in the address, a vote toggle per request, and a form to post a new one.
 */
export function FeatureRequestsPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.featureRequests.list.query);
  const list = useFeatureRequests(query);
  const [writing, setWriting] = useState(false);
  const rows = list.data?.data ?? [];
  const filtered = Boolean(query.q || query.status || query.category || query.voted);

  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        {writing ? null : <Button onClick={() => setWriting(true)}>Suggest a feature</Button>}
      </div>
      {writing ? <NewRequestForm onClose={() => setWriting(false)} /> : null}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          value={raw.q ?? ''}
          label="Search requests"
          onSearch={(q) => update({ q: q || undefined }, { replace: true })}
        />
        <FilterSelect
          label="Category"
          value={raw.category ?? ''}
          allLabel="All categories"
          options={CATEGORY_OPTIONS}
          onChange={(category) => update({ category: category || undefined })}
        />
        <FilterSelect
          label="Status"
          value={raw.status ?? ''}
          allLabel="Any status"
          options={STATUS_OPTIONS}
          onChange={(status) => update({ status: status || undefined })}
        />
        <FilterSelect
          label="Sort by"
          value={query.order_by}
          options={SORT_OPTIONS}
          onChange={(order_by) => update({ order_by })}
        />
        <Form.Check
          type="switch"
          id="feature-requests-voted"
          className="align-self-center"
          label="Only my votes"
          checked={query.voted === '1'}
          onChange={(event) => update({ voted: event.target.checked ? '1' : undefined })}
        />
      </div>
      <FormError error={list.error} />
      {list.isPending ? (
        <p aria-busy="true" className="text-body-secondary">
          Loading requests…
        </p>
      ) : null}
      <ol className="list-unstyled" aria-busy={list.isFetching} data-testid="feature-requests">
        {rows.map((request) => (
          <li key={request.id} className="card card-body mb-2 d-flex flex-row gap-3">
            <VoteButton request={request} />
            <div className="flex-grow-1 min-w-0">
              <h2 className="h6 mb-1">
                <Link to={requestPath(request)}>{request.title}</Link>{' '}
                <StatusBadge status={request.status} />
              </h2>
              <p className="mb-1 text-truncate">{request.body}</p>
              <div className="small text-body-secondary">
                {FEATURE_REQUEST_CATEGORY_LABELS[request.category]} · {request.author_name}
                {request.mine ? ' (your account)' : ''} ·{' '}
                {userDateTime(request.created_at, utcOffset)} · {request.comments}{' '}
                {request.comments === 1 ? 'comment' : 'comments'}
              </div>
            </div>
          </li>
        ))}
      </ol>
      {list.isSuccess && rows.length === 0 ? (
        <div className="text-center py-4" data-testid="list-empty">
          {filtered ? (
            <>
              <p>No request matches these filters.</p>
              <Button
                variant="link"
                onClick={() =>
                  update({ q: undefined, status: undefined, category: undefined, voted: undefined })
                }
              >
                Clear filters
              </Button>
            </>
          ) : (
            <p>No requests yet. Be the first to suggest what Printloom should do next.</p>
          )}
        </div>
      ) : null}
      {list.data ? (
        <ListPagination
          page={list.data.current_page}
          lastPage={list.data.last_page}
          total={list.data.total}
          from={list.data.from}
          to={list.data.to}
          noun="requests"
          onPage={(page) => update({ page })}
        />
      ) : null}
    </>
  );
}

function NewRequestForm({ onClose }: { onClose: () => void }) {
  const create = useCreateFeatureRequest();
  const navigate = useNavigate();
  const ids = { title: useId(), body: useId(), category: useId() };
  const { form, formError } = useApiForm({
    schema: FeatureRequestBody,
    defaultValues: { title: '', body: '', category: 'other' },
    serverError: create.error,
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, { onSuccess: (created) => void navigate(requestPath(created)) }),
  );
  const titleError = fieldError(form, 'title');
  const bodyError = fieldError(form, 'body');
  return (
    <Form
      noValidate
      className="card card-body mb-3"
      style={{ maxWidth: 720 }}
      onSubmit={(event) => void submit(event)}
      aria-label="Suggest a feature"
    >
      <FormError error={formError} />
      <Form.Group className="mb-2" controlId={ids.title}>
        <Form.Label>Title</Form.Label>
        <Form.Control {...form.register('title')} maxLength={120} isInvalid={Boolean(titleError)} />
        <Form.Control.Feedback type="invalid">{titleError}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={ids.category}>
        <Form.Label>Category</Form.Label>
        <Form.Select {...form.register('category')}>
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId={ids.body}>
        <Form.Label>What would it let you do?</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={5000}
          {...form.register('body')}
          isInvalid={Boolean(bodyError)}
        />
        <Form.Control.Feedback type="invalid">{bodyError}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          Post request
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
