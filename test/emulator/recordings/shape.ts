/**
 * Compares the shape of the emulator's answer with Auth0's: every key of Auth0's answer is present
 * with the same JSON type, recursively; arrays are compared by their first element.
 */

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string') return type;
  return 'object';
}

/** Keys of Auth0's answers the comparison leaves out, with the reason. */
export interface IgnoredKey {
  /** Applies where the request path matches. */
  path: RegExp;
  /** A dotted key path in the answer (`[]` for an array's items), e.g. `clients[].client_secret`. */
  key: string;
  reason: string;
}

/**
 * The differences of `actual` from `expected`: missing keys and other JSON types, as
 * `key.path: what` strings. `null` where Auth0 answered null matches any value of the emulator's
 * (Auth0 sends null for a setting left unset, which a fresh emulator may well have set); a value
 * where Auth0 answered one must not be null.
 */
export function shapeDifferences(expected: unknown, actual: unknown, ignored: ReadonlySet<string> = new Set(), at = ''): string[] {
  const name = at || '(body)';
  if (ignored.has(at)) return [];
  const want = jsonType(expected);
  const got = jsonType(actual);
  if (want === 'null') return [];
  if (want !== got) return [`${name}: ${got} instead of ${want}`];
  if (want === 'array') {
    const items = expected as unknown[];
    const mine = actual as unknown[];
    if (items.length === 0) return [];
    if (mine.length === 0) return [`${name}: empty, Auth0 answered ${items.length} item(s)`];
    return shapeDifferences(items[0], mine[0], ignored, `${at}[]`);
  }
  if (want === 'object') {
    const theirs = expected as Record<string, unknown>;
    const mine = actual as Record<string, unknown>;
    const out: string[] = [];
    for (const key of Object.keys(theirs)) {
      const sub = at ? `${at}.${key}` : key;
      if (ignored.has(sub)) continue;
      if (!(key in mine)) {
        out.push(`${sub}: missing`);
        continue;
      }
      out.push(...shapeDifferences(theirs[key], mine[key], ignored, sub));
    }
    return out;
  }
  return [];
}
