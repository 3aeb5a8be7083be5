/**
 * auth0-events' own statuses: connected (with the count so far), the time of the last event
 * (shown at most twice a second, the clock read once per chunk read rather than per event), and
 * the wait for acknowledgements: shown at once when it had not been for half a second, else half
 * a second after the last showing if the wait is still on (a flow that acknowledges quickly makes
 * the node wait for a moment every few messages: no status change each time). (What the context
 * store promises is in the starting status.)
 */
import type { NodeStatus } from '../../shared/node-red-types';
import type { StatusText } from '../../shared/status-text';
import { watchStatuses } from '../../watch/watch-status';

/** Status updates while events flow, at most this often. */
const STATUS_EVERY_MS = 500;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function clock(date = new Date()): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export class EventStatus {
  private received = 0;
  private lastShownAt = 0;
  /** Events were sent since the status last showed it. */
  private unshown = false;
  private readonly statuses: ReturnType<typeof watchStatuses>;
  /** Acknowledged mode: the messages outstanding while a wait for room is on (undefined: none is). */
  private waiting: number | undefined;
  /** The wait is what the status shows. */
  private waitShown = false;
  private waitShownAt = 0;
  /** Shows a wait that began too soon after the last showing, if it is still on by then. */
  private waitTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly text: StatusText,
    private readonly show: (status: NodeStatus) => void,
  ) {
    this.statuses = watchStatuses(text);
  }

  connected(): void {
    this.show({ fill: 'green', shape: 'ring', text: this.received > 0 ? this.text('connectedEvents', { count: this.received }) : this.text('connected') });
  }

  /** Acknowledged mode: as many messages are outstanding as allowed; the node waits. */
  waitStarted(outstanding: number): void {
    this.waiting = outstanding;
    const now = Date.now();
    const since = now - this.waitShownAt;
    if (since >= STATUS_EVERY_MS) this.showWait(now);
    else this.waitTimer ??= setTimeout(() => this.showWaitIfOn(), STATUS_EVERY_MS - since);
  }

  /** The wait ended: the status says connected again if it said waiting. */
  waitEnded(): void {
    this.waiting = undefined;
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    if (!this.waitShown) return;
    this.waitShown = false;
    this.connected();
  }

  private showWaitIfOn(): void {
    this.waitTimer = undefined;
    if (this.waiting !== undefined) this.showWait(Date.now());
  }

  private showWait(now: number): void {
    this.waitShownAt = now;
    this.waitShown = true;
    this.unshown = false;
    this.lastShownAt = 0;
    this.show(this.statuses.waitingForAcks(this.waiting ?? 0));
  }

  reconnecting(): void {
    this.show({ fill: 'grey', shape: 'ring', text: this.text('reconnecting') });
  }

  /** Events sent: counted only. */
  sent(count = 1): void {
    this.received += count;
    this.unshown = true;
  }

  /** Once per chunk read: the time of the last event, when some were sent and the last showing is old enough. */
  tick(): void {
    if (!this.unshown) return;
    const now = Date.now();
    if (now - this.lastShownAt < STATUS_EVERY_MS) return;
    this.lastShownAt = now;
    this.unshown = false;
    this.show({ fill: 'green', shape: 'dot', text: this.text('lastEvent', { time: clock(new Date(now)) }) });
  }
}
