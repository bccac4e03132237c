// @vitest-environment happy-dom
import { ProductTemplate } from '@printloom/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplatePicker } from './TemplatePicker.js';

afterEach(cleanup);

const white = { name: 'White', hex_code: '#FFFFFF' };
const sizes = ['S', 'M', 'L', 'XL', '2XL', '3XL'];

const tee = ProductTemplate.parse({
  id: 1,
  name: 'Unisex T-shirt',
  base_cost: 11.5,
  print_spaces: [
    { name: 'front', width: 4200, height: 4800 },
    { name: 'back', width: 4200, height: 4800 },
  ],
  sizes,
  variants: sizes.map((size, i) => ({
    id: i + 1,
    size,
    color: white,
    base_cost: size === '3XL' ? 1550 : size === '2XL' ? 1350 : 1150,
    weight_grams: 180,
    sku: `TEE-WHT-${size}`,
  })),
});

const mug = ProductTemplate.parse({
  id: 2,
  name: 'Mug 11 oz',
  base_cost: 6.5,
  print_spaces: [{ name: 'wrap', width: 2700, height: 1100 }],
  sizes: ['11 oz'],
  variants: [
    { id: 9, size: '11 oz', color: white, base_cost: 650, weight_grams: 350, sku: 'MUG11' },
  ],
});

describe('TemplatePicker product cards', () => {
  it('show each product its sizes, print spaces and base cost range', () => {
    render(
      <TemplatePicker
        templates={[tee, mug]}
        chosen={new Set()}
        onToggle={() => {}}
        disabled={false}
      />,
    );
    const teeCard = screen.getByLabelText(/Unisex T-shirt/);
    const teeLabel = teeCard.closest('div') as HTMLElement;
    expect(within(teeLabel).getByTestId('sizes').textContent).toBe('Sizes S, M, L, XL, 2XL, 3XL');
    expect(teeLabel.textContent).toContain('front, back · base cost $11.50–$15.50');
    const mugLabel = screen.getByLabelText(/Mug 11 oz/).closest('div') as HTMLElement;
    expect(within(mugLabel).getByTestId('sizes').textContent).toBe('Size 11 oz');
    expect(mugLabel.textContent).toContain('base cost $6.50');
  });

  it('chooses a product when its card is ticked', async () => {
    const onToggle = vi.fn();
    render(
      <TemplatePicker templates={[tee]} chosen={new Set()} onToggle={onToggle} disabled={false} />,
    );
    await userEvent.setup().click(screen.getByLabelText(/Unisex T-shirt/));
    expect(onToggle).toHaveBeenCalledWith(tee, true);
  });
});
