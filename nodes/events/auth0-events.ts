/**
 * auth0-events: a watcher on Auth0's Events API (`GET /api/v2/events`, Server-Sent Events). It
 * subscribes with the chosen event types and sends one message per event (msg.payload the
 * CloudEvent, msg.topic its type).
 *
 * Delivery guarantee (documented in the help): the id of every message read, offset-only
 * progress markers included, is written to the checkpoint right after the message is handled
 * (sent, or skipped for a marker), and the node's close waits for that write; every connection
 * resumes with `Last-Event-ID`. So across Auth0's periodic disconnects, network failures, a
 * redeploy or an orderly restart nothing is lost and nothing is sent twice. If the process dies
 * between a send and the store persisting the write (the file store flushes on its interval),
 * the events after the persisted id come again: at worst repeated, never lost; msg.payload.id
 * lets a flow drop them.
 *
 * Replicas (the tenant has a Redis URL): only the process holding the node's lease connects; the
 * others show standby and claim again every quarter of the lease time, so one takes over within
 * the lease time when the holder dies. The lease renews itself while held; the holder drops its
 * connection as soon as it may no longer count on the lease (lost, or Redis away) and checks it
 * before each send. The offset lives in Redis, written with the lease's fencing token, and is read
 * again whenever the lease was (re)taken. A SIGKILL between a send and its offset write repeats
 * that one event on the next holder.
 */
import type { Readable } from 'node:stream';
import { TenantUse } from '../config/tenant-use';
import { Auth0Error, ConfigError, RateLimitError, toError, required } from '../shared/errors';
import type { TenantClient } from '../shared/http-types';
import { migrateNodeConfig } from '../shared/migrations';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { failureText, isClientClosed, retryDelayMs, shortDuration } from '../watch/failure-wait';
import { LeaseLost } from '../shared-state/fenced-store';
import type { LeaseRole } from '../shared-state/lease';
import { type WatcherSharing, isSharingPause, pauseRole, sharedStatus, watcherSharing } from '../watch/watcher-sharing';
import { ContextEventCheckpoint, type EventCheckpoint } from './event-checkpoint';
import { SharedEventCheckpoint } from './shared-event-checkpoint';
import { EVENT_TYPE_TABLE } from './event-types';
import { type EventsConfig, type EventsSettings, readEventsSettings } from './events-settings';
import { sseMessages } from './sse-messages';

const OPERATION = 'events.subscribe';
/** Longest silence on an open stream before it is taken for dead (Auth0 sends heartbeats). */
const STREAM_IDLE_TIMEOUT_SECONDS = 120;
/** Backoff cap after failures (the poll-interval argument of retryDelayMs). */
const BACKOFF_CAP_MS = 60_000;
const RETRY_AFTER_CLIENT_CLOSED_MS = 1_000;
/** Status updates while events flow, at most this often. */
const STATUS_EVERY_MS = 500;

interface AdminApi {
  httpAdmin?: { get(path: string, ...handlers: unknown[]): void };
  auth?: { needsPermission(permission: string): unknown };
}

type Done = (err?: Error) => void;

/** A message's data as a JSON object, or undefined. */
function parseData(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function clock(date = new Date()): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A wait that an input message (or close) can cut short. */
class Pause {
  private timer: NodeJS.Timeout | undefined;
  private resolve: (() => void) | undefined;

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(() => this.end(), ms);
    });
  }

  end(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const resolve = this.resolve;
    this.resolve = undefined;
    resolve?.();
  }
}

class EventsWatchNode {
  /** The tenant: its client, the node's status (restored after a rate-limit pause) and the lifetime signal. */
  private readonly use: TenantUse;
  private settings: EventsSettings | undefined;
  private setupError: Error | undefined;
  private checkpoint: EventCheckpoint | undefined;
  /** Run once across the replicas sharing the tenant's Redis; undefined without one. */
  private sharing: WatcherSharing | undefined;
  /** Ends the Redis availability subscription. */
  private stopListening: (() => void) | undefined;
  /** The stored offset must be read (again) before connecting: at start, and after each pause for sharing. */
  private mustLoad = true;
  /** The current connection's abort: an input message ends it to reconnect at once. */
  private connection: AbortController | undefined;
  private readonly pause = new Pause();
  private running: Promise<void> | undefined;
  private closing = false;
  private lastEventId: string | undefined;
  private lastSavedAt: string | undefined;
  private domain = '';
  private failures = 0;
  private received = 0;
  private lastStatusAt = 0;
  /** done() of input messages waiting for the next connection attempt's outcome. */
  private waiting: Done[] = [];

  constructor(
    private readonly node: Node,
    config: EventsConfig,
    RED: NodeRedAPI,
  ) {
    // Shows "no tenant" itself when none is chosen or deployed.
    this.use = new TenantUse(RED, node, config.tenant);
    try {
      if (this.use.setupError) throw this.use.setupError;
      this.settings = readEventsSettings(config);
      this.checkpoint = new ContextEventCheckpoint(node, this.settings.store);
      this.sharing = this.use.tenant ? watcherSharing(this.use.tenant, node, (role) => this.roleChanged(role)) : undefined;
      if (this.sharing) {
        this.checkpoint = new SharedEventCheckpoint(this.sharing.store('checkpoint'), this.checkpoint);
        // Redis gone: drop the connection (no offset could be recorded); back: try at once.
        this.stopListening = this.sharing.shared.onAvailability((up) => (up ? this.pause.end() : this.connection?.abort()));
      }
    } catch (err) {
      this.setupError = toError(err);
      if (!this.use.setupError) this.show('red', 'ring', this.use.text('configuration'));
      node.error(`auth0-events: ${toError(err).message}`);
    }

    node.on('input', (_msg: NodeMessage, _send, done: Done) => {
      if (this.setupError) {
        done(this.setupError);
        return;
      }
      this.waiting.push(done);
      this.reconnectNow();
    });
    node.on('close', (removed: boolean, done: () => void) => {
      const end = (): void => this.use.close(done);
      this.close(removed).then(end, end);
    });

    if (!this.setupError) {
      this.show('grey', 'ring', this.use.text('connecting'));
      this.running = this.run();
    }
  }

  /** Every status goes through the tenant use, which puts it back after the tenant's rate-limit pause. */
  private show(fill: NodeStatus['fill'], shape: NodeStatus['shape'], text: string): void {
    this.use.status({ fill, shape, text });
  }

  /** Ends the current connection or wait; the loop connects again at once. */
  private reconnectNow(): void {
    this.connection?.abort();
    this.pause.end();
  }

  /** The lease went to another process or Redis went away: the connection ends at once. */
  private roleChanged(role: LeaseRole): void {
    if (role !== 'holder') this.connection?.abort();
  }

  /** Everything but the last step (the tenant use's close, which deregisters). */
  private async close(removed: boolean): Promise<void> {
    this.closing = true;
    this.stopListening?.();
    this.use.abort();
    this.connection?.abort();
    this.pause.end();
    // Waits for the message in hand: its checkpoint write completes before the node is gone.
    await this.running;
    this.settle();
    // Given back, so another replica connects at once rather than after the lease time.
    await this.sharing?.release();
    // A deleted or disabled node's place in the stream goes with it.
    if (removed && this.checkpoint) await this.checkpoint.delete().catch(() => undefined);
  }

  private settle(err?: Error): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const done of waiting) done(err);
  }

  /** The tenant's client (a new one after the config node was redeployed), and its domain. */
  private currentClient(): TenantClient {
    const client = this.use.client();
    this.domain = client.domain;
    return client;
  }

  private async run(): Promise<void> {
    try {
      this.currentClient();
    } catch (err) {
      this.show('red', 'ring', this.use.text('configuration'));
      this.node.error(`auth0-events: ${toError(err).message}`);
      this.settle(toError(err));
      return;
    }
    if (!this.sharing && !(await this.loadPosition())) return;
    while (!this.closing) {
      if (this.sharing) {
        const turn = await this.takeTurn();
        // Closed while claiming: the close already ended whatever connection there was.
        if (turn === 'stop' || this.closing) return;
        if (turn === 'wait') continue;
      }
      const connection = new AbortController();
      this.connection = connection;
      const onLifetimeAbort = (): void => connection.abort();
      this.use.signal.addEventListener('abort', onLifetimeAbort, { once: true });
      // The holder stops counting on the lease a little before it could run out (a renewal that
      // hangs changes no role): the connection ends then too.
      const sharing = this.sharing;
      const watchdog = sharing
        ? setInterval(() => {
            if (!sharing.holding) connection.abort();
          }, sharing.retryMs)
        : undefined;
      try {
        if (this.sharing && !this.sharing.holding) throw new LeaseLost('auth0-events');
        const read = await this.follow(connection.signal);
        if (this.closing) break;
        this.show('grey', 'ring', this.use.text('reconnecting'));
        if (read > 0) {
          // Auth0 ended the stream (it does every few minutes): connect again at once.
          this.failures = 0;
        } else {
          // Ended before saying anything: not a stream worth reconnecting to in a tight loop.
          this.failures += 1;
          await this.pause.wait(retryDelayMs(undefined, this.failures, BACKOFF_CAP_MS));
        }
      } catch (err) {
        if (this.closing) break;
        if (this.sharing && (isSharingPause(err) || !this.sharing.holding)) {
          // Not ours to run now (lease lost, Redis away): the next turn claims again and shows why.
          this.mustLoad = true;
          continue;
        }
        if (connection.signal.aborted) continue; // an input message asked for a new connection
        await this.failed(toError(err));
      } finally {
        if (watchdog) clearInterval(watchdog);
        this.use.signal.removeEventListener('abort', onLifetimeAbort);
      }
    }
  }

  /** Reads the stored offset; false (reported) when the store failed and the node cannot go on. */
  private async loadPosition(): Promise<boolean> {
    try {
      const stored = await required(this.checkpoint, 'the checkpoint').load();
      this.lastEventId = undefined;
      this.lastSavedAt = undefined;
      if (stored && stored.tenant === this.domain) {
        this.lastEventId = stored.lastEventId;
        this.lastSavedAt = stored.savedAt;
      } else if (stored) {
        this.node.log(`the stored event offset was made for ${stored.tenant}; starting from now`);
      }
      this.mustLoad = false;
      return true;
    } catch (err) {
      if (this.sharing && isSharingPause(err)) throw err;
      this.show('red', 'ring', this.use.text('storeFailed'));
      this.node.error(`auth0-events: the checkpoint could not be read from the context store: ${toError(err).message}`);
      this.settle(toError(err));
      return false;
    }
  }

  /**
   * With replicas: claims the lease. The holder connects (`go`), after reading the offset again
   * when the lease changed hands or the node paused; the others show why and wait (`wait`).
   */
  private async takeTurn(): Promise<'go' | 'wait' | 'stop'> {
    const sharing = required(this.sharing, 'the watcher sharing');
    let role: LeaseRole;
    try {
      role = sharing.shared.available ? await sharing.claim() : 'unavailable';
      if (role === 'holder' && (sharing.takenOver() || this.mustLoad)) {
        // Another process may have moved the offset on while this one did not hold the lease.
        if (!(await this.loadPosition())) return 'stop';
      }
    } catch (err) {
      if (!isSharingPause(err)) {
        await this.failed(toError(err));
        return 'wait';
      }
      role = pauseRole(err);
    }
    if (role === 'holder') return 'go';
    this.mustLoad = true;
    if (this.closing) return 'stop';
    this.use.status(sharedStatus(role, this.use.text));
    // An input message on a replica that does not connect: nothing to report.
    this.settle();
    await this.pause.wait(sharing.retryMs);
    return 'wait';
  }

  /** One connection: open it, then handle every message until it ends; the number of messages with an offset. */
  private async follow(signal: AbortSignal): Promise<number> {
    const client = this.currentClient();
    const types = required(this.settings, 'the settings').types;
    const response = await client.request<Readable>({
      method: 'GET',
      path: '/api/v2/events',
      ...(types.length > 0 ? { queryLists: { event_type: types } } : {}),
      ...(this.lastEventId !== undefined ? { headers: { 'Last-Event-ID': this.lastEventId } } : {}),
      auth: 'management',
      responseType: 'stream',
      streamIdleTimeout: STREAM_IDLE_TIMEOUT_SECONDS,
      ownRateLimit: true,
      signal,
      operation: OPERATION,
    });
    // Ending the connection (input message, close) must end the read loop below too.
    const stop = (): void => {
      response.data.destroy(new Error('connection ended by the node'));
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    try {
      return await this.read(response.data);
    } finally {
      signal.removeEventListener('abort', stop);
      response.data.destroy();
    }
  }

  private async read(body: Readable): Promise<number> {
    let read = 0;
    this.settle();
    this.show('green', 'ring', this.received > 0 ? this.use.text('connectedEvents', { count: this.received }) : this.use.text('connected'));
    for await (const message of sseMessages(body)) {
      if (this.closing) break;
      if (message.kind === 'comment') continue; // `:connected`, `: heartbeat`
      if (message.event === 'error') throw this.streamError(message.data);
      const parsed = parseData(message.data);
      // The offset is the message's id; Auth0 also puts it in the data (where its SDKs read it).
      const offset = message.id || (typeof parsed?.offset === 'string' ? parsed.offset : '');
      if (offset === '') continue;
      read += 1;
      this.failures = 0;
      // A replica that may have lost the lease sends nothing more (its offset write would be refused anyway).
      if (this.sharing && (!this.sharing.holding || !this.sharing.shared.available)) throw new LeaseLost('auth0-events');
      if (message.event !== 'offset-only') this.deliver(message.event, parsed, offset);
      this.lastEventId = offset;
      await this.save();
    }
    return read;
  }

  private deliver(eventName: string | undefined, data: Record<string, unknown> | undefined, id: string): void {
    // `{offset, event: <CloudEvent>}`, or the CloudEvent itself.
    const event = data && typeof data.event === 'object' && data.event !== null && !Array.isArray(data.event) ? data.event : data;
    if (!event) {
      this.node.warn(`auth0-events: the event at offset ${id} is not a JSON object; skipped`);
      return;
    }
    const type = typeof (event as { type?: unknown }).type === 'string' ? (event as { type: string }).type : (eventName ?? '');
    this.node.send({ payload: event, topic: type, auth0: { tenant: this.domain, offset: id } });
    this.received += 1;
    const now = Date.now();
    if (now - this.lastStatusAt >= STATUS_EVERY_MS) {
      this.lastStatusAt = now;
      this.show('green', 'dot', this.use.text('lastEvent', { time: clock() }));
    }
  }

  private async save(): Promise<void> {
    const position = { tenant: this.domain, lastEventId: required(this.lastEventId, 'the last event id') };
    await required(this.checkpoint, 'the checkpoint').save(position);
    this.lastSavedAt = new Date().toISOString();
  }

  private streamError(data: string): Auth0Error {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(data) as Record<string, unknown>;
    } catch {
      // the text itself is the message
    }
    const message = typeof body.message === 'string' ? body.message : data || 'the Events API ended the stream with an error';
    return new Auth0Error(`the Events API ended the stream: ${message}`, {
      statusCode: 0,
      errorCode: typeof body.error === 'string' ? body.error : 'stream_error',
      operation: OPERATION,
    });
  }

  /** After a failed connection: report, then wait as the failure asks. */
  private async failed(err: Error): Promise<void> {
    this.settle(err);
    if (isClientClosed(err)) {
      await this.pause.wait(RETRY_AFTER_CLIENT_CLOSED_MS);
      return;
    }
    const expired = (err instanceof Auth0Error && err.statusCode === 410) || (err instanceof Auth0Error && err.errorCode === 'offset_expired');
    if (expired) {
      // The events after our offset are gone at Auth0: say which, then go on from now.
      const since = this.lastSavedAt ? ` (read until ${this.lastSavedAt})` : '';
      const gap = new Auth0Error(
        `auth0-events: the stored offset ${this.lastEventId ?? '(none)'}${since} has expired at Auth0 (410): the events after it up to now were not received; going on from now`,
        { statusCode: 410, errorCode: 'offset_expired', operation: OPERATION },
      );
      this.node.error(gap, this.errorMessage(gap, 0, { gapFrom: this.lastEventId ?? null, gapFromTime: this.lastSavedAt ?? null }));
      this.lastEventId = undefined;
      this.lastSavedAt = undefined;
      await required(this.checkpoint, 'the checkpoint')
        .clear()
        .catch(() => undefined);
      this.show('yellow', 'ring', this.use.text('offsetExpired'));
      return;
    }
    this.failures += 1;
    let delayMs: number;
    if (err instanceof RateLimitError) {
      delayMs = Math.max(1000, err.resetAt !== undefined ? err.resetAt * 1000 - Date.now() : 1000 * 2 ** Math.min(6, this.failures));
      // Auth0 allows a tenant only so many open Events API connections: the status says this node waits for one to be free.
      const cap = /connection/i.test(err.message) || err.errorCode === 'too_many_connections';
      const failure = cap ? this.use.text('connectionCap') : failureText(err, this.use.text);
      this.show('yellow', 'ring', this.use.text('retrying', { failure, delay: shortDuration(delayMs) }));
    } else {
      delayMs = err instanceof ConfigError ? BACKOFF_CAP_MS : retryDelayMs(err, this.failures, BACKOFF_CAP_MS);
      this.show('red', 'ring', this.use.text('retrying', { failure: failureText(err, this.use.text), delay: shortDuration(delayMs) }));
    }
    this.node.error(err, this.errorMessage(err, delayMs));
    await this.pause.wait(delayMs);
  }

  private errorMessage(err: Error, retryInMs: number, extra: Record<string, unknown> = {}): NodeMessage {
    const details = err as Error & { statusCode?: number; errorCode?: string };
    return {
      topic: 'auth0-events',
      payload: { lastEventId: this.lastEventId ?? null, failures: this.failures, retryInSeconds: Math.round(retryInMs / 1000), ...extra },
      auth0: { tenant: this.domain, operation: OPERATION, statusCode: details.statusCode, errorCode: details.errorCode },
    };
  }
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-events', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    new EventsWatchNode(this, migrateNodeConfig(config), RED);
  });

  // The editor reads the event catalogue from here: one table for runtime and editor.
  const admin = RED as NodeRedAPI & AdminApi;
  if (admin.httpAdmin && admin.auth) {
    admin.httpAdmin.get('/auth0-events/types', admin.auth.needsPermission('auth0-events.read'), (_req: unknown, res: { json(body: unknown): void }) => {
      res.json(EVENT_TYPE_TABLE);
    });
  }
};
