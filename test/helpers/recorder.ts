/**
 * A loopback HTTP server that records every request and answers from a handler; it also answers
 * the client-credentials grant, so a tenant client pointed at it gets a token.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The query string as sent (`?a=1&a=2`; `query` keeps only the last of a repeated key). */
  search: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Keeps the response open after the body, as a stream does (Server-Sent Events); it ends when the recorder closes. */
  open?: boolean;
}

export interface Recorder {
  readonly domain: string;
  readonly requests: RecordedRequest[];
  /** Requests other than the token grant. */
  apiRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export const RECORDER_TOKEN = 'recorder-access-token-value';

export async function startRecorder(handler: (req: RecordedRequest) => Answer = () => ({ body: {} })): Promise<Recorder> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://recorder');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        search: url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const answer = recorded.path === '/oauth/token' ? { body: { access_token: RECORDER_TOKEN, expires_in: 86400, token_type: 'Bearer' } } : handler(recorded);
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status ?? 200, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json', ...answer.headers });
      if (answer.open) res.write(text);
      else res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    domain: `127.0.0.1:${port}`,
    requests,
    apiRequests: () => requests.filter((r) => r.path !== '/oauth/token'),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
