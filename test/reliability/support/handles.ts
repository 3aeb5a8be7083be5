/**
 * What a node leaves behind: the process's active resources (timers, sockets, servers) by type,
 * and, more precisely, every async resource created from the package's own code (its file path
 * in a stack frame of the creation), followed until it is destroyed.
 */
import { createHook } from 'node:async_hooks';

/** Active resources by type (`Timeout`, `TCPSocketWrap`, …), from process.getActiveResourcesInfo(). */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The types whose count grew from `before` to `after`, with the difference. */
export function grown(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [type, n] of Object.entries(after)) {
    const diff = n - (before[type] ?? 0);
    if (diff > 0) out[type] = diff;
  }
  return out;
}

/**
 * Resource types worth following: timers, immediates, sockets, connects and lookups. (HTTP request
 * objects are left out: their async resource ends only when garbage-collected.)
 */
const FOLLOWED = new Set(['Timeout', 'Immediate', 'TCPWRAP', 'TCPCONNECTWRAP', 'TLSWRAP', 'GETADDRINFOREQWRAP']);

export interface ResourceTracker {
  /** Followed resources created from the package's code and not destroyed yet: type and where. */
  alive(): { type: string; where: string }[];
  /** How many were created in all. */
  created(): number;
  stop(): void;
}

/**
 * Follows resources created while a stack frame's file matches `ours` (the package's dist/nodes,
 * not the tests). Timers are destroyed when they fire or are cleared; sockets when closed.
 */
export function trackResources(ours: RegExp = /dist[\\/]nodes[\\/]/): ResourceTracker {
  const open = new Map<number, { type: string; where: string }>();
  let created = 0;
  const hook = createHook({
    init(asyncId, type) {
      if (!FOLLOWED.has(type)) return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 80;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      const frame = stack
        .split('\n')
        .slice(1)
        .find((line) => ours.test(line) && !/[\\/]test[\\/]/.test(line));
      if (!frame) return;
      created += 1;
      open.set(asyncId, { type, where: frame.trim() });
    },
    destroy(asyncId) {
      open.delete(asyncId);
    },
  }).enable();
  return {
    alive: () => [...open.values()],
    created: () => created,
    stop: () => hook.disable(),
  };
}
