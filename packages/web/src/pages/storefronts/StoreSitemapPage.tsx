import { pagePath, type SitemapKind } from '@printloom/core';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { useStoreSitemap } from '../../api/hooks/useStores.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { usePageTitle } from '../usePageTitle.js';

const KIND_LABELS: Record<SitemapKind, string> = {
  products: 'Products',
  collections: 'Collections',
  pages: 'Home and pages',
  posts: 'Blog posts',
};

const count = new Intl.NumberFormat('en-US');

/**
 * Sitemap (spec §2 /storefronts/sitemap/{id}): the files a store's public `/sitemap.xml` lists
 * (products in files of at most 50,000 URLs, collections, home and pages, blog posts), each with its number
 * of URLs, its public address and a link to the seller's view of its URLs.
 */
export function StoreSitemapPage() {
  const title = usePageTitle();
  const storeId = Number(useParams().id ?? 0);
  const sitemap = useStoreSitemap(storeId);
  const index = sitemap.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{index ? `${title}: ${index.store_name}` : title}</h1>
        <Link
          to={pagePath('store_edit', { id: storeId })}
          className="btn btn-outline-secondary btn-sm"
        >
          Edit store
        </Link>
      </div>
      <ListLoadError error={sitemap.error} onRetry={() => void sitemap.refetch()} />
      {sitemap.isPending ? (
        <div role="status" className="d-flex align-items-center gap-2">
          <Spinner size="sm" aria-hidden="true" /> Loading the sitemap…
        </div>
      ) : null}
      {index ? (
        <>
          <p>
            Search engines read the index at{' '}
            <a href={index.url} target="_blank" rel="noreferrer">
              {index.url}
            </a>
            . Each file holds at most {count.format(index.max_urls_per_file)} URLs.
          </p>
          <div className="table-responsive">
            <Table className="align-middle" data-testid="sitemap-files">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Holds</th>
                  <th scope="col" className="text-end">
                    URLs
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {index.files.map((file) => (
                  <tr key={file.id}>
                    <td>
                      <a href={file.url} target="_blank" rel="noreferrer">
                        {file.id}.xml
                      </a>
                    </td>
                    <td>{KIND_LABELS[file.kind]}</td>
                    <td className="text-end">{count.format(file.url_count)}</td>
                    <td className="text-end">
                      <Link
                        className="btn btn-sm btn-outline-primary"
                        to={pagePath('store_sitemap_urls', { id: storeId, sitemapId: file.id })}
                        aria-label={`View the URLs of ${file.id}.xml`}
                      >
                        View URLs
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      ) : null}
    </>
  );
}
