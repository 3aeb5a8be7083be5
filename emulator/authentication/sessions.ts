/**
 * Login sessions and the management view of refresh tokens.
 *
 * A browser login (GET /authorize) starts a session, as Auth0's session cookie does; tokens from
 * its authorization code carry the session id. Grants without a browser (password, passwordless)
 * start no session, as at Auth0, and their refresh tokens have `session_id: null`. Refresh tokens
 * themselves live in `state.refreshTokens` (token value → record); the Management API sees them by id.
 */
import { randomAlnum } from '../core/ids';
import type { JsonRecord } from '../core/collection';
import type { RefreshTokenRecord, TenantState } from '../core/state';
import type { ClientRecord, UserRecord } from '../core/model';
import type { RouteContext, Tenant } from '../core/types';

const HOUR_MS = 3_600_000;

export function sessions(state: TenantState) {
  return state.collection('sessions');
}

/** Starts a session for a browser login; returns its id. */
export function startSession(ctx: RouteContext, client: ClientRecord, user: UserRecord, method: string): string {
  const tenant = ctx.tenant;
  const settings = tenant.state.tenantSettings();
  const now = tenant.clock.now();
  const iso = new Date(now).toISOString();
  const lifetimeHours = Number(settings.session_lifetime ?? 168);
  const idleHours = Number(settings.idle_session_lifetime ?? 72);
  const session: JsonRecord = {
    id: randomAlnum(32),
    user_id: user.user_id,
    created_at: iso,
    updated_at: iso,
    authenticated_at: iso,
    last_interacted_at: iso,
    expires_at: new Date(now + lifetimeHours * HOUR_MS).toISOString(),
    idle_expires_at: new Date(now + idleHours * HOUR_MS).toISOString(),
    device: { initial_ip: ctx.ip, initial_user_agent: ctx.userAgent, last_ip: ctx.ip, last_user_agent: ctx.userAgent },
    clients: [{ client_id: client.client_id }],
    authentication: { methods: [{ name: method, timestamp: iso }] },
    cookie: { mode: 'non-persistent' },
  };
  sessions(tenant.state).insert(session);
  return String(session.id);
}

export function userSessions(state: TenantState, userId: string): JsonRecord[] {
  return sessions(state)
    .list()
    .filter((s) => s.user_id === userId);
}

/** A refresh token as GET /api/v2/refresh-tokens/{id} shows it (never the token itself). */
export function refreshTokenView(record: RefreshTokenRecord): JsonRecord {
  return {
    id: record.id,
    user_id: record.userId,
    created_at: record.createdAt,
    idle_expires_at: null,
    expires_at: null,
    device: record.device ?? {},
    client_id: record.clientId,
    session_id: record.sessionId ?? null,
    rotating: false,
    resource_servers: record.audience ? [{ audience: record.audience, scopes: record.scope }] : [],
    refresh_token_metadata: record.metadata ?? null,
    last_exchanged_at: record.lastExchangedAt ?? null,
  };
}

/** The user's refresh tokens, oldest first. */
export function userRefreshTokens(state: TenantState, userId: string): RefreshTokenRecord[] {
  return [...state.refreshTokens.values()].filter((r) => r.userId === userId);
}

export function findRefreshToken(state: TenantState, id: string): RefreshTokenRecord | undefined {
  for (const record of state.refreshTokens.values()) if (record.id === id) return record;
  return undefined;
}

/** Revokes every refresh token the predicate picks; returns how many. */
export function revokeRefreshTokens(state: TenantState, pick: (record: RefreshTokenRecord) => boolean): number {
  let count = 0;
  for (const [value, record] of state.refreshTokens) {
    if (pick(record)) {
      state.refreshTokens.delete(value);
      count += 1;
    }
  }
  return count;
}

/** Ends sessions (and, unless told to keep them, their refresh tokens). */
export function endSessions(tenant: Tenant, ids: readonly string[], options: { refreshTokens: boolean }): void {
  const state = tenant.state;
  for (const id of ids) sessions(state).delete(id);
  if (options.refreshTokens) {
    const ended = new Set(ids);
    revokeRefreshTokens(state, (r) => r.sessionId !== undefined && ended.has(r.sessionId));
  }
}
