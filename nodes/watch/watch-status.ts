/** Short status texts shared by the watcher nodes. */
import type { NodeStatus } from '../shared/node-red-types';
import type { StatusText } from '../shared/status-text';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `last 14:03:22` for an event of today, `last 2026-11-20` for an older one (local time). */
export function lastEventText(text: StatusText, isoDate: string | null, now = new Date()): string | undefined {
  if (!isoDate) return undefined;
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return undefined;
  const sameDay = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  const time = sameDay
    ? `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return text('lastEvent', { time });
}

/** A status with a note after its text (what the context store promises), when there is one. */
export function withNote(status: NodeStatus, note: string | undefined): NodeStatus {
  return note ? { ...status, text: `${status.text ?? ''} · ${note}` } : status;
}

/** The statuses of a watcher node, in the runtime's language. */
export function watchStatuses(text: StatusText) {
  return {
    starting: (): NodeStatus => ({ fill: 'grey', shape: 'ring', text: text('starting') }),
    idle: (lastDate: string | null): NodeStatus => {
      const last = lastEventText(text, lastDate);
      return last ? { fill: 'green', shape: 'dot', text: last } : { fill: 'green', shape: 'ring', text: text('watching') };
    },
    catchingUp: (read: number): NodeStatus => ({ fill: 'blue', shape: 'dot', text: text('catchingUp', { count: read }) }),
    /** A failed poll: what failed, and when the next one is. */
    retrying: (failure: string, delay: string): NodeStatus => ({ fill: 'red', shape: 'ring', text: text('retrying', { failure, delay }) }),
    configuration: (): NodeStatus => ({ fill: 'red', shape: 'ring', text: text('configuration') }),
    /** Acknowledged mode: as many messages outstanding as allowed. */
    waitingForAcks: (outstanding: number): NodeStatus => ({ fill: 'yellow', shape: 'ring', text: text('waitingForAcks', { count: outstanding }) }),
  };
}
