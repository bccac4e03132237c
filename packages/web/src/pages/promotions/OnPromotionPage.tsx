import { pagePath, promotionOffer, userDateTime } from '@printloom/core';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCampaignsOnPromotion } from '../../api/hooks/usePromotions.js';
import { useStores } from '../../api/hooks/useStores.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * On Promotion (spec §2 /on-promotion): the campaigns a running promotion covers, with the code
 * and what it gives. A promotion without limits covers every campaign its store sells.
 */
export function OnPromotionPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const [q, setQ] = useState('');
  const [storeId, setStoreId] = useState('');
  const list = useCampaignsOnPromotion({
    ...(q ? { q } : {}),
    ...(storeId ? { store_id: Number(storeId) } : {}),
  });
  const stores = useStores();
  const rows = list.data ?? [];
  const storeOf = (id: number | null) => stores.data?.find((s) => s.id === id);
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <SearchBox value={q} label="Search by campaign or code" onSearch={setQ} />
        <FilterSelect
          label="Store"
          value={storeId}
          allLabel="All stores"
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={setStoreId}
        />
      </div>
      <FormError error={list.error} />
      <div className="table-responsive mt-3">
        <Table className="align-middle" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">Code</th>
              <th scope="col">Offer</th>
              <th scope="col">Store</th>
              <th scope="col">Ends</th>
            </tr>
          </thead>
          <tbody data-testid="on-promotion-rows">
            {list.isPending ? (
              <tr className="placeholder-glow">
                <td colSpan={5}>
                  <span className="placeholder col-8" />
                </td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const store = storeOf(row.store_id);
              return (
                <tr key={`${row.campaign_id}-${row.promotion_id}`}>
                  <td>
                    <div className="d-flex align-items-center gap-2">
                      {row.thumb_url ? (
                        <img
                          src={row.thumb_url}
                          alt=""
                          width={40}
                          height={50}
                          className="rounded"
                        />
                      ) : null}
                      <Link to={pagePath('campaign_edit', { id: row.campaign_id })}>
                        {row.campaign_name}
                      </Link>
                    </div>
                  </td>
                  <td className="font-monospace">{row.code}</td>
                  <td>{promotionOffer(row, store?.currency ?? 'USD')}</td>
                  <td>{row.store_id === null ? 'All stores' : (store?.name ?? '—')}</td>
                  <td className="small">
                    {row.ends_at ? userDateTime(row.ends_at, utcOffset) : 'No end'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
      {list.isSuccess && rows.length === 0 ? (
        <div className="text-center py-4" data-testid="list-empty">
          {q || storeId ? (
            <p>No campaign on promotion matches these filters.</p>
          ) : (
            <p>
              No campaign is on promotion now.{' '}
              <Link to={pagePath('promotions')}>Create a promotion</Link>
            </p>
          )}
        </div>
      ) : null}
    </>
  );
}
