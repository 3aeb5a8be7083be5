/**
 * A streamed answer as the transport hands it over (nodes/tenant-client/http-transport.ts,
 * guardStream): the response stream itself, no stream between the socket and the reader, and
 * every failure after the headers (abort, the size limit, a dropped connection, a stall) on it as
 * the client's own error, both emitted and held (what `finished` reports when it comes later).
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { finished, type Readable } from 'node:stream';
import { HttpTransport, TransportFailure, type Exchange } from '../../nodes/tenant-client/http-transport';
import type { TransportFailureInfo } from '../../nodes/tenant-client/error-mapping';
import { TestServer, sleep } from './helpers';

/** The error `finished` reports for a stream (undefined: it ended cleanly). */
function finishedWith(stream: Readable): Promise<Error | undefined> {
  return new Promise((resolve) => finished(stream, (err) => resolve(err ?? undefined)));
}

class StreamFailed extends Error {
  constructor(readonly info: TransportFailureInfo) {
    super(`stream failed: ${info.kind}`);
  }
}

describe('tenant client: a streamed answer as it is handed over', function () {
  this.timeout(20000);
  let server: TestServer;
  let transport: HttpTransport;

  beforeEach(async () => {
    server = await TestServer.start();
    transport = new HttpTransport({ connectTimeoutSeconds: 2, readTimeoutSeconds: 2, maxSockets: 2, maxResponseBytes: 1024 * 1024 });
  });
  afterEach(async () => {
    transport.destroy();
    await server.close();
  });

  function exchange(extra: Partial<Exchange> = {}): Exchange {
    return {
      method: 'GET',
      url: `http://${server.domain}/stream`,
      headers: {},
      stream: true,
      signal: new AbortController().signal,
      label: 'test.stream',
      ...extra,
    };
  }

  /** A server that writes `first`, then waits (or goes on as `then` says). */
  function serve(first: string, then: (res: http.ServerResponse) => void = () => undefined): void {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(first);
      then(res);
    });
  }

  async function firstChunk(body: Readable): Promise<string> {
    return new Promise((resolve) => body.once('data', (chunk: Buffer) => resolve(chunk.toString())));
  }

  it('is the response stream itself: nothing between the socket and the reader', async () => {
    serve('data: one\n\n', (res) => res.end());
    const result = await transport.send(exchange());
    assert.ok(result.body instanceof http.IncomingMessage, `a ${result.body.constructor.name} stands between the socket and the reader`);
    let text = '';
    for await (const chunk of result.body as Readable) text += String(chunk);
    assert.equal(text, 'data: one\n\n');
  });

  it('an abort fails it with the client’s own error, emitted and held (a late finished() reports it too)', async () => {
    serve('data: one\n\n');
    const controller = new AbortController();
    const result = await transport.send(exchange({ signal: controller.signal, streamError: (info) => new StreamFailed(info) }));
    const body = result.body as Readable;
    const emitted = new Promise<Error>((resolve) => body.once('error', resolve));
    assert.equal(await firstChunk(body), 'data: one\n\n');
    controller.abort();
    const err = await emitted;
    assert.ok(err instanceof StreamFailed, `emitted ${err.constructor.name}: ${err.message}`);
    assert.equal(err.info.kind, 'aborted');
    await sleep(10);
    const late = await finishedWith(body);
    assert.equal(late, err, `held ${String(late)}`);
  });

  it('the size limit fails it with the client’s error naming the limit', async () => {
    serve('x'.repeat(600), (res) => setTimeout(() => res.write('y'.repeat(600)), 20));
    const result = await transport.send(exchange({ maxStreamBytes: 1000 }));
    const body = result.body as Readable;
    let read = 0;
    body.on('data', (chunk: Buffer) => (read += chunk.length));
    const err = await finishedWith(body);
    assert.ok(err instanceof TransportFailure, `got ${String(err)}`);
    assert.deepEqual(err.info, { kind: 'too-large', limitBytes: 1000 });
    assert.ok(read <= 1000, `${read} bytes read past the limit`);
  });

  it('a connection dropped mid-stream fails it as a reset, the client’s error', async () => {
    serve('data: one\n\n', (res) => setTimeout(() => res.socket?.destroy(), 20));
    const result = await transport.send(exchange());
    const body = result.body as Readable;
    body.resume();
    const err = await finishedWith(body);
    assert.ok(err instanceof TransportFailure, `got ${String(err)}`);
    assert.equal(err.info.kind, 'reset');
  });

  it('a stream quiet for longer than its idle timeout fails with the read timeout', async () => {
    serve('data: one\n\n');
    const result = await transport.send(exchange({ streamIdleTimeoutSeconds: 0.3 }));
    const body = result.body as Readable;
    body.resume();
    const err = await finishedWith(body);
    assert.ok(err instanceof TransportFailure, `got ${String(err)}`);
    assert.equal(err.info.kind, 'read-timeout');
  });

  it('the reader destroying it early ends the connection at the server', async () => {
    let closed = false;
    serve('data: one\n\n', (res) => res.on('close', () => (closed = true)));
    const result = await transport.send(exchange());
    const body = result.body as Readable;
    await firstChunk(body);
    body.destroy();
    for (let waited = 0; waited < 2000 && !closed; waited += 10) await sleep(10);
    assert.ok(closed, 'the server still holds the connection');
  });
});
