import { formatCurrency, type ProductTemplate } from '@printloom/core';
import { ColorSwatches } from '../../../editor/ColorSwatches.js';
import {
  coloursOf,
  type FormErrors,
  highestBaseCost,
  type ProductFormValue,
} from './campaignForm.js';

/** Sell price, offered colours and default colour of each product, with their errors. */
export function PricingFields({
  products,
  templates,
  errors,
  onChange,
}: {
  products: readonly ProductFormValue[];
  templates: ReadonlyMap<number, ProductTemplate>;
  errors: FormErrors;
  onChange(templateId: number, patch: Partial<ProductFormValue>): void;
}) {
  if (products.length === 0) {
    return <p className="small text-body-secondary mb-0">Choose a product to set its price.</p>;
  }
  return (
    <div className="vstack gap-3" data-testid="pricing">
      {products.map((product, index) => {
        const template = templates.get(product.templateId);
        const base = template ? highestBaseCost(template, product.colors) : 0;
        const sizes = template?.sizes ?? [];
        const priceId = `price-${product.templateId}`;
        const priceError = errors[`products.${product.templateId}.price`];
        const colorError = errors[`products.${product.templateId}.colors`];
        const price = Number(product.price);
        const colours = coloursOf(template);
        return (
          <div key={product.templateId} className="border-bottom pb-3">
            <div className="fw-semibold">{template?.name ?? `Product ${product.templateId}`}</div>
            <label htmlFor={priceId} className="form-label small mb-1 mt-1">
              Sell price (USD)
            </label>
            <div className="input-group input-group-sm">
              <span className="input-group-text">$</span>
              <input
                id={priceId}
                className={`form-control ${priceError ? 'is-invalid' : ''}`}
                inputMode="decimal"
                value={product.price}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={`${priceId}-help ${priceId}-error`}
                {...(index === 0 ? { 'data-tour': 'sell-price-input' } : {})}
                onChange={(e) => onChange(product.templateId, { price: e.target.value })}
              />
              <div className="invalid-feedback" id={`${priceId}-error`}>
                {priceError}
              </div>
            </div>
            <div className="form-text" id={`${priceId}-help`}>
              {sizes.length > 1 ? 'Highest base cost' : 'Base cost'} {formatCurrency(base, 'USD')}
              {sizes.length > 1 ? ` (sizes ${sizes.join(', ')})` : ''}
              {Number.isFinite(price) && price >= base
                ? ` · profit ${sizes.length > 1 ? 'at least ' : ''}${formatCurrency(price - base, 'USD')} per sale`
                : ''}
            </div>
            {colours.length > 0 && (
              <fieldset className="mt-2">
                <legend className="form-label small mb-1">Colours offered</legend>
                <div className="d-flex flex-wrap gap-2">
                  {colours.map((colour) => {
                    const id = `colour-${product.templateId}-${colour.name}`;
                    return (
                      <div className="form-check form-check-inline me-0" key={colour.name}>
                        <input
                          className="form-check-input"
                          type="checkbox"
                          id={id}
                          checked={product.colors.includes(colour.name)}
                          onChange={(e) => {
                            const colors = e.target.checked
                              ? colours
                                  .map((c) => c.name)
                                  .filter((n) => n === colour.name || product.colors.includes(n))
                              : product.colors.filter((n) => n !== colour.name);
                            const defaultColor = colors.includes(product.defaultColor)
                              ? product.defaultColor
                              : (colors[0] ?? '');
                            onChange(product.templateId, { colors, defaultColor });
                          }}
                        />
                        <label className="form-check-label small" htmlFor={id}>
                          {colour.name}
                        </label>
                      </div>
                    );
                  })}
                </div>
                {colorError && <div className="small text-danger">{colorError}</div>}
                <div className="small mt-2 mb-1">Default colour</div>
                <ColorSwatches
                  colors={colours.filter((c) => product.colors.includes(c.name))}
                  value={product.defaultColor}
                  onChange={(name) => onChange(product.templateId, { defaultColor: name })}
                  label={`Default colour of ${template?.name ?? 'the product'}`}
                />
              </fieldset>
            )}
          </div>
        );
      })}
    </div>
  );
}
