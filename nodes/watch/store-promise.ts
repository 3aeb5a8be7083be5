/**
 * What a watcher's place in its stream survives, by the context store it is kept in (Node-RED's
 * `contextStorage` in settings.js): the memory store (Node-RED's default) keeps nothing across a
 * restart; the file store with its cache (its default) writes to disk every `flushInterval`
 * seconds (30 by default), so a killed process goes back to what was on disk; the file store
 * with `cache: false` writes each change at once. The watcher says which at deploy (a warning),
 * in its status and in its help, rather than promising what the store cannot keep.
 */
import type { StatusText } from '../shared/status-text';

export type StoreDurability = 'memory' | 'cached-file' | 'file' | 'other';

export interface StorePromise {
  /** The store's name as the user knows it (`default` when none is chosen). */
  store: string;
  durability: StoreDurability;
  /** For a cached file store: seconds between its writes to disk. */
  flushSeconds?: number;
}

const DEFAULT_FLUSH_SECONDS = 30;

type StoreConfig = { module?: unknown; config?: { cache?: unknown; flushInterval?: unknown } };

/** The configuration of the store a name stands for (`default` may name another store). */
function storeConfig(storage: Record<string, unknown>, name: string | undefined): StoreConfig | undefined {
  let key = name ?? 'default';
  let value = storage[key];
  if (key === 'default' && value === undefined) {
    // No `default`: Node-RED takes the first store listed.
    key = Object.keys(storage)[0] ?? 'default';
    value = storage[key];
  }
  if (typeof value === 'string') value = storage[value];
  return value && typeof value === 'object' ? value : undefined;
}

export function storePromise(settings: Record<string, unknown> | undefined, storeName: string | undefined): StorePromise {
  const store = storeName ?? 'default';
  const storage = settings?.contextStorage;
  if (!storage || typeof storage !== 'object') return { store, durability: 'memory' };
  const config = storeConfig(storage as Record<string, unknown>, storeName);
  if (!config) return { store, durability: 'memory' };
  if (config.module === 'memory') return { store, durability: 'memory' };
  if (config.module !== 'localfilesystem') return { store, durability: 'other' };
  if (config.config?.cache === false) return { store, durability: 'file' };
  const flush = Number(config.config?.flushInterval);
  return { store, durability: 'cached-file', flushSeconds: Number.isFinite(flush) && flush > 0 ? flush : DEFAULT_FLUSH_SECONDS };
}

/** The warning given at deploy when the store cannot keep the watcher's promise across a restart; undefined when it can. */
export function storeWarning(type: string, promise: StorePromise): string | undefined {
  if (promise.durability === 'memory') {
    return `${type}: the context store "${promise.store}" (memory) keeps nothing across a restart: after one the watcher starts again from its start position, so events between the stop and the new start are missed (at most once across restarts). Choose a file store with cache: false, or give the tenant a Redis URL, to resume where it stopped.`;
  }
  if (promise.durability === 'cached-file') {
    return `${type}: the context store "${promise.store}" (file, cached) writes to disk every ${promise.flushSeconds ?? DEFAULT_FLUSH_SECONDS} s: a process killed in between resumes from the last write and sends again what came after it (at least once across a kill; exactly as promised across an orderly restart). Set cache: false on the store, or give the tenant a Redis URL, for no repeats.`;
  }
  return undefined;
}

/** The short note the status carries for such a store ('' when the store keeps the promise). */
export function storeNote(promise: StorePromise, text: StatusText): string {
  if (promise.durability === 'memory') return text('storeMemory');
  if (promise.durability === 'cached-file') return text('storeCachedFile');
  return '';
}

/** At a watcher's start: the warning for a store that keeps less than the node promises; the status note ('' when none). */
export function announceStore(node: { warn(message: string): void }, type: string, store: StorePromise | undefined, text: StatusText): string {
  if (!store) return '';
  const warning = storeWarning(type, store);
  if (warning) node.warn(warning);
  return storeNote(store, text);
}
