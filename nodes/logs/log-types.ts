/**
 * Auth0's log types: every code of Auth0's Tenant Logs catalogue with its one-line meaning and its
 * log stream filter category. Data: log-types.json beside this file, derived by
 * scripts/derive-log-types.ts (MIT notice in it). Every message of auth0-log-watch and
 * auth0-log-stream-in carries its event's type as `msg.auth0.logType`.
 */
import table from './log-types.json';

export interface LogType {
  /** The event's `type`. */
  code: string;
  /** The catalogue's one-line meaning, or "unknown log type". */
  description: string;
  /** One of Auth0's log stream filter categories (`auth.login.fail`, …, `other`). */
  category: string;
}

const TYPES: Readonly<Record<string, { description: string; category: string } | undefined>> = table.types;

/** Auth0's log stream filter categories. */
export const LOG_STREAM_CATEGORIES: readonly string[] = table.categories;

/** The type of a log event's `type` code; a code the catalogue lacks is "unknown log type", category `other`. */
export function logTypeOf(code: unknown): LogType {
  const text = typeof code === 'string' ? code : '';
  const known = Object.prototype.hasOwnProperty.call(TYPES, text) ? TYPES[text] : undefined;
  return known ? { code: text, description: known.description, category: known.category } : { code: text, description: 'unknown log type', category: 'other' };
}

/** Every type of the catalogue, by code. */
export function allLogTypes(): LogType[] {
  return Object.keys(TYPES).map((code) => logTypeOf(code));
}
