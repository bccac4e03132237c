import {
  FEATURE_REQUEST_CATEGORY_LABELS,
  FeatureRequestCommentBody,
  featureRequestIdOf,
  pagePath,
  userDateTime,
} from '@printloom/core';
import { useEffect, useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCommentFeatureRequest, useFeatureRequest } from '../../api/hooks/useFeatureRequests.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { NotFoundPage } from '../ErrorPage.js';
import { requestPath, StatusBadge } from './FeatureRequestsPage.js';
import { VoteButton } from './VoteButton.js';

/**
 * One feature request (`/feature-requests/{category}/{slug}`): its description, vote toggle,
 * status and the comments, oldest first, with a form to add one. The id is read from the end of
 * the slug; an address with an old title or category is replaced by the current one.
 */
export function FeatureRequestPage() {
  const { slug = '' } = useParams();
  const id = featureRequestIdOf(slug);
  const utcOffset = useMe()?.utc_offset ?? 0;
  const request = useFeatureRequest(id);
  const navigate = useNavigate();
  const data = request.data;
  const current = data ? requestPath(data) : null;
  useEffect(() => {
    if (current && current !== window.location.pathname) void navigate(current, { replace: true });
  }, [current, navigate]);

  if (id === null) return <NotFoundPage />;
  return (
    <>
      <p className="mb-2">
        <Link to={pagePath('feature_requests')}>← All feature requests</Link>
      </p>
      <FormError error={request.error} />
      {request.isPending ? <p aria-busy="true">Loading the request…</p> : null}
      {data ? (
        <>
          <div className="d-flex gap-3 align-items-start mb-3">
            <VoteButton request={data} />
            <div className="flex-grow-1">
              <h1 className="h3 mb-1">{data.title}</h1>
              <div className="small text-body-secondary mb-2">
                <StatusBadge status={data.status} /> ·{' '}
                {FEATURE_REQUEST_CATEGORY_LABELS[data.category]} · posted by {data.author_name}
                {data.mine ? ' (your account)' : ''} on {userDateTime(data.created_at, utcOffset)}
              </div>
              <p style={{ whiteSpace: 'pre-wrap' }}>{data.body}</p>
            </div>
          </div>
          <h2 className="h5">
            {data.comments} {data.comments === 1 ? 'comment' : 'comments'}
          </h2>
          <ol className="list-unstyled" data-testid="comments">
            {data.comment_list.map((comment) => (
              <li key={comment.id} className="border-start ps-3 mb-3">
                <div className="small text-body-secondary">
                  <strong>{comment.author_name}</strong>
                  {comment.by_operator ? (
                    <Badge bg="primary" className="ms-1">
                      Staff
                    </Badge>
                  ) : null}{' '}
                  · {userDateTime(comment.created_at, utcOffset)}
                </div>
                <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                  {comment.body}
                </p>
              </li>
            ))}
          </ol>
          <CommentForm id={data.id} />
        </>
      ) : null}
    </>
  );
}

function CommentForm({ id }: { id: number }) {
  const comment = useCommentFeatureRequest(id);
  const fieldId = useId();
  const { form, formError } = useApiForm({
    schema: FeatureRequestCommentBody,
    defaultValues: { body: '' },
    serverError: comment.error,
  });
  const submit = form.handleSubmit((values) =>
    comment.mutate(values.body, { onSuccess: () => form.reset({ body: '' }) }),
  );
  const error = fieldError(form, 'body');
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} style={{ maxWidth: 720 }}>
      <FormError error={formError} />
      <Form.Group className="mb-2" controlId={fieldId}>
        <Form.Label>Add a comment</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={2000}
          {...form.register('body')}
          isInvalid={Boolean(error)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" disabled={comment.isPending}>
        Post comment
      </Button>
    </Form>
  );
}
