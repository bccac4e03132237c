import {
  convertSizeChart,
  type ProductTemplate,
  type SizeChart,
  type SizeChartUnit,
  shippingRateFor,
} from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { api } from '../../api/client.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import {
  costText,
  dollars,
  previewOf,
  scopeLabel,
  sizeRows,
  variantColours,
  weightText,
} from './catalogView.js';

/** The catalogue holds a few dozen products at most: one page of them. */
const CATALOG_PAGE_SIZE = 100;
const THUMB = { w: 192, h: 192 } as const;

/**
 * The product catalogue (Products menu): every product a campaign can be made of, with its
 * print spaces, colours, sizes, what each size costs to make and weighs, how it ships to each
 * region (with an estimate for a destination and quantity) and its size chart.
 */
export function ProductCatalogPage() {
  const title = usePageTitle();
  const [q, setQ] = useState('');
  const list = useQuery({
    queryKey: ['catalog', 'productTemplates', CATALOG_PAGE_SIZE],
    queryFn: () => api.catalog.productTemplates({ query: { per_page: CATALOG_PAGE_SIZE } }),
  });
  const templates = list.data?.data ?? [];
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return needle ? templates.filter((t) => t.name.toLowerCase().includes(needle)) : templates;
  }, [templates, q]);

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <p className="text-body-secondary" style={{ maxWidth: 760 }}>
        The products your campaigns are made of. Base costs are what making one item costs you; your
        sell price covers the dearest size you offer, and the buyer pays shipping.
      </p>
      <div className="mb-3" style={{ maxWidth: 360 }}>
        <label htmlFor="catalog-search" className="form-label small mb-1">
          Search products
        </label>
        <input
          id="catalog-search"
          type="search"
          className="form-control form-control-sm"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <FormError error={list.error} />
      {list.isPending ? (
        <div className="text-body-secondary" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          Loading the catalogue…
        </div>
      ) : null}
      {list.isSuccess && shown.length === 0 ? (
        <p className="text-body-secondary">
          {templates.length === 0 ? 'The catalogue has no products yet.' : 'No product matches.'}
        </p>
      ) : null}
      <div className="vstack gap-3" data-testid="catalog-products">
        {shown.map((template) => (
          <ProductCard key={template.id} template={template} />
        ))}
      </div>
    </>
  );
}

function ProductCard({ template }: { template: ProductTemplate }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const rows = sizeRows(template);
  const colours = variantColours(template);
  const preview = previewOf(template);
  const headingId = `${detailsId}-name`;
  return (
    <section className="card" aria-labelledby={headingId} data-testid="catalog-product">
      <div className="card-body">
        <div className="d-flex gap-3 align-items-start">
          {preview ? (
            <img
              src={api.images.url(preview, THUMB)}
              alt=""
              width={96}
              height={96}
              className="rounded bg-body-tertiary object-fit-contain flex-shrink-0"
            />
          ) : null}
          <div className="flex-grow-1">
            <h2 className="h5 mb-1" id={headingId}>
              {template.name}{' '}
              {template.mockup_type === '3d' ? (
                <span className="badge text-bg-info align-middle">3D</span>
              ) : null}
            </h2>
            <div className="small text-body-secondary">
              Print spaces: {template.print_spaces.map((s) => s.name).join(', ')}
            </div>
            {template.sizes.length > 0 ? (
              <div className="small" data-testid="catalog-sizes">
                {template.sizes.length === 1 ? 'Size' : 'Sizes'} {template.sizes.join(', ')}
              </div>
            ) : null}
            <div className="small">
              Base cost {costText(template.variants.map((v) => v.base_cost))}
            </div>
            {colours.length > 0 ? (
              <ul className="list-inline mb-0 mt-1" aria-label={`Colours of ${template.name}`}>
                {colours.map((c) => (
                  <li key={c.name} className="list-inline-item small me-2">
                    <span
                      aria-hidden="true"
                      className="d-inline-block rounded-circle border align-middle me-1"
                      style={{ width: 14, height: 14, background: c.hex_code }}
                    />
                    {c.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide details' : 'Details'}
            <span className="visually-hidden"> of {template.name}</span>
          </button>
        </div>
        <div id={detailsId} hidden={!open} className="mt-3">
          {open ? (
            <div className="row g-4">
              <div className="col-lg-6 vstack gap-3">
                {template.description ? (
                  template.description_format === 'html' ? (
                    // The server sanitizes HTML descriptions before answering.
                    <div
                      className="small"
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server
                      dangerouslySetInnerHTML={{ __html: template.description }}
                    />
                  ) : (
                    <p className="small mb-0">{template.description}</p>
                  )
                ) : null}
                <div>
                  <h3 className="h6">Base cost by size</h3>
                  <table className="table table-sm align-middle mb-0">
                    <thead>
                      <tr>
                        <th scope="col">Size</th>
                        <th scope="col">Base cost</th>
                        <th scope="col">Weight</th>
                        <th scope="col">Colours</th>
                      </tr>
                    </thead>
                    <tbody data-testid="catalog-size-rows">
                      {rows.map((row) => (
                        <tr key={row.size}>
                          <th scope="row">{row.size}</th>
                          <td>{costText(row.costs)}</td>
                          <td>
                            {row.weights.length > 0 ? weightText(Math.max(...row.weights)) : '—'}
                          </td>
                          <td>{row.colors}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {template.size_chart ? <SizeChartTable chart={template.size_chart} /> : null}
              </div>
              <div className="col-lg-6">
                <ShippingSection template={template} />
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function SizeChartTable({ chart }: { chart: SizeChart }) {
  const [unit, setUnit] = useState<SizeChartUnit>(chart.unit);
  const shown = convertSizeChart(chart, unit);
  const name = useId();
  return (
    <div>
      <div className="d-flex align-items-center gap-3 mb-1">
        <h3 className="h6 mb-0">Size chart</h3>
        <fieldset className="d-flex gap-2 small">
          <legend className="visually-hidden">Unit</legend>
          {(['in', 'cm'] as const).map((u) => (
            <div className="form-check form-check-inline m-0" key={u}>
              <input
                className="form-check-input"
                type="radio"
                name={name}
                id={`${name}-${u}`}
                checked={unit === u}
                onChange={() => setUnit(u)}
              />
              <label className="form-check-label" htmlFor={`${name}-${u}`}>
                {u === 'in' ? 'Inches' : 'Centimetres'}
              </label>
            </div>
          ))}
        </fieldset>
      </div>
      <table className="table table-sm mb-0" data-testid="size-chart">
        <thead>
          <tr>
            <th scope="col">Size</th>
            {shown.columns.map((c) => (
              <th scope="col" key={c}>
                {c} ({shown.unit})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.rows.map((row) => (
            <tr key={row.size}>
              <th scope="row">{row.size}</th>
              {row.values.map((v, i) => (
                <td key={shown.columns[i] ?? i}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ShippingSection({ template }: { template: ProductTemplate }) {
  const profile = template.shipping;
  const [country, setCountry] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [estimate, setEstimate] = useState<string | null>(null);
  const formId = useId();
  if (!profile) {
    return <p className="small text-body-secondary">This product has no shipping rates yet.</p>;
  }
  function estimateShipping(e: FormEvent) {
    e.preventDefault();
    const code = country.trim().toUpperCase();
    const count = Number(quantity);
    if (!/^[A-Z]{2}$/.test(code)) {
      setEstimate('Enter a two-letter country code, e.g. US, DE or JP.');
      return;
    }
    if (!Number.isInteger(count) || count < 1) {
      setEstimate('Enter a quantity of at least 1.');
      return;
    }
    const quote = profile && shippingRateFor(profile, code, count);
    setEstimate(
      quote
        ? `Shipping ${count} to ${code}: ${dollars(quote.amount)} (${scopeLabel(quote.scope)} rate).`
        : `${template.name} does not ship to ${code}.`,
    );
  }
  return (
    <div>
      <h3 className="h6">Shipping ({profile.name})</h3>
      <table className="table table-sm mb-2">
        <thead>
          <tr>
            <th scope="col">Destination</th>
            <th scope="col">First item</th>
            <th scope="col">Each additional item</th>
          </tr>
        </thead>
        <tbody data-testid="shipping-rates">
          {profile.rates.map((rate) => (
            <tr key={rate.scope}>
              <th scope="row">{scopeLabel(rate.scope)}</th>
              <td>{dollars(rate.first_item)}</td>
              <td>{dollars(rate.additional_item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small text-body-secondary mb-2">
        A country's own rate comes first, then Europe's for European countries, then the rate for
        everywhere else.
      </p>
      <form className="row g-2 align-items-end" onSubmit={estimateShipping} noValidate>
        <div className="col-4">
          <label htmlFor={`${formId}-country`} className="form-label small mb-1">
            Country code
          </label>
          <input
            id={`${formId}-country`}
            className="form-control form-control-sm"
            maxLength={2}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          />
        </div>
        <div className="col-3">
          <label htmlFor={`${formId}-quantity`} className="form-label small mb-1">
            Quantity
          </label>
          <input
            id={`${formId}-quantity`}
            className="form-control form-control-sm"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-sm btn-primary">
            Estimate shipping
          </button>
        </div>
      </form>
      {estimate ? (
        <p className="small mt-2 mb-0" role="status">
          {estimate}
        </p>
      ) : null}
    </div>
  );
}
