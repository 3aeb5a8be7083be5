/**
 * auth0-events' offset written by batch rather than after every event: the offset of the last
 * message read is kept in memory and written when the batch is full (OFFSET_BATCH_EVENTS messages
 * read since the last write) or old (OFFSET_BATCH_MS since its first message), when the reader
 * has caught up with the stream (nothing more arrived), when the stream ends, and on close before
 * the lease is given back. A process that dies without its close
 * repeats at most one batch on its next start (or on the replica that takes over); an orderly
 * stop repeats nothing. One write at a time, in order.
 *
 * Only the offset of a delivered message is written. Node-RED delivers a sent message in a
 * setImmediate of its own, and a flow stopped before that loses it; so an offset counts as
 * delivered once an immediate queued after its message's send has run: after the messages of a
 * chunk are sent (process.nextTick), one immediate marks them all. `settle()`, called when the
 * node breaks its connection off (closing, an input message, the lease lost), stops the marking:
 * what was sent and not delivered by then is read again from Auth0 after a restart rather than
 * lost with the stopped flow (a redeploy of this node alone may repeat those few).
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
  private pendingOffset: string | undefined;
  private count = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** A write of the timer's that failed: thrown by the next add or flush. */
  private failure: unknown;
  /** Offsets are numbered as they are added; up to `deliveredSeq` their messages were delivered. */
  private addedSeq = 0;
  private lastAdded: string | undefined;
  private deliveredSeq = 0;
  private deliveredOffset: string | undefined;
  private writtenOffset: string | undefined;
  /** A mark is due once the messages sent in this turn are (process.nextTick queues it). */
  private markQueued = false;
  /** Marks queued before the last settle() count for nothing. */
  private generation = 0;
  /** The last offset added before the last settle(). */
  private settledSeq = 0;
  private waiters: { seq: number; resolve: () => void }[] = [];

  constructor(
    private readonly write: (offset: string) => Promise<void>,
    private readonly limits: OffsetBatchLimits = { events: OFFSET_BATCH_EVENTS, ms: OFFSET_BATCH_MS },
  ) {}

  /**
   * Records the offset of a message read (and sent). Returns the write's promise when the
   * batch is due now (the caller awaits it before reading on), else undefined: no wait at all.
   */
  add(offset: string): Promise<void> | undefined {
    this.throwFailure();
    this.pendingOffset = offset;
    this.lastAdded = offset;
    this.addedSeq += 1;
    this.markDelivered();
    this.count += 1;
    if (this.count === 1) {
      // The time bound is the timer's alone: no clock read per message (the reading yields to the
      // event loop every few dozen messages, so the timer runs during a backlog too), and a stream
      // gone quiet still has its last offset written within it.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch((err: unknown) => {
          this.failure = err;
        });
      }, this.limits.ms);
    }
    if (this.count >= this.limits.events) return this.flush();
    return undefined;
  }

  /** True when an offset read is not written yet. */
  get pending(): boolean {
    return this.pendingOffset !== undefined;
  }

  /**
   * Writes the pending offset once its message is delivered (at once after settle(): what is
   * delivered by then); resolves when every write so far is done.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const hadPending = this.pendingOffset !== undefined;
    this.pendingOffset = undefined;
    this.count = 0;
    if (hadPending) {
      const seq = this.addedSeq;
      const delivered = this.settled || seq <= this.deliveredSeq ? undefined : new Promise<void>((resolve) => this.waiters.push({ seq, resolve }));
      this.writing = this.writing.then(() => delivered).then(() => this.writeDelivered());
    }
    return this.writing.then(() => this.throwFailure());
  }

  /** The connection ends or the node closes: messages not delivered by now may be lost with the flow. */
  settle(): void {
    this.generation += 1;
    this.settledSeq = this.addedSeq;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }

  /** Forgets what is pending (the stored offset is read again: another holder may have moved it). */
  drop(): void {
    this.settle();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pendingOffset = undefined;
    this.deliveredOffset = undefined;
    this.writtenOffset = undefined;
    this.deliveredSeq = this.addedSeq;
    this.count = 0;
    this.failure = undefined;
  }

  /** Nothing added since settle(): flushes write what is delivered without waiting for the rest. */
  private get settled(): boolean {
    return this.addedSeq === this.settledSeq;
  }

  /** Marks the offsets added in this turn delivered once an immediate queued after their sends has run. */
  private markDelivered(): void {
    if (this.markQueued) return;
    this.markQueued = true;
    const generation = this.generation;
    process.nextTick(() => {
      this.markQueued = false;
      // Settled since it was queued: only messages sent after that are marked (a reconnect goes on
      // in the same turn; a close sends nothing more, and what it stopped may be lost).
      if (generation !== this.generation && this.addedSeq <= this.settledSeq) return;
      const current = this.generation;
      const seq = this.addedSeq;
      const offset = this.lastAdded;
      setImmediate(() => {
        if (current !== this.generation || seq <= this.deliveredSeq) return;
        this.deliveredSeq = seq;
        this.deliveredOffset = offset;
        this.waiters = this.waiters.filter((waiter) => waiter.seq > seq || (waiter.resolve(), false));
      });
    });
  }

  private writeDelivered(): Promise<void> | undefined {
    const offset = this.deliveredOffset;
    if (offset === undefined || offset === this.writtenOffset) return undefined;
    this.writtenOffset = offset;
    return this.write(offset);
  }

  private throwFailure(): void {
    if (this.failure === undefined) return;
    const failure = this.failure;
    this.failure = undefined;
    throw failure instanceof Error ? failure : new Error(toText(failure));
  }
}
