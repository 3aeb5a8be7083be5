/**
 * A load generator, run as its own process by bench/emulator.ts so the load is not made by the
 * server's own event loop: `budget` GET requests to one URL over `connections` keep-alive
 * connections (one request at a time on each, no pipelining), after `warmup` requests not
 * counted; it stops at the budget or after `maxSeconds`, whichever comes first. Prints one JSON
 * line (LoadResult).
 *
 * It writes the request bytes itself and reads only the status line and Content-Length of each
 * answer: node:http's client costs about as much a request as a server, and on a 2-core machine
 * it would measure itself rather than the server.
 *
 *   node http-load.js '{"url":"http://127.0.0.1:4010/api/v2/users/x","headers":{…},"budget":20000,…}'
 */
import * as net from 'node:net';
import { toError } from '../../nodes/shared/errors';

export interface LoadSpec {
  url: string;
  headers?: Record<string, string>;
  /** Requests counted. */
  budget: number;
  /** Requests sent first and not counted (sockets, JIT, the server's caches). */
  warmup: number;
  /** Keep-alive connections, each sending its next request when its answer is read. */
  connections: number;
  /** The run ends here even if the budget is not spent. */
  maxSeconds: number;
}

export interface LoadResult {
  completed: number;
  /** Connections that ended in an error (their unanswered request is lost). */
  failed: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  elapsedMs: number;
  requestsPerSecond: number;
  /** Whether the run ended on time rather than on budget. */
  timedOut: boolean;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The request's bytes, once: `GET path HTTP/1.1`, Host, keep-alive, the given headers. */
function requestBytes(url: URL, headers: Record<string, string>): Buffer {
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** One keep-alive connection: sends a request whenever `next()` allows, reports each answer's status. */
function connection(url: URL, request: Buffer, next: () => boolean, onAnswer: (status: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 80), noDelay: true });
    let pending: Buffer = Buffer.alloc(0);
    let expected = -1; // bytes of the current answer (headers + body), once its headers are in
    let status = 0;
    const send = (): void => {
      if (next()) socket.write(request);
      else socket.end();
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (expected < 0) {
          const end = pending.indexOf(HEADER_END);
          if (end < 0) return;
          const head = pending.subarray(0, end).toString('latin1');
          status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) {
            socket.destroy(new Error(`an answer without Content-Length (status ${status}): not supported by this load generator`));
            return;
          }
          expected = end + HEADER_END.length + Number(length[1]);
        }
        if (pending.length < expected) return;
        pending = pending.subarray(expected);
        expected = -1;
        onAnswer(status);
        send();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

async function load(spec: LoadSpec): Promise<LoadResult> {
  const url = new URL(spec.url);
  const request = requestBytes(url, spec.headers ?? {});
  const statuses: Record<string, number> = {};
  let failed = 0;
  const drive = async (count: number, record: boolean): Promise<number> => {
    const deadline = Date.now() + spec.maxSeconds * 1000;
    let issued = 0;
    let completed = 0;
    const next = (): boolean => {
      if (issued >= count || Date.now() >= deadline) return false;
      issued += 1;
      return true;
    };
    const answered = (status: number): void => {
      completed += 1;
      if (record) statuses[status] = (statuses[status] ?? 0) + 1;
    };
    const outcomes = await Promise.allSettled(Array.from({ length: spec.connections }, () => connection(url, request, next, answered)));
    if (record) failed += outcomes.filter((o) => o.status === 'rejected').length;
    const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (rejected && completed === 0) throw rejected.reason;
    return completed;
  };
  await drive(spec.warmup, false);
  const start = process.hrtime.bigint();
  const completed = await drive(spec.budget, true);
  const elapsedMs = Number(process.hrtime.bigint() - start) / 1e6;
  return { completed, failed, statuses, elapsedMs, requestsPerSecond: completed / (elapsedMs / 1000), timedOut: completed < spec.budget };
}

if (require.main === module) {
  load(JSON.parse(process.argv[2] ?? '{}') as LoadSpec).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      process.stderr.write(`${toError(err).stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
