/**
 * Delivers events to the tenant's webhook event streams the way Auth0 does: one POST per event
 * (the CloudEvent as JSON, with the stream's authorization), at least once, in no guaranteed
 * order; a 2xx answer is success; four attempts in all, retried after 1, 2 and 4 s (emulated
 * time: the clock's speed shortens them); a 4xx fails at once without retry; a stream is disabled
 * after 500 consecutive or 5,000 total failed deliveries. Every delivery keeps its history of
 * attempts for the deliveries endpoints and for redelivery.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Tenant } from '../../core/types';
import type { EventBus } from './event-bus';
import type { CloudEvent } from './event-log';

export const RETRY_DELAYS_MS = [1000, 2000, 4000];
const ATTEMPT_TIMEOUT_MS = 10_000;
const DISABLE_AFTER_CONSECUTIVE = 500;
const DISABLE_AFTER_TOTAL = 5000;
/** Delivery records kept per stream (oldest dropped first). */
const MAX_RECORDS_PER_STREAM = 10_000;

export interface WebhookSecret {
  method: 'bearer' | 'basic' | 'custom_header';
  token?: string;
  username?: string;
  password?: string;
  headerKey?: string;
  headerValue?: string;
}

/** What the deliverer needs of a stream (the routes own the records). */
export interface WebhookTarget {
  id: string;
  endpoint: string;
  secret: WebhookSecret;
  subscribed(type: string): boolean;
  enabled(): boolean;
  disable(): void;
}

export interface AttemptRecord {
  status: 'succeeded' | 'failed';
  timestamp: string;
  http_status?: number;
  error_message?: string;
  /** Milliseconds the attempt took (Auth0 sends it, recorded). */
  duration?: number;
}

export interface DeliveryRecord {
  id: string;
  event_stream_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: AttemptRecord[];
  event: CloudEvent;
  /** process.hrtime.bigint() of the first successful attempt's answer (benches). */
  deliveredAt?: bigint;
  publishedAt: bigint;
}

export type TargetLookup = () => Iterable<WebhookTarget>;

function authorizationHeaders(secret: WebhookSecret): Record<string, string> {
  switch (secret.method) {
    case 'bearer':
      return { Authorization: `Bearer ${secret.token ?? ''}` };
    case 'basic':
      return { Authorization: `Basic ${Buffer.from(`${secret.username ?? ''}:${secret.password ?? ''}`, 'utf8').toString('base64')}` };
    case 'custom_header':
      return secret.headerKey ? { [secret.headerKey]: secret.headerValue ?? '' } : {};
    default:
      return {};
  }
}

export class WebhookDeliverer {
  private readonly records = new Map<string, Map<string, DeliveryRecord>>();
  private readonly failures = new Map<string, { consecutive: number; total: number }>();
  private readonly agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly tenant: Tenant,
    bus: EventBus,
    private readonly targets: TargetLookup,
  ) {
    bus.subscribe((entry) => {
      for (const target of this.targets()) {
        if (target.enabled() && target.subscribed(entry.event.type)) this.deliver(target, { ...entry.event, a0stream: target.id }, entry.publishedAt);
      }
    });
  }

  /** Starts delivering `event` to `target` (first attempt now); returns its record. */
  deliver(target: WebhookTarget, event: CloudEvent, publishedAt = process.hrtime.bigint()): DeliveryRecord {
    const record: DeliveryRecord = {
      // A delivery's id is its event's id, as Auth0 answers (recorded): redeliver/{id} takes it.
      id: event.id,
      event_stream_id: target.id,
      event_type: event.type,
      status: 'pending',
      attempts: [],
      event,
      publishedAt,
    };
    this.remember(record);
    this.attempt(target, record, 0);
    return record;
  }

  /** A failed delivery tried again from the start of the schedule. */
  redeliver(target: WebhookTarget, record: DeliveryRecord): void {
    record.status = 'pending';
    this.attempt(target, record, 0);
  }

  recordsOf(streamId: string): DeliveryRecord[] {
    return [...(this.records.get(streamId)?.values() ?? [])];
  }

  record(streamId: string, eventId: string): DeliveryRecord | undefined {
    return this.records.get(streamId)?.get(eventId);
  }

  forget(streamId: string): void {
    this.records.delete(streamId);
    this.failures.delete(streamId);
  }

  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.records.clear();
    this.failures.clear();
  }

  close(): void {
    this.closed = true;
    this.reset();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private remember(record: DeliveryRecord): void {
    let byEvent = this.records.get(record.event_stream_id);
    if (!byEvent) this.records.set(record.event_stream_id, (byEvent = new Map<string, DeliveryRecord>()));
    byEvent.set(record.event.id, record);
    if (byEvent.size > MAX_RECORDS_PER_STREAM) byEvent.delete(byEvent.keys().next().value as string);
  }

  private attempt(target: WebhookTarget, record: DeliveryRecord, index: number): void {
    if (this.closed) return;
    const started = performance.now();
    void this.post(target, record.event).then((outcome) => {
      if (this.closed) return;
      const attempt: AttemptRecord = {
        status: outcome.ok ? 'succeeded' : 'failed',
        timestamp: this.tenant.clock.isoNow(),
        duration: Math.round((performance.now() - started) * 1000) / 1000,
      };
      if (outcome.status !== undefined) attempt.http_status = outcome.status;
      if (outcome.error) attempt.error_message = outcome.error;
      record.attempts.push(attempt);
      const counts = this.failures.get(target.id) ?? { consecutive: 0, total: 0 };
      this.failures.set(target.id, counts);
      if (outcome.ok) {
        record.status = 'succeeded';
        record.deliveredAt ??= process.hrtime.bigint();
        counts.consecutive = 0;
        return;
      }
      const clientError = outcome.status !== undefined && outcome.status >= 400 && outcome.status < 500;
      if (!clientError && index < RETRY_DELAYS_MS.length) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.attempt(target, record, index + 1);
        }, this.tenant.clock.realDelay(RETRY_DELAYS_MS[index]));
        this.timers.add(timer);
        return;
      }
      record.status = 'failed';
      counts.consecutive += 1;
      counts.total += 1;
      if (counts.consecutive >= DISABLE_AFTER_CONSECUTIVE || counts.total >= DISABLE_AFTER_TOTAL) target.disable();
    });
  }

  private post(target: WebhookTarget, event: CloudEvent): Promise<{ ok: boolean; status?: number; error?: string }> {
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(target.endpoint);
      } catch {
        resolve({ ok: false, error: 'invalid endpoint' });
        return;
      }
      const body = JSON.stringify(event);
      const secure = url.protocol === 'https:';
      const req = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            'User-Agent': 'Auth0-Event-Streams-Emulator',
            ...authorizationHeaders(target.secret),
          },
          timeout: ATTEMPT_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` });
          });
          res.on('error', () => resolve({ ok: false, error: 'connection error' }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ ok: false, error: err.code ?? err.message }));
      req.end(body);
    });
  }
}
