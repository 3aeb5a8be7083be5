/**
 * What auth0-log-alert reads of one event: its time, its type and its key. Two shapes come in:
 * Auth0 log events (auth0-log-watch, auth0-log-stream-in: `date`, `type`, `user_id`, `ip`, …) and
 * CloudEvents (auth0-events: `time`, `type`, the subject in `data.object`). A named key is looked
 * up on the event first, then in a CloudEvent's `data.object`.
 */
import { ConfigError } from '../../shared/errors';
import { parseTime } from './iso-time';

export type AlertEvent = Record<string, unknown>;

/** The event's key, or undefined when it has none (the event is then not counted). */
export type KeyReader = (event: AlertEvent) => string | undefined;

const NAMED_KEYS: Record<string, readonly (readonly string[])[]> = {
  user: [['user_id'], ['user_name']],
  ip: [['ip']],
  client: [['client_id'], ['client_name']],
  connection: [['connection'], ['connection_id']],
  organization: [['organization_id'], ['organization_name']],
  type: [['type']],
  country: [['location_info', 'country_code']],
};

export const KEY_NAMES: readonly string[] = [...Object.keys(NAMED_KEYS).slice(0, 2), 'user+ip', ...Object.keys(NAMED_KEYS).slice(2)];

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function keyText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function named(paths: readonly (readonly string[])[]): KeyReader {
  return (event) => {
    for (const path of paths) {
      const found = keyText(at(event, path)) ?? keyText(at(event, ['data', 'object', ...path]));
      if (found !== undefined) return found;
    }
    return undefined;
  };
}

/** `details.request.ip`, `$.details.request.ip`, `data.object.identities[0].provider`. */
function pathParts(path: string): string[] {
  const text = path.trim().replace(/^\$\.?/, '');
  if (!/^[A-Za-z_$][\w$-]*(\.[\w$-]+|\[\d+\])*$/.test(text)) {
    throw new ConfigError(`"key" must be one of ${KEY_NAMES.join(', ')} or a path of the event such as details.request.ip, got "${path}"`);
  }
  return text.split(/\.|\[(\d+)\]/).filter((part): part is string => part !== undefined && part !== '');
}

export function keyReader(name: string): KeyReader {
  if (name === 'user+ip') {
    const user = named(NAMED_KEYS.user);
    const ip = named(NAMED_KEYS.ip);
    return (event) => {
      const u = user(event);
      const i = ip(event);
      // A block of an address has no user, a user's block may have no address: one part is enough.
      return u === undefined && i === undefined ? undefined : `${u ?? '-'}|${i ?? '-'}`;
    };
  }
  const paths = NAMED_KEYS[name];
  if (paths) return named(paths);
  const parts = pathParts(name);
  return (event) => keyText(at(event, parts));
}

/** The event's own time in ms: `date` (log events) or `time` (CloudEvents); undefined when it has none. */
export function eventTime(event: AlertEvent): number | undefined {
  const text = typeof event.date === 'string' ? event.date : typeof event.time === 'string' ? event.time : undefined;
  if (text === undefined) return undefined;
  const ms = parseTime(text);
  return Number.isFinite(ms) ? ms : undefined;
}

const SAMPLE_TEXT_MAX = 256;
const SAMPLE_FIELDS_MAX = 64;

/**
 * An event as kept in an alert's sample: its top-level plain fields (ids, time, type, description,
 * user, address, application), nested objects left out, strings cut at 256 characters and at most
 * 64 fields, so thousands of keys cost little memory. Frozen: the windows hand it to the stored
 * state as it is, and each alert a copy.
 */
export function sampleOf(event: AlertEvent): AlertEvent {
  const sample: AlertEvent = {};
  let fields = 0;
  for (const name in event) {
    if (!Object.prototype.hasOwnProperty.call(event, name)) continue;
    const value = event[name];
    if (typeof value === 'string') sample[name] = value.length > SAMPLE_TEXT_MAX ? `${value.slice(0, SAMPLE_TEXT_MAX)}…` : value;
    else if (typeof value === 'number' || typeof value === 'boolean') sample[name] = value;
    else continue;
    if (++fields === SAMPLE_FIELDS_MAX) break;
  }
  return Object.freeze(sample);
}

/**
 * A sample from a stored state (a context store anyone on the tab can write): made again as
 * sampleOf makes one; JSON text (an earlier version's form) is read first. What cannot be read
 * gives an empty sample, never an error.
 */
export function storedSampleOf(stored: unknown): AlertEvent {
  try {
    const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return sampleOf(value as AlertEvent);
  } catch {
    // Unreadable text, or a field that throws when read.
  }
  return Object.freeze({});
}
