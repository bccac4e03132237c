import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakeS3.js';
import type { S3Config } from '../config.js';
import { putNewObject, readObject } from './s3Objects.js';

describe('readObject (the AI tools read their input from the bucket)', () => {
  let bucket: FakeS3;
  let config: S3Config;
  beforeAll(async () => {
    bucket = await startFakeS3();
    config = {
      endpoint: bucket.endpoint,
      bucket: bucket.bucket,
      region: 'us-east-1',
      accessKeyId: bucket.accessKeyId,
      secretAccessKey: 'fake-secret',
      forcePathStyle: true,
    };
  });
  afterAll(() => bucket.close());

  it('answers the whole object, and null for a key the bucket does not hold', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    bytes.write('PNG', 1);
    expect(await putNewObject(config, 's3/ai-design/abc123.png', bytes, 'image/png')).toBe(true);
    const read = await readObject(config, 's3/ai-design/abc123.png');
    expect(read?.equals(bytes)).toBe(true);
    expect(bucket.requests.at(-1)).toMatchObject({ method: 'GET', range: undefined });
    expect(await readObject(config, 's3/ai-design/none.png')).toBeNull();
  });
});
