import { type PointRewardId, userDateTime } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { usePoints, useRedeemReward } from '../../api/hooks/usePoints.js';
import { FormError } from '../auth/FormError.js';
import { RelatedPages } from '../RelatedPages.js';
import { usePageTitle } from '../usePageTitle.js';

const KIND_LABELS: Record<string, string> = {
  sale: 'Sale',
  check_in: 'Check-in',
  reward: 'Reward',
  admin: 'Adjustment',
};

/**
 * SEN points (spec §2 /sen-points): the balance, the rewards to spend it on, and the history.
 * Points come from sales (1 per item) and daily check-ins.
 */
export function SenPointsPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const [page, setPage] = useState(1);
  const points = usePoints(page);
  const redeem = useRedeemReward();
  const [granted, setGranted] = useState<string | null>(null);
  const data = points.data;

  const take = (id: PointRewardId, label: string) => {
    setGranted(null);
    redeem.mutate(id, { onSuccess: () => setGranted(label) });
  };

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <RelatedPages pages={['check_in', 'contest']} label="Earn more" />
      <FormError error={points.error} />
      <div className="card card-body mb-4" style={{ maxWidth: 320 }}>
        <h2 className="h6 text-body-secondary mb-1">Your SEN points</h2>
        <p className="fs-3 fw-semibold mb-0" data-testid="points-balance">
          {data ? data.balance.toLocaleString('en-US') : '…'}
        </p>
        <p className="small text-body-secondary mb-0">
          1 point per item sold, 5 per daily check-in (+5 every 7th day in a row).
        </p>
      </div>

      <h2 className="h5">Rewards</h2>
      <FormError error={redeem.error} />
      {granted ? (
        <div className="alert alert-success" role="status">
          Reward granted: {granted}.
        </div>
      ) : null}
      <div className="row g-3 mb-4">
        {(data?.rewards ?? []).map((reward) => (
          <div className="col-sm-6 col-lg-4" key={reward.id}>
            <div className="card card-body h-100">
              <h3 className="h6">{reward.label}</h3>
              <p className="small text-body-secondary">{reward.description}</p>
              <div className="mt-auto d-flex justify-content-between align-items-center">
                <span>{reward.cost.toLocaleString('en-US')} points</span>
                <Button
                  size="sm"
                  disabled={redeem.isPending || data === undefined || data.balance < reward.cost}
                  onClick={() => take(reward.id, reward.label)}
                >
                  Redeem <span className="visually-hidden">{reward.label}</span>
                </Button>
              </div>
            </div>
          </div>
        ))}
      </div>

      <h2 className="h5">History</h2>
      {points.isPending ? (
        <p className="text-body-secondary">Loading…</p>
      ) : data && data.entries.length === 0 ? (
        <p className="text-body-secondary">
          No points yet. Sell items or check in daily to earn some.
        </p>
      ) : data ? (
        <>
          <Table responsive size="sm">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Details</th>
                <th scope="col" className="text-end">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{userDateTime(entry.created_at, utcOffset)}</td>
                  <td>{KIND_LABELS[entry.kind] ?? entry.kind}</td>
                  <td>{entry.note}</td>
                  <td className={`text-end ${entry.points < 0 ? 'text-danger' : 'text-success'}`}>
                    {entry.points > 0 ? `+${entry.points}` : entry.points}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {data.last_page > 1 ? (
            <nav aria-label="History pages" className="d-flex gap-2 align-items-center">
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </Button>
              <span className="small">
                Page {data.current_page} of {data.last_page}
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={page >= data.last_page}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}
