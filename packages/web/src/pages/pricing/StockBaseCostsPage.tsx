import { formatCurrency, type StockBaseCost, toMajor } from '@printloom/core';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useStockBaseCosts } from '../../api/hooks/usePricing.js';
import { FormError } from '../auth/FormError.js';
import { SearchBox } from '../lists/SearchBox.js';
import { usePageTitle } from '../usePageTitle.js';

/** How a shipping scope reads: a country code, Europe ('150') or the rest of the world ('*'). */
export function scopeName(scope: string): string {
  if (scope === '*') return 'Rest of the world';
  if (scope === '150') return 'Europe';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(scope) ?? scope;
  } catch {
    return scope;
  }
}

/**
 * Stock Base Costs (spec §2 /product/stock-base-cost): what each catalogue product costs to make
 * per size and colour, and to ship per region (first item, each additional item), searchable by
 * product or SKU. Every profit figure starts from these numbers.
 */
export function StockBaseCostsPage() {
  const title = usePageTitle();
  const [q, setQ] = useState('');
  const list = useStockBaseCosts(q ? { q } : {});
  const templates = list.data ?? [];
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <SearchBox value={q} label="Search by product or SKU" onSearch={setQ} />
      <FormError error={list.error} />
      {list.isPending ? (
        <p className="placeholder-glow mt-3" aria-busy="true">
          <span className="placeholder col-6" />
        </p>
      ) : null}
      <div aria-busy={list.isFetching} data-testid="base-cost-templates">
        {templates.map((template) => (
          <TemplateCosts key={template.template_id} template={template} />
        ))}
      </div>
      {list.isSuccess && templates.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          {q ? 'No product or SKU matches.' : 'The catalogue has no products yet.'}
        </p>
      ) : null}
    </>
  );
}

function TemplateCosts({ template }: { template: StockBaseCost }) {
  const money = (minor: number) => formatCurrency(toMajor(minor), template.currency);
  const headingId = `base-cost-${template.template_id}`;
  return (
    <section className="card card-body mt-3" aria-labelledby={headingId}>
      <h2 className="h5" id={headingId}>
        {template.template_name}
      </h2>
      <div className="row g-3">
        <div className="col-lg-7 table-responsive">
          <Table size="sm" className="mb-0">
            <caption className="caption-top">Base cost per variant</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Colour</th>
                <th scope="col">Size</th>
                <th scope="col" className="text-end">
                  Base cost
                </th>
              </tr>
            </thead>
            <tbody>
              {template.variants.map((variant) => (
                <tr key={variant.sku}>
                  <td className="font-monospace small">{variant.sku}</td>
                  <td>
                    <span
                      className="d-inline-block rounded-circle border me-1 align-middle"
                      style={{ width: 12, height: 12, background: variant.color_hex }}
                      aria-hidden="true"
                    />
                    {variant.color}
                  </td>
                  <td>{variant.size}</td>
                  <td className="text-end">{money(variant.base_cost)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <div className="col-lg-5 table-responsive">
          <Table size="sm" className="mb-0">
            <caption className="caption-top">Shipping per region</caption>
            <thead>
              <tr>
                <th scope="col">Region</th>
                <th scope="col" className="text-end">
                  First item
                </th>
                <th scope="col" className="text-end">
                  Each additional
                </th>
              </tr>
            </thead>
            <tbody>
              {template.shipping.map((rate) => (
                <tr key={rate.scope}>
                  <td>{scopeName(rate.scope)}</td>
                  <td className="text-end">{money(rate.first_item)}</td>
                  <td className="text-end">{money(rate.additional_item)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </div>
    </section>
  );
}
