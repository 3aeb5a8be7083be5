/**
 * Why a token was refused. The reason names the check that failed and never quotes the token
 * or any of its claims, so it is safe for a 401 body, a status and a log line.
 */
export type InvalidTokenCode =
  | 'no_token'
  | 'malformed'
  | 'unsupported_alg'
  | 'unknown_key'
  | 'bad_signature'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'missing_claim'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_nonce'
  | 'wrong_azp'
  | 'login_too_old'
  | 'wrong_organization'
  | 'missing_expectation';

export class InvalidTokenError extends Error {
  readonly code: InvalidTokenCode;

  constructor(code: InvalidTokenCode, reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
    this.code = code;
  }

  get reason(): string {
    return this.message;
  }
}
