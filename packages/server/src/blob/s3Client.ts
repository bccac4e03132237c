import { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';

/** How long the server waits for the bucket on one request. */
export const BUCKET_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;

const clients = new WeakMap<S3Config, S3Client>();

/**
 * The AWS SDK client of a configured bucket, made once per configuration. Checksums are only
 * computed and checked where S3 requires them: S3-compatible stores (MinIO, R2, …) differ in which
 * of the newer checksum headers they accept, and the server checks uploads by their bytes itself.
 */
export function s3Client(config: S3Config): S3Client {
  let client = clients.get(config);
  if (!client) {
    client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle ?? false,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // One retry for a dropped connection; a bucket that stays down is reported, not waited on.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: BUCKET_TIMEOUT_MS,
      },
    });
    clients.set(config, client);
  }
  return client;
}
