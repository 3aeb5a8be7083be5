/**
 * Server-Sent Events read from a response body, the messages of each chunk together, with the
 * `eventsource-parser` package (WHATWG parsing rules: fields, multi-line data, comments, ids).
 * Reading is pulled by the caller, so a slow consumer slows the socket (backpressure), and
 * nothing is parsed beyond the chunk in hand. A chunk's messages come as one array: one promise
 * per chunk rather than per message, which is what a backlog drain spends its time on.
 */
import type { Readable } from 'node:stream';
// eventsource-parser stays on 3.x: 4.x needs Node.js 22.12, and this package supports Node.js 20.
import { createParser } from 'eventsource-parser';

export type SseMessage = { kind: 'event'; id: string | undefined; event: string | undefined; data: string } | { kind: 'comment'; text: string };

export async function* sseMessages(body: Readable): AsyncGenerator<SseMessage[]> {
  let queue: SseMessage[] = [];
  const parser = createParser({
    onEvent: (message) => queue.push({ kind: 'event', id: message.id, event: message.event, data: message.data }),
    onComment: (text) => queue.push({ kind: 'comment', text }),
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of body) {
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk as Buffer, { stream: true }));
    if (queue.length === 0) continue;
    const ready = queue;
    queue = [];
    yield ready;
  }
}
