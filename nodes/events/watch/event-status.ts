/** auth0-events' own statuses: connected (with the count so far), and the time of the last event, shown at most twice a second. */
import type { NodeStatus } from '../../shared/node-red-types';
import type { StatusText } from '../../shared/status-text';

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

  constructor(
    private readonly text: StatusText,
    private readonly show: (status: NodeStatus) => void,
  ) {}

  connected(): void {
    this.show({ fill: 'green', shape: 'ring', text: this.received > 0 ? this.text('connectedEvents', { count: this.received }) : this.text('connected') });
  }

  reconnecting(): void {
    this.show({ fill: 'grey', shape: 'ring', text: this.text('reconnecting') });
  }

  /** One event sent. */
  sent(now = Date.now()): void {
    this.received += 1;
    if (now - this.lastShownAt < STATUS_EVERY_MS) return;
    this.lastShownAt = now;
    this.show({ fill: 'green', shape: 'dot', text: this.text('lastEvent', { time: clock() }) });
  }
}
