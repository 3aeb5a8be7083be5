/**
 * Where the token of a message is: the Bearer credential of the HTTP request that an `http in`
 * node received (msg.req.headers.authorization), else msg.payload when it is a string, else the
 * token of the wanted kind in a token response object (msg.payload.id_token / access_token).
 * Wherever it came from, a token is only trusted after its signature and claims are checked.
 */
import { InvalidTokenError } from './invalid-token';
import type { TokenKind } from './claims';

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i;

function authorizationHeader(msg: Record<string, unknown>): unknown {
  const req = msg.req;
  if (typeof req !== 'object' || req === null) return undefined;
  const headers = (req as { headers?: unknown }).headers;
  if (typeof headers !== 'object' || headers === null) return undefined;
  return (headers as Record<string, unknown>).authorization;
}

export function findToken(msg: Record<string, unknown>, kind: TokenKind): string {
  const header = authorizationHeader(msg);
  // Another scheme (Basic for Node-RED's own httpNodeAuth) is not ours: look further.
  if (typeof header === 'string' && /^Bearer(\s|$)/i.test(header.trim())) {
    const match = BEARER.exec(header.trim());
    if (!match) throw new InvalidTokenError('malformed', 'the Bearer credential in the Authorization header is malformed');
    return match[1];
  }
  const payload = msg.payload;
  if (typeof payload === 'string' && payload.trim() !== '') {
    const text = payload.trim();
    return BEARER.exec(text)?.[1] ?? text;
  }
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const field = kind === 'id' ? 'id_token' : 'access_token';
    const value = (payload as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  throw new InvalidTokenError('no_token', 'no token: send it as "Authorization: Bearer <token>" or in msg.payload');
}
