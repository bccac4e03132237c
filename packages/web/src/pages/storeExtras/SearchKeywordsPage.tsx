import { API, wantsZeroResults } from '@printloom/core';
import { useCallback } from 'react';
import Nav from 'react-bootstrap/Nav';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { useSearchKeywords } from '../../api/hooks/useSearchKeywords.js';
import { useStores } from '../../api/hooks/useStores.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { isIncompleteCustomRange } from '../lists/listQuery.js';
import { SearchBox } from '../lists/SearchBox.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import { usePageTitle } from '../usePageTitle.js';

const ORDERS = [
  { value: 'searches', label: 'Most searched' },
  { value: 'zero_results', label: 'Most searches without results' },
  { value: 'last_searched', label: 'Last searched' },
  { value: 'keyword', label: 'Keyword A to Z' },
];

/**
 * Search Keywords (spec §2 /search-keyword): what buyers searched in the seller's stores, with
 * the number of searches and of searches that found nothing, per store, in a time range of the
 * seller's days. The "No results" view lists what buyers looked for and did not find: what to
 * design next.
 */
export function SearchKeywordsPage() {
  const title = usePageTitle();
  const user = useMe();
  const { query, raw, update } = useListUrlState(API.searchKeywords.list.query);
  const incomplete = isIncompleteCustomRange({
    time: raw.time ?? '',
    from: raw.from ?? '',
    to: raw.to ?? '',
  });
  const list = useSearchKeywords(query, !incomplete);
  const stores = useStores();
  const zeroView = wantsZeroResults(query.zero_results);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const rows = page?.data ?? [];
  const filtered = ['store_id', 'q', 'time'].some((f) => raw[f]);

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <Nav variant="tabs" className="mb-3" as="ul">
        <Nav.Item as="li">
          <Nav.Link
            as="button"
            active={!zeroView}
            aria-current={!zeroView ? 'page' : undefined}
            onClick={() => update({ zero_results: undefined, order_by: undefined })}
          >
            All searches
          </Nav.Link>
        </Nav.Item>
        <Nav.Item as="li">
          <Nav.Link
            as="button"
            active={zeroView}
            aria-current={zeroView ? 'page' : undefined}
            onClick={() => update({ zero_results: '1', order_by: 'zero_results' })}
          >
            Searches with no results
          </Nav.Link>
        </Nav.Item>
      </Nav>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <SearchBox value={raw.q ?? ''} label="Search keywords" onSearch={onSearch} />
        <FilterSelect
          label="Store"
          allLabel="All stores"
          value={raw.store_id ?? ''}
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(store_id) => update({ store_id: store_id || undefined })}
        />
        <TimeRangeFilter
          value={{ time: raw.time ?? '', from: raw.from ?? '', to: raw.to ?? '' }}
          utcOffset={user?.utc_offset ?? 0}
          onChange={(time) => update({ time: time.time, from: time.from, to: time.to })}
        />
        <FilterSelect
          label="Order"
          value={query.order_by}
          options={ORDERS}
          onChange={(order_by) => update({ order_by })}
        />
      </search>
      <FormError error={list.error} />
      <div className="table-responsive">
        <Table className="align-middle" aria-busy={list.isFetching}>
          <caption className="visually-hidden">
            {zeroView ? 'Searches with no results' : 'Search keywords'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Keyword</th>
              <th scope="col">Store</th>
              <th scope="col" className="text-end">
                Searches
              </th>
              <th scope="col" className="text-end">
                Without results
              </th>
              <th scope="col" className="text-end">
                Results last time
              </th>
              <th scope="col">Last searched</th>
            </tr>
          </thead>
          <tbody data-testid="keyword-rows">
            {list.isPending && !incomplete ? (
              <tr>
                <td colSpan={6} className="text-body-secondary" role="status">
                  Loading keywords…
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={`${row.store_id}:${row.keyword}`}>
                <th scope="row" className="fw-semibold">
                  {row.keyword}
                </th>
                <td>{row.store_name}</td>
                <td className="text-end">{row.searches}</td>
                <td className="text-end">
                  {row.zero_result_searches > 0 ? (
                    <span className="badge text-bg-warning">{row.zero_result_searches}</span>
                  ) : (
                    0
                  )}
                </td>
                <td className="text-end">{row.last_results}</td>
                <td>{row.last_searched}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {list.isSuccess && rows.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          {filtered || zeroView
            ? zeroView
              ? 'Every search in this range found products.'
              : 'No searches match these filters.'
            : 'No searches yet. Searches in your stores appear here.'}
        </p>
      ) : null}
      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          from={page.from}
          to={page.to}
          noun="keywords"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </>
  );
}
