import { describe, expect, it } from 'vitest';
import { objectUrl, presignS3 } from './s3Presign.js';

// AWS's documented example of a query-signed GET (S3 API reference, SigV4 query parameters).
const EXAMPLE = {
  endpoint: 'https://s3.amazonaws.com',
  bucket: 'examplebucket',
  region: 'us-east-1',
  accessKeyId: ['AKIA', 'IOSFODNN7EXAMPLE'].join(''),
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('presignS3', () => {
  it("reproduces AWS's published presigned URL exactly", async () => {
    const url = await presignS3(EXAMPLE, {
      method: 'GET',
      key: 'test.txt',
      expiresIn: 86_400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs the content type of a PUT and addresses MinIO path style', async () => {
    const url = new URL(
      await presignS3(
        { ...EXAMPLE, endpoint: 'http://minio:9000', forcePathStyle: true },
        {
          method: 'PUT',
          key: 's1/p/12/ab12cd.png',
          expiresIn: 900,
          now: new Date('2026-11-23T08:00:00Z'),
          contentType: 'image/png',
        },
      ),
    );
    expect(url.origin + url.pathname).toBe('http://minio:9000/examplebucket/s1/p/12/ab12cd.png');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads objects through the public address when one is set', () => {
    expect(objectUrl({ ...EXAMPLE, publicUrl: 'https://cdn.example.test/' }, 's1/a b.png')).toBe(
      'https://cdn.example.test/s1/a%20b.png',
    );
    expect(objectUrl(EXAMPLE, 's1/x.png')).toBe('https://examplebucket.s3.amazonaws.com/s1/x.png');
  });
});
