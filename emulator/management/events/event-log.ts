/**
 * The tenant's retained events, in the order they happened, each at a position (a sequence
 * number that keeps increasing across resets). Offsets handed to clients are opaque strings
 * encoding a position; an offset older than the oldest retained event has expired (410).
 * Positions start from the wall-clock time, so an offset stored against an earlier emulator
 * process is older than everything a new one has: until this process drops an event, such an
 * offset reads from its first event (as a log_id of before does), like a restart that lost nothing.
 */
export interface CloudEvent {
  specversion: '1.0';
  type: string;
  source: string;
  id: string;
  time: string;
  data: Record<string, unknown>;
  a0tenant: string;
  a0stream: string;
  a0purpose?: 'test';
  [extra: string]: unknown;
}

export interface LoggedEvent {
  seq: number;
  event: CloudEvent;
  /** The JSON text, serialised once for every consumer. */
  json: string;
  /** process.hrtime.bigint() when it was published (benches compare delivery times against it). */
  publishedAt: bigint;
}

const OFFSET_PREFIX = 'o1:';
export const DEFAULT_MAX_EVENTS = 10_000;

export function encodeOffset(seq: number): string {
  return Buffer.from(`${OFFSET_PREFIX}${seq}`, 'utf8').toString('base64url');
}

/** The position an offset names, or undefined when it is not one of ours. */
export function decodeOffset(offset: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(offset)) return undefined;
  const text = Buffer.from(offset, 'base64url').toString('utf8');
  if (!text.startsWith(OFFSET_PREFIX)) return undefined;
  const n = Number(text.slice(OFFSET_PREFIX.length));
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Positions per millisecond of the start time (16 digits: a safe integer until the year 2255). */
const POSITIONS_PER_MS = 1000;

/** The position before a new process's first event: now, in thousandths of a millisecond. */
export function eventSequenceStart(nowMs: number = Date.now()): number {
  return Math.floor(nowMs) * POSITIONS_PER_MS;
}

export class EventLog {
  private events: LoggedEvent[] = [];
  /** Index of the first live entry of `events` (trimming by slicing in bulk, not shift() per event). */
  private head = 0;
  /** The position before this process's first event. */
  private readonly startSeq = eventSequenceStart();
  private lastSeq = this.startSeq;
  /** Positions up to this one have been dropped (by retention or on purpose). */
  private droppedThrough = this.startSeq;

  /** Retained events (Auth0 keeps them for days; the emulator counts them): `maxEvents` in the settings control. */
  constructor(public maxEvents = DEFAULT_MAX_EVENTS) {}

  get size(): number {
    return this.events.length - this.head;
  }

  /** The position of the newest event (the start position before any). */
  get latest(): number {
    return this.lastSeq;
  }

  /** The oldest position an offset may name and still be served (any, an earlier process's too, while nothing was dropped). */
  get oldestValid(): number {
    return this.droppedThrough === this.startSeq ? 0 : this.droppedThrough;
  }

  append(event: CloudEvent): LoggedEvent {
    this.lastSeq += 1;
    const entry: LoggedEvent = { seq: this.lastSeq, event, json: JSON.stringify(event), publishedAt: process.hrtime.bigint() };
    this.events.push(entry);
    if (this.size > this.maxEvents) this.dropThrough(this.events[this.events.length - this.maxEvents - 1].seq);
    return entry;
  }

  /** The retained event at position `seq + 1` or later: the next one after `seq`. */
  nextAfter(seq: number): LoggedEvent | undefined {
    const first = this.events[this.head];
    if (!first) return undefined;
    const index = this.head + Math.max(0, seq + 1 - first.seq);
    return this.events[index];
  }

  /** The position just before the first retained event at or after `time` (ISO). */
  positionAt(time: string): number {
    for (let i = this.head; i < this.events.length; i++) {
      if (this.events[i].event.time >= time) return this.events[i].seq - 1;
    }
    return this.lastSeq;
  }

  byId(id: string): LoggedEvent | undefined {
    for (let i = this.events.length - 1; i >= this.head; i--) if (this.events[i].event.id === id) return this.events[i];
    return undefined;
  }

  all(): LoggedEvent[] {
    return this.events.slice(this.head);
  }

  /** Drops the events up to and including position `seq` (offsets before it then answer 410). */
  dropThrough(seq: number): void {
    if (seq <= this.droppedThrough) return;
    this.droppedThrough = Math.min(seq, this.lastSeq);
    while (this.head < this.events.length && this.events[this.head].seq <= this.droppedThrough) this.head++;
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
  }

  /** Empties the log; positions keep increasing, so an offset of before is expired, not reused. */
  clear(): void {
    this.events = [];
    this.head = 0;
    this.droppedThrough = this.lastSeq;
  }
}
