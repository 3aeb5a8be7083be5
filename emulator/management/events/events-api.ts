/**
 * The Events API: `GET /api/v2/events`, Server-Sent Events. A connection starts at an offset
 * (`Last-Event-ID`, which wins over `from`), at a time (`from_timestamp`) or now, and receives
 * every retained event after it, filtered by the repeated `event_type` parameter:
 *
 *   :connected            (comment)
 *   retry: 1000
 *   id: <offset>          event: user.created        data: {"offset": <offset>, "event": <the CloudEvent>}
 *   id: <offset>          event: offset-only         data: {"offset": <offset>}   (progress past filtered events)
 *
 * (The data carries the offset too: Auth0's SDKs read it there, with `type` from the event field.)
 *   : heartbeat           (comment, on an idle connection)
 *
 * The emulator closes every connection after `disconnectMs` as Auth0 does every few minutes,
 * answers 410 for an offset older than the retained events, and 429 with Retry-After when the
 * tenant already has `maxConnections` open.
 */
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { ApiError, invalidQuery } from '../../core/errors';
import { RawReply, type RouteContext } from '../../core/types';
import type { EventBus } from './event-bus';
import { type LoggedEvent, decodeOffset, encodeOffset } from './event-log';
import { isEventType } from './event-types';

const RECONNECT_HINT_MS = 1000;

function markerText(offset: string): string {
  return `id: ${offset}\nevent: offset-only\ndata: {"offset":"${offset}"}\n\n`;
}

class EventsApiConnection {
  /** The position the connection has read through (written or skipped by the filter). */
  private position: number;
  /** The position of the last `id:` written. */
  private written: number;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly lifetime: NodeJS.Timeout;
  private pumping = false;
  private pending = false;
  private ended = false;

  constructor(
    private readonly bus: EventBus,
    readonly stream: PassThrough,
    private readonly res: ServerResponse,
    private readonly types: ReadonlySet<string> | undefined,
    start: number,
    private readonly onEnd: (connection: EventsApiConnection) => void,
  ) {
    this.position = start;
    this.written = start;
    // The start position comes first as a progress marker, so a client that connected "from now"
    // has an offset to resume from even if the connection drops before any event.
    stream.write(`:connected\n\nretry: ${RECONNECT_HINT_MS}\n\n${markerText(encodeOffset(start))}`);
    this.heartbeat = setInterval(() => this.beat(), bus.settings.heartbeatMs);
    this.lifetime = setTimeout(() => this.end(), bus.settings.disconnectMs);
    this.heartbeat.unref?.();
    this.lifetime.unref?.();
    this.wake();
  }

  /** New events were published (or the connection just opened): write what is due. */
  wake(): void {
    if (this.ended) return;
    if (this.pumping) {
      this.pending = true;
      return;
    }
    this.pumping = true;
    setImmediate(() => this.pump());
  }

  private pump(): void {
    this.pending = false;
    const log = this.bus.log;
    for (;;) {
      if (this.ended) return;
      if (this.position < log.oldestValid) {
        // The events this connection still had to send were dropped under it: Auth0 ends such a stream.
        this.writeError('offset_expired', 'The offset has expired');
        return;
      }
      const next = log.nextAfter(this.position);
      if (!next) break;
      this.position = next.seq;
      if (this.types && !this.types.has(next.event.type)) continue;
      if (!this.writeEvent(next)) {
        this.stream.once('drain', () => this.pump());
        return;
      }
    }
    if (this.position > this.written) this.writeMarker();
    this.pumping = false;
    if (this.pending) this.wake();
  }

  private writeEvent(entry: LoggedEvent): boolean {
    this.written = entry.seq;
    const offset = encodeOffset(entry.seq);
    return this.stream.write(`id: ${offset}\nevent: ${entry.event.type}\ndata: {"offset":"${offset}","event":${entry.json}}\n\n`);
  }

  private writeMarker(): void {
    this.written = this.position;
    this.stream.write(markerText(encodeOffset(this.position)));
  }

  private writeError(code: string, message: string): void {
    this.stream.write(`event: error\ndata: ${JSON.stringify({ error: code, message })}\n\n`);
    this.end();
  }

  private beat(): void {
    if (this.ended || this.pumping) return;
    if (this.position > this.written) this.writeMarker();
    this.stream.write(': heartbeat\n\n');
  }

  /** Closes the connection the way Auth0's periodic disconnect does (the response ends). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.lifetime);
    this.stream.end();
    this.onEnd(this);
  }

  /** Drops the connection without an orderly end (a network failure). */
  destroy(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.lifetime);
    this.stream.destroy();
    this.res.destroy();
    this.onEnd(this);
  }
}

export class EventsApi {
  private readonly connections = new Set<EventsApiConnection>();
  /** Connections accepted since start (tests tell a reconnect from here). */
  opened = 0;

  constructor(private readonly bus: EventBus) {
    bus.subscribe(() => {
      for (const connection of this.connections) connection.wake();
    });
  }

  get openConnections(): number {
    return this.connections.size;
  }

  /** The route handler of GET /api/v2/events. */
  subscribe(ctx: RouteContext): RawReply {
    const types = ctx.query.list('event_type');
    for (const type of types ?? []) {
      if (!isEventType(type)) throw new ApiError(400, `Unsupported event type: ${type as string}`, 'invalid_query_string');
    }
    const start = this.startPosition(ctx);
    const settings = this.bus.settings;
    if (this.connections.size >= settings.maxConnections) {
      throw new ApiError(429, `Too many open connections: the tenant allows ${settings.maxConnections}`, 'too_many_connections', {
        'Retry-After': String(settings.retryAfterSeconds),
      });
    }
    const stream = new PassThrough();
    const connection = new EventsApiConnection(this.bus, stream, ctx.res, types && types.length > 0 ? new Set(types) : undefined, start, (c) =>
      this.connections.delete(c),
    );
    this.connections.add(connection);
    this.opened += 1;
    ctx.res.once('close', () => connection.destroy());
    return new RawReply(200, stream, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
    });
  }

  private startPosition(ctx: RouteContext): number {
    const log = this.bus.log;
    const header = ctx.req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
    const from = ctx.query.str('from');
    const fromTimestamp = ctx.query.str('from_timestamp');
    if (!lastEventId && from !== undefined && fromTimestamp !== undefined)
      throw invalidQuery('Query validation error: from and from_timestamp cannot be used together');
    const offset = lastEventId ?? from;
    if (offset !== undefined) {
      const position = decodeOffset(offset);
      if (position === undefined || position > log.latest) throw invalidQuery('Query validation error: invalid offset');
      if (position < log.oldestValid) throw new ApiError(410, 'The offset has expired: events after it are no longer retained', 'offset_expired');
      return position;
    }
    if (fromTimestamp !== undefined) {
      if (Number.isNaN(Date.parse(fromTimestamp))) throw invalidQuery('Query validation error: from_timestamp must be an ISO 8601 date-time');
      return Math.max(log.oldestValid, log.positionAt(new Date(fromTimestamp).toISOString()));
    }
    return log.latest;
  }

  /** Ends every open connection (orderly, or `abrupt` like a dropped network). */
  disconnectAll(abrupt = false): number {
    const open = [...this.connections];
    for (const connection of open) {
      if (abrupt) connection.destroy();
      else connection.end();
    }
    return open.length;
  }
}
