import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from './createSecretBox.js';

describe('createSecretBox', () => {
  const box = createSecretBox('server-secret');

  it('seals a secret so that only the same server secret and context open it', () => {
    const sealed = box.seal('pk_live_123', 'klaviyo:7');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('pk_live_123');
    expect(box.open(sealed, 'klaviyo:7')).toBe('pk_live_123');
    expect(box.open(sealed, 'klaviyo:8')).toBeNull();
    expect(createSecretBox('another-secret').open(sealed, 'klaviyo:7')).toBeNull();
  });

  it('gives a different sealed text each time and refuses tampered or foreign text', () => {
    const a = box.seal('same', 'c');
    const b = box.seal('same', 'c');
    expect(a).not.toBe(b);
    const parts = a.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(box.open(parts.join('.'), 'c')).toBeNull();
    expect(box.open('pk_plain', 'c')).toBeNull();
    expect(box.open('v1.a.b', 'c')).toBeNull();
  });
});
