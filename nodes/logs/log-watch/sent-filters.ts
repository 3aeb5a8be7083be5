/**
 * auth0-log-watch's acknowledged mode across a change of its type filter: the filters the events
 * up to the stored `sentUpTo` were sent under, kept with it. After a restart, an event from the
 * acknowledged checkpoint up to `sentUpTo` is a redelivery only if one of them chose it: an event
 * of a type chosen since comes for the first time (unmarked), and one of a type no longer chosen is
 * not sent at all (the filter applies from the acknowledged checkpoint on).
 */
import { type LogTypeMatcher, logTypeMatcher } from './log-categories';

export interface SentFilter {
  types: string[];
  categories: string[];
}

/** The filter of `types` and `categories`, in one order whatever order the editor gave. */
export function sentFilter(types: readonly string[], categories: readonly string[]): SentFilter {
  return { types: [...types].sort(), categories: [...categories].sort() };
}

export function sameFilter(a: SentFilter, b: SentFilter): boolean {
  return a.types.join('\n') === b.types.join('\n') && a.categories.join('\n') === b.categories.join('\n');
}

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The filters of a stored record; undefined when it has none (written before they were kept: the filter then is taken as unchanged). */
export function sentFiltersOf(value: unknown): SentFilter[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const filters: SentFilter[] = [];
  for (const item of value) {
    const f = item as Partial<SentFilter> | null;
    if (!f || !isTextList(f.types) || !isTextList(f.categories)) return undefined;
    filters.push(sentFilter(f.types, f.categories));
  }
  return filters;
}

/** True for an event type one of the filters chose. */
export function choseAny(filters: readonly SentFilter[]): LogTypeMatcher {
  const matchers = filters.map((f) => logTypeMatcher(f.types, f.categories));
  return (type) => matchers.some((matches) => matches(type));
}
