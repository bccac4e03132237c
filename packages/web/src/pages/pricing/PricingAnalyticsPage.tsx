import {
  DEFAULT_CURRENCY_CODE,
  formatCurrency,
  PRICING_ANALYTICS_RANGES,
  toMajor,
  userDate,
} from '@printloom/core';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { usePricingAnalytics } from '../../api/hooks/usePricing.js';
import { FormError } from '../auth/FormError.js';
import { TIME_RANGE_LABELS } from '../lists/constants.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { usePageTitle } from '../usePageTitle.js';

type Range = (typeof PRICING_ANALYTICS_RANGES)[number];
const rangeLabel = (range: Range) => (range === 'lifetime' ? 'All time' : TIME_RANGE_LABELS[range]);
const money = (minor: number) => formatCurrency(toMajor(minor), DEFAULT_CURRENCY_CODE);

/**
 * Pricing Analytics (spec §2 /pricing/analytics): for each campaign and unit price it sold at in
 * the range, the orders, units, revenue, the campaign's visits on the days it sold at that price
 * and the orders per visit, best selling first.
 */
export function PricingAnalyticsPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const [time, setTime] = useState<Range>('last_30_days');
  const points = usePricingAnalytics({ time });
  const rows = points.data ?? [];
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <FilterSelect
        label="Period"
        value={time}
        options={PRICING_ANALYTICS_RANGES.map((range) => ({
          value: range,
          label: rangeLabel(range),
        }))}
        onChange={(value) => setTime(value as Range)}
      />
      <FormError error={points.error} />
      <div className="table-responsive mt-3">
        <Table className="align-middle" aria-busy={points.isFetching}>
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col" className="text-end">
                Price
              </th>
              <th scope="col" className="text-end">
                Orders
              </th>
              <th scope="col" className="text-end">
                Units
              </th>
              <th scope="col" className="text-end">
                Revenue
              </th>
              <th scope="col" className="text-end">
                Visits
              </th>
              <th scope="col" className="text-end">
                Conversion
              </th>
              <th scope="col">Sold</th>
            </tr>
          </thead>
          <tbody data-testid="price-point-rows">
            {points.isPending ? (
              <tr className="placeholder-glow">
                <td colSpan={8}>
                  <span className="placeholder col-8" />
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={`${row.campaign_id}-${row.price}`}>
                <td>{row.campaign_name}</td>
                <td className="text-end">{money(row.price)}</td>
                <td className="text-end">{row.orders}</td>
                <td className="text-end">{row.units}</td>
                <td className="text-end">{money(row.revenue)}</td>
                <td className="text-end">{row.visits}</td>
                <td className="text-end">
                  {row.conversion === null ? '—' : `${(row.conversion * 100).toFixed(1)}%`}
                </td>
                <td className="small text-nowrap">
                  {userDate(row.first_sold_at, utcOffset)} – {userDate(row.last_sold_at, utcOffset)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {points.isSuccess && rows.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          No sales in this period. Choose a longer period, or change prices on the Pricing page and
          compare.
        </p>
      ) : null}
    </>
  );
}
