/**
 * auth0-events' SSE reading on its own: a backlog read chunk after chunk never runs ahead of the
 * deliveries its messages scheduled (Node-RED delivers each sent message in a setImmediate), a
 * character split between two chunks arrives whole, and "caught up" is said once nothing more has
 * come (never because the reading paused itself), and again after the next message.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { readSse } from '../../nodes/events/watch/sse-messages';

function events(from: number, count: number): string {
  let text = '';
  for (let i = from; i < from + count; i++) text += `id: o${i}\nevent: user.created\ndata: {"n":${i}}\n\n`;
  return text;
}

describe('auth0-events: reading the Events API stream', () => {
  it('a backlog of many chunks: the messages waiting for their delivery never exceed one chunk', async () => {
    const body = new PassThrough();
    const CHUNKS = 20;
    const PER_CHUNK = 100;
    let handled = 0;
    let delivered = 0;
    let mostWaiting = 0;
    let caughtUpEarly = 0;
    const reading = readSse(body, {
      message: () => {
        handled += 1;
        mostWaiting = Math.max(mostWaiting, handled - delivered);
        setImmediate(() => (delivered += 1));
        return undefined;
      },
      caughtUp: () => {
        if (handled < CHUNKS * PER_CHUNK) caughtUpEarly += 1;
        return undefined;
      },
    });
    // The whole backlog at once, as a socket has it after a restart: one chunk per write.
    for (let c = 0; c < CHUNKS; c++) body.write(events(c * PER_CHUNK, PER_CHUNK));
    body.end();
    await reading.done;
    assert.equal(handled, CHUNKS * PER_CHUNK);
    assert.ok(mostWaiting <= PER_CHUNK, `${mostWaiting} messages were waiting for their delivery at once`);
    assert.equal(caughtUpEarly, 0, 'caught up said while the backlog was still being read');
  });

  it('a character split between two chunks arrives whole', async () => {
    const body = new PassThrough();
    const bytes = Buffer.from('id: o1\ndata: {"name":"Zoë 🦊"}\n\n', 'utf8');
    const cut = bytes.indexOf(Buffer.from('🦊', 'utf8')) + 2;
    const data: string[] = [];
    const reading = readSse(body, {
      message: (_id, _event, text) => void data.push(text),
      caughtUp: () => undefined,
    });
    body.write(bytes.subarray(0, cut));
    setImmediate(() => body.end(bytes.subarray(cut)));
    await reading.done;
    assert.deepEqual(data, ['{"name":"Zoë 🦊"}']);
  });

  it('says caught up once the stream has gone quiet, and again after the next message', async () => {
    const body = new PassThrough();
    const seen: string[] = [];
    const reading = readSse(body, {
      message: (id) => void seen.push(`message ${id}`),
      caughtUp: () => void seen.push('caught up'),
    });
    body.write(events(1, 200));
    await new Promise((resolve) => setTimeout(resolve, 20));
    body.write(events(201, 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    body.end();
    await reading.done;
    assert.deepEqual(
      seen.filter((s) => s === 'caught up' || s === 'message o200' || s === 'message o201'),
      ['message o200', 'caught up', 'message o201', 'caught up'],
    );
  });
});
