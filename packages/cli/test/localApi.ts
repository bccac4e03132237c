import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a route of the local API answers: a status and a JSON body (the API's envelope). */
export interface LocalAnswer {
  status: number;
  body: unknown;
}

export interface LocalRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type LocalRoute = (request: LocalRequest) => LocalAnswer | Promise<LocalAnswer>;

export interface LocalApi {
  url: string;
  /** Every request received, in order. */
  requests: LocalRequest[];
  close(): Promise<void>;
}

export const ok = (data: unknown): LocalAnswer => ({ status: 200, body: { success: true, data } });
export const refused = (status: number, message: string): LocalAnswer => ({
  status,
  body: { success: false, message },
});

/** A user as `GET /me` answers it. */
export function meAnswer(email: string) {
  return ok({ id: 7, name: 'Local Seller', email, created_at: '2026-01-01T00:00:00Z' });
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A local HTTP server standing in for the Printloom API: `routes` maps "METHOD /path" (no query)
 * to an answer; anything else is a 404 in the API's error envelope.
 */
export async function startLocalApi(routes: Record<string, LocalRoute>): Promise<LocalApi> {
  const requests: LocalRequest[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const received: LocalRequest = {
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
        body: await readBody(request),
      };
      requests.push(received);
      const route = routes[`${received.method} ${path}`];
      const answer = route ? await route(received) : refused(404, 'Not found.');
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** An address on which nothing listens: a server that was started, then closed. */
export async function deadAddress(): Promise<string> {
  const api = await startLocalApi({});
  await api.close();
  return api.url;
}
