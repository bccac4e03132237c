import { describe, expect, it } from 'vitest';
import { uploadOrigins } from './app.js';

const base = { bucket: 'art', region: 'eu-west-1', accessKeyId: 'k', secretAccessKey: 's' };

describe('uploadOrigins', () => {
  it('allows nothing extra when uploads stay on the API host', () => {
    expect(uploadOrigins(undefined)).toEqual([]);
  });

  it('allows the bucket host for virtual-hosted buckets', () => {
    expect(uploadOrigins({ ...base, endpoint: 'https://s3.eu-west-1.amazonaws.com' })).toEqual([
      'https://s3.eu-west-1.amazonaws.com',
      'https://art.s3.eu-west-1.amazonaws.com',
    ]);
  });

  it('allows only the endpoint for path-style buckets such as MinIO', () => {
    expect(uploadOrigins({ ...base, endpoint: 'http://minio:9000', forcePathStyle: true })).toEqual(
      ['http://minio:9000'],
    );
  });
});
