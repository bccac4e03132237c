export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Reads '#rgb' or '#rrggbb' (the '#' may be left out); returns undefined for anything else. */
export function tryParseHex(value: string): Rgb | undefined {
  const match = HEX.exec(value.trim());
  if (!match?.[1]) return undefined;
  const digits = match[1];
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((d) => d + d)
          .join('')
      : digits;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

/** Like tryParseHex, but a bad colour is an error naming the value. */
export function parseHex(value: string): Rgb {
  const rgb = tryParseHex(value);
  if (!rgb) throw new TypeError(`'${value}' is not a colour written #rgb or #rrggbb`);
  return rgb;
}

/** '#rrggbb' in lower case. */
export function toHex({ r, g, b }: Rgb): string {
  const channel = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}
