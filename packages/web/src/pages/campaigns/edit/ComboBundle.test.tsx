// @vitest-environment happy-dom
import { COMBO_MESSAGES, ProductTemplate } from '@printloom/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComboBundle } from './ComboBundle.js';
import { type CampaignFormValues, formOfCampaign, productValueFor } from './campaignForm.js';
import { comboFormErrors } from './comboBundle.js';
import { type SaveCampaignInput, saveCampaign } from './saveCampaign.js';

afterEach(cleanup);

const white = { name: 'White', hex_code: '#FFFFFF' };
const sizes = ['S', 'M', '3XL'];
const tee = ProductTemplate.parse({
  id: 1,
  name: 'Unisex T-shirt',
  base_cost: 8,
  options: { color: ['White'] },
  print_spaces: [{ name: 'front', width: 4200, height: 4800 }],
  sizes,
  variants: sizes.map((size, i) => ({
    id: i + 1,
    size,
    color: white,
    base_cost: size === '3XL' ? 1000 : 800,
    weight_grams: 180,
    sku: `TEE-${size}`,
  })),
});
const mug = ProductTemplate.parse({
  id: 2,
  name: 'Mug 11 oz',
  base_cost: 5,
  options: { color: ['White'] },
  print_spaces: [{ name: 'wrap', width: 2700, height: 1100 }],
  sizes: ['11 oz'],
  variants: [{ id: 9, size: '11 oz', color: white, base_cost: 500, weight_grams: 350, sku: 'MUG' }],
});
const templates = new Map([
  [1, tee],
  [2, mug],
]);
/** 3 % processing, at least 0.50. */
const fees = { processing_fee: 3, processing_fee_min: 50 };

const values = (bundlePrice: string, products = [tee, mug]): CampaignFormValues => ({
  name: 'Cat set',
  slug: '',
  products: products.map((t, i) => ({ ...productValueFor(t), price: i === 0 ? '20.00' : '11.00' })),
  bundlePrice,
});

function Harness({ initial }: { initial: string }) {
  const [form, setForm] = useState(values(initial));
  return (
    <ComboBundle
      values={form}
      templates={templates}
      fees={fees}
      error={comboFormErrors(form, templates, fees, false).bundle_price}
      onChange={(bundlePrice) => setForm((v) => ({ ...v, bundlePrice }))}
    />
  );
}

describe('the combo editor bundle', () => {
  it('shows the set, what it costs apart, the least price and the saving as the seller types', async () => {
    render(<Harness initial="" />);
    expect(screen.getByRole('heading', { name: 'Bundle' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Unisex T-shirt' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Mug 11 oz' })).toBeTruthy();
    expect(screen.getByTestId('combo-separate').textContent).toBe('$31');
    // Base costs at the dearest size (10.00 + 5.00), fee 3 % = 0.45, below its 0.50 minimum.
    expect(screen.getByText(/^At least/).textContent).toBe(
      'At least $15.50 (base costs $15 + fees $0.50), so the set never sells at a loss.',
    );
    const input = screen.getByLabelText('Bundle price (USD)');
    await userEvent.type(input, '27.90');
    expect(screen.getByTestId('combo-saving').textContent).toBe(
      'Buyers save $3.10 (10 %) against buying the products separately.',
    );
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, '15.49');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(/never sells at a loss\.$/, { selector: '.invalid-feedback' }),
    ).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, '35');
    expect(screen.getByTestId('combo-saving').textContent).toMatch(/buyers see no saving/);
  });

  it('asks for two products and a bundle price to launch, as the server does', () => {
    expect(comboFormErrors(values('', [tee]), templates, fees, false)).toEqual({});
    expect(comboFormErrors(values('', [tee]), templates, fees, true)).toEqual({
      products: COMBO_MESSAGES.tooFew,
      bundle_price: COMBO_MESSAGES.noPrice,
    });
    expect(comboFormErrors(values('15.50'), templates, fees, true)).toEqual({});
    expect(comboFormErrors(values('15.4x'), templates, fees, false).bundle_price).toMatch(
      /^Write the bundle price as a number/,
    );
  });

  it('saves the bundle price in cents and reads it back', async () => {
    const saved = {
      id: 7,
      name: 'Cat set',
      status: 'draft',
      product_type: 'campaign',
      system_type: 'combo',
      bundle_price: 2790,
      designs: [],
      products: [],
    };
    const create = vi.fn(async (_: unknown) => saved);
    const update = vi.fn(async (_: unknown) => saved);
    await saveCampaign({
      api: {
        campaigns: {
          create: ({ body }: { body: unknown }) => create(body),
          update: ({ body }: { body: unknown }) => update(body),
        },
      } as unknown as SaveCampaignInput['api'],
      campaignId: null,
      type: 'combo',
      values: values('27.90'),
      templates,
      designs: {},
    });
    expect(create.mock.calls[0]?.[0]).toMatchObject({ system_type: 'combo', bundle_price: 2790 });
    expect(formOfCampaign(saved as never).bundlePrice).toBe('27.90');
  });
});
