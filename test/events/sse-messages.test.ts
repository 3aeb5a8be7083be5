/**
 * auth0-events' SSE reading on its own: a backlog read chunk after chunk never runs ahead of the
 * deliveries its messages scheduled (Node-RED delivers each sent message in a setImmediate), a
 * character split between two chunks arrives whole, and "caught up" is said once nothing more has
 * come (never because the reading paused itself), and again after the next message; what the
 * parser holds (a line without its end, an event without its blank line) is capped.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { EventTooLarge, MAX_EVENT_CHARS, readSse } from '../../nodes/events/watch/sse-messages';

/** Writes `chars` characters of `fill` (in 1 Mi pieces, as a socket would) unless the reading has ended. */
async function flood(body: PassThrough, chars: number, fill: (size: number) => string): Promise<void> {
  const piece = 1024 * 1024;
  for (let sent = 0; sent < chars && !body.destroyed; sent += piece) {
    if (!body.write(fill(Math.min(piece, chars - sent)))) await new Promise((resolve) => body.once('drain', resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

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

  for (const [what, fill] of [
    ['one line that never ends', (size: number) => 'x'.repeat(size)],
    ['one event whose data lines never end in a blank line', (size: number) => `data: ${'y'.repeat(Math.max(0, size - 7))}\n`],
  ] as const) {
    it(`${what}: the reading ends with EventTooLarge past the cap, after handling what came before`, async () => {
      const body = new PassThrough();
      const seen: string[] = [];
      const reading = readSse(body, {
        message: (id) => void seen.push(String(id)),
        caughtUp: () => undefined,
      });
      body.write(events(1, 3));
      body.write('id: o4\nevent: user.created\n');
      const flooding = flood(body, MAX_EVENT_CHARS + 2 * 1024 * 1024, fill);
      await assert.rejects(
        reading.done,
        (err: unknown) => err instanceof EventTooLarge && /64 Mi characters without ending a line or an event/.test(err.message),
      );
      body.destroy();
      await flooding;
      assert.deepEqual(seen, ['o1', 'o2', 'o3']);
    });
  }

  it('an event just under the cap is read whole', async () => {
    const body = new PassThrough();
    const sizes: number[] = [];
    const reading = readSse(body, {
      message: (_id, _event, data) => void sizes.push(data.length),
      caughtUp: () => undefined,
    });
    const size = MAX_EVENT_CHARS - 1024;
    body.write('id: o1\nevent: user.updated\ndata: ');
    await flood(body, size, (n) => 'z'.repeat(n));
    body.end('\n\n');
    await reading.done;
    assert.deepEqual(sizes, [size]);
  });
});
