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
 *
 * Each message sent is an entry of an array, in the order sent; its id carries its place (the
 * window's prefix and a sequence number), so an acknowledgement finds its entry without a map,
 * and a position passed while messages wait goes with the last of them. Every operation is O(1)
 * (amortised: each entry is passed once by the oldest-unacknowledged scan and once by `advance`).
 *
 * A wait for room ends on the turn of the event loop after the acknowledgement that made room
 * (setImmediate), not in the microtask after it: Node-RED hands each message back in an immediate
 * of its own, so by then every acknowledgement of that turn is in and the sender goes on with a
 * burst of messages rather than one per acknowledgement (one wait, one status change each).
 */
import type { NodeMessage } from '../shared/node-red-types';

export const DEFAULT_MAX_UNACKED = 500;

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

/** Entries taken from the front before the arrays are cut (and only when they are most of them). */
const COMPACT_AFTER = 1024;

export class AckWindow<P> {
  /** Per message sent, in order: the position stored once it and all before it are acknowledged. */
  private positions: P[] = [];
  private acked: boolean[] = [];
  /** The sequence number of the message at index 0 (ids go on rising across compaction and `clear`). */
  private base = 0;
  /** Index of the first entry still in the window (entries before it were taken by `advance`). */
  private head = 0;
  /** Index of the oldest entry not acknowledged (or the end): the span starts there. */
  private scan = 0;
  /** A position passed when no message was waiting: stored at the next `advance`. */
  private loose: P | undefined;
  private unacked = 0;
  private waiters: (() => void)[] = [];
  /** The waits for room end on this immediate (set while one is due). */
  private wakeLater: NodeJS.Immediate | undefined;
  /** Ids given by this window: a unique prefix, then the message's sequence number in decimal. */
  private readonly idPrefix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.`;
  /** The id `nextId()` gave, which `sent` expects. */
  private issued: string | undefined;

  constructor(readonly maxUnacked: number) {}

  /** Messages sent and not acknowledged. */
  get outstanding(): number {
    return this.unacked;
  }

  /** The id of the next message (set as its `_msgid` before it is sent, then given to `sent`). */
  nextId(): string {
    this.issued = this.idPrefix + String(this.base + this.positions.length);
    return this.issued;
  }

  /** A message was sent with the id `nextId()` gave; `position` may be stored once it and everything before it are acknowledged. */
  sent(msgid: string, position: P): void {
    if (msgid !== this.issued) throw new Error('AckWindow: a message is sent with the id nextId() gave it, once');
    this.issued = undefined;
    this.positions.push(position);
    this.acked.push(false);
    this.unacked += 1;
  }

  /** Messages sent from the oldest unacknowledged one on (what `room()` bounds). */
  get span(): number {
    this.moveScan();
    return this.positions.length - this.scan;
  }

  /** Moves `scan` past the acknowledged entries (each entry is passed once: amortised O(1)). */
  private moveScan(): void {
    const acked = this.acked;
    let scan = this.scan;
    while (scan < acked.length && acked[scan]) scan += 1;
    this.scan = scan;
  }

  /** A position that needs no acknowledgement: stored once everything before it is. */
  pass(position: P): void {
    if (this.head < this.positions.length) this.positions[this.positions.length - 1] = position;
    else this.loose = position;
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
    const index = this.indexOf(msgid);
    if (index < this.head || index >= this.acked.length || this.acked[index]) return false;
    this.acked[index] = true;
    this.unacked -= 1;
    if (this.waiters.length > 0 && this.wakeLater === undefined && this.span < this.maxUnacked) this.wakeLater = setImmediate(this.wakeNow);
    return true;
  }

  /** The entry index an id of this window names, or -1. */
  private indexOf(msgid: string): number {
    const prefix = this.idPrefix;
    if (msgid.length <= prefix.length || msgid.length > prefix.length + 15 || !msgid.startsWith(prefix)) return -1;
    // One spelling per number, as String() writes it: no leading zero.
    if (msgid.charCodeAt(prefix.length) === 48 && msgid.length > prefix.length + 1) return -1;
    let seq = 0;
    for (let i = prefix.length; i < msgid.length; i++) {
      const digit = msgid.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return -1;
      seq = seq * 10 + digit;
    }
    return seq - this.base;
  }

  /** The position everything up to is acknowledged, taken from the window; undefined when it did not move. */
  advance(): P | undefined {
    let last = this.loose;
    this.loose = undefined;
    const acked = this.acked;
    let head = this.head;
    while (head < acked.length && acked[head]) {
      last = this.positions[head];
      head += 1;
    }
    this.head = head;
    if (head > COMPACT_AFTER && head * 2 > acked.length) {
      this.moveScan(); // to head or beyond: scan never points into what is cut
      this.positions = this.positions.slice(head);
      this.acked = acked.slice(head);
      this.base += head;
      this.scan -= head;
      this.head = 0;
    }
    return last;
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

  /** Forgets everything (another holder may have moved on; a restart reads the store again). Ids given before are unknown from now on. */
  clear(): void {
    this.base += this.positions.length;
    this.positions = [];
    this.acked = [];
    this.head = 0;
    this.scan = 0;
    this.loose = undefined;
    this.unacked = 0;
    this.issued = undefined;
    this.wake();
  }

  private readonly wakeNow = (): void => this.wake();

  private wake(): void {
    if (this.wakeLater !== undefined) clearImmediate(this.wakeLater);
    this.wakeLater = undefined;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
