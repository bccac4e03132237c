import { baseCostRange, formatCurrency, type ProductTemplate } from '@printloom/core';
import { is3dTemplate } from './campaignForm.js';

/** The base cost a card shows: the range of its variants ("$11.50–$14.50"), else one cost. */
export function baseCostText(template: ProductTemplate): string {
  const range = baseCostRange(template.variants);
  if (!range) return formatCurrency(template.base_cost ?? 0, 'USD');
  const min = formatCurrency(range.min / 100, 'USD');
  return range.max > range.min ? `${min}–${formatCurrency(range.max / 100, 'USD')}` : min;
}

/** The catalog's products as a checklist (spec §2 product template selection). */
export function TemplatePicker({
  templates,
  chosen,
  onToggle,
  disabled,
  emptyText = 'The catalog has no products yet.',
}: {
  templates: readonly ProductTemplate[];
  chosen: ReadonlySet<number>;
  onToggle(template: ProductTemplate, on: boolean): void;
  disabled: boolean;
  /** What an empty choice says (an AOP editor: no all-over-print products). */
  emptyText?: string;
}) {
  if (templates.length === 0) {
    return <p className="text-body-secondary mb-0">{emptyText}</p>;
  }
  return (
    <fieldset disabled={disabled} data-tour="product-template-selection">
      <legend className="visually-hidden">Products of this campaign</legend>
      <div className="row g-2" data-testid="template-picker">
        {templates.map((template) => {
          const id = `template-${template.id}`;
          const on = chosen.has(template.id);
          return (
            <div className="col-sm-6 col-xxl-4" key={template.id}>
              <div
                className={`form-check border rounded p-2 ps-5 h-100 ${on ? 'border-primary' : ''}`}
              >
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={id}
                  checked={on}
                  onChange={(e) => onToggle(template, e.target.checked)}
                />
                <label className="form-check-label d-block" htmlFor={id}>
                  <span className="fw-semibold">{template.name}</span>{' '}
                  {is3dTemplate(template) && <span className="badge text-bg-info">3D</span>}
                  <span className="d-block small text-body-secondary">
                    {template.print_spaces.map((s) => s.name).join(', ')} · base cost{' '}
                    {baseCostText(template)}
                  </span>
                  {template.sizes.length > 0 && (
                    <span className="d-block small text-body-secondary" data-testid="sizes">
                      {template.sizes.length === 1 ? 'Size' : 'Sizes'} {template.sizes.join(', ')}
                    </span>
                  )}
                </label>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
