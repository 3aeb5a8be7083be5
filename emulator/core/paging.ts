/**
 * Auth0's list shapes:
 * - offset paging: `page`, `per_page`, `include_totals` → a bare array, or
 *   `{start, limit, total, <itemsKey>: [...]}` (and `length`, for users and logs only, as Auth0 answers);
 * - `fields` / `include_fields` projection;
 * - checkpoint paging: `from`, `take` → `{<itemsKey>: [...], next?}` or (logs) a
 *   bare array with a `Link: <url>; rel="next"` header.
 */
import { invalidQuery } from './errors';
import type { QueryReader } from './query';

export interface OffsetPagingOptions {
  /** Key holding the items when include_totals is true (`users`, `roles`, `logs`, …). */
  itemsKey: string;
  /** per_page when the request gives none. Default 50. */
  defaultPerPage?: number;
  /** Largest per_page accepted. Default 100. */
  maxPerPage?: number;
  /** include_totals when the request gives none. Default false. */
  defaultIncludeTotals?: boolean;
  /** Only this many results can be paged through (Auth0: 1,000 for users and logs search). */
  cap?: number;
  /** Message when the cap is passed. */
  capMessage?: string;
  /** The totals object also says `length` (Auth0 sends it for users and logs only, recorded). */
  withLength?: boolean;
}

export interface OffsetPage<T> {
  page: number;
  perPage: number;
  includeTotals: boolean;
  start: number;
  items: T[];
  total: number;
  withLength: boolean;
}

export const RESULT_CAP_MESSAGE = 'You can only page through the first 1000 records';

/** Reads page/per_page/include_totals and slices `items`. */
export function offsetPage<T>(items: readonly T[], query: QueryReader, options: OffsetPagingOptions): OffsetPage<T> {
  const maxPerPage = options.maxPerPage ?? 100;
  const page = query.int('page', { min: 0 }) ?? 0;
  const perPage = query.int('per_page', { min: 0, max: maxPerPage }) ?? options.defaultPerPage ?? 50;
  const includeTotals = query.bool('include_totals') ?? options.defaultIncludeTotals ?? false;
  const start = page * perPage;
  let end = start + perPage;
  if (options.cap !== undefined) {
    if (start >= options.cap && perPage > 0) throw invalidQuery(options.capMessage ?? RESULT_CAP_MESSAGE);
    end = Math.min(end, options.cap);
  }
  return { page, perPage, includeTotals, start, items: items.slice(start, end), total: items.length, withLength: options.withLength ?? false };
}

/** The response body for an offset page: bare array, or the totals object. */
export function offsetBody<T>(page: OffsetPage<T>, itemsKey: string, project: (item: T) => unknown = (i) => i): unknown {
  const items = page.items.map(project);
  if (!page.includeTotals) return items;
  return page.withLength
    ? { start: page.start, limit: page.perPage, length: items.length, total: page.total, [itemsKey]: items }
    : { start: page.start, limit: page.perPage, total: page.total, [itemsKey]: items };
}

/** One call: read paging + fields from the query and build the body. */
export function pagedList<T extends object>(
  items: readonly T[],
  query: QueryReader,
  options: OffsetPagingOptions,
  toPublic: (item: T) => Record<string, unknown> = (item) => item as Record<string, unknown>,
): unknown {
  const page = offsetPage(items, query, options);
  const projection = fieldsProjection(query);
  return offsetBody(page, options.itemsKey, (item) => projection(toPublic(item)));
}

export type Projection = (item: Record<string, unknown>) => Record<string, unknown>;

/** `fields` + `include_fields` (default true) as a projection function (identity when no fields). */
export function fieldsProjection(query: QueryReader): Projection {
  const fields = query.list('fields');
  if (!fields) return (item) => item;
  const include = query.bool('include_fields') ?? true;
  return include ? (item) => pickFields(item, fields) : (item) => omitFields(item, fields);
}

export function pickFields(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (field in item) out[field] = item[field];
  return out;
}

export function omitFields(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...item };
  for (const field of fields) delete out[field];
  return out;
}

export interface CheckpointOptions {
  /** Default `take` when absent. Default 50. */
  defaultTake?: number;
  /** Largest `take`. Default 100. */
  maxTake?: number;
  /**
   * When `next` is sent: while more items follow (default); also on a full last page (Auth0's
   * organization members: the next page is then empty); or on every non-empty page (a user's
   * refresh tokens). All as recorded from Auth0.
   */
  nextOn?: 'more' | 'full-page' | 'any-page';
  /** `next` is the last item's id itself rather than an opaque token (a user's refresh tokens, recorded). */
  rawCursor?: boolean;
}

export interface CheckpointPage<T> {
  items: T[];
  /** Opaque token for the next page, absent on the last page. */
  next?: string;
  take: number;
}

/** True when the request asks for checkpoint paging (`from` or `take` present). */
export function isCheckpointRequest(query: QueryReader): boolean {
  return query.has('from') || query.has('take');
}

export function encodeCheckpoint(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

export function decodeCheckpoint(token: string): string {
  return Buffer.from(token, 'base64url').toString('utf8');
}

/**
 * Checkpoint page over a stable-ordered list: `from` is the opaque `next`
 * token of the previous page (the page starts after the item it names).
 */
export function checkpointPage<T>(items: readonly T[], query: QueryReader, idOf: (item: T) => string, options: CheckpointOptions = {}): CheckpointPage<T> {
  const take = query.int('take', { min: 1, max: options.maxTake ?? 100 }) ?? options.defaultTake ?? 50;
  const from = query.str('from');
  let start = 0;
  if (from !== undefined) {
    const afterId = options.rawCursor ? from : decodeCheckpoint(from);
    const index = items.findIndex((item) => idOf(item) === afterId);
    if (index < 0) throw invalidQuery('Invalid checkpoint: from');
    start = index + 1;
  }
  const slice = items.slice(start, start + take);
  const hasMore = start + take < items.length;
  const nextOn = options.nextOn ?? 'more';
  const sendNext = slice.length > 0 && (hasMore || (nextOn === 'full-page' && slice.length === take) || nextOn === 'any-page');
  const lastId = slice.length ? idOf(slice[slice.length - 1]) : '';
  return {
    items: slice,
    take,
    next: sendNext ? (options.rawCursor ? lastId : encodeCheckpoint(lastId)) : undefined,
  };
}

/** `{<itemsKey>: [...], next?}` body of a checkpoint page. */
export function checkpointBody<T>(page: CheckpointPage<T>, itemsKey: string, project: (item: T) => unknown = (i) => i): unknown {
  const body: Record<string, unknown> = { [itemsKey]: page.items.map(project) };
  if (page.next) body.next = page.next;
  return body;
}

/** `Link` header value pointing at the next checkpoint page. */
export function linkNextHeader(baseUrl: string, path: string, params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  return `<${baseUrl}${path}?${search.toString()}>; rel="next"`;
}

/** Sorts by `field:1|-1` (Auth0's `sort` parameter). Missing values sort last. */
export function sortBy<T extends object>(items: T[], sort: string | undefined, valueOf?: (item: T, field: string) => unknown): T[] {
  if (!sort) return items;
  const match = /^([A-Za-z0-9_.]+):(-?1)$/.exec(sort);
  if (!match) throw invalidQuery(`Query validation error: 'sort' must be field:1 or field:-1`);
  const field = match[1];
  const direction = match[2] === '1' ? 1 : -1;
  const read = valueOf ?? ((item: T, name: string) => readPath(item as Record<string, unknown>, name));
  return items.sort((a, b) => {
    const va = read(a, field);
    const vb = read(b, field);
    if (va === vb) return 0;
    if (va === undefined || va === null) return 1;
    if (vb === undefined || vb === null) return -1;
    return (va < vb ? -1 : 1) * direction;
  });
}

function readPath(item: Record<string, unknown>, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
