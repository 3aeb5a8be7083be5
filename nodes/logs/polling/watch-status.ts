/** Short status texts shared by the polling nodes of the logs family. */
import type { NodeStatus } from '../../shared/node-red-types';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `last 14:03:22` for an event of today, `last 2026-11-20` for an older one (local time). */
export function lastEventText(isoDate: string | null, now = new Date()): string | undefined {
  if (!isoDate) return undefined;
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return undefined;
  const sameDay = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return sameDay
    ? `last ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    : `last ${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const STATUS = {
  starting: (): NodeStatus => ({ fill: 'grey', shape: 'ring', text: 'starting' }),
  idle: (lastDate: string | null): NodeStatus => {
    const text = lastEventText(lastDate);
    return text ? { fill: 'green', shape: 'dot', text } : { fill: 'green', shape: 'ring', text: 'watching' };
  },
  catchingUp: (read: number): NodeStatus => ({ fill: 'blue', shape: 'dot', text: `catching up ${read}` }),
  failed: (text: string): NodeStatus => ({ fill: 'red', shape: 'ring', text }),
};
