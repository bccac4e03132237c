import { createHash, createHmac } from 'node:crypto';

/** An S3-compatible bucket (AWS S3, MinIO, R2, …) the blob store writes to when configured. */
export interface S3Config {
  /** e.g. https://s3.amazonaws.com or http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO) instead of the host name (AWS). */
  forcePathStyle?: boolean;
  /** Where stored objects are read publicly (a CDN); the bucket address when unset. */
  publicUrl?: string | undefined;
}

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - . _ ~ stay as they are. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** The object's address: host and path, virtual-hosted or path style. */
export function objectAddress(
  config: S3Config,
  key: string,
): { origin: string; host: string; path: string } {
  const endpoint = new URL(config.endpoint);
  const encodedKey = key.split('/').map(encode).join('/');
  if (config.forcePathStyle) {
    return {
      origin: endpoint.origin,
      host: endpoint.host,
      path: `/${config.bucket}/${encodedKey}`,
    };
  }
  const host = `${config.bucket}.${endpoint.host}`;
  return { origin: `${endpoint.protocol}//${host}`, host, path: `/${encodedKey}` };
}

/** Where a stored object is read. */
export function objectUrl(config: S3Config, key: string): string {
  if (config.publicUrl)
    return `${config.publicUrl.replace(/\/+$/, '')}/${key.split('/').map(encode).join('/')}`;
  const { origin, path } = objectAddress(config, key);
  return `${origin}${path}`;
}

/**
 * A SigV4 query-signed URL (AWS "authenticating requests: query parameters"). A bound content
 * type is a signed header, so the upload must send exactly that Content-Type.
 */
export function presignS3(
  config: S3Config,
  request: {
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
    key: string;
    expiresIn: number;
    now: Date;
    contentType?: string | undefined;
  },
): string {
  const { origin, host, path } = objectAddress(config, request.key);
  const amzDate = request.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${config.region}/s3/aws4_request`;
  const headers: Array<[string, string]> = [];
  if (request.contentType) headers.push(['content-type', request.contentType.trim()]);
  headers.push(['host', host]);
  const signedHeaders = headers.map(([name]) => name).join(';');
  const query = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${config.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(request.expiresIn)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ]
    .map(([name, value]) => `${encode(name ?? '')}=${encode(value ?? '')}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    path,
    query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    UNSIGNED_PAYLOAD,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), config.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${origin}${path}?${query}&X-Amz-Signature=${signature}`;
}
