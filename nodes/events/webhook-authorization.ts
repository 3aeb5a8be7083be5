/**
 * The authorization an Auth0 webhook event stream sends, as auth0-event-stream-in checks it:
 * `bearer` (Authorization: Bearer <token>), `basic` (Authorization: Basic <user:password>) or
 * `custom_header` (a header of your naming with a secret value). Compared in constant time, on
 * digests, so neither the time nor a length tells anything about the secret. No secret set
 * matches nothing.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { sameSecret } from '../shared/same-secret';
import { required } from '../shared/errors';

export type AuthMethod = 'bearer' | 'basic' | 'custom_header';

export const AUTH_METHODS: readonly AuthMethod[] = ['bearer', 'basic', 'custom_header'];

export interface WebhookCredentials {
  token?: string;
  username?: string;
  password?: string;
  headerValue?: string;
}

export interface WebhookAuthorization {
  method: AuthMethod;
  /** For custom_header: the header's name (any case). */
  headerName?: string;
  credentials: WebhookCredentials;
}

const HEADER_NAME = /^[a-zA-Z0-9!#$%&'*+.^_`|~-]+$/;

/** What the request's header must equal, or undefined when the node has no usable secret. */
export function expectedHeader(auth: WebhookAuthorization): { header: string; value: string } | undefined {
  const c = auth.credentials;
  switch (auth.method) {
    case 'bearer':
      return c.token ? { header: 'authorization', value: `Bearer ${c.token}` } : undefined;
    case 'basic':
      return c.username && c.password
        ? { header: 'authorization', value: `Basic ${Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64')}` }
        : undefined;
    case 'custom_header':
      return auth.headerName && HEADER_NAME.test(auth.headerName) && c.headerValue
        ? { header: auth.headerName.toLowerCase(), value: c.headerValue }
        : undefined;
    default:
      return undefined;
  }
}

export function authorizationAccepted(headers: IncomingHttpHeaders, auth: WebhookAuthorization): boolean {
  const expected = expectedHeader(auth);
  if (!expected) return false;
  return sameSecret(headers[expected.header], expected.value);
}

/** The `webhook_authorization` object for creating the stream at Auth0 (holds the secret: never log it). */
export function webhookAuthorizationBody(auth: WebhookAuthorization): Record<string, string> | undefined {
  const c = auth.credentials;
  if (!expectedHeader(auth)) return undefined;
  switch (auth.method) {
    case 'bearer':
      return { method: 'bearer', token: required(c.token, 'the bearer token') };
    case 'basic':
      return { method: 'basic', username: required(c.username, 'the username'), password: required(c.password, 'the password') };
    default:
      return { method: 'custom_header', header_key: required(auth.headerName, 'the header name'), header_value: required(c.headerValue, 'the header value') };
  }
}

/** The secret values, for the tenant client to keep out of every error and log line. */
export function secretValues(auth: WebhookAuthorization): string[] {
  const c = auth.credentials;
  return [c.token, c.password, c.headerValue].filter((v): v is string => typeof v === 'string' && v !== '');
}
