import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.js';
import { s3Client } from './s3Client.js';

export type { S3Config } from '../config.js';

const UNSIGNED_PAYLOAD_HEADER = 'x-amz-content-sha256';

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - . _ ~ stay as they are. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

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
 * A SigV4 query-signed URL (AWS "authenticating requests: query parameters"), signed by the AWS
 * SDK's S3 presigner. A bound content type is a signed header, so the upload must send exactly
 * that Content-Type. The payload is unsigned, as in AWS's documented form of these addresses: the
 * presigner's `X-Amz-Content-Sha256` stays a header (S3 assumes UNSIGNED-PAYLOAD for presigned
 * requests without it), and the parameters are written in AWS's documented order.
 *
 * Such an address works for any number of requests until it expires: S3 has no single-use
 * presigned URL (see blob/uploadChecks.ts for how a second PUT is caught).
 */
export async function presignS3(
  config: S3Config,
  request: {
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
    key: string;
    expiresIn: number;
    now: Date;
    contentType?: string | undefined;
  },
): Promise<string> {
  const { origin, host, path } = objectAddress(config, request.key);
  const url = new URL(origin);
  const headers: Record<string, string> = { host };
  if (request.contentType) headers['content-type'] = request.contentType.trim();
  const presigner = new S3RequestPresigner({ ...s3Client(config).config });
  const signed = await presigner.presign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path,
      query: {},
      headers,
    },
    {
      expiresIn: request.expiresIn,
      signingDate: request.now,
      signableHeaders: new Set(request.contentType ? ['content-type'] : []),
      unsignableHeaders: new Set([UNSIGNED_PAYLOAD_HEADER]),
      unhoistableHeaders: new Set([UNSIGNED_PAYLOAD_HEADER]),
    },
  );
  const query = Object.entries(signed.query ?? {})
    .map(([name, value]) => `${encode(name)}=${encode(String(value))}`)
    .join('&');
  return `${origin}${path}?${query}`;
}
