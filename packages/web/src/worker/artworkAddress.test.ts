import { artworkSource } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { artworkAddress } from './artworkAddress.js';

const origin = 'https://seller.printloom.test';
const address = (url: string) => artworkAddress(artworkSource(url), origin);

describe('artwork address the tab reads', () => {
  it('reads the API files, images/ paths and data: addresses as they are', () => {
    expect(address('/files/s1/art.png')).toEqual({ url: `${origin}/files/s1/art.png` });
    expect(address('images/logo.png')).toEqual({ url: `${origin}/images/logo.png` });
    expect(address('data:image/png;base64,AAAA')).toEqual({ url: 'data:image/png;base64,AAAA' });
    expect(address(`${origin}/files/a.png`)).toEqual({ url: `${origin}/files/a.png` });
  });

  it("reads other hosts' artwork at its own address, the proxy's original bytes only after", () => {
    expect(address('https://cdn.example.com/a.png')).toEqual({
      url: 'https://cdn.example.com/a.png',
      fallbackUrl: `${origin}/img?url=https%3A%2F%2Fcdn.example.com%2Fa.png&original=1`,
    });
  });

  it('refuses an empty or malformed address with the row message', () => {
    expect(() => address('  ')).toThrow('Design url is invalid');
    expect(() => address('http://')).toThrow('Design url is invalid');
  });
});
