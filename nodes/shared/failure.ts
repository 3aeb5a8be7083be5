/**
 * What a failed message carries to Catch nodes. Node-RED copies only the error's message, code
 * and stack into `msg.error`, so the status code and Auth0's codes go into `msg.auth0` as well.
 */
import { Auth0Error, ConfigError, InputError, boundedError } from './errors';
import type { NodeMessage } from './node-red-types';
import type { StatusText } from './status-text';

/** The short status text of an error (under 20 characters where possible). */
export function failureStatusText(err: unknown, text: StatusText): string {
  if (err instanceof InputError) return text('missingInput', { input: err.input }).slice(0, 30);
  if (err instanceof ConfigError) return text('configuration');
  if (err instanceof Auth0Error)
    return err.statusCode ? `${err.statusCode} ${err.errorCode ?? err.error ?? ''}`.trim().slice(0, 30) : (err.errorCode ?? text('noAnswer'));
  return text('error');
}

/**
 * Sets `msg.auth0` to the failure's status code and codes, and the error's `code` for
 * `msg.error.code`; cuts the error's message when it is too long to show.
 */
export function describeFailure(msg: NodeMessage, err: Error, where: { operation?: unknown; group: string }): void {
  // Any error (a library's too) reaches Catch and the log cut to a bounded length.
  boundedError(err);
  const failure = err as Partial<Auth0Error> & Partial<InputError> & { details?: Record<string, unknown> };
  msg.auth0 = {
    operation: where.operation,
    group: where.group,
    statusCode: failure.statusCode ?? 0,
    errorCode: failure.errorCode,
    error: failure.error,
    ...(failure.input ? { input: failure.input } : {}),
    ...(failure.resetAt ? { resetAt: failure.resetAt } : {}),
    // mfa_required: the token the auth0-mfa node and the MFA grants continue the login with.
    ...(failure.mfaToken ? { mfa_token: failure.mfaToken } : {}),
    // What an executor's failure tells a flow beyond the message (an action's build errors).
    ...(failure.details ? { details: failure.details } : {}),
  };
  if (failure.errorCode && !Object.prototype.hasOwnProperty.call(err, 'code')) {
    Object.defineProperty(err, 'code', { value: failure.errorCode, enumerable: true, configurable: true });
  }
}
