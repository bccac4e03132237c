import {
  type Overview,
  type OverviewFigures,
  OverviewQuery,
  overviewChange,
  toMajor,
  userDate,
} from '@printloom/core';
import { lazy, Suspense } from 'react';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { useOverview } from '../../api/hooks/useOverview.js';
import { useStores } from '../../api/hooks/useStores.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';

// uPlot and its styles load with the chart, after the figures are on screen.
const SalesChart = lazy(async () => ({ default: (await import('./SalesChart.js')).SalesChart }));

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });
const signed = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

type Metric = {
  key: keyof OverviewFigures;
  label: string;
  format: (value: number | null, currency: string) => string;
};

const money = (value: number | null, currency: string) =>
  value === null
    ? '—'
    : new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(toMajor(value));
const whole = (value: number | null) => (value === null ? '—' : count.format(value));

const METRICS: Metric[] = [
  { key: 'sales', label: 'Sales', format: money },
  { key: 'orders', label: 'Orders', format: whole },
  { key: 'items', label: 'Items sold', format: whole },
  { key: 'profit', label: 'Profit', format: money },
  { key: 'visits', label: 'Store visits', format: whole },
  {
    key: 'conversion_rate',
    label: 'Conversion rate',
    format: (v) => (v === null ? '—' : percent.format(v)),
  },
  { key: 'average_order_value', label: 'Average order value', format: money },
];

function ChangeNote({ current, previous }: { current: number | null; previous: number | null }) {
  const change = overviewChange(current, previous);
  if (change === null) {
    return <span className="small text-body-secondary">No earlier figure to compare</span>;
  }
  const tone = change > 0 ? 'text-success' : change < 0 ? 'text-danger' : 'text-body-secondary';
  return (
    <span className={`small ${tone}`}>
      {signed.format(change)} <span className="text-body-secondary">vs previous period</span>
    </span>
  );
}

function FigureCards({ data }: { data: Overview }) {
  return (
    <div className="row g-3 mb-4" data-testid="overview-figures">
      {METRICS.map((metric) => (
        <div key={metric.key} className="col-sm-6 col-lg-3">
          <section className="card h-100" aria-label={metric.label}>
            <div className="card-body">
              <h3 className="text-body-secondary small fw-normal mb-1">{metric.label}</h3>
              <div className="fs-4 fw-semibold" data-testid={`figure-${metric.key}`}>
                {metric.format(data.current[metric.key], data.currency)}
              </div>
              <ChangeNote current={data.current[metric.key]} previous={data.previous[metric.key]} />
            </div>
          </section>
        </div>
      ))}
    </div>
  );
}

function TopList<T>(props: {
  title: string;
  rows: readonly T[];
  name: (row: T) => string;
  orders: (row: T) => number;
  sales: (row: T) => number;
  currency: string;
}) {
  return (
    <section className="col-lg-4">
      <div className="card h-100">
        <div className="card-body">
          <h3 className="h6">{props.title}</h3>
          {props.rows.length === 0 ? (
            <p className="small text-body-secondary mb-0">No sales in this range.</p>
          ) : (
            <Table size="sm" className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="text-end">
                    Orders
                  </th>
                  <th scope="col" className="text-end">
                    Sales
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.rows.map((row) => (
                  <tr key={props.name(row)}>
                    <td>{props.name(row)}</td>
                    <td className="text-end">{count.format(props.orders(row))}</td>
                    <td className="text-end">{money(props.sales(row), props.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
      </div>
    </section>
  );
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * The seller's numbers (spec §2 overview, issue 16): figures for a date range in the seller's
 * time zone with the change against the period before, a sales and orders chart, and the top
 * campaigns, stores and countries; the range and store are kept in the address.
 */
export function OverviewReport() {
  const user = useMe();
  const utcOffset = user?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(OverviewQuery);
  const overview = useOverview(query);
  const stores = useStores();
  const data = overview.data;
  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <section aria-labelledby="overview-heading" className="mb-4">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h2 className="h5 mb-0" id="overview-heading">
          Your numbers
        </h2>
        <search className="d-flex flex-wrap gap-2" aria-label="Overview range">
          {storeOptions.length > 1 ? (
            <FilterSelect
              label="Store"
              allLabel="All stores"
              value={query.store_id ? String(query.store_id) : ''}
              options={storeOptions}
              onChange={(store_id) => update({ store_id: store_id || undefined })}
            />
          ) : null}
          <TimeRangeFilter
            value={{ time: raw.time ?? query.time, from: raw.from ?? '', to: raw.to ?? '' }}
            utcOffset={utcOffset}
            onChange={(time) =>
              update({ time: time.time || undefined, from: time.from, to: time.to })
            }
          />
        </search>
      </div>
      <FormError error={overview.error} />
      {overview.isPending ? (
        <p aria-busy="true" className="text-body-secondary">
          Counting your sales…
        </p>
      ) : null}
      {data ? (
        <div aria-busy={overview.isFetching}>
          <p className="small text-body-secondary" data-testid="overview-range">
            {data.range.from_date === data.range.to_date
              ? data.range.from_date
              : `${data.range.from_date} – ${data.range.to_date}`}{' '}
            compared with{' '}
            {data.previous_range.from_date === data.previous_range.to_date
              ? data.previous_range.from_date
              : `${data.previous_range.from_date} – ${data.previous_range.to_date}`}
            , in your time zone (UTC{utcOffset >= 0 ? '+' : ''}
            {utcOffset}, today is {userDate(Date.now(), utcOffset)}).
          </p>
          <FigureCards data={data} />
          <section className="card mb-4" aria-labelledby="overview-chart">
            <div className="card-body">
              <h3 className="h6" id="overview-chart">
                Sales and orders per {data.granularity}
              </h3>
              <Suspense fallback={<div style={{ height: 260 }} aria-busy="true" />}>
                <SalesChart
                  series={data.series}
                  currency={data.currency}
                  granularity={data.granularity}
                />
              </Suspense>
              <details className="mt-2">
                <summary className="small">Show the figures as a table</summary>
                <Table size="sm" className="mt-2">
                  <thead>
                    <tr>
                      <th scope="col">{data.granularity === 'day' ? 'Day' : 'Hour'}</th>
                      <th scope="col" className="text-end">
                        Orders
                      </th>
                      <th scope="col" className="text-end">
                        Sales
                      </th>
                    </tr>
                  </thead>
                  <tbody data-testid="overview-series">
                    {data.series.map((point) => (
                      <tr key={point.bucket}>
                        <td>{point.bucket}</td>
                        <td className="text-end">{count.format(point.orders)}</td>
                        <td className="text-end">{money(point.sales, data.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </details>
            </div>
          </section>
          <div className="row g-3">
            <TopList
              title="Top campaigns"
              rows={data.top_campaigns}
              name={(r) => r.name}
              orders={(r) => r.orders}
              sales={(r) => r.sales}
              currency={data.currency}
            />
            <TopList
              title="Top stores"
              rows={data.top_stores}
              name={(r) => r.name}
              orders={(r) => r.orders}
              sales={(r) => r.sales}
              currency={data.currency}
            />
            <TopList
              title="Top countries"
              rows={data.top_countries}
              name={(r) => countryName(r.country)}
              orders={(r) => r.orders}
              sales={(r) => r.sales}
              currency={data.currency}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}
