/**
 * auth0-log-watch's editor properties, read and checked once when the node starts.
 * A setting that cannot work (no start id) is a ConfigError shown on the node, not a silent default.
 */
import { ConfigError } from '../../shared/errors';
import type { NodeDefinition } from '../../shared/node-red-types';
import { type LogTypeMatcher, logTypeMatcher, unknownCategories } from './log-categories';
import { MAX_DELAY_MS } from '../../watch/poll-loop';
import { toText } from '../../shared/to-text';
import { type AckConfig, type AckSettings, readAckSettings } from '../../watch/ack-settings';

export interface LogWatchConfig extends NodeDefinition, AckConfig {
  tenant?: string;
  /** Seconds between polls once caught up (default 10). */
  interval?: number | string;
  /** `now` (default), `oldest` or `id`. */
  start?: string;
  startId?: string;
  /** Log type codes; empty means all (unless categories are chosen). */
  types?: string[] | string;
  /** Category ids from log-categories.ts. */
  categories?: string[] | string;
  /** `event` (default) or `batch`. */
  output?: string;
  /** Context store of the checkpoint; empty means the default store. */
  store?: string;
}

export type StartMode = 'now' | 'oldest' | 'id';

export interface LogWatchSettings extends AckSettings {
  intervalMs: number;
  start: StartMode;
  startId: string | undefined;
  /** Identifies the start setting inside a checkpoint record. */
  startSignature: string;
  types: string[];
  categories: string[];
  matches: LogTypeMatcher;
  batch: boolean;
  store: string | undefined;
}

export const DEFAULT_INTERVAL_SECONDS = 10;

/** A list property: an array, or a comma/space separated string (flows written by hand). */
export function listSetting(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
}

export function intervalSeconds(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`"interval" must be a number of seconds above 0, got "${toText(value)}"`);
  return Math.min(n, MAX_DELAY_MS / 1000);
}

export function readLogWatchSettings(config: LogWatchConfig): LogWatchSettings {
  const start = config.start ?? 'now';
  if (start !== 'now' && start !== 'oldest' && start !== 'id') {
    throw new ConfigError(`"start" must be now, oldest or id, got "${start}"`);
  }
  const startId = typeof config.startId === 'string' && config.startId.trim() !== '' ? config.startId.trim() : undefined;
  if (start === 'id' && !startId) throw new ConfigError('"start" is id but "startId" is empty: give the log_id to start after');
  const types = listSetting(config.types);
  const categories = listSetting(config.categories);
  const unknown = unknownCategories(categories);
  if (unknown.length > 0) throw new ConfigError(`unknown log categor${unknown.length === 1 ? 'y' : 'ies'}: ${unknown.join(', ')}`);
  const output = config.output ?? 'event';
  if (output !== 'event' && output !== 'batch') throw new ConfigError(`"output" must be event or batch, got "${String(output)}"`);
  const store = typeof config.store === 'string' && config.store.trim() !== '' ? config.store.trim() : undefined;
  return {
    intervalMs: Math.round(intervalSeconds(config.interval, DEFAULT_INTERVAL_SECONDS) * 1000),
    start,
    startId,
    startSignature: start === 'id' ? `id:${startId}` : start,
    types,
    categories,
    matches: logTypeMatcher(types, categories),
    batch: output === 'batch',
    store,
    ...readAckSettings(config),
  };
}
