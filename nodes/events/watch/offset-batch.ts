/**
 * auth0-events' offset written by batch rather than after every event: the offset of the last
 * message read is kept in memory and written when the batch is full (OFFSET_BATCH_EVENTS messages
 * read since the last write) or old (OFFSET_BATCH_MS since its first message), when the reader
 * has caught up with the stream (nothing more arrived), when the stream ends, and on close before
 * the lease is given back. A process that dies without its close
 * repeats at most one batch on its next start (or on the replica that takes over); an orderly
 * stop repeats nothing. One write at a time, in order.
 */
import { toText } from '../../shared/to-text';

/** Messages read before their offset must be written. */
export const OFFSET_BATCH_EVENTS = 500;
/** How long an offset read may stay unwritten. */
export const OFFSET_BATCH_MS = 1000;

export interface OffsetBatchLimits {
  events: number;
  ms: number;
}

export class OffsetBatch {
  private pending: string | undefined;
  private count = 0;
  private firstAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** A write of the timer's that failed: thrown by the next add or flush. */
  private failure: unknown;

  constructor(
    private readonly write: (offset: string) => Promise<void>,
    private readonly limits: OffsetBatchLimits = { events: OFFSET_BATCH_EVENTS, ms: OFFSET_BATCH_MS },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records the offset of a message read (and handled). Returns the write's promise when the
   * batch is due now (the caller awaits it before reading on), else undefined: no wait at all.
   */
  add(offset: string): Promise<void> | undefined {
    this.throwFailure();
    this.pending = offset;
    this.count += 1;
    if (this.count === 1) {
      this.firstAt = this.now();
      // A stream gone quiet still has its last offset written within the time bound.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch((err: unknown) => {
          this.failure = err;
        });
      }, this.limits.ms);
    }
    if (this.count >= this.limits.events || this.now() - this.firstAt >= this.limits.ms) return this.flush();
    return undefined;
  }

  /** Writes the pending offset, if any; resolves when every write so far is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const offset = this.pending;
    this.pending = undefined;
    this.count = 0;
    if (offset !== undefined) this.writing = this.writing.then(() => this.write(offset));
    return this.writing.then(() => this.throwFailure());
  }

  /** Forgets what is pending (the stored offset is read again: another holder may have moved it). */
  drop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    this.count = 0;
    this.failure = undefined;
  }

  private throwFailure(): void {
    if (this.failure === undefined) return;
    const failure = this.failure;
    this.failure = undefined;
    throw failure instanceof Error ? failure : new Error(toText(failure));
  }
}
