/**
 * auth0-events' own part of the watcher (watch/watcher.ts runs it: schedule, lease, failure wait,
 * status, Catch message): each turn is one connection to the Events API, followed until Auth0
 * ends it; each event is sent as one message, and the offset of every message read (offset-only
 * markers included) is written by batch (offset-batch.ts). Its rooms: event-connection.ts (the
 * request and what a message holds), event-checkpoint.ts and shared-event-checkpoint.ts (where the
 * offset is kept), event-pacing.ts (an expired offset, the connection cap), event-status.ts.
 */
import type { Readable } from 'node:stream';
import type { TenantUse } from '../../config/tenant-use';
import type { Node, NodeStatus } from '../../shared/node-red-types';
import type { WatcherSharing } from '../../watch/watcher-sharing';
import { watchCatchMessage } from '../../watch/catch-message';
import type { TurnContext, WatchJob } from '../../watch/watcher';
import { ContextEventCheckpoint, type EventCheckpoint } from './event-checkpoint';
import { OPERATION, eventOf, openEventStream, parseData, streamError } from './event-connection';
import { gapError, isExpiredOffset, rateLimitStatus } from './event-pacing';
import { EventStatus } from './event-status';
import type { EventsSettings } from './events-settings';
import { OffsetBatch } from './offset-batch';
import { SharedEventCheckpoint } from './shared-event-checkpoint';
import { readSse } from './sse-messages';
import { MAX_DELAY_MS } from '../../watch/poll-loop';

/** The stored offset could not be read: the watcher cannot know where to go on. */
class CheckpointUnreadable extends Error {
  constructor(readonly cause: unknown) {
    super(`auth0-events: the checkpoint could not be read from the context store: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CheckpointUnreadable';
  }
}

export class EventsJob implements WatchJob {
  private readonly checkpoint: EventCheckpoint;
  private readonly batch: OffsetBatch;
  private readonly status: EventStatus;
  /** The current connection's abort: an input message ends it to reconnect at once. */
  private connection: AbortController | undefined;
  /** The stored offset must be read (again) before connecting: at start, and after each pause for sharing. */
  private mustLoad = true;
  private lastEventId: string | undefined;
  private lastSavedAt: string | undefined;
  private domain = '';

  constructor(
    private readonly node: Node,
    private readonly use: TenantUse,
    private readonly settings: EventsSettings,
    sharing: WatcherSharing | undefined,
  ) {
    const local = new ContextEventCheckpoint(node, settings.store);
    this.checkpoint = sharing ? new SharedEventCheckpoint(sharing.store('checkpoint'), local) : local;
    this.batch = new OffsetBatch(async (offset) => {
      await this.checkpoint.save({ tenant: this.domain, lastEventId: offset });
      this.lastSavedAt = new Date().toISOString();
    });
    this.status = new EventStatus(use.text, (status) => use.status(status));
  }

  forget(): void {
    this.mustLoad = true;
    this.batch.drop();
  }

  interrupt(): void {
    // Closing (or reconnecting): a message sent but not delivered yet is not counted as read.
    this.batch.settle();
    this.connection?.abort();
  }

  position(): Record<string, unknown> {
    return { lastEventId: this.lastEventId ?? null };
  }

  flush(): Promise<void> {
    return this.batch.flush();
  }

  remove(): Promise<void> {
    return this.checkpoint.delete();
  }

  async turn(ctx: TurnContext): Promise<number> {
    const client = this.use.client();
    this.domain = client.domain;
    if (this.mustLoad) await this.loadPosition();
    const connection = new AbortController();
    this.connection = connection;
    const onLifetimeAbort = (): void => connection.abort();
    this.use.signal.addEventListener('abort', onLifetimeAbort, { once: true });
    let body: Readable | undefined;
    const end = async (): Promise<void> => {
      this.use.signal.removeEventListener('abort', onLifetimeAbort);
      if (this.connection === connection) this.connection = undefined;
      body?.destroy();
      // What was sent is recorded, however the connection ended.
      await this.batch.flush();
    };
    try {
      ctx.checkHolding();
      body = await openEventStream(client, this.settings.types, this.lastEventId, connection.signal);
      const read = await this.read(body, ctx);
      await end();
      if (ctx.closing) return 0;
      this.status.reconnecting();
      if (read > 0) {
        // Auth0 ended the stream (it does every few minutes): connect again at once.
        ctx.progress();
        return 0;
      }
      // Ended before saying anything: not a stream worth reconnecting to in a tight loop.
      return ctx.backoff();
    } catch (err) {
      // The first failure is the one that counts; the offset's write after it is tried all the same.
      await end().catch(() => undefined);
      // An input message asked for a new connection: at once.
      if (connection.signal.aborted && !ctx.closing) return 0;
      throw err;
    }
  }

  /** Reads every message of the stream; the number of messages with an offset. */
  private async read(body: Readable, ctx: TurnContext): Promise<number> {
    let read = 0;
    ctx.settle();
    this.status.connected();
    const reading = readSse(body, {
      message: (id, eventName, text) => {
        if (ctx.closing) {
          reading.stop();
          return undefined;
        }
        if (eventName === 'error') throw streamError(text);
        const data = parseData(text);
        // The offset is the message's id; Auth0 also puts it in the data (where its SDKs read it).
        const offset = id || (typeof data?.offset === 'string' ? data.offset : '');
        if (offset === '') return undefined;
        read += 1;
        ctx.progress();
        // A replica that may have lost the lease sends nothing more (its offset write would be refused anyway).
        ctx.checkHolding();
        if (eventName !== 'offset-only') this.deliver(eventName, data, offset);
        this.lastEventId = offset;
        return this.batch.add(offset);
      },
      // Caught up (nothing more has arrived): the offset is written now, so an idle or slow
      // stream repeats nothing; a backlog keeps its batches.
      caughtUp: () => (this.batch.pending ? this.batch.flush() : undefined),
    });
    await reading.done;
    return read;
  }

  private deliver(eventName: string | undefined, data: Record<string, unknown> | undefined, offset: string): void {
    const event = eventOf(data);
    if (!event) {
      this.node.warn(`auth0-events: the event at offset ${offset} is not a JSON object; skipped`);
      return;
    }
    const type = typeof event.type === 'string' ? event.type : (eventName ?? '');
    this.node.send({ payload: event, topic: type, auth0: { tenant: this.domain, offset } });
    this.status.sent();
  }

  /** Reads the stored offset; CheckpointUnreadable when the store failed (Redis away passes through). */
  private async loadPosition(): Promise<void> {
    let stored;
    try {
      stored = await this.checkpoint.load();
    } catch (err) {
      if (err instanceof Error && (err.name === 'SharedStateUnavailable' || err.name === 'LeaseLost')) throw err;
      throw new CheckpointUnreadable(err);
    }
    this.lastEventId = undefined;
    this.lastSavedAt = undefined;
    if (stored && stored.tenant === this.domain) {
      this.lastEventId = stored.lastEventId;
      this.lastSavedAt = stored.savedAt;
    } else if (stored) {
      this.node.log(`the stored event offset was made for ${stored.tenant}; starting from now`);
    }
    this.mustLoad = false;
  }

  async handleFailure(err: Error): Promise<number | undefined> {
    if (err instanceof CheckpointUnreadable) {
      this.use.status({ fill: 'red', shape: 'ring', text: this.use.text('storeFailed') });
      this.node.error(err.message);
      // Not before an input message: the place in the stream is unknown.
      return MAX_DELAY_MS;
    }
    if (!isExpiredOffset(err)) return undefined;
    // The events after our offset are gone at Auth0: say which, then go on from now.
    const gap = gapError(this.lastEventId, this.lastSavedAt);
    this.node.error(
      gap,
      watchCatchMessage(gap, {
        type: 'auth0-events',
        tenant: this.domain,
        operation: OPERATION,
        failures: 0,
        retryInMs: 0,
        position: { lastEventId: this.lastEventId ?? null, gapFrom: this.lastEventId ?? null, gapFromTime: this.lastSavedAt ?? null },
      }),
    );
    this.lastEventId = undefined;
    this.lastSavedAt = undefined;
    this.batch.drop();
    await this.checkpoint.clear().catch(() => undefined);
    this.use.status({ fill: 'yellow', shape: 'ring', text: this.use.text('offsetExpired') });
    return 0;
  }

  failureStatus(err: Error, retryInMs: number): NodeStatus | undefined {
    return rateLimitStatus(err, retryInMs, this.use.text);
  }
}
