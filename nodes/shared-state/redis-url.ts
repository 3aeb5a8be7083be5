/**
 * The config node's `redisUrl` credential, checked before anything connects: `redis://` or
 * `rediss://` (TLS), a host, an optional port and database number. Every error and every
 * description names the setting and shows the URL with its password replaced, never the password.
 */
import { ConfigError } from '../shared/errors';
import { toText } from '../shared/to-text';

export const REDIS_URL_SETTING = 'Redis URL (redisUrl)';

export interface RedisTarget {
  tls: boolean;
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  /** The URL with the password replaced by `***`, for status, logs and errors. */
  display: string;
}

/**
 * The URL as it may be shown: scheme, user, host, port and database, rebuilt from the parsed URL
 * with the password replaced. Never a text substitution on the raw setting: a password holding
 * `@`, `:` or `/` would then leave a piece of itself in view. Text that is not a URL is not shown.
 */
export function maskRedisUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return '(not a URL)';
  }
  return displayOf(url);
}

function displayOf(url: URL): string {
  const user = url.username !== '' || url.password !== '' ? `${url.username}${url.password !== '' ? ':***' : ''}@` : '';
  // Query and fragment are refused, and may carry a password (`?password=`): never shown.
  return `${url.protocol}//${user}${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

function bad(display: string, reason: string): ConfigError {
  return new ConfigError(
    `auth0-config: the ${REDIS_URL_SETTING} "${display}" ${reason}; expected redis://[user:password@]host[:6379][/db] or rediss://… for TLS`,
  );
}

/** Parses the setting; undefined when it is empty (no shared state). */
export function parseRedisUrl(raw: unknown): RedisTarget | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = toText(raw).trim();
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Text that is not a URL is not shown at all: it may be anything, a password included.
    throw new ConfigError(`auth0-config: the ${REDIS_URL_SETTING} is not a URL; expected redis://[user:password@]host[:6379][/db] or rediss://… for TLS`);
  }
  const display = displayOf(url);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw bad(display, `has the scheme "${url.protocol.replace(/:$/, '')}"`);
  if (url.hostname === '') throw bad(display, 'names no host');
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad(display, 'has no usable port');
  const dbText = url.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!/^\d*$/.test(dbText) || !Number.isInteger(db) || db < 0) throw bad(display, 'names a database that is not a number');
  if (url.search !== '' || url.hash !== '') throw bad(display, 'has a query or fragment');
  const target: RedisTarget = { tls: url.protocol === 'rediss:', host: url.hostname.replace(/^\[|\]$/g, ''), port, db, display };
  if (url.username !== '') target.username = decodeURIComponent(url.username);
  if (url.password !== '') target.password = decodeURIComponent(url.password);
  return target;
}

/** The key prefix: the setting when given, else the tenant's domain; no spaces or control characters. */
export function keyPrefixFrom(raw: unknown, domain: string): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const prefix = text === '' ? domain.toLowerCase() : text;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(prefix))
    throw new ConfigError(`auth0-config: the key prefix (keyPrefix) "${prefix}" contains spaces or control characters`);
  return prefix;
}
