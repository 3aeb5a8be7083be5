/**
 * auth0-log-alert's editor properties, read and checked once when the node starts. A property a
 * hand-written flow leaves out takes the chosen preset's value; a setting that cannot work is a
 * ConfigError shown on the node, never a silent default.
 */
import { ConfigError } from '../../shared/errors';
import type { NodeDefinition } from '../../shared/node-red-types';
import { toText } from '../../shared/to-text';
import { type LogTypeMatcher, logTypeMatcher, unknownCategories } from '../log-watch/log-categories';
import { listSetting } from '../log-watch/log-watch-settings';
import { CUSTOM_RULE, presetById } from './alert-presets';
import { type KeyReader, keyReader } from './alert-event';

export interface LogAlertConfig extends NodeDefinition {
  /** A preset id or `custom`. */
  rule?: string;
  types?: string[] | string;
  categories?: string[] | string;
  /** `user`, `ip`, `user+ip`, `client`, `connection`, `organization`, `type`, `country`, or a path of the event. */
  key?: string;
  threshold?: number | string;
  /** Seconds. */
  window?: number | string;
  /** Seconds; empty means the window. */
  cooldown?: number | string;
  maxKeys?: number | string;
  store?: string;
  /** `alert` (default) or `count`. */
  late?: string;
  /** Optional: a tenant whose Redis shares the counts between replicas. */
  tenant?: string;
}

export interface LogAlertSettings {
  rule: string;
  /** What msg.topic says: the node's name, else the rule. */
  title: string;
  types: string[];
  categories: string[];
  matches: LogTypeMatcher;
  keyName: string;
  keyOf: KeyReader;
  threshold: number;
  windowSeconds: number;
  windowMs: number;
  cooldownMs: number;
  maxKeys: number;
  store: string | undefined;
  lateAlerts: boolean;
  tenant: string | undefined;
  /** What the stored window state was made with: a state made otherwise is not reused. */
  signature: string;
}

export const DEFAULT_THRESHOLD = 5;
export const DEFAULT_WINDOW_SECONDS = 600;
export const DEFAULT_MAX_KEYS = 100_000;
/** A window of more than 30 days is longer than any tenant keeps its log. */
const MAX_WINDOW_SECONDS = 30 * 24 * 3600;

function empty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function positiveNumber(name: string, value: unknown, fallback: number, max: number, integer: boolean): number {
  if (empty(value)) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)) || n > max) {
    throw new ConfigError(
      `"${name}" must be ${integer ? 'a whole number' : 'a number'} above 0${max < Infinity ? ` and at most ${max}` : ''}, got "${toText(value)}"`,
    );
  }
  return n;
}

export function readLogAlertSettings(config: LogAlertConfig): LogAlertSettings {
  const rule = empty(config.rule) ? CUSTOM_RULE : String(config.rule).trim();
  const preset = presetById(rule);
  if (!preset && rule !== CUSTOM_RULE) throw new ConfigError(`unknown rule "${rule}": a preset name or custom`);
  const types = config.types === undefined && preset ? [...preset.types] : listSetting(config.types);
  const categories = config.categories === undefined && preset ? [...preset.categories] : listSetting(config.categories);
  const unknown = unknownCategories(categories);
  if (unknown.length > 0) throw new ConfigError(`unknown log categor${unknown.length === 1 ? 'y' : 'ies'}: ${unknown.join(', ')}`);
  const keyName = empty(config.key) ? (preset?.key ?? 'user') : String(config.key).trim();
  const threshold = positiveNumber('threshold', config.threshold, preset?.threshold ?? DEFAULT_THRESHOLD, 1_000_000_000, true);
  const windowSeconds = positiveNumber('window', config.window, preset?.window ?? DEFAULT_WINDOW_SECONDS, MAX_WINDOW_SECONDS, false);
  const cooldownSeconds = positiveNumber('cooldown', config.cooldown, windowSeconds, MAX_WINDOW_SECONDS, false);
  const maxKeys = positiveNumber('maxKeys', config.maxKeys, DEFAULT_MAX_KEYS, 10_000_000, true);
  const late = empty(config.late) ? 'alert' : String(config.late);
  if (late !== 'alert' && late !== 'count') throw new ConfigError(`"late" must be alert or count, got "${late}"`);
  const store = typeof config.store === 'string' && config.store.trim() !== '' ? config.store.trim() : undefined;
  const tenant = typeof config.tenant === 'string' && config.tenant !== '' ? config.tenant : undefined;
  const windowMs = Math.round(windowSeconds * 1000);
  return {
    rule,
    title: typeof config.name === 'string' && config.name.trim() !== '' ? config.name.trim() : rule,
    types,
    categories,
    matches: logTypeMatcher(types, categories),
    keyName,
    keyOf: keyReader(keyName),
    threshold,
    windowSeconds,
    windowMs,
    cooldownMs: Math.round(cooldownSeconds * 1000),
    maxKeys,
    store,
    lateAlerts: late === 'alert',
    tenant,
    signature: JSON.stringify({ key: keyName, windowMs, types: [...types].sort(), categories: [...categories].sort() }),
  };
}
