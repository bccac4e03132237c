import {
  type CheckoutFees,
  COMBO_MAX_PRODUCTS,
  COMBO_MIN_PRODUCTS,
  formatCurrency,
  type ProductTemplate,
  toMajor,
} from '@printloom/core';
import type { CampaignFormValues } from './campaignForm.js';
import { comboSummary } from './comboBundle.js';

const usd = (cents: number) => formatCurrency(toMajor(cents), 'USD');

/**
 * The bundle of a combo campaign (spec §3 type combo): the products sold together, one price
 * for the set, the least it may sell for and what it saves against buying them separately.
 */
export function ComboBundle({
  values,
  templates,
  fees,
  error,
  onChange,
}: {
  values: CampaignFormValues;
  templates: ReadonlyMap<number, ProductTemplate>;
  fees: CheckoutFees;
  error: string | undefined;
  onChange(bundlePrice: string): void;
}) {
  const summary = comboSummary(values, templates, fees);
  const { minimum } = summary;
  return (
    <section className="vstack gap-2" aria-labelledby="bundle-heading" data-testid="combo-bundle">
      <h3 className="h6 mb-0" id="bundle-heading">
        Bundle
      </h3>
      <p className="small text-body-secondary mb-0">
        The products below sell together as one set: the buyer picks a colour and size of each and
        pays one price. A combo holds {COMBO_MIN_PRODUCTS} to {COMBO_MAX_PRODUCTS} products.
      </p>
      {summary.products.length === 0 ? (
        <p className="small mb-0">Choose the products of the set above.</p>
      ) : (
        <table className="table table-sm small mb-0">
          <caption className="visually-hidden">Products in the set</caption>
          <thead>
            <tr>
              <th scope="col">In the set</th>
              <th scope="col" className="text-end">
                On its own
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.products.map((p) => (
              <tr key={p.templateId}>
                <td>{p.name}</td>
                <td className="text-end">{p.price === null ? '–' : usd(p.price)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Bought separately</th>
              <td className="text-end" data-testid="combo-separate">
                {usd(summary.separate)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      <div>
        <label htmlFor="bundle-price" className="form-label small mb-1">
          Bundle price (USD)
        </label>
        <div className="input-group input-group-sm">
          <span className="input-group-text">$</span>
          <input
            id="bundle-price"
            className={`form-control ${error ? 'is-invalid' : ''}`}
            inputMode="decimal"
            value={values.bundlePrice ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby="bundle-price-help bundle-price-error"
            onChange={(e) => onChange(e.target.value)}
          />
          <div className="invalid-feedback" id="bundle-price-error">
            {error}
          </div>
        </div>
        <div className="form-text" id="bundle-price-help">
          At least {usd(minimum.minimum)} (base costs {usd(minimum.costs)} + fees{' '}
          {usd(minimum.fees)}), so the set never sells at a loss.
        </div>
      </div>
      {summary.bundle !== null && summary.products.length > 0 && (
        <p className="small mb-0" role="status" data-testid="combo-saving">
          {summary.saving > 0
            ? `Buyers save ${usd(summary.saving)} (${Math.round((summary.saving / summary.separate) * 100)} %) against buying the products separately.`
            : 'The set costs no less than its products bought separately: buyers see no saving.'}
        </p>
      )}
    </section>
  );
}
