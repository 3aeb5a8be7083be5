/**
 * Reading the tenant's log by checkpoint (`GET /api/v2/logs?from=<log_id>&take=100`, then the
 * `Link: <…>; rel="next"` URL's `from`), and finding the two start positions the checkpoint API
 * cannot express: the newest event ("now") and the oldest retained one ("oldest").
 *
 * Without a log_id there is no checkpoint request, so both use the search form, as Auth0's own
 * log export extensions do: `sort=date:1` (oldest first) or `sort=date:-1` (newest first).
 */
import { Auth0Error } from '../../shared/errors';
import type { Auth0Response, TenantClient } from '../../shared/http-types';
import { nextFromLinkHeader } from '../../engine/paging';

/** Auth0 returns at most 100 events per request. */
export const PAGE_SIZE = 100;
const LOGS_PATH = '/api/v2/logs';

export type LogEvent = Record<string, unknown> & { log_id?: string; _id?: string; type?: string; date?: string };

export interface LogPage {
  /** In log_id order. */
  events: LogEvent[];
  /** The `from` of the next request (unchanged when nothing was new). */
  next: string | null;
  /** True when the page was full: more may be waiting. */
  full: boolean;
  response: Auth0Response;
}

export function logIdOf(event: LogEvent): string | undefined {
  const id = event.log_id ?? event._id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

const DIGITS = /^\d+$/;

/**
 * Order of two log_ids. Auth0's are fixed-width decimal strings (string order is log order);
 * digit strings of different widths compare by width first, anything else as plain strings.
 */
export function compareLogIds(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * True when `id` comes after `last` in the log. Only ids that are both decimal strings are
 * compared; for any other scheme only an exact repeat counts as "not after" (never drop what we
 * cannot order).
 */
export function isAfter(id: string, last: string | null): boolean {
  if (last === null) return true;
  if (DIGITS.test(id) && DIGITS.test(last)) return compareLogIds(id, last) > 0;
  return id !== last;
}

function eventsOf(response: Auth0Response, operation: string): LogEvent[] {
  const data = response.data;
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { logs?: unknown }).logs)
      ? (data as { logs: unknown[] }).logs
      : undefined;
  if (!list || list.some((item) => !item || typeof item !== 'object' || Array.isArray(item))) {
    // A 200 whose body is not a list (truncated, an HTML error page from a proxy, …): nothing is
    // read and the checkpoint stays where it is; the watcher retries.
    throw new Auth0Error(`${operation}: the service answered ${response.statusCode} with a body that is not a list of log events`, {
      statusCode: response.statusCode,
      errorCode: 'invalid_response',
      operation,
    });
  }
  return list as LogEvent[];
}

function byLogId(events: LogEvent[]): LogEvent[] {
  return [...events].sort((a, b) => {
    const ia = logIdOf(a);
    const ib = logIdOf(b);
    return ia === undefined || ib === undefined ? 0 : compareLogIds(ia, ib);
  });
}

function maxLogId(events: LogEvent[]): string | null {
  let max: string | null = null;
  for (const event of events) {
    const id = logIdOf(event);
    if (id !== undefined && (max === null || compareLogIds(id, max) > 0)) max = id;
  }
  return max;
}

export class LogReader {
  constructor(
    private readonly client: TenantClient,
    private readonly signal: AbortSignal,
    private readonly operation = 'log_watch',
  ) {}

  /** The events after `cursor` (null: the oldest retained ones). */
  async after(cursor: string | null): Promise<LogPage> {
    if (cursor === null) {
      const response = await this.get({ page: '0', per_page: String(PAGE_SIZE), sort: 'date:1' }, 'read oldest');
      // Date order and log_id order can differ slightly; the checkpoint is the largest log_id.
      const events = byLogId(eventsOf(response, `${this.operation}.read`));
      return { events, next: maxLogId(events), full: events.length >= PAGE_SIZE, response };
    }
    const response = await this.get({ from: cursor, take: String(PAGE_SIZE) }, 'read');
    const events = eventsOf(response, `${this.operation}.read`);
    const last = events.length > 0 ? logIdOf(events[events.length - 1]) : undefined;
    // Auth0 asks clients to follow Link rel="next"; when nothing is new it repeats the same `from`.
    const next = nextFromLinkHeader(response.headers['link']) ?? last ?? cursor;
    return { events, next, full: events.length >= PAGE_SIZE, response };
  }

  /** The log_id of the newest event, or null when the log is empty. */
  async newestLogId(): Promise<string | null> {
    const response = await this.get({ page: '0', per_page: String(PAGE_SIZE), sort: 'date:-1', fields: 'log_id,date', include_fields: 'true' }, 'find newest');
    return maxLogId(eventsOf(response, `${this.operation}.start`));
  }

  private get(query: Record<string, string>, what: string): Promise<Auth0Response> {
    return this.client.request({ method: 'GET', path: LOGS_PATH, query, auth: 'management', signal: this.signal, operation: `${this.operation} (${what})` });
  }
}
