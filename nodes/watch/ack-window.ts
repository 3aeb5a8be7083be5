/**
 * A watcher's acknowledged mode (auth0-log-watch, auth0-events with `ack`): the messages sent and
 * not yet returned to the node's input, in the order they were sent, each with the position the
 * watcher may store once it and everything before it are acknowledged. Positions that need no
 * acknowledgement (an offset-only marker, a log event the filter skipped, a page's end) queue
 * behind the messages sent before them, so the stored position never passes an unacknowledged one.
 *
 * At most `maxUnacked` messages are sent from the oldest one not yet acknowledged on (the span, not
 * only the count outstanding): one acknowledgement that never comes holds the node after
 * `maxUnacked` more instead of letting the window, and what a restart sends again, grow without
 * bound. `room()` is the wait before the next send.
 */
import type { NodeMessage } from '../shared/node-red-types';

export const DEFAULT_MAX_UNACKED = 500;

interface Entry<P> {
  /** undefined: a position that needed no acknowledgement. */
  msgid: string | undefined;
  position: P;
  acked: boolean;
}

/** A message's id for acknowledgement: its own `_msgid`, or `msg.auth0.ack` naming one. */
export function acknowledgedId(msg: NodeMessage): string | undefined {
  const auth0 = msg.auth0 as Record<string, unknown> | undefined;
  if (auth0 && typeof auth0.ack === 'string' && auth0.ack !== '') return auth0.ack;
  return typeof msg._msgid === 'string' ? msg._msgid : undefined;
}

/** True when the message says it is an acknowledgement (msg.auth0.ack), known or not. */
export function isAckMessage(msg: NodeMessage): boolean {
  const auth0 = msg.auth0 as Record<string, unknown> | undefined;
  return !!auth0 && auth0.ack !== undefined;
}

export class AckWindow<P> {
  private entries: Entry<P>[] = [];
  /** Index of the first entry still in the window (entries before it were taken). */
  private head = 0;
  private readonly byId = new Map<string, Entry<P>>();
  /** Index of the oldest entry not acknowledged (or the end); everything before it is acknowledged. */
  private scan = 0;
  /** Messages sent, in all; and those of them before `scan`: the span is the difference. */
  private sentCount = 0;
  private sentBeforeScan = 0;
  private waiters: (() => void)[] = [];
  /** Ids sent by this window: a unique prefix and a counter (cheaper than random bytes per message). */
  private readonly idPrefix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  private counter = 0;

  constructor(readonly maxUnacked: number) {}

  /** Messages sent and not acknowledged. */
  get outstanding(): number {
    return this.byId.size;
  }

  /** A fresh message id (set as the message's `_msgid` before it is sent). */
  nextId(): string {
    this.counter += 1;
    return `${this.idPrefix}.${this.counter.toString(36)}`;
  }

  /** A message was sent; `position` may be stored once it and everything before it are acknowledged. */
  sent(msgid: string, position: P): void {
    const entry = { msgid, position, acked: false };
    this.entries.push(entry);
    this.byId.set(msgid, entry);
    this.sentCount += 1;
  }

  /** Messages sent from the oldest unacknowledged one on (what `room()` bounds). */
  get span(): number {
    this.moveScan();
    return this.sentCount - this.sentBeforeScan;
  }

  /** Moves `scan` past the acknowledged entries (each entry is passed once: amortised O(1)). */
  private moveScan(): void {
    while (this.scan < this.entries.length && this.entries[this.scan].acked) {
      if (this.entries[this.scan].msgid !== undefined) this.sentBeforeScan += 1;
      this.scan += 1;
    }
  }

  /** A position that needs no acknowledgement: stored once everything before it is. */
  pass(position: P): void {
    this.entries.push({ msgid: undefined, position, acked: true });
  }

  /**
   * An input message taken as an acknowledgement: true when it is one, whether it named a message
   * outstanding here or one no longer is (acknowledged already, or sent before a restart: then
   * nothing moves); `own` says the message is one of the watcher's (it carries its fields).
   * False: not an acknowledgement (an input message that asks for a turn).
   */
  take(msg: NodeMessage, own: boolean): boolean {
    const id = acknowledgedId(msg);
    if (id !== undefined && this.ack(id)) return true;
    return own || isAckMessage(msg);
  }

  /** Marks a message acknowledged; false when it is not outstanding here (an old or foreign id). */
  ack(msgid: string): boolean {
    const entry = this.byId.get(msgid);
    if (!entry) return false;
    this.byId.delete(msgid);
    entry.acked = true;
    if (this.span < this.maxUnacked) this.wake();
    return true;
  }

  /** The position everything up to is acknowledged, taken from the window; undefined when it did not move. */
  advance(): P | undefined {
    let last: Entry<P> | undefined;
    while (this.head < this.entries.length && this.entries[this.head].acked) {
      last = this.entries[this.head];
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.moveScan(); // to head or beyond: scan never points into what is cut
      this.entries = this.entries.slice(this.head);
      this.scan -= this.head;
      this.head = 0;
    }
    return last?.position;
  }

  /** Resolves at once when another message may be sent, else when an acknowledgement (or release) makes room. */
  room(): Promise<void> | undefined {
    if (this.span < this.maxUnacked) return undefined;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Lets every wait for room go (the node closes or the connection ends). */
  release(): void {
    this.wake();
  }

  /** Forgets everything (another holder may have moved on; a restart reads the store again). */
  clear(): void {
    this.entries = [];
    this.head = 0;
    this.scan = 0;
    this.sentCount = 0;
    this.sentBeforeScan = 0;
    this.byId.clear();
    this.wake();
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
