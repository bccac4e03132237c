import { describe, expect, it } from 'vitest';
import { clientInfoFromTrace, parseTrace } from './parseTrace.js';

describe('parseTrace', () => {
  it('reads the address, country and user agent of a trace', () => {
    const trace = parseTrace(
      'fl=29f1\nh=shop.example\nip=203.0.113.9\nts=1700000000.1\nuag=Mozilla/5.0 (X11) a=b\nloc=VN\nbroken\n',
    );
    expect(trace).toMatchObject({
      h: 'shop.example',
      ip: '203.0.113.9',
      uag: 'Mozilla/5.0 (X11) a=b',
    });
    expect(clientInfoFromTrace(trace)).toEqual({
      ip: '203.0.113.9',
      location: 'VN',
      userAgent: 'Mozilla/5.0 (X11) a=b',
    });
  });
  it('falls back to empty values', () => {
    expect(clientInfoFromTrace(parseTrace('<html>not a trace</html>'))).toEqual({
      ip: '',
      location: '',
      userAgent: '',
    });
    expect(clientInfoFromTrace(parseTrace('ip=1.2.3.4\nloc=XX'))).toMatchObject({ location: '' });
  });
});
