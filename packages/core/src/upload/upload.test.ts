import { describe, expect, it } from 'vitest';
import { fileExtension, fnv1a32, resolveImagePath, uploadFileName } from './index.js';

describe('fnv1a32', () => {
  it('matches the published FNV-1a test vectors', () => {
    expect(fnv1a32('')).toBe('811c9dc5');
    expect(fnv1a32('a')).toBe('e40c292c');
    expect(fnv1a32('foobar')).toBe('bf9cf968');
  });
});

describe('uploadFileName (spec §5)', () => {
  const now = new Date('2026-11-23T07:30:00.000Z');

  it('is 6 hex characters plus the original extension', () => {
    const name = uploadFileName('Summer Shirt.PNG', now);
    expect(name).toMatch(/^[0-9a-f]{6}\.png$/);
    expect(name).toBe(`${fnv1a32(`Summer Shirt.PNG${now.getTime()}`).slice(0, 6)}.png`);
  });

  it('changes with the name and with the time, and repeats for both equal', () => {
    const a = uploadFileName('a.jpg', now);
    expect(uploadFileName('a.jpg', now.getTime())).toBe(a);
    expect(uploadFileName('b.jpg', now)).not.toBe(a);
    expect(uploadFileName('a.jpg', now.getTime() + 1)).not.toBe(a);
  });

  it('keeps no extension when there is none and drops the browser path', () => {
    expect(uploadFileName('artwork', now)).toMatch(/^[0-9a-f]{6}$/);
    expect(uploadFileName('C:\\fakepath\\logo.svg', now)).toBe(uploadFileName('logo.svg', now));
    expect(fileExtension('.env')).toBe('');
    expect(fileExtension('archive.tar.gz')).toBe('.gz');
  });

  it('requires a file', () => {
    expect(() => uploadFileName('', now)).toThrow('Please choose a file to upload.');
    expect(() => uploadFileName('a.png', Number.NaN)).toThrow(/not a valid time/);
  });
});

describe('resolveImagePath (spec §5)', () => {
  it('uses http, images/ and data: paths as they are', () => {
    expect(resolveImagePath('https://cdn.example.com/a.png', 'https://assets.test')).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(resolveImagePath('http://x.test/a.png')).toBe('http://x.test/a.png');
    expect(resolveImagePath('images/logo.png', 'https://assets.test')).toBe('images/logo.png');
    expect(resolveImagePath('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(resolveImagePath('blob:https://x.test/1')).toBe('blob:https://x.test/1');
  });

  it('reads stored keys from the asset base', () => {
    expect(resolveImagePath('p/12/a.png', 'https://assets.test/')).toBe(
      'https://assets.test/p/12/a.png',
    );
    expect(resolveImagePath('/p/12/a.png', 'https://assets.test')).toBe(
      'https://assets.test/p/12/a.png',
    );
    expect(resolveImagePath('p/12/a.png')).toBe('/p/12/a.png');
  });

  it('refuses an empty path', () => {
    expect(() => resolveImagePath('  ')).toThrow('Image path is empty');
  });
});
