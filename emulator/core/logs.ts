/**
 * Tenant log events. Every login, signup, failure and management write adds
 * one, with Auth0's type codes. `log_id`s are fixed-width decimal strings, so
 * string order equals creation order, and they keep increasing across resets and across
 * restarts: the sequence starts from the wall-clock time, so an id a watcher stored against an
 * earlier emulator process is older than every id of a new one.
 */
import type { Clock } from './clock';

/** Auth0 log event type codes the emulator writes (subset of Auth0's table). */
export const LOG_TYPES = {
  s: 'Success Login',
  f: 'Failed Login',
  fp: 'Failed Login (Incorrect Password)',
  fu: 'Failed Login (Invalid Email/Username)',
  ss: 'Success Signup',
  fs: 'Failed Signup',
  sapi: 'Success API Operation',
  fapi: 'Failed API Operation',
  mgmt_api_read: 'Management API Read Operation',
  api_limit: 'Rate Limit on API',
  limit_wc: 'Blocked Account',
  limit_mu: 'Blocked IP Address',
  seccft: 'Success Exchange (Client Credentials for Access Token)',
  feccft: 'Failed Exchange (Client Credentials for Access Token)',
  seacft: 'Success Exchange (Authorization Code for Access Token)',
  feacft: 'Failed Exchange (Authorization Code for Access Token)',
  sertft: 'Success Exchange (Refresh Token for Access Token)',
  fertft: 'Failed Exchange (Refresh Token for Access Token)',
  sepft: 'Success Exchange (Password for Access Token)',
  fepft: 'Failed Exchange (Password for Access Token)',
  sercft: 'Success Exchange (Password-realm for Access Token)',
  scp: 'Success Change Password',
  fcp: 'Failed Change Password',
  scpr: 'Success Change Password Request',
  fcpr: 'Failed Change Password Request',
  cls: 'Code/Link Sent',
  fcls: 'Failed Code/Link Sent',
  slo: 'Success Logout',
  flo: 'Failed Logout',
  srrt: 'Success Revocation',
  du: 'Deleted User',
  sv: 'Success Verification Email',
  svr: 'Success Verification Email Request',
  fv: 'Failed Verification Email',
  ublkdu: 'User login block released',
  gd_enrollment_complete: 'Guardian - MFA enrollment complete',
  gd_unenroll: 'Guardian - Unenroll device account',
  gd_recovery_succeed: 'Guardian - MFA recovery success',
  depnote: 'Deprecation Notice',
  sdu: 'Successful User Deletion',
  slnk: 'Success Link Account',
  sui: 'Success Users Import',
  fui: 'Failed Users Import',
} as const;

export type LogType = keyof typeof LOG_TYPES | (string & {});

export interface LogEvent {
  log_id: string;
  _id: string;
  date: string;
  type: LogType;
  description?: string;
  client_id?: string;
  client_name?: string;
  connection?: string;
  connection_id?: string;
  strategy?: string;
  strategy_type?: string;
  ip?: string;
  user_agent?: string;
  hostname?: string;
  user_id?: string;
  user_name?: string;
  audience?: string;
  scope?: string | string[];
  isMobile?: boolean;
  details?: Record<string, unknown>;
  [extra: string]: unknown;
}

export type LogInput = Omit<LogEvent, 'log_id' | '_id' | 'date'> & { date?: string };

export type LogListener = (event: LogEvent) => void;

const LOG_ID_PREFIX = '900';
const LOG_ID_DIGITS = 20;
/** Ids per millisecond of the start time: a process writing fewer on average never reaches the next one's first id. */
const LOG_IDS_PER_MS = 1_000_000n;

/** The sequence number before a new process's first log_id: now, in millionths of a millisecond (19 digits until the year 5138). */
export function logSequenceStart(nowMs: number = Date.now()): bigint {
  return BigInt(Math.floor(nowMs)) * LOG_IDS_PER_MS;
}

export class LogStore {
  /** Events in log_id order (appended in order; trimmed from the front past `maxEvents`). */
  private events: LogEvent[] = [];
  private byId = new Map<string, LogEvent>();
  private counter = logSequenceStart();
  private listeners = new Set<LogListener>();

  constructor(
    private readonly clock: Clock,
    private readonly hostname: () => string,
    readonly maxEvents = 100_000,
  ) {}

  get size(): number {
    return this.events.length;
  }

  /** Writes an event; listeners (log streams) are called synchronously but their errors are ignored. */
  write(input: LogInput): LogEvent {
    this.counter += 1n;
    const logId = LOG_ID_PREFIX + String(this.counter).padStart(LOG_ID_DIGITS, '0');
    const event: LogEvent = {
      date: input.date ?? this.clock.isoNow(),
      hostname: this.hostname(),
      isMobile: false, // every recorded Auth0 log event says so for API and browser traffic alike
      description: input.description ?? LOG_TYPES[input.type as keyof typeof LOG_TYPES] ?? '',
      ...input,
      log_id: logId,
      _id: logId,
    } as LogEvent;
    this.events.push(event);
    this.byId.set(logId, event);
    this.trim();
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing listener (a log stream) must not break the request that logged.
      }
    }
    return event;
  }

  /**
   * A tenant's log kept across a restart (a real tenant keeps it): the events as they were, ids
   * included, in log_id order; the next write continues after the last. Log streams are not told.
   */
  restore(events: readonly LogEvent[]): void {
    for (const stored of events) {
      const event = { ...stored };
      const sequence = BigInt(event.log_id.slice(LOG_ID_PREFIX.length));
      if (this.events.length > 0 && event.log_id <= this.events[this.events.length - 1].log_id) {
        throw new RangeError(`log_id ${event.log_id} is not after the log's last`);
      }
      this.events.push(event);
      this.byId.set(event.log_id, event);
      if (sequence > this.counter) this.counter = sequence;
    }
    this.trim();
  }

  /** Past `maxEvents`, the oldest events go. */
  private trim(): void {
    if (this.events.length <= this.maxEvents) return;
    const dropped = this.events.splice(0, this.events.length - this.maxEvents);
    for (const old of dropped) this.byId.delete(old.log_id);
  }

  get(logId: string): LogEvent | undefined {
    return this.byId.get(logId);
  }

  /** All events in log_id order (the live array: do not mutate). */
  all(): readonly LogEvent[] {
    return this.events;
  }

  /**
   * Checkpoint read: up to `take` events with log_id > `from` (all from the
   * start when `from` is empty), in log_id order.
   */
  after(from: string | undefined, take: number): LogEvent[] {
    let start = 0;
    if (from) {
      // Binary search for the first event whose id is greater than `from`.
      let lo = 0;
      let hi = this.events.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.events[mid].log_id <= from) lo = mid + 1;
        else hi = mid;
      }
      start = lo;
    }
    return this.events.slice(start, start + take);
  }

  /** Log events of one user. */
  forUser(userId: string): LogEvent[] {
    return this.events.filter((event) => event.user_id === userId);
  }

  /** Subscribes to new events; returns the unsubscribe function. */
  subscribe(listener: LogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops all events (ids keep increasing, so old checkpoints stay valid). */
  clear(): void {
    this.events = [];
    this.byId.clear();
  }
}
