/**
 * The errors every node raises. They carry only what a flow needs (status, code, message):
 * never request headers, tokens, secrets or the request body, unlike raw HTTP library errors.
 * A message is at most MAX_ERROR_TEXT characters: one that echoes a failing input (or an answer
 * that does) is cut, so a hostile value never fills a log, a status or a Catch node's message.
 */

/** The longest error message kept whole. */
export const MAX_ERROR_TEXT = 1000;

/** The text, or its first MAX_ERROR_TEXT characters and how many more were cut. */
export function cutText(text: string, max = MAX_ERROR_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters cut)`;
}

/** The error with its message (and the stack's copy of it) cut to MAX_ERROR_TEXT characters. */
export function boundedError<E extends Error>(err: E): E {
  const original = err.message;
  if (typeof original !== 'string' || original.length <= MAX_ERROR_TEXT) return err;
  const cut = cutText(original);
  try {
    err.message = cut;
    if (typeof err.stack === 'string') err.stack = err.stack.replace(original, cut);
  } catch {
    // A frozen error keeps its message; nothing else can be done for it.
  }
  return err;
}

export interface Auth0ErrorDetails {
  /** HTTP status; 0 when no answer came (timeout, refused, dropped). */
  statusCode: number;
  /** Auth0's `errorCode` (or `error` for the Authentication API), or a local code such as `ETIMEDOUT`. */
  errorCode?: string;
  /** Auth0's short `error` text (`Not Found`, `invalid_grant`). */
  error?: string;
  /** For 429: when the limit resets, UNIX epoch seconds. */
  resetAt?: number;
  /** The operation that failed, e.g. `users.get`. */
  operation?: string;
  /** The mfa_token of an `mfa_required` answer: the flow needs it to continue the login. */
  mfaToken?: string;
}

/** A request the service refused or that never got an answer. */
export class Auth0Error extends Error {
  readonly statusCode: number;
  readonly errorCode?: string;
  readonly error?: string;
  readonly resetAt?: number;
  operation?: string;

  constructor(message: string, details: Auth0ErrorDetails) {
    super(cutText(message));
    this.name = 'Auth0Error';
    this.statusCode = details.statusCode;
    if (details.errorCode !== undefined) this.errorCode = details.errorCode;
    if (details.error !== undefined) this.error = details.error;
    if (details.resetAt !== undefined) this.resetAt = details.resetAt;
    if (details.operation !== undefined) this.operation = details.operation;
    // Not enumerable, and not in toJSON: a logged or inspected error never shows the token.
    if (details.mfaToken !== undefined) Object.defineProperty(this, 'mfaToken', { value: details.mfaToken, enumerable: false });
  }

  /** The mfa_token of an `mfa_required` answer, when this is one (for msg.auth0.mfa_token). */
  declare readonly mfaToken?: string;

  /** A plain object for `msg.error` consumers and JSON logs. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      statusCode: this.statusCode,
      errorCode: this.errorCode,
      error: this.error,
      resetAt: this.resetAt,
      operation: this.operation,
    };
  }
}

/** 429 after every allowed retry. */
export class RateLimitError extends Auth0Error {
  constructor(message: string, details: Auth0ErrorDetails) {
    super(message, { ...details, statusCode: 429, errorCode: details.errorCode ?? 'too_many_requests' });
    this.name = 'RateLimitError';
  }
}

/** A missing or malformed input, raised before any request is sent. */
export class InputError extends Error {
  readonly input: string;
  readonly statusCode = 0;
  readonly errorCode = 'invalid_input';

  constructor(input: string, message: string) {
    super(cutText(message));
    this.name = 'InputError';
    this.input = cutText(input, 200);
  }
}

/** A node or config set up wrongly (no tenant, no credentials): nothing can be sent. */
export class ConfigError extends Error {
  readonly statusCode = 0;
  readonly errorCode = 'invalid_configuration';

  constructor(message: string) {
    super(cutText(message));
    this.name = 'ConfigError';
  }
}

/**
 * The tenant's config node has closed (redeployed or removed): its client is gone and no new one
 * is made. Watchers take it as the client closing under them, not as a setting to fix.
 */
export class TenantClosedError extends ConfigError {
  constructor(message: string) {
    super(message);
    this.name = 'TenantClosedError';
  }
}

/**
 * A caught value as an Error. JavaScript lets any value be thrown (a library may throw a string),
 * and `done`, `node.error` and a Catch node want an Error; an object is not stringified, so
 * nothing it holds reaches a message.
 */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === 'string') return new Error(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return new Error(String(value));
  return new Error(`a value that is not an Error was thrown (${value === null ? 'null' : typeof value})`);
}

/**
 * A value the code's own set-up guarantees at this point (a field filled when the node started,
 * a setting checked before): should that ever fail, a clear error naming it instead of a
 * TypeError further on.
 */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`internal error: ${what} is missing`);
  return value;
}
