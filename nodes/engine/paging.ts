/**
 * "Fetch all pages" for list operations. Pages are yielded as they arrive so a caller that
 * emits one message per item keeps memory flat.
 *
 * Page paging stops at Auth0's 1,000-result cap (the export job goes beyond it);
 * checkpoint paging (`from`/`take`) has no cap and is preferred where the operation has it.
 */
import type { OperationSpec } from '../shared/catalogue';
import type { Auth0Response } from '../shared/http-types';

/** Auth0 refuses to page past the first 1,000 results. */
export const PAGE_PAGING_CAP = 1000;
const MAX_PAGE_SIZE = 100;

export interface Page {
  items: unknown[];
  response: Auth0Response;
}

export interface PagingSummary {
  mode: 'page' | 'checkpoint';
  pages: number;
  items: number;
  /** True when Auth0's 1,000-result cap stopped page paging before the end. */
  truncated: boolean;
  /** Total reported by the service (page paging with totals). */
  total?: number;
}

export type PageFetch = (values: Record<string, unknown>) => Promise<Auth0Response>;

/** Checkpoint paging is used unless the operation lacks it or a search/sort/page asks for page paging. */
export function pagingMode(op: OperationSpec, values: Record<string, unknown>): 'page' | 'checkpoint' | undefined {
  const kinds = op.paging ?? [];
  if (kinds.includes('checkpoint')) {
    const wantsPages = kinds.includes('page') && (values.q !== undefined || values.sort !== undefined);
    if (!wantsPages) return 'checkpoint';
  }
  return kinds.includes('page') ? 'page' : undefined;
}

/** The items of one list answer: a plain array, the operation's items key, or the one array in the object. */
export function itemsOf(op: OperationSpec, data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    if (op.itemsKey && Array.isArray(record[op.itemsKey])) return record[op.itemsKey] as unknown[];
    // A response object with exactly one array holds the items.
    const arrays = Object.values(record).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] as unknown[];
  }
  return [];
}

/** The `from` of a `Link: <…?from=X&take=N>; rel="next"` header, if any. */
export function nextFromLinkHeader(link: string | undefined): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (!match) continue;
    const query = match[1].split('?')[1] ?? '';
    const from = new URLSearchParams(query).get('from');
    if (from) return from;
  }
  return undefined;
}

function withoutPageInputs(values: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, per_page: _perPage, include_totals: _totals, ...rest } = values;
  return rest;
}

export async function* fetchAllPages(op: OperationSpec, values: Record<string, unknown>, fetch: PageFetch, summary: PagingSummary): AsyncGenerator<Page> {
  const mode = pagingMode(op, values);
  if (!mode) throw new Error(`operation ${op.id} does not page`);
  summary.mode = mode;
  if (mode === 'checkpoint') {
    // Fetch-all always asks for the largest page: fewer requests against the tenant's rate limit.
    const take = MAX_PAGE_SIZE;
    let from = values.from_param as string | undefined;
    for (;;) {
      const pageValues: Record<string, unknown> = { ...withoutPageInputs(values), take };
      if (from !== undefined) pageValues.from_param = from;
      const response = await fetch(pageValues);
      const items = itemsOf(op, response.data);
      summary.pages += 1;
      summary.items += items.length;
      yield { items, response };
      const data = response.data as Record<string, unknown> | undefined;
      const next = (data && !Array.isArray(data) && typeof data.next === 'string' ? data.next : undefined) ?? nextFromLinkHeader(response.headers.link);
      // A short page means we have caught up; a repeated cursor means nothing is new.
      if (items.length === 0 || items.length < take || next === undefined || next === from) return;
      from = next;
    }
  }
  const perPage = MAX_PAGE_SIZE;
  let page = Number(values.page ?? 0);
  const sendsTotals = op.inputs.some((input) => input.name === 'include_totals');
  for (;;) {
    const pageValues: Record<string, unknown> = { ...values, page, per_page: perPage };
    if (sendsTotals) pageValues.include_totals = true;
    const response = await fetch(pageValues);
    const items = itemsOf(op, response.data);
    const data = response.data as Record<string, unknown> | undefined;
    if (data && !Array.isArray(data) && typeof data.total === 'number') summary.total = data.total;
    summary.pages += 1;
    summary.items += items.length;
    yield { items, response };
    const seen = (page + 1) * perPage;
    const more = items.length === perPage && (summary.total === undefined || seen < summary.total);
    if (!more) return;
    if (seen >= PAGE_PAGING_CAP) {
      summary.truncated = true;
      return;
    }
    page += 1;
  }
}
