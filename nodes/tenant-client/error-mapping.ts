/**
 * Building the errors a flow sees. Every error is a fresh Auth0Error made from plain values:
 * never Node's own error, never a `cause`, never the request's config, headers, token or body.
 * Text that comes from the service is kept (flows match on it) but scrubbed of known secrets.
 */
import { STATUS_CODES } from 'node:http';
import { Auth0Error, RateLimitError } from '../shared/errors';
import type { Redactor } from './redact';

export interface ErrorContext {
  /** `users.get`, or `GET /api/v2/users/{id}` when the spec names no operation. */
  operation: string;
  /** The tenant's host (never secret), for network messages. */
  host: string;
  redactor: Redactor;
  /** The scopes the operation needs, when the catalogue says (a 403 names them). */
  scopes?: readonly string[];
}

const MAX_MESSAGE_LENGTH = 500;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_MESSAGE_LENGTH ? `${flat.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : flat;
}

function isJsonType(contentType: string | undefined): boolean {
  return /[/+]json\b/i.test(contentType ?? '');
}

/** The response body as a value: parsed JSON where it is JSON (or looks like it), else text. */
export function bodyValue(body: Buffer, contentType: string | undefined): unknown {
  const text = body.toString('utf8');
  const trimmed = text.trim();
  if (isJsonType(contentType) || /^[{[]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A success answer's body as a value, parsed once: what `bodyValue` gives, and `malformed` for a
 * body that says it is JSON (by its content type) but does not parse: truncated, or a proxy's page.
 */
export function successBody(body: Buffer, contentType: string | undefined): { value: unknown; malformed: boolean } {
  if (!isJsonType(contentType)) return { value: bodyValue(body, contentType), malformed: false };
  const text = body.toString('utf8');
  try {
    // What parses untrimmed parses trimmed to the same value, so this is bodyValue's answer too.
    return { value: JSON.parse(text), malformed: false };
  } catch {
    return { value: text, malformed: text.trim() !== '' };
  }
}

/** A success answer whose JSON body does not parse: an error for the flow, never a garbled payload. */
export function malformedJsonError(statusCode: number, changesState: boolean, ctx: ErrorContext): Auth0Error {
  const notRepeated = changesState ? ' (not repeated: the service may have applied it)' : '';
  return new Auth0Error(`${ctx.operation}: ${ctx.host} answered HTTP ${statusCode} with a body that is not valid JSON${notRepeated}`, {
    statusCode,
    errorCode: 'invalid_response',
    operation: ctx.operation,
  });
}

interface ServiceErrorFields {
  message?: string;
  errorCode?: string;
  error?: string;
}

/**
 * Reads Auth0's error bodies:
 * - Management API: `{statusCode, error, message, errorCode}`;
 * - Authentication API: `{error, error_description}`;
 * - database / passwordless: `{code, description}` (description may be an object, e.g. password
 *   policy rules, with a `message` beside it), `{name, code, description, statusCode}`;
 * - anything else: text (HTML pages reduced to their text).
 */
export function serviceErrorFields(body: unknown, redactor?: Redactor): ServiceErrorFields {
  // Secrets are removed before clipping: a clip must never leave half a secret behind.
  const clean = (text: string): string => clip(redactor ? redactor.scrub(text) : text);
  if (typeof body === 'string') {
    const text = /<\/?[a-z][^>]*>/i.test(body) ? body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ') : body;
    const message = str(text);
    return message ? { message: clean(message) } : {};
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const fields: ServiceErrorFields = {};
  const description = str(b.error_description) ?? str(b.description);
  // A structured description (password policy rules) is kept as JSON when nothing else explains.
  const structured = b.description !== null && typeof b.description === 'object' ? JSON.stringify(b.description) : undefined;
  const message = str(b.message) ?? description ?? structured;
  if (message) fields.message = clean(message);
  const managementStyle = typeof b.statusCode === 'number' && str(b.error) !== undefined && str(b.code) === undefined;
  const errorCode = str(b.errorCode) ?? str(b.code) ?? (managementStyle ? undefined : str(b.error));
  if (errorCode) fields.errorCode = clean(errorCode);
  const error = str(b.error) ?? str(b.name);
  if (error) fields.error = clean(error);
  if (!fields.message && fields.error) fields.message = fields.error;
  return fields;
}

/** What a 403 adds: the scopes the operation needs (any one of them, as Auth0 checks) and where to grant them. */
function scopeHint(operation: string, scopes: readonly string[]): string {
  const needed = scopes.length === 1 ? scopes[0] : `one of ${scopes.join(', ')}`;
  return `${operation} needs the scope ${needed}: grant it to the application (Auth0 dashboard, Applications > APIs > Auth0 Management API > Machine to Machine Applications).`;
}

/** An Auth0Error for a response with status ≥ 400 (429 included, when retries are not the question). */
export function responseError(statusCode: number, body: unknown, ctx: ErrorContext): Auth0Error {
  const fields = serviceErrorFields(body, ctx.redactor);
  const reason = STATUS_CODES[statusCode] ?? 'Error';
  let message = fields.message ?? `${ctx.operation}: HTTP ${statusCode} ${reason}`;
  const scopeRefusal = statusCode === 403 && (fields.errorCode === 'insufficient_scope' || /\bscope\b/i.test(fields.message ?? ''));
  if (scopeRefusal && ctx.scopes && ctx.scopes.length > 0) message = `${message.replace(/\.?\s*$/, '.')} ${scopeHint(ctx.operation, ctx.scopes)}`;
  const details: ConstructorParameters<typeof Auth0Error>[1] = { statusCode, operation: ctx.operation, error: fields.error ?? reason };
  if (fields.errorCode) details.errorCode = fields.errorCode;
  const mfaToken = body !== null && typeof body === 'object' ? str((body as Record<string, unknown>).mfa_token) : undefined;
  if (mfaToken) details.mfaToken = mfaToken;
  return new Auth0Error(message, details);
}

/** The 429 that is left after every allowed retry. */
export function rateLimitError(body: unknown, retries: number, resetAt: number | undefined, ctx: ErrorContext): RateLimitError {
  const fields = serviceErrorFields(body, ctx.redactor);
  const said = fields.message ? fields.message.replace(/\.?\s*$/, '. ') : 'Too many requests. ';
  const when = resetAt !== undefined ? ` The limit resets at ${new Date(resetAt * 1000).toISOString()}.` : '';
  const tries = retries === 0 ? 'Not retried (retries is 0).' : `Gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'}.`;
  const details: ConstructorParameters<typeof RateLimitError>[1] = { statusCode: 429, operation: ctx.operation, error: fields.error ?? 'Too Many Requests' };
  if (fields.errorCode) details.errorCode = fields.errorCode;
  if (resetAt !== undefined) details.resetAt = resetAt;
  return new RateLimitError(`${said}${tries}${when}`, details);
}

/** Why a request got no (complete) answer. */
export type FailureKind = 'connect-timeout' | 'read-timeout' | 'refused' | 'reset' | 'dns' | 'aborted' | 'closed' | 'too-large' | 'network';

export interface TransportFailureInfo {
  kind: FailureKind;
  /** Node's error code, where there was one (`EPIPE`, `CERT_HAS_EXPIRED`, …). */
  code?: string;
  /** Node's own message for the `network` kind (it names no secret, but is scrubbed anyway). */
  detail?: string;
  timeoutSeconds?: number;
  /** For `read-timeout`: the answer's headers came, but its body did not end within `timeoutSeconds`. */
  wholeAnswer?: boolean;
  /** For `too-large`: the limit the answer went past, in bytes. */
  limitBytes?: number;
}

function seconds(value: number | undefined): string {
  if (value === undefined) return '?';
  return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')} s`;
}

/** Bytes as MB (or KB below one MB), for the size limit's message. */
function sizeText(bytes: number | undefined): string {
  if (bytes === undefined) return 'the limit';
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Number((bytes / 1024).toFixed(1))} KB`;
}

/** An Auth0Error with statusCode 0 for a request the service never answered. */
export function networkError(info: TransportFailureInfo, changesState: boolean, ctx: ErrorContext): Auth0Error {
  const op = ctx.operation;
  const notRepeated = changesState ? ' (not repeated: the service may have applied it)' : '';
  let message: string;
  let errorCode: string;
  switch (info.kind) {
    case 'connect-timeout':
      errorCode = 'ECONNTIMEOUT';
      message = `${op}: could not connect to ${ctx.host} within ${seconds(info.timeoutSeconds)} (connect timeout)`;
      break;
    case 'read-timeout':
      errorCode = 'ETIMEDOUT';
      message = info.wholeAnswer
        ? `${op}: the answer from ${ctx.host} did not end within ${seconds(info.timeoutSeconds)} of its headers (ten read timeouts, the most an answer read whole may take)${notRepeated}`
        : `${op}: no response from ${ctx.host} within ${seconds(info.timeoutSeconds)} of waiting (read timeout)${notRepeated}`;
      break;
    case 'refused':
      errorCode = 'ECONNREFUSED';
      message = `${op}: ${ctx.host} refused the connection`;
      break;
    case 'reset':
      errorCode = 'ECONNRESET';
      message = `${op}: the connection to ${ctx.host} was dropped before the response was complete${notRepeated}`;
      break;
    case 'dns':
      errorCode = info.code ?? 'ENOTFOUND';
      message = `${op}: the host ${ctx.host} could not be resolved (${errorCode})`;
      break;
    case 'aborted':
      errorCode = 'ABORT_ERR';
      message = `${op}: aborted`;
      break;
    case 'too-large':
      errorCode = 'ERESPONSETOOLARGE';
      message = `${op}: the answer from ${ctx.host} is larger than ${sizeText(info.limitBytes)} once decoded, the tenant's answer size limit (auth0-config: Max answer size); the rest was not read${notRepeated}`;
      break;
    case 'closed':
      errorCode = 'CLIENT_CLOSED';
      message = `${op}: the tenant client was closed (its auth0-config node stopped or was redeployed)`;
      break;
    default:
      errorCode = info.code ?? 'ENETWORK';
      message = `${op}: request to ${ctx.host} failed: ${clip(ctx.redactor.scrub(info.detail ?? errorCode))}`;
  }
  return new Auth0Error(message, { statusCode: 0, errorCode, operation: op });
}
