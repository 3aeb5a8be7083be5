/**
 * Where a request goes. The host, protocol and token are the client's alone: a RequestSpec only
 * adds a path and a query to the tenant's base URL, and both are checked so that nothing a
 * message puts in them can reach another host or another endpoint than the one it names.
 */
import { InputError } from '../shared/errors';

/** Headers a RequestSpec may not set: the client owns them (Content-Type follows `contentType`), or they would change how the request travels. */
const RESERVED_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'host',
  'auth0-client',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'cookie',
]);

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** Rejects a path that is not a plain, already-encoded absolute path on the tenant. */
export function checkPath(path: unknown): string {
  if (typeof path !== 'string' || path === '') throw new InputError('path', 'request path is missing');
  const reason = !path.startsWith('/')
    ? 'must start with "/"'
    : path.startsWith('//')
      ? 'must not start with "//"'
      : path.includes('\\')
        ? 'must not contain "\\"'
        : /[a-z][a-z0-9+.-]*:\/\//i.test(path)
          ? 'must not contain a URL scheme'
          : /[?#]/.test(path)
            ? 'must not contain "?" or "#" (query values go in the query)'
            : /\s/.test(path) || CONTROL_CHARS.test(path)
              ? 'must not contain spaces or control characters (path inputs are URL-encoded)'
              : dotSegment(path)
                ? 'must not contain "." or ".." segments'
                : undefined;
  if (reason) throw new InputError('path', `request path ${reason}`);
  return path;
}

function dotSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    const plain = segment.replace(/%2e/gi, '.');
    return plain === '.' || plain === '..';
  });
}

/** `a=1&b=x%20y` from the spec's serialised query (RFC 3986 encoding: spaces as %20); an array value repeats its key. */
export function queryString(query: Record<string, string | readonly string[]> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  return parts.join('&');
}

/** The last base URL's origin (a tenant's client always passes the same base URL). */
let lastBase: { baseUrl: string; origin: string } | undefined;

function originOf(baseUrl: string): string {
  if (lastBase?.baseUrl !== baseUrl) lastBase = { baseUrl, origin: new URL(baseUrl).origin };
  return lastBase.origin;
}

/** Path characters a URL parser keeps as they are (RFC 3986 pchar and "/"). */
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
/** Query characters it keeps as they are in an http(s) URL (encodeURIComponent's output but "'", which it encodes). */
const PLAIN_QUERY = /^[A-Za-z0-9\-._~!*()%=&]*$/;

/** The full URL for `path` + `query` on `baseUrl`, checked to still be on the tenant's origin. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, string | readonly string[]>): string {
  const qs = queryString(query);
  const checked = checkPath(path);
  // A checked path ("/"-rooted, no "//", no scheme, no dot segment) on the base URL of an origin
  // stays on it; of plain characters, it is already the URL a parser would write (no parse per request).
  if (baseUrl === originOf(baseUrl) && PLAIN_PATH.test(checked) && PLAIN_QUERY.test(qs)) return baseUrl + checked + (qs ? `?${qs}` : '');
  const url = new URL(baseUrl + checked + (qs ? `?${qs}` : ''));
  if (url.origin !== originOf(baseUrl) || url.username || url.password) {
    throw new InputError('path', 'request path would leave the tenant');
  }
  return url.toString();
}

/** The spec's extra headers, checked: no reserved names, no line breaks. */
export function checkHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const checked: Record<string, string> = {};
  if (!headers) return checked;
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined || raw === null) continue;
    const value = String(raw);
    if (!HEADER_NAME.test(name)) throw new InputError('headers', `header name "${name}" is not valid`);
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw new InputError('headers', `header "${name}" is set by the tenant client and cannot be given`);
    if (CONTROL_CHARS.test(value.replace(/\t/g, ' '))) throw new InputError('headers', `header "${name}" contains a line break or control character`);
    checked[name] = value;
  }
  return checked;
}
