import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible bucket over HTTP for tests: path-style `/{bucket}/{key}` PUT, GET (with
 * Range), HEAD and DELETE, answering as S3 does (206 + Content-Range, 416 on an empty object,
 * 404 NoSuchKey, 204 on DELETE, an ETag of the MD5 of the bytes on PUT, GET and HEAD, and 412
 * PreconditionFailed to a PUT with `If-None-Match: *` when the key exists — S3 conditional writes). Requests must carry SigV4 credentials for its access key — query
 * parameters of a presigned address or an `Authorization: AWS4-HMAC-SHA256` header — and a
 * presigned address must not have expired; otherwise 403 AccessDenied. Signatures themselves
 * are accepted as they are (the signer is checked against AWS's published vector elsewhere).
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  objects: Map<string, { bytes: Buffer; contentType: string | undefined; etag: string }>;
  requests: Array<{ method: string; key: string; range: string | undefined }>;
  close(): Promise<void>;
}

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

function xmlError(res: ServerResponse, status: number, code: string): void {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

function authorised(req: IncomingMessage, url: URL, accessKeyId: string): boolean {
  const header = req.headers.authorization;
  if (header) {
    return header.startsWith('AWS4-HMAC-SHA256 ') && header.includes(`Credential=${accessKeyId}/`);
  }
  const q = url.searchParams;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return false;
  if (!q.get('X-Amz-Credential')?.startsWith(`${accessKeyId}/`)) return false;
  if (!/^[0-9a-f]{64}$/.test(q.get('X-Amz-Signature') ?? '')) return false;
  const date = AMZ_DATE.exec(q.get('X-Amz-Date') ?? '');
  const expires = Number(q.get('X-Amz-Expires'));
  if (!date || !Number.isInteger(expires) || expires < 1 || expires > 604_800) return false;
  const [, y, mo, d, h, mi, s] = date.map(Number);
  const signedAt = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  return Date.now() <= signedAt + expires * 1000;
}

export async function startFakeS3(
  options: { bucket?: string; accessKeyId?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'media';
  const accessKeyId = options.accessKeyId ?? 'AKFAKE';
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bucket');
    const [, name, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', key, range: req.headers.range });
      if (name !== bucket) return xmlError(res, 404, 'NoSuchBucket');
      if (!authorised(req, url, accessKeyId)) return xmlError(res, 403, 'AccessDenied');
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT': {
          if (req.headers['if-none-match'] === '*' && object)
            return xmlError(res, 412, 'PreconditionFailed');
          const bytes = Buffer.concat(chunks);
          const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
          objects.set(key, { bytes, contentType: req.headers['content-type'], etag });
          return res.writeHead(200, { etag }).end();
        }
        case 'DELETE':
          objects.delete(key);
          return res.writeHead(204).end();
        case 'HEAD':
          if (!object) return res.writeHead(404).end();
          return res
            .writeHead(200, { 'content-length': object.bytes.length, etag: object.etag })
            .end();
        case 'GET': {
          if (!object) return xmlError(res, 404, 'NoSuchKey');
          const size = object.bytes.length;
          const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
          if (!range) {
            return res
              .writeHead(200, {
                'content-length': size,
                'content-type': object.contentType ?? 'binary/octet-stream',
                etag: object.etag,
              })
              .end(object.bytes);
          }
          const start = Number(range[1]);
          if (start >= size) return xmlError(res, 416, 'InvalidRange');
          const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
          return res
            .writeHead(206, {
              'content-length': end - start + 1,
              'content-range': `bytes ${start}-${end}/${size}`,
              etag: object.etag,
            })
            .end(object.bytes.subarray(start, end + 1));
        }
        default:
          return xmlError(res, 405, 'MethodNotAllowed');
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    accessKeyId,
    objects,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
