/**
 * The path of an auth0-api call: always under /api/v2 of the tenant. Each segment is decoded
 * once (so a pre-encoded id is not encoded twice) and encoded again; a path that could leave
 * /api/v2 or name another host (a scheme, `//`, `.` or `..` segments, in any encoding, a
 * backslash, a query or fragment, control characters) is refused before anything is sent.
 */
import { InputError } from '../shared/errors';
import { encodePathSegment } from '../engine/request';

export const API_PREFIX = '/api/v2';
const MAX_PATH_LENGTH = 2048;

function refuse(reason: string): never {
  throw new InputError('path', `input "path" ${reason}; give a path under /api/v2 such as users/{id} or /api/v2/roles`);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return refuse('has a malformed percent-encoding');
  }
}

/** `/api/v2/…` with every segment encoded, from `users/abc`, `/users/abc` or `/api/v2/users/abc`. */
export function apiPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') refuse('is missing');
  const text = raw.trim();
  if (text.length > MAX_PATH_LENGTH) refuse(`is too long (${text.length} characters, at most ${MAX_PATH_LENGTH})`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(text)) refuse('contains a control character or a backslash');
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) refuse('names a scheme or a host');
  if (/[?#]/.test(text)) refuse('contains a query or fragment (give the query in msg.payload.query)');
  let rest = text.startsWith('/') ? text.slice(1) : text;
  if (rest === 'api/v2' || rest.startsWith('api/v2/')) rest = rest.slice('api/v2'.length).replace(/^\//, '');
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  if (rest === '') refuse('names no endpoint');
  const segments = rest.split('/');
  const encoded = segments.map((segment) => {
    if (segment === '') refuse('contains an empty segment (//)');
    const decoded = decodeSegment(segment);
    if (decoded === '.' || decoded === '..' || decoded.trim() === '') refuse('contains a "." or ".." segment');
    return encodePathSegment(decoded);
  });
  return `${API_PREFIX}/${encoded.join('/')}`;
}
