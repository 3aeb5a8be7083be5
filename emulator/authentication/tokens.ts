/** Access, ID and refresh tokens for user logins. */
import { OAuthError } from '../core/errors';
import { randomAlnum, randomToken } from '../core/ids';
import type { JwtClaims } from '../core/jwt';
import type { ClientRecord, UserRecord } from '../core/model';
import type { TokenAdditions } from '../core/state';
import type { Tenant } from '../core/types';
import { roleNames } from '../management/actions/post-login';
import { universalLoginSettings } from './universal-login';

export const ID_TOKEN_LIFETIME = 36000;
export const DEFAULT_ACCESS_TOKEN_LIFETIME = 86400;

export interface LoginGrant {
  client: ClientRecord;
  user: UserRecord;
  /** Requested scope (space separated). */
  scope?: string;
  audience?: string;
  nonce?: string;
  /** Epoch seconds of the authentication. */
  authTime?: number;
  organization?: string;
  /** Issue a refresh token when offline_access is asked for (default true). */
  allowRefresh?: boolean;
  /** The browser session of the login, for the refresh token's session_id. */
  sessionId?: string;
  /** Where the login came from, for the refresh token's device. */
  device?: { ip: string; userAgent: string };
  /** What the login's post-login Actions added (claims, scopes): required, so no login path forgets to run them. */
  actions: TokenAdditions;
}

export interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  scope?: string;
  expires_in: number;
  token_type: 'Bearer';
}

const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'phone', 'address', 'offline_access']);

/** The claims of `user` that the OIDC `scope` releases. */
export function profileClaims(user: UserRecord, scopes: ReadonlySet<string>): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.has('profile')) {
    for (const key of ['name', 'nickname', 'picture', 'given_name', 'family_name', 'updated_at'] as const) {
      if (user[key] !== undefined) claims[key] = user[key];
    }
  }
  if (scopes.has('email') && user.email !== undefined) {
    claims.email = user.email;
    claims.email_verified = user.email_verified ?? false;
  }
  if (scopes.has('phone') && user.phone_number !== undefined) {
    claims.phone_number = user.phone_number;
    claims.phone_number_verified = user.phone_verified ?? false;
  }
  return claims;
}

/** Splits a requested scope into what the audience's API defines (plus OIDC scopes). */
function grantedScope(tenant: Tenant, requested: string[], audience: string | undefined): string[] {
  if (!audience) return requested.filter((s) => OIDC_SCOPES.has(s));
  const api = tenant.state.resourceServerByIdentifier(audience);
  const defined = new Set((api?.scopes ?? []).map((s) => s.value));
  return requested.filter((s) => OIDC_SCOPES.has(s) || defined.has(s));
}

/** Issues the tokens of a successful user login (and stores the refresh token). */
export function issueLoginTokens(tenant: Tenant, grant: LoginGrant): TokenResponse {
  const { client, user } = grant;
  const now = tenant.clock.nowSeconds();
  const authTime = grant.authTime ?? now;
  const requested = (grant.scope ?? '').split(/\s+/).filter(Boolean);
  let api;
  if (grant.audience) {
    api = tenant.state.resourceServerByIdentifier(grant.audience);
    if (!api) throw new OAuthError(403, 'access_denied', `Service not found: ${grant.audience}`);
  }
  const removed = new Set(grant.actions.removedScopes);
  const scopes = [...new Set([...grantedScope(tenant, requested, grant.audience), ...grant.actions.addedScopes])].filter((s) => !removed.has(s));
  const scopeSet = new Set(scopes);
  const lifetime = api?.token_lifetime ?? DEFAULT_ACCESS_TOKEN_LIFETIME;
  const audiences: string[] = [];
  if (grant.audience) audiences.push(grant.audience);
  if (scopeSet.has('openid') || !grant.audience) audiences.push(`${tenant.issuer}userinfo`);

  // Custom claims first: an Action cannot override the standard ones.
  const accessClaims: JwtClaims = {
    ...grant.actions.accessClaims,
    iss: tenant.issuer,
    sub: user.user_id,
    aud: audiences.length === 1 ? audiences[0] : audiences,
    iat: now,
    exp: now + lifetime,
    scope: scopes.join(' '),
    azp: client.client_id,
    jti: randomToken(12),
  };
  if (grant.organization) accessClaims.org_id = grant.organization;
  const response: TokenResponse = {
    access_token: tenant.signer.sign(accessClaims),
    scope: scopes.join(' '),
    expires_in: lifetime,
    token_type: 'Bearer',
  };
  if (scopeSet.has('openid')) {
    response.id_token = issueIdToken(tenant, client.client_id, user, scopeSet, {
      nonce: grant.nonce,
      authTime,
      organization: grant.organization,
      claims: grant.actions.idClaims,
    });
  }
  const offlineAllowed = !api || api.allow_offline_access === true;
  if (scopeSet.has('offline_access') && offlineAllowed && grant.allowRefresh !== false) {
    const token = randomToken(36);
    tenant.state.refreshTokens.set(token, {
      token,
      clientId: client.client_id,
      userId: user.user_id,
      audience: grant.audience,
      scope: scopes.join(' '),
      organization: grant.organization,
      authTime,
      createdAt: tenant.clock.isoNow(),
      id: randomAlnum(24),
      ...(grant.sessionId ? { sessionId: grant.sessionId } : {}),
      ...(grant.device
        ? {
            device: {
              initial_ip: grant.device.ip,
              initial_user_agent: grant.device.userAgent,
              last_ip: grant.device.ip,
              last_user_agent: grant.device.userAgent,
            },
          }
        : {}),
    });
    response.refresh_token = token;
  }
  return response;
}

export function issueIdToken(
  tenant: Tenant,
  clientId: string,
  user: UserRecord,
  scopes: ReadonlySet<string>,
  extra: { nonce?: string; authTime?: number; organization?: string; claims?: Record<string, unknown> } = {},
): string {
  const now = tenant.clock.nowSeconds();
  const rolesClaim = universalLoginSettings(tenant).rolesClaim;
  const claims: JwtClaims = {
    // The seed option universalLogin.rolesClaim stands in for a roles Action; an Action's claims and the standard ones win.
    ...(rolesClaim ? { [rolesClaim]: roleNames(tenant, user) } : {}),
    ...extra.claims,
    ...profileClaims(user, scopes),
    iss: tenant.issuer,
    sub: user.user_id,
    aud: clientId,
    iat: now,
    exp: now + ID_TOKEN_LIFETIME,
    auth_time: extra.authTime ?? now,
    sid: randomToken(12),
  };
  if (extra.nonce) claims.nonce = extra.nonce;
  if (extra.organization) claims.org_id = extra.organization;
  return tenant.signer.sign(claims);
}
