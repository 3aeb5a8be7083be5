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
 *
 * After a chunk that gave `YIELD_AFTER` messages or more, the body is paused until the event loop
 * has run what those messages scheduled (Node-RED delivers each sent message in a setImmediate of
 * its own). Without it a poll phase reads every chunk the socket has (up to 2 MB), thousands of
 * messages wait together for their delivery, and the drain runs at three quarters of the speed a
 * node that only parses and sends reaches (bench/events-backlog.ts), its heap ten times higher.
 *
 * What the parser holds between chunks (the line not ended yet and the data lines of the event not
 * ended yet) is capped at `MAX_EVENT_CHARS`: a server, or a proxy gone wrong, that sends bytes
 * without a line end would otherwise grow the process until it dies. The event's `id` and `event`
 * fields are not counted (eventsource-parser counts only the line and the data), but each is one
 * line, so one event holds at most three times the cap. Past the cap the reading
 * fails with `EventTooLarge` (the watcher's normal failure: Catch, then a new connection after
 * the backoff, from the last offset recorded).
 */
import type { Readable } from 'node:stream';
import { finished } from 'node:stream';
// eventsource-parser stays on 3.x: 4.x needs Node.js 22.12, and this package supports Node.js 20.
import { type EventSourceMessage, type ParseError, createParser } from 'eventsource-parser';
import { Auth0Error, toError } from '../../shared/errors';
import { OPERATION } from './event-connection';

/** A wait the handler asks for (an offset write), or undefined to read on at once. */
export type ReadOn = Promise<void> | undefined;

/** Messages from one chunk after which the reading lets their deliveries run first. */
const YIELD_AFTER = 64;

/**
 * The most characters the data lines of one event and the line being read may hold together: 64 Mi
 * (the `id` and `event` lines, each under it too, come on top). No real event
 * comes near it: Auth0's events schema (events-schema.json) bounds every field except
 * `app_metadata` and `user_metadata`, free-form objects; Auth0 caps a user profile at 10 KB with an
 * extended allowance of about ten times that, and tenants still in that limit's migration period
 * (until 2027-03-04) at the database's document size, 16 MB (Auth0 docs, "Migrate oversized user
 * profiles"; support: each metadata object at most 16 MB). The largest event, a `user.updated`
 * with the user before and after, stays under about 32 MB: the cap is twice that.
 */
export const MAX_EVENT_CHARS = 64 * 1024 * 1024;

/** The stream sent more than MAX_EVENT_CHARS without ending a line or an event. */
export class EventTooLarge extends Auth0Error {
  constructor() {
    super(
      `the Events API stream sent more than ${MAX_EVENT_CHARS / (1024 * 1024)} Mi characters without ending a line or an event (no real event is that large): the connection is ended and made again from the last offset recorded`,
      { statusCode: 0, errorCode: 'invalid_response', operation: OPERATION },
    );
    this.name = 'EventTooLarge';
  }
}

export interface SseHandler {
  /** One message with data (comments are skipped: heartbeats). */
  message(id: string | undefined, event: string | undefined, data: string): ReadOn;
  /** Everything the server had sent so far has been handled. */
  caughtUp(): ReadOn;
  /** A chunk of the body was parsed (its messages handled or held): what is kept per chunk rather than per message, such as a clock read. */
  chunk?(): void;
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
  /** Set while the body is paused for the messages in hand to be delivered. */
  let yielded: NodeJS.Immediate | undefined;
  /** Messages handled since the last yield. */
  let handledSinceYield = 0;

  const stop = (err?: unknown): void => {
    if (stopped) return;
    stopped = true;
    body.off('data', onData);
    if (check) clearImmediate(check);
    check = undefined;
    if (yielded) clearImmediate(yielded);
    yielded = undefined;
    settle(err);
  };
  const waitFor = (wait: Promise<void>): void => {
    waiting = true;
    body.pause();
    wait.then(goOn, stop);
  };
  const handle = (message: EventSourceMessage): void => {
    handledSinceYield += 1;
    const wait = handler.message(message.id, message.event, message.data);
    if (wait) waitFor(wait);
  };
  const parser = createParser({
    onEvent: (message) => {
      if (stopped) return;
      if (waiting) (held ??= []).push(message);
      else handle(message);
    },
    // Thrown out of feed(), so onData ends the reading with it. Other parse errors (an unknown
    // field, a bad retry) are skipped, as the SSE rules say.
    onError: (err: ParseError) => {
      if (err.type === 'max-buffer-size-exceeded') throw new EventTooLarge();
    },
    maxBufferSize: MAX_EVENT_CHARS,
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
  /** After a pause of our own: the end if it came meanwhile, else the body again and a fresh "caught up" check. */
  function readOn(): void {
    if (ended) {
      stop();
      return;
    }
    body.resume();
    scheduleCheck();
  }
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
    readOn();
  }
  // Reading on after a yield: the check for "caught up" starts again from here, so a pause of our
  // own never counts as the stream having gone quiet.
  const afterYield = (): void => {
    yielded = undefined;
    if (stopped || waiting) return;
    readOn();
  };
  function onData(chunk: Buffer | string): void {
    try {
      parser.feed(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      handler.chunk?.();
    } catch (err) {
      stop(err);
      return;
    }
    if (waiting || stopped) return;
    if (handledSinceYield >= YIELD_AFTER) {
      handledSinceYield = 0;
      body.pause();
      if (check) clearImmediate(check);
      check = undefined;
      yielded ??= setImmediate(afterYield);
      return;
    }
    scheduleCheck();
  }

  // Node's string decoder keeps a character split between two chunks whole (and costs less than
  // a TextDecoder per chunk: the Events API sends a chunk per event).
  body.setEncoding('utf8');
  body.on('data', onData);
  finished(body, (err) => {
    if (err) {
      stop(err);
      return;
    }
    ended = true;
    // The last messages are handled first when a wait is on (or their deliveries, after a yield).
    if (!waiting && !yielded) stop();
  });
  return { done, stop: () => stop() };
}
