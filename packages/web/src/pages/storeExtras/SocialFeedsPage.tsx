import { type FeedFormat, pagePath, type SocialFeed } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useDeleteSocialFeed, useSocialFeeds } from '../../api/hooks/useSocialFeeds.js';
import { RowActionDialog } from '../../lists/RowActionDialog.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

export const FEED_FORMAT_LABELS: Record<FeedFormat, string> = {
  google_xml: 'Google Merchant (XML)',
  facebook_csv: 'Facebook / TikTok catalog (CSV)',
};
const SCOPE_LABELS: Record<SocialFeed['scope'], string> = {
  all: 'Every active campaign',
  collection: 'A collection',
  campaigns: 'Chosen campaigns',
};

/**
 * Social Feed (spec §2 /social-feed): the seller's product feeds, each with its public address
 * to paste into Google Merchant Center or a Facebook/TikTok catalog, a copy button, edit and
 * delete.
 */
export function SocialFeedsPage() {
  const title = usePageTitle();
  const list = useSocialFeeds();
  const [deleting, setDeleting] = useState<SocialFeed | null>(null);
  const [copied, setCopied] = useState<number | null>(null);
  const feeds = list.data ?? [];
  const copy = (feed: SocialFeed) => {
    navigator.clipboard.writeText(feed.url).then(
      () => setCopied(feed.id),
      () => setCopied(null),
    );
  };
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Link to={pagePath('social_feed_new')} className="btn btn-primary">
          New feed
        </Link>
      </div>
      <FormError error={list.error} />
      {list.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading feeds…
        </p>
      ) : null}
      {list.isSuccess && feeds.length === 0 ? (
        <div className="text-center py-4" data-testid="list-empty">
          <p>
            No feeds yet. A feed lists your products for Google Merchant Center, a Facebook or
            TikTok catalog.
          </p>
          <Link to={pagePath('social_feed_new')} className="btn btn-outline-primary">
            Create your first feed
          </Link>
        </div>
      ) : null}
      {feeds.length > 0 ? (
        <div className="table-responsive">
          <Table className="align-middle" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Feed</th>
                <th scope="col">Store</th>
                <th scope="col">Format</th>
                <th scope="col">Products</th>
                <th scope="col">Address</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody data-testid="feed-rows">
              {feeds.map((feed) => (
                <tr key={feed.id}>
                  <td>
                    <Link
                      to={pagePath('social_feed_edit', { id: feed.id })}
                      className="fw-semibold"
                    >
                      {feed.name}
                    </Link>
                  </td>
                  <td>{feed.store_name}</td>
                  <td>{FEED_FORMAT_LABELS[feed.format]}</td>
                  <td>
                    {SCOPE_LABELS[feed.scope]}
                    {feed.scope === 'campaigns' ? ` (${feed.campaign_ids.length})` : ''}
                  </td>
                  <td style={{ maxWidth: '22rem' }}>
                    <code className="d-block text-truncate" title={feed.url}>
                      {feed.url}
                    </code>
                  </td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      aria-label={`Copy the address of ${feed.name}`}
                      onClick={() => copy(feed)}
                    >
                      {copied === feed.id ? 'Copied' : 'Copy URL'}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Delete ${feed.name}`}
                      onClick={() => setDeleting(feed)}
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
      <span className="visually-hidden" role="status">
        {copied !== null ? 'Feed address copied.' : ''}
      </span>
      <DeleteDialog feed={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function DeleteDialog({ feed, onClose }: { feed: SocialFeed | null; onClose: () => void }) {
  return (
    <RowActionDialog
      id="delete-feed"
      title="Delete feed"
      actionLabel="Delete"
      row={feed}
      action={useDeleteSocialFeed()}
      onClose={onClose}
    >
      Delete <strong>{feed?.name}</strong>? Its address stops answering, and catalogs reading it
      stop updating.
    </RowActionDialog>
  );
}
