/**
 * auth0-events' own statuses: connected (with the count so far), the time of the last event
 * (shown at most twice a second, the clock read once per chunk read rather than per event), and
 * the wait for acknowledgements. (What the context store promises is in the starting status.)
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

  constructor(
    private readonly text: StatusText,
    private readonly show: (status: NodeStatus) => void,
  ) {}

  connected(): void {
    this.show({ fill: 'green', shape: 'ring', text: this.received > 0 ? this.text('connectedEvents', { count: this.received }) : this.text('connected') });
  }

  /** Acknowledged mode: as many messages are outstanding as allowed. */
  waitingForAcks(outstanding: number): void {
    this.unshown = false;
    this.lastShownAt = 0;
    this.show(watchStatuses(this.text).waitingForAcks(outstanding));
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
