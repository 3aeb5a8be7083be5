/**
 * The authorization code flow with PKCE, state and nonce against the tenant: the /authorize URL,
 * the code exchange at /oauth/token, and the ID token verified with the package's own verifier
 * (signature by the tenant's published keys, issuer, audience, nonce, expiry). Errors name the step
 * that failed and never quote a code, a token or a secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { JwksCache } from '../nodes/auth/verify/jwks';
import { verifyToken } from '../nodes/auth/verify/verifier';
import { InvalidTokenError } from '../nodes/auth/verify/invalid-token';
import type { ResolvedOptions } from './options';
import { failureText, tenantRequest, type TenantAnswer } from './tenant-requests';

/** What a login keeps between the redirect to Auth0 and the callback (in a sealed cookie). */
export interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
  /** Path (and query) to return to after the login. */
  returnTo: string;
  /** Epoch seconds. */
  startedAt: number;
}

export const PENDING_LOGIN_SECONDS = 600;

export interface LoginIdentity {
  claims: Record<string, unknown>;
}

export class LoginError extends Error {
  constructor(
    message: string,
    /** Whether the user could fix it by trying again (an expired or replayed login). */
    readonly retry = false,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

function randomText(): string {
  return randomBytes(32).toString('base64url');
}

export class OidcClient {
  private readonly keys: JwksCache;

  constructor(private readonly options: ResolvedOptions) {
    this.keys = new JwksCache(async () => {
      let res: TenantAnswer;
      try {
        res = await tenantRequest(`${options.tenantUrl}/.well-known/jwks.json`, 10000);
      } catch (err) {
        throw new LoginError(failureText(err, `the tenant ${options.domain} could not be reached for its signing keys`));
      }
      if (!res.ok) throw new LoginError(`the tenant's signing keys could not be read (HTTP ${res.status})`);
      return await res.json();
    });
  }

  startLogin(returnTo: string): PendingLogin {
    return { state: randomText(), nonce: randomText(), verifier: randomText(), returnTo, startedAt: Math.floor(Date.now() / 1000) };
  }

  authorizeUrl(login: PendingLogin, redirectUri: string): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.options.clientId,
      redirect_uri: redirectUri,
      scope: this.options.scope,
      state: login.state,
      nonce: login.nonce,
      code_challenge: createHash('sha256').update(login.verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    if (this.options.audience) query.set('audience', this.options.audience);
    return `${this.options.tenantUrl}/authorize?${query.toString()}`;
  }

  /** Checks the callback's query against the pending login, exchanges the code, verifies the ID token. */
  async finishLogin(query: Record<string, unknown>, login: PendingLogin | undefined, redirectUri: string): Promise<LoginIdentity> {
    // The state first: whatever else the query says (Auth0's error included) is shown only for a
    // login this browser started here; anyone can send a browser to the callback with any text.
    if (!login) throw new LoginError('this login was not started here or took longer than 10 minutes; please log in again', true);
    if (typeof query.state !== 'string' || query.state !== login.state) throw new LoginError('the login state does not match; please log in again', true);
    const error = typeof query.error === 'string' ? query.error : undefined;
    if (error) {
      const description = typeof query.error_description === 'string' ? query.error_description.slice(0, 300) : '';
      throw new LoginError(`Auth0 refused the login: ${error}${description ? ` (${description})` : ''}`, true);
    }
    if (Math.floor(Date.now() / 1000) - login.startedAt > PENDING_LOGIN_SECONDS)
      throw new LoginError('the login took longer than 10 minutes; please log in again', true);
    const code = query.code;
    if (typeof code !== 'string' || code === '') throw new LoginError('Auth0 sent no authorization code');
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: this.options.clientId,
      code,
      code_verifier: login.verifier,
      redirect_uri: redirectUri,
    });
    if (this.options.clientSecret) body.set('client_secret', this.options.clientSecret);
    let res: TenantAnswer;
    try {
      res = await tenantRequest(`${this.options.tenantUrl}/oauth/token`, 15000, body);
    } catch (err) {
      throw new LoginError(failureText(err, `the tenant ${this.options.domain} could not be reached to finish the login`));
    }
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      const reason = typeof answer.error === 'string' ? answer.error : `HTTP ${res.status}`;
      throw new LoginError(`the tenant refused the authorization code (${reason})`, true);
    }
    if (typeof answer.id_token !== 'string') throw new LoginError('the tenant answered without an ID token (is "openid" in the scope?)');
    try {
      const claims = await verifyToken(answer.id_token, this.keys, {
        kind: 'id',
        issuer: this.options.issuer,
        audience: this.options.clientId,
        nonce: login.nonce,
        leeway: 60,
      });
      return { claims };
    } catch (err) {
      if (err instanceof InvalidTokenError) throw new LoginError(`the ID token was refused: ${err.reason}`);
      throw err;
    }
  }

  /** Auth0's logout (/v2/logout with the client id: no token in the URL), then back to `returnTo`. */
  logoutUrl(returnTo: string): string {
    return `${this.options.tenantUrl}/v2/logout?${new URLSearchParams({ client_id: this.options.clientId, returnTo }).toString()}`;
  }
}

/** The role names under the roles claim (a list of strings; anything else counts as none). */
export function rolesOf(claims: Record<string, unknown>, rolesClaim: string | undefined): string[] {
  if (!rolesClaim) return [];
  const value = claims[rolesClaim];
  if (Array.isArray(value)) return value.filter((r): r is string => typeof r === 'string');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/** A path+query safe to redirect to after a login: on this site, never `//host` or a scheme. */
export function safeReturnPath(candidate: unknown, fallback: string): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  return candidate;
}
