import { type Colour, clampBrightness, isDarkColor } from '@printloom/core';
import { useId } from 'react';

function normalise(hex: string): string {
  const long = /^#[0-9a-f]{3}$/i.test(hex)
    ? `#${[...hex.slice(1)].map((c) => c + c).join('')}`
    : hex;
  return long.toLowerCase();
}

/**
 * The product colours as swatches (spec §5 brightness rule): each shows the colour the mockup is
 * drawn in, so a colour darker than 20 % shows lightened to 20 %, as on the mockup. The check
 * mark is white on dark colours (brightness below 50) and black on light ones. Radio inputs, so
 * arrow keys move between colours.
 */
export function ColorSwatches({
  colors,
  value,
  onChange,
  label = 'Product colour',
  testId = 'color-swatches',
}: {
  colors: readonly Colour[];
  value: string | null;
  onChange(name: string): void;
  label?: string;
  testId?: string;
}) {
  const id = useId();
  if (colors.length === 0) return null;
  return (
    <fieldset className="d-flex flex-wrap gap-2" data-testid={testId}>
      <legend className="visually-hidden">{label}</legend>
      {colors.map((color, index) => {
        const shown = clampBrightness(color.hex_code);
        const lifted = shown.toLowerCase() !== normalise(color.hex_code);
        const checked = color.name === value;
        const inputId = `${id}-${index}`;
        return (
          <span key={color.name}>
            <input
              type="radio"
              className="btn-check"
              name={id}
              id={inputId}
              checked={checked}
              onChange={() => onChange(color.name)}
            />
            <label
              htmlFor={inputId}
              className="color-swatch"
              data-color={color.hex_code}
              title={lifted ? `${color.name} (shown lightened to 20 %, as on mockups)` : color.name}
              style={{ backgroundColor: shown, color: isDarkColor(shown) ? '#ffffff' : '#000000' }}
            >
              <span aria-hidden="true">{checked ? '✓' : ''}</span>
              <span className="visually-hidden">{color.name}</span>
            </label>
          </span>
        );
      })}
    </fieldset>
  );
}
