import {
  DEFAULT_CURRENCY_CODE,
  formatCurrency,
  PRICE_MODES,
  type PriceMode,
  type PricePreviewRow,
  toMajor,
  toMinor,
  userDateTime,
} from '@printloom/core';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import {
  useBulkPriceUpdate,
  usePriceChanges,
  usePricePreview,
} from '../../api/hooks/usePricing.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';
import { type PricingFormValues, pricingFormSchema, toBulkPriceBody } from './pricingForm.js';

export const MODE_LABELS: Record<PriceMode, string> = {
  adjust_price: 'Adjust prices',
  fixed_price: 'One fixed price',
  custom_price: 'Custom price per product',
};
const products = (n: number) => `${n} product${n === 1 ? '' : 's'}`;
const money = (minor: number) => formatCurrency(toMajor(minor), DEFAULT_CURRENCY_CODE);
const CAMPAIGN_PAGE = 20;
const HISTORY_PAGE = 20;

/**
 * Pricing (spec §2 /pricing; tag `pricing` plus update_campaign): pick campaigns, say how their
 * prices change, preview every product's price before and after (those that would sell below
 * base cost are marked and block the change), apply, and read the history of changes.
 */
export function PricingPage() {
  const title = usePageTitle();
  const [campaignIds, setCampaignIds] = useState<number[]>([]);
  const preview = usePricePreview();
  const apply = useBulkPriceUpdate();
  // Typed prices by `{product_id}` or, for a size's own price, `{product_id}:{size}`.
  const [custom, setCustom] = useState<Record<string, string>>({});
  const { form, formError } = useApiForm({
    schema: pricingFormSchema,
    defaultValues: { mode: 'adjust_price', unit: 'percent', value: '10' },
    serverError: apply.error ?? preview.error,
  });
  const id = useId();
  const mode = form.watch('mode');
  const unit = form.watch('unit');
  const rows = preview.data?.rows ?? [];

  const customPrices = () =>
    Object.entries(custom)
      .filter(([, text]) => text.trim() !== '' && Number.isFinite(Number(text)))
      .map(([key, text]) => {
        const [productId, variant] = splitPriceKey(key);
        return {
          product_id: productId,
          ...(variant === null ? {} : { variant }),
          price: toMinor(Number(text)),
        };
      });
  const bodyOf = (values: PricingFormValues) => {
    // Custom prices start from the products as they are, then the typed prices.
    if (values.mode === 'custom_price' && customPrices().length === 0) {
      return { campaign_ids: campaignIds, mode: 'adjust_price' as const, value: 0 };
    }
    return toBulkPriceBody(values, campaignIds, customPrices());
  };
  const runPreview = form.handleSubmit((values) => {
    apply.reset();
    preview.mutate(bodyOf(values));
  });
  const runApply = form.handleSubmit((values) =>
    apply.mutate(bodyOf(values), { onSuccess: () => preview.reset() }),
  );
  const blocked = rows.some((row) => row.below_base_cost);
  const changed = rows.filter((row) => row.after !== row.before).length;

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <div className="row g-4">
        <div className="col-lg-5">
          <CampaignChooser selected={campaignIds} onChange={setCampaignIds} />
        </div>
        <div className="col-lg-7">
          <Form
            className="card card-body"
            onSubmit={runPreview}
            noValidate
            aria-label="Price change"
          >
            <h2 className="h5">Change</h2>
            <FormError error={formError} />
            <div className="row g-3">
              <Form.Group controlId={`${id}-mode`} className="col-sm-6">
                <Form.Label>Mode</Form.Label>
                <Form.Select {...form.register('mode')}>
                  {PRICE_MODES.map((m) => (
                    <option key={m} value={m}>
                      {MODE_LABELS[m]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              {mode === 'adjust_price' ? (
                <Form.Group controlId={`${id}-unit`} className="col-sm-6">
                  <Form.Label>By</Form.Label>
                  <Form.Select {...form.register('unit')}>
                    <option value="percent">Percent of the price</option>
                    <option value="amount">Amount ({DEFAULT_CURRENCY_CODE})</option>
                  </Form.Select>
                </Form.Group>
              ) : null}
              {mode !== 'custom_price' ? (
                <Form.Group controlId={`${id}-value`} className="col-sm-6">
                  <Form.Label>
                    {mode === 'fixed_price'
                      ? `New price (${DEFAULT_CURRENCY_CODE})`
                      : unit === 'percent'
                        ? 'Change (%)'
                        : `Change (${DEFAULT_CURRENCY_CODE})`}
                  </Form.Label>
                  <Form.Control
                    {...form.register('value')}
                    inputMode="decimal"
                    isInvalid={Boolean(fieldError(form, 'value'))}
                  />
                  <Form.Text>
                    {mode === 'adjust_price'
                      ? 'Negative lowers the prices.'
                      : 'Every product sells at this price.'}
                  </Form.Text>
                  <Form.Control.Feedback type="invalid">
                    {fieldError(form, 'value')}
                  </Form.Control.Feedback>
                </Form.Group>
              ) : (
                <p className="small text-body-secondary col-12 mb-0">
                  Preview lists the products; type a new price for those that change, then preview
                  again.
                </p>
              )}
            </div>
            <div className="d-flex flex-wrap gap-2 align-items-center mt-3">
              <Button
                type="submit"
                variant="outline-primary"
                disabled={campaignIds.length === 0 || preview.isPending}
              >
                Preview
              </Button>
              <Button
                variant="primary"
                disabled={rows.length === 0 || blocked || changed === 0 || apply.isPending}
                onClick={() => void runApply()}
              >
                Apply to {products(changed)}
              </Button>
              {campaignIds.length === 0 ? (
                <span className="small">Choose campaigns first.</span>
              ) : null}
            </div>
            {apply.isSuccess ? (
              <div className="alert alert-success py-2 mt-3 mb-0" role="status">
                {apply.data.updated} prices updated.
              </div>
            ) : null}
          </Form>
          {rows.length > 0 ? (
            <PreviewTable
              rows={rows}
              custom={mode === 'custom_price' ? custom : null}
              onCustom={(key, text) => setCustom((c) => ({ ...c, [key]: text }))}
            />
          ) : null}
        </div>
      </div>
      <History />
    </>
  );
}

function CampaignChooser({
  selected,
  onChange,
}: {
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useCampaignList({ q, page, per_page: CAMPAIGN_PAGE });
  const campaigns = list.data?.data ?? [];
  const toggle = (campaignId: number, on: boolean) =>
    onChange(on ? [...selected, campaignId] : selected.filter((c) => c !== campaignId));
  return (
    <div className="card card-body">
      <h2 className="h5">Campaigns</h2>
      <p className="small text-body-secondary">{selected.length} chosen.</p>
      <SearchBox
        value={q}
        label="Search campaigns"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      <FormError error={list.error} />
      <fieldset className="my-2" aria-busy={list.isFetching}>
        <legend className="visually-hidden">Campaigns to reprice</legend>
        {campaigns.length > 0 ? (
          <Form.Check
            id="pricing-all-on-page"
            label="All on this page"
            checked={campaigns.every((c) => selected.includes(c.id))}
            onChange={(e) => {
              const ids = campaigns.map((c) => c.id);
              onChange(
                e.target.checked
                  ? [...new Set([...selected, ...ids])]
                  : selected.filter((c) => !ids.includes(c)),
              );
            }}
          />
        ) : null}
        {campaigns.map((campaign) => (
          <Form.Check
            key={campaign.id}
            id={`pricing-campaign-${campaign.id}`}
            label={campaign.name}
            checked={selected.includes(campaign.id)}
            onChange={(e) => toggle(campaign.id, e.target.checked)}
          />
        ))}
        {list.isSuccess && campaigns.length === 0 ? (
          <p className="small">No campaigns found.</p>
        ) : null}
      </fieldset>
      {list.data ? (
        <ListPagination
          page={page}
          lastPage={list.data.last_page}
          total={list.data.total}
          from={list.data.from}
          to={list.data.to}
          noun="campaigns"
          onPage={setPage}
        />
      ) : null}
    </div>
  );
}

/** `12` → [12, null]; `12:2XL` → [12, '2XL'] (a size's own price). */
function splitPriceKey(key: string): [number, string | null] {
  const at = key.indexOf(':');
  return at < 0 ? [Number(key), null] : [Number(key.slice(0, at)), key.slice(at + 1)];
}
const priceKey = (productId: number, variant: string | null) =>
  variant === null ? String(productId) : `${productId}:${variant}`;

function PreviewTable({
  rows: previewed,
  custom,
  onCustom,
}: {
  rows: PricePreviewRow[];
  custom: Record<string, string> | null;
  onCustom: (key: string, text: string) => void;
}) {
  // Sizes picked for their own price show under their product until a preview returns them.
  const rows = previewed.flatMap((row) => {
    if (row.variant !== null || !custom) return [row];
    const shown = new Set(
      previewed.filter((r) => r.product_id === row.product_id).map((r) => r.variant),
    );
    const picked = Object.keys(custom)
      .map(splitPriceKey)
      .filter(([id, variant]) => id === row.product_id && variant !== null && !shown.has(variant))
      .map(([, variant]) => ({ ...row, variant, sizes: undefined, below_base_cost: false }));
    return [row, ...picked];
  });
  const below = rows.filter((r) => r.below_base_cost).length;
  return (
    <div className="card card-body mt-3">
      <h2 className="h5">Preview</h2>
      {below > 0 ? (
        <div className="alert alert-warning py-2" role="alert">
          {products(below)} would sell below base cost. Change the value before applying.
        </div>
      ) : null}
      <div className="table-responsive">
        <Table size="sm" className="align-middle mb-0" data-testid="price-preview">
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">Product</th>
              <th scope="col" className="text-end">
                Base cost
              </th>
              <th scope="col" className="text-end">
                Now
              </th>
              <th scope="col" className="text-end">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={priceKey(row.product_id, row.variant)}
                className={row.below_base_cost ? 'table-warning' : undefined}
                data-variant={row.variant ?? undefined}
              >
                <td>{row.campaign_name}</td>
                <td>
                  {row.variant === null ? (
                    row.product_name
                  ) : (
                    <span className="ps-3">
                      {row.product_name} <Badge bg="secondary">Size {row.variant}</Badge>
                    </span>
                  )}
                  {custom && row.variant === null && (row.sizes ?? []).length > 0 ? (
                    <Form.Select
                      size="sm"
                      className="mt-1"
                      style={{ maxWidth: 180 }}
                      aria-label={`Give a size of ${row.campaign_name} ${row.product_name} its own price`}
                      value=""
                      onChange={(e) => {
                        const key = priceKey(row.product_id, e.target.value);
                        if (e.target.value && custom[key] === undefined) onCustom(key, '');
                      }}
                    >
                      <option value="">Price a size…</option>
                      {(row.sizes ?? []).map((size) => (
                        <option key={size} value={size}>
                          {size}
                        </option>
                      ))}
                    </Form.Select>
                  ) : null}
                </td>
                <td className="text-end">{money(row.base_cost)}</td>
                <td className="text-end">{money(row.before)}</td>
                <td className="text-end">
                  {custom ? (
                    <Form.Control
                      size="sm"
                      inputMode="decimal"
                      aria-label={`New price of ${row.campaign_name} ${row.product_name}${row.variant === null ? '' : ` size ${row.variant}`}`}
                      placeholder={String(toMajor(row.after))}
                      value={custom[priceKey(row.product_id, row.variant)] ?? ''}
                      onChange={(e) =>
                        onCustom(priceKey(row.product_id, row.variant), e.target.value)
                      }
                      style={{ maxWidth: 110, marginLeft: 'auto' }}
                    />
                  ) : (
                    <span className={row.after !== row.before ? 'fw-semibold' : undefined}>
                      {money(row.after)}
                    </span>
                  )}
                  {row.below_base_cost ? (
                    <Badge bg="warning" text="dark" className="ms-1">
                      Below base cost
                    </Badge>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const history = usePriceChanges({ page, per_page: HISTORY_PAGE });
  const utcOffset = useMe()?.utc_offset ?? 0;
  const changes = history.data?.data ?? [];
  return (
    <section className="mt-4" aria-labelledby="price-history">
      <h2 className="h5" id="price-history">
        History
      </h2>
      <FormError error={history.error} />
      <div className="table-responsive">
        <Table size="sm" className="align-middle" aria-busy={history.isFetching}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Campaign</th>
              <th scope="col">Product</th>
              <th scope="col">Mode</th>
              <th scope="col" className="text-end">
                Before
              </th>
              <th scope="col" className="text-end">
                After
              </th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody data-testid="price-history-rows">
            {changes.map((change) => (
              <tr key={change.id}>
                <td className="small text-nowrap">{userDateTime(change.created_at, utcOffset)}</td>
                <td>{change.campaign_name ?? '—'}</td>
                <td>
                  {change.product_name ?? '—'}
                  {change.variant ? (
                    <span className="text-body-secondary"> · size {change.variant}</span>
                  ) : null}
                </td>
                <td>{MODE_LABELS[change.mode]}</td>
                <td className="text-end">{money(change.before)}</td>
                <td className="text-end">{money(change.after)}</td>
                <td>{change.actor_name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {history.isSuccess && changes.length === 0 ? (
        <p className="text-center py-3" data-testid="history-empty">
          No price changes yet.
        </p>
      ) : null}
      {history.data && history.data.total > 0 ? (
        <ListPagination
          page={page}
          lastPage={history.data.last_page}
          total={history.data.total}
          from={history.data.from}
          to={history.data.to}
          noun="changes"
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
