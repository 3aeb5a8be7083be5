/**
 * Error types a handler throws; the server turns each into the body shape
 * Auth0 uses on that API (Management: {statusCode,error,message,errorCode};
 * Authentication: {error,error_description}; or a caller-chosen body).
 */
import { STATUS_CODES } from 'node:http';

/** Management API error: `{statusCode, error, message, errorCode}`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errorCode?: string;
  readonly headers?: Record<string, string>;
  constructor(statusCode: number, message: string, errorCode?: string, headers?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.headers = headers;
  }
  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = {
      statusCode: this.statusCode,
      error: STATUS_CODES[this.statusCode] ?? 'Error',
      message: this.message,
    };
    if (this.errorCode) body.errorCode = this.errorCode;
    return body;
  }
}

/** Authentication API (OAuth) error: `{error, error_description}`. */
export class OAuthError extends Error {
  readonly statusCode: number;
  readonly error: string;
  constructor(statusCode: number, error: string, description: string) {
    super(description);
    this.name = 'OAuthError';
    this.statusCode = statusCode;
    this.error = error;
  }
  toBody(): Record<string, unknown> {
    return { error: this.error, error_description: this.message };
  }
}

/** An error whose body is given as is (e.g. /dbconnections/signup's `{name, code, description, statusCode}`). */
export class RawBodyError extends Error {
  readonly statusCode: number;
  readonly body: unknown;
  constructor(statusCode: number, body: unknown, message = 'error') {
    super(message);
    this.name = 'RawBodyError';
    this.statusCode = statusCode;
    this.body = body;
  }
  toBody(): unknown {
    return this.body;
  }
}

export type EmulatorError = ApiError | OAuthError | RawBodyError;

export const badRequest = (message: string, errorCode = 'invalid_body') => new ApiError(400, message, errorCode);
export const invalidQuery = (message: string) => new ApiError(400, message, 'invalid_query_string');
export const unauthorized = (message: string, errorCode?: string) => new ApiError(401, message, errorCode);
export const forbidden = (message: string, errorCode?: string) => new ApiError(403, message, errorCode);
export const notFound = (message = 'Not Found', errorCode = 'inexistent_resource') => new ApiError(404, message, errorCode);
export const conflict = (message: string, errorCode = 'conflict') => new ApiError(409, message, errorCode);
export const tooManyRequests = (message = 'Too Many Requests', errorCode = 'too_many_requests') => new ApiError(429, message, errorCode);

/** Auth0's 429 body for an empty management rate-limit bucket. */
export const RATE_LIMIT_MESSAGE = 'Too many requests. Check the X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers.';

export function isEmulatorError(err: unknown): err is EmulatorError {
  return err instanceof ApiError || err instanceof OAuthError || err instanceof RawBodyError;
}
