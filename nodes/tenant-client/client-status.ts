/**
 * The tenant client's status for the nodes that show it: requesting, rate limited (with the
 * resume time), the last failure, or idle, derived from the limiter and the last outcome and
 * published to listeners only when it changes.
 */
import type { ClientStatus } from '../shared/http-types';
import type { LimiterSnapshot } from './limiter';
import type { TransportFailureInfo } from './error-mapping';

/** Short status text for a request that got no answer. */
export function errorStatusText(failure: TransportFailureInfo): string {
  if (failure.kind === 'connect-timeout' || failure.kind === 'read-timeout') return 'timeout';
  if (failure.kind === 'refused' || failure.kind === 'dns') return 'unreachable';
  return 'connection error';
}

export class ClientStatusPublisher {
  private readonly listeners = new Set<(status: ClientStatus) => void>();
  /** What the listeners were last told; undefined when nobody has been told anything yet (the next status goes out). */
  private lastStatus: ClientStatus | undefined = { state: 'idle', text: 'idle' };
  private pending: NodeJS.Immediate | undefined;
  private closed = false;
  /** The last outcome that was a failure (`timeout`, `HTTP 503`, `token failed`); undefined after a success. */
  lastError: string | undefined;

  constructor(private readonly snapshot: (now: number) => LimiterSnapshot) {}

  onStatus(listener: (status: ClientStatus) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      // Nobody listens now, so nothing is worked out (refresh): what the last listener heard says
      // nothing of what the next one will have heard. The next status goes out whatever it is.
      if (this.listeners.size === 0) this.lastStatus = undefined;
    };
  }

  /**
   * Status is worked out once the current burst of changes has settled (setImmediate), so a
   * request going straight from its 429 back into the queue does not flash "idle", and a burst of
   * 1,000 does not call listeners 1,000 times.
   */
  refresh(): void {
    // Nobody to tell (a client used without nodes): no immediate per request. A listener that
    // comes later hears of the next change.
    if (this.closed || this.pending || this.listeners.size === 0) return;
    this.pending = setImmediate(() => {
      this.pending = undefined;
      this.publish();
    });
  }

  close(): void {
    this.closed = true;
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    this.listeners.clear();
  }

  /** Derives the status from the limiter and the last outcome; tells listeners only when it changes. */
  private publish(): void {
    if (this.closed) return;
    const now = Date.now();
    const snap = this.snapshot(now);
    let status: ClientStatus;
    if (snap.pausedUntil !== undefined) {
      status = { state: 'rate-limited', text: `rate limited ${Math.max(1, Math.ceil((snap.pausedUntil - now) / 1000))}s`, resumeAt: snap.pausedUntil };
    } else if (snap.active + snap.queued > 0) {
      status = { state: 'requesting', text: 'requesting' };
    } else if (this.lastError) {
      status = { state: 'error', text: this.lastError };
    } else {
      status = { state: 'idle', text: 'idle' };
    }
    const last = this.lastStatus;
    if (last && last.state === status.state && last.text === status.text && last.resumeAt === status.resumeAt) return;
    this.lastStatus = status;
    for (const listener of [...this.listeners]) {
      try {
        listener(status);
      } catch {
        // One listener's failure must not stop the others.
      }
    }
  }
}
