import { API, pagePath, userDateTime } from '@printloom/core';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, Navigate, useParams } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useStoreSitemapUrls, useStores } from '../../api/hooks/useStores.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { ListPagination } from '../lists/ListPagination.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Sitemap URLs (spec §2 /storefronts/sitemap/{id?}/urls/{sitemapId?}): the addresses one sitemap
 * file of a store lists, page by page, with when each page last changed (in the seller's
 * time). Without a store it offers the seller's stores; without a file, the store's index.
 */
export function StoreSitemapUrlsPage() {
  const params = useParams();
  const storeId = Number(params.id ?? 0);
  const sitemapId = params.sitemapId ?? '';
  if (storeId <= 0) return <ChooseStore />;
  if (sitemapId === '') return <Navigate to={pagePath('store_sitemap', { id: storeId })} replace />;
  return <SitemapUrls storeId={storeId} sitemapId={sitemapId} />;
}

function SitemapUrls({ storeId, sitemapId }: { storeId: number; sitemapId: string }) {
  const title = usePageTitle();
  const user = useMe();
  const { query, update } = useListUrlState(API.stores.sitemapUrls.query);
  const urls = useStoreSitemapUrls(storeId, sitemapId, query.page);
  const page = urls.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {title}: {sitemapId}.xml
        </h1>
        <Link
          to={pagePath('store_sitemap', { id: storeId })}
          className="btn btn-outline-secondary btn-sm"
        >
          All sitemap files
        </Link>
      </div>
      <ListLoadError error={urls.error} onRetry={() => void urls.refetch()} />
      {urls.isPending ? (
        <div role="status" className="d-flex align-items-center gap-2">
          <Spinner size="sm" aria-hidden="true" /> Loading URLs…
        </div>
      ) : null}
      {page ? (
        <>
          <p>
            Public file:{' '}
            <a href={page.url} target="_blank" rel="noreferrer">
              {page.url}
            </a>
          </p>
          <div className="table-responsive">
            <Table className="align-middle" aria-busy={urls.isFetching} data-testid="sitemap-urls">
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col">Last changed</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((url) => (
                  <tr key={url.loc}>
                    <td className="text-break">
                      <a href={url.loc} target="_blank" rel="noreferrer">
                        {url.loc}
                      </a>
                    </td>
                    <td className="text-nowrap">
                      {url.lastmod ? userDateTime(url.lastmod, user?.utc_offset ?? 0) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          {page.total === 0 ? (
            <p className="text-center py-4" data-testid="list-empty">
              This file lists no URLs yet.
            </p>
          ) : (
            <ListPagination
              page={page.current_page}
              lastPage={page.last_page}
              total={page.total}
              from={page.from}
              to={page.to}
              noun="URLs"
              onPage={(n) => update({ page: n })}
            />
          )}
        </>
      ) : null}
    </>
  );
}

function ChooseStore() {
  const title = usePageTitle();
  const stores = useStores();
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <ListLoadError error={stores.error} onRetry={() => void stores.refetch()} />
      {stores.isPending ? (
        <div role="status" className="d-flex align-items-center gap-2">
          <Spinner size="sm" aria-hidden="true" /> Loading stores…
        </div>
      ) : null}
      {stores.data && stores.data.length === 0 ? (
        <p>
          No stores yet. <Link to={pagePath('all_stores')}>Create a store</Link> to publish a
          sitemap.
        </p>
      ) : null}
      {stores.data && stores.data.length > 0 ? (
        <>
          <p>Choose a store to see its sitemap.</p>
          <ul>
            {stores.data.map((store) => (
              <li key={store.id}>
                <Link to={pagePath('store_sitemap', { id: store.id })}>{store.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
