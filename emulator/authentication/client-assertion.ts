/**
 * Private key JWT client authentication, checked as Auth0 documents it: the assertion is signed
 * by one of the application's registered credentials that is enabled in its
 * `client_authentication_methods.private_key_jwt`, with the credential's algorithm (RS256, RS384,
 * PS256); `iss` = `sub` = the client id; `aud` the tenant's URL with its trailing slash; `exp`
 * required, at most 5 minutes after `iat`; `iat`/`nbf` with 10 s of skew; a `jti` used once only;
 * at most 2,048 bytes. Failures answer 401 `invalid_client`.
 *
 * Times are wall-clock time, not the emulator's clock: the assertion is signed by a real client
 * with a real clock, and tests that move the emulator's clock (token expiry) must not expire it.
 */
import { constants, verify, type KeyObject } from 'node:crypto';
import { OAuthError } from '../core/errors';
import type { JsonRecord } from '../core/collection';
import type { ClientRecord } from '../core/model';
import type { TenantState } from '../core/state';
import { CLIENT_CREDENTIALS, credentialKey } from '../management/applications/client-credentials.routes';
import { toText } from '../../nodes/shared/to-text';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const MAX_LENGTH = 2048;
const MAX_LIFETIME_SECONDS = 300;
const SKEW_SECONDS = 10;
const ALGORITHMS = new Set(['RS256', 'RS384', 'PS256']);
const USED_JTIS_DOC = 'client-assertion-used-jtis';

function invalid(description: string): OAuthError {
  return new OAuthError(401, 'invalid_client', description);
}

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function signatureValid(alg: string, input: string, signature: string, key: KeyObject): boolean {
  const data = Buffer.from(input);
  const sig = Buffer.from(signature, 'base64url');
  try {
    if (alg === 'PS256') return verify('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, sig);
    return verify(alg === 'RS384' ? 'sha384' : 'sha256', data, key, sig);
  } catch {
    return false;
  }
}

/** The credentials the client may sign with: registered, enabled for private key JWT, not expired. */
function enabledCredentials(state: TenantState, client: ClientRecord, nowMs: number): JsonRecord[] {
  const methods = client.client_authentication_methods as { private_key_jwt?: { credentials?: { id?: string }[] } } | null | undefined;
  const enabled = new Set((methods?.private_key_jwt?.credentials ?? []).map((c) => c.id));
  return state
    .collection(CLIENT_CREDENTIALS)
    .list()
    .filter((c) => c.client_id === client.client_id && enabled.has(c.id as string) && (typeof c.expires_at !== 'string' || Date.parse(c.expires_at) > nowMs));
}

/** Remembers a used jti until its assertion expires; false when it was already used. */
function useJti(state: TenantState, clientId: string, jti: string, exp: number, nowSeconds: number): boolean {
  const used = state.doc(USED_JTIS_DOC, () => new Map<string, number>());
  for (const [key, until] of used) if (until < nowSeconds - SKEW_SECONDS) used.delete(key);
  const key = `${clientId}\n${jti}`;
  if (used.has(key)) return false;
  used.set(key, exp);
  return true;
}

/**
 * Authenticates a client by its assertion (the request carries `client_assertion`), or throws
 * Auth0's 401 `invalid_client` saying what is wrong.
 */
export function clientFromAssertion(state: TenantState, body: Record<string, unknown>, bodyClientId: string | undefined): ClientRecord {
  if (body.client_assertion_type !== CLIENT_ASSERTION_TYPE) {
    throw new OAuthError(400, 'invalid_request', `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`);
  }
  if (body.client_secret !== undefined)
    throw new OAuthError(400, 'invalid_request', 'Use only one client authentication method: client_secret or client_assertion');
  const assertion = String(body.client_assertion);
  if (assertion.length > MAX_LENGTH) throw invalid(`client_assertion must be at most ${MAX_LENGTH} bytes`);
  const parts = assertion.split('.');
  const header = parts.length === 3 ? decodePart(parts[0]) : undefined;
  const claims = parts.length === 3 ? decodePart(parts[1]) : undefined;
  if (!header || !claims) throw invalid('client_assertion is not a valid JWT');
  const alg = String(header.alg);
  if (!ALGORITHMS.has(alg)) throw invalid(`client_assertion: alg ${alg} is not supported (RS256, RS384 or PS256)`);
  if (typeof claims.iss !== 'string' || claims.iss === '' || claims.sub !== claims.iss) throw invalid("'iss' and 'sub' claims must both be the client_id");
  if (bodyClientId !== undefined && bodyClientId !== claims.iss) throw invalid("'iss' claim must match the client_id parameter");
  const client = state.clients.get(claims.iss);
  if (!client) throw invalid('Unknown client');

  const nowMs = Date.now();
  const candidates = enabledCredentials(state, client, nowMs).filter((c) => header.kid === undefined || c.kid === header.kid);
  if (candidates.length === 0) {
    throw invalid(
      header.kid === undefined ? 'The client has no credential enabled for private_key_jwt' : `No credential of the client has kid ${toText(header.kid)}`,
    );
  }
  const input = `${parts[0]}.${parts[1]}`;
  const signer = candidates.find(
    (c) =>
      (c.alg ?? 'RS256') === alg &&
      (() => {
        const key = credentialKey(c);
        return key !== undefined && signatureValid(alg, input, parts[2], key);
      })(),
  );
  if (!signer) throw invalid('Invalid client_assertion signature');

  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const expected = [`https://${state.domain}/`, `http://${state.domain}/`];
  if (!audiences.some((aud) => expected.includes(aud as string))) throw invalid(`'aud' claim must be https://${state.domain}/`);
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== 'number') throw invalid("'exp' claim is required");
  if (claims.exp <= now) throw invalid("'exp' claim must be in the future: the client_assertion has expired");
  const issuedAt = typeof claims.iat === 'number' ? claims.iat : now;
  if (typeof claims.iat === 'number' && claims.iat > now + SKEW_SECONDS) throw invalid("'iat' claim must not be in the future");
  if (typeof claims.nbf === 'number' && claims.nbf > now + SKEW_SECONDS) throw invalid("'nbf' claim must not be in the future");
  if (claims.exp - issuedAt > MAX_LIFETIME_SECONDS) throw invalid(`'exp' claim must specify a time that is no more than 5 minutes after 'iat': ${claims.exp}`);
  if (typeof claims.jti !== 'string' || claims.jti === '' || claims.jti.length > 64) throw invalid("'jti' claim is required (at most 64 characters)");
  if (!useJti(state, client.client_id, claims.jti, claims.exp, now)) throw invalid("'jti' claim must be unique: this client_assertion was already used");
  return client;
}
