import { userDateTime } from '@printloom/core';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { useContest } from '../../api/hooks/usePoints.js';
import { FormError } from '../auth/FormError.js';
import { RelatedPages } from '../RelatedPages.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * SEN Contest (spec §2 /contest): the running contest's period and prize, the leaderboard of
 * items sold on paid orders in the period, and the seller's own rank.
 */
export function ContestPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const contest = useContest();
  const data = contest.data;

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <RelatedPages pages={['sen_points', 'check_in']} label="Your points" />
      <FormError error={contest.error} />
      {contest.isPending ? <p className="text-body-secondary">Loading…</p> : null}
      {data && !data.contest ? (
        <p className="text-body-secondary">No contest is running right now. Check back soon.</p>
      ) : null}
      {data?.contest ? (
        <>
          <div className="card card-body mb-4" style={{ maxWidth: 640 }}>
            <h2 className="h5">{data.contest.name}</h2>
            <p className="mb-1">
              {userDateTime(data.contest.starts_at, utcOffset)} –{' '}
              {userDateTime(data.contest.ends_at, utcOffset)}
            </p>
            <p className="mb-0">
              <strong>Prize:</strong> {data.contest.prize}
            </p>
          </div>
          {data.me ? (
            <p data-testid="my-rank">
              Your rank: <strong>#{data.me.rank}</strong> with {data.me.sales} item
              {data.me.sales === 1 ? '' : 's'} sold.
            </p>
          ) : null}
          {data.leaderboard.length === 0 ? (
            <p className="text-body-secondary">No sales in this contest yet.</p>
          ) : (
            <Table size="sm" style={{ maxWidth: 640 }}>
              <caption className="caption-top">Leaderboard</caption>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Seller</th>
                  <th scope="col" className="text-end">
                    Items sold
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.leaderboard.map((row) => (
                  <tr
                    key={`${row.rank}-${row.seller}-${row.sales}`}
                    className={row.is_me ? 'table-primary' : undefined}
                  >
                    <td>{row.rank}</td>
                    <td>
                      {row.seller}
                      {row.is_me ? ' (you)' : ''}
                    </td>
                    <td className="text-end">{row.sales}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </>
      ) : null}
    </>
  );
}
