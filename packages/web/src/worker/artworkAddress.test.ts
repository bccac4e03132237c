import { describe, expect, it } from 'vitest';
import { artworkAddress } from './artworkAddress.js';

const origin = 'https://seller.printloom.test';
const proxy = (url: string) => `/img?url=${encodeURIComponent(url)}`;

describe('artwork address the tab reads', () => {
  it('reads the API files, images/ paths and data: addresses as they are', () => {
    expect(artworkAddress('/files/s1/art.png', origin, proxy)).toBe('/files/s1/art.png');
    expect(artworkAddress('images/logo.png', origin, proxy)).toBe('/images/logo.png');
    expect(artworkAddress('data:image/png;base64,AAAA', origin, proxy)).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(artworkAddress(`${origin}/files/a.png`, origin, proxy)).toBe(`${origin}/files/a.png`);
  });

  it('sends other hosts through the image proxy', () => {
    expect(artworkAddress('https://cdn.example.com/a.png', origin, proxy)).toBe(
      '/img?url=https%3A%2F%2Fcdn.example.com%2Fa.png',
    );
  });

  it('refuses an empty or malformed address with the row message', () => {
    expect(() => artworkAddress('  ', origin, proxy)).toThrow('Design url is invalid');
    expect(() => artworkAddress('http://', origin, proxy)).toThrow('Design url is invalid');
  });
});
