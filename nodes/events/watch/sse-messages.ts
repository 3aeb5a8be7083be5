/**
 * Server-Sent Events read from a response body with the `eventsource-parser` package (WHATWG
 * parsing rules: fields, multi-line data, comments, ids). A backlog drain spends its time per
 * message, so each message goes from the parser straight to the handler: no array, promise,
 * closure or await per message (an async iterator over the body cost a promise per chunk and
 * read chunks ahead of the messages in hand).
 *
 * The handler may ask the reading to wait (it returns a promise: an offset being written). The
 * body is then paused and the messages of the chunk in hand that follow are held until the promise
 * settles, so nothing is handled past a write still due and a slow consumer slows the socket
 * (backpressure). `caughtUp` is called when nothing more has arrived after a chunk: checked once
 * the event loop has read the I/O that was ready (setImmediate), and it may ask to wait too.
 */
import type { Readable } from 'node:stream';
import { finished } from 'node:stream';
// eventsource-parser stays on 3.x: 4.x needs Node.js 22.12, and this package supports Node.js 20.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { toError } from '../../shared/errors';

/** A wait the handler asks for (an offset write), or undefined to read on at once. */
export type ReadOn = Promise<void> | undefined;

export interface SseHandler {
  /** One message with data (comments are skipped: heartbeats). */
  message(id: string | undefined, event: string | undefined, data: string): ReadOn;
  /** Everything the server had sent so far has been handled. */
  caughtUp(): ReadOn;
}

export interface SseReading {
  /** Settles when the body ends (or fails, or the handler throws); after `stop()`, at once. */
  readonly done: Promise<void>;
  /** No further message is handled; the caller ends the body. */
  stop(): void;
}

export function readSse(body: Readable, handler: SseHandler): SseReading {
  let settle: (err?: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = (err) => (err === undefined ? resolve() : reject(toError(err)));
  });
  let stopped = false;
  let ended = false;
  let waiting = false;
  /** Messages parsed while a wait was on: only then an array is made. */
  let held: EventSourceMessage[] | undefined;
  let check: NodeJS.Immediate | undefined;
  const decoder = new TextDecoder('utf-8');

  const stop = (err?: unknown): void => {
    if (stopped) return;
    stopped = true;
    body.off('data', onData);
    if (check) clearImmediate(check);
    check = undefined;
    settle(err);
  };
  const waitFor = (wait: Promise<void>): void => {
    waiting = true;
    body.pause();
    wait.then(goOn, stop);
  };
  const handle = (message: EventSourceMessage): void => {
    const wait = handler.message(message.id, message.event, message.data);
    if (wait) waitFor(wait);
  };
  const parser = createParser({
    onEvent: (message) => {
      if (stopped) return;
      if (waiting) (held ??= []).push(message);
      else handle(message);
    },
  });
  const checkCaughtUp = (): void => {
    check = undefined;
    if (stopped || waiting) return;
    try {
      const wait = handler.caughtUp();
      if (wait) waitFor(wait);
    } catch (err) {
      stop(err);
    }
  };
  // One check per turn of the event loop, however many chunks it read.
  const scheduleCheck = (): void => {
    check ??= setImmediate(checkCaughtUp);
  };
  function goOn(): void {
    waiting = false;
    if (stopped) return;
    try {
      while (held && held.length > 0 && !waiting && !stopped) {
        const next = held.shift();
        if (next) handle(next);
      }
    } catch (err) {
      stop(err);
      return;
    }
    if (waiting || stopped) return;
    held = undefined;
    if (ended) {
      stop();
      return;
    }
    body.resume();
    scheduleCheck();
  }
  function onData(chunk: Buffer | string): void {
    try {
      parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    } catch (err) {
      stop(err);
      return;
    }
    if (!waiting) scheduleCheck();
  }

  body.on('data', onData);
  finished(body, (err) => {
    if (err) {
      stop(err);
      return;
    }
    ended = true;
    // The last messages are handled first when a wait is on.
    if (!waiting) stop();
  });
  return { done, stop: () => stop() };
}
