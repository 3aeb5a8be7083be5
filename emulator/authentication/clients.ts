/** Client authentication and URL checks for the Authentication API. */
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { OAuthError } from '../core/errors';
import type { ClientRecord } from '../core/model';
import type { TenantState } from '../core/state';
import { clientFromAssertion } from './client-assertion';
import { toText } from '../../nodes/shared/to-text';

export type AuthBody = Record<string, unknown>;

/** The request body as an object of fields (JSON or form); `{}` when absent. */
export function bodyFields(body: unknown): AuthBody {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new OAuthError(400, 'invalid_request', 'Request body must be an object');
  return body as AuthBody;
}

export function str(body: AuthBody, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : toText(value);
}

export function requireStr(body: AuthBody, name: string): string {
  const value = str(body, name);
  if (value === undefined) throw new OAuthError(400, 'invalid_request', `Missing required parameter: ${name}`);
  return value;
}

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** client_id/client_secret from the body, or from HTTP Basic. */
export function clientCredentials(req: IncomingMessage, body: AuthBody): { clientId?: string; clientSecret?: string } {
  const header = req.headers.authorization;
  if (header && /^Basic\s+/i.test(header)) {
    const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
    }
  }
  return { clientId: str(body, 'client_id'), clientSecret: str(body, 'client_secret') };
}

export function isConfidential(client: ClientRecord): boolean {
  return client.token_endpoint_auth_method !== 'none' && client.app_type !== 'spa' && client.app_type !== 'native';
}

/**
 * Finds and authenticates the client: by its private key JWT when the body carries a
 * `client_assertion` (see client-assertion.ts), else by its secret. `secret`: 'required' (confidential
 * grants), 'optional' (checked when given; required for confidential clients
 * unless `secretOptional`), as Auth0 does.
 */
export function authenticateClient(state: TenantState, req: IncomingMessage, body: AuthBody, options: { secretOptional?: boolean } = {}): ClientRecord {
  if (str(body, 'client_assertion') !== undefined) return clientFromAssertion(state, body, str(body, 'client_id'));
  const { clientId, clientSecret } = clientCredentials(req, body);
  if (!clientId) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: client_id');
  const client = state.clients.get(clientId);
  if (!client) throw new OAuthError(401, 'access_denied', 'Unauthorized');
  if (clientSecret !== undefined) {
    if (!client.client_secret || !safeEqual(client.client_secret, clientSecret)) throw new OAuthError(401, 'access_denied', 'Unauthorized');
    return client;
  }
  if (isConfidential(client) && !options.secretOptional) {
    throw new OAuthError(401, 'access_denied', 'Unauthorized');
  }
  return client;
}

export function requireGrantType(client: ClientRecord, grantType: string): void {
  const allowed = client.grant_types ?? [];
  if (!allowed.includes(grantType)) {
    throw new OAuthError(403, 'unauthorized_client', `Grant type '${grantType}' not allowed for the client.`);
  }
}

/** Auth0-style URL allow-list match; `*` matches any run of characters (looser than Auth0: ports too). */
export function urlAllowed(url: string, allowList: readonly string[] | undefined): boolean {
  for (const pattern of allowList ?? []) {
    if (pattern === url) return true;
    if (pattern.includes('*')) {
      const re = new RegExp('^' + pattern.split('*').map(escapeRegex).join('.*') + '$');
      if (re.test(url)) return true;
    }
  }
  return false;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
