/**
 * The post-login trigger: at every login (and refresh token exchange) the bound actions run with
 * the `event` Auth0 documents (auth0.com/docs/customize/actions/reference/post-login: user with
 * metadata, authentication, authorization.roles, client, connection, organization, request,
 * resource_server, secrets, stats.logins_count, tenant, transaction) and the post-login `api`.
 * What they ask for lands on the tokens (claims, scopes) and the user (metadata); a denial or an
 * action that throws ends the login with `access_denied` and the reason (as Auth0 answers both),
 * and a failed login (`f`) in the tenant log naming the action.
 */
import { randomUUID } from 'node:crypto';
import { OAuthError } from '../../core/errors';
import type { ClientRecord, ConnectionRecord, UserRecord } from '../../core/model';
import type { TokenAdditions } from '../../core/state';
import type { RouteContext, Tenant } from '../../core/types';
import { mergeMetadata } from '../../core/users';
import { runTrigger } from './runner';
import { TriggerEffects, triggerApi, type Command } from './trigger-api';

/** What the login is for, as event.transaction and event.request tell it. */
export interface LoginTransaction {
  /** `oidc-basic-profile` (code), `oidc-implicit-profile`, `oauth2-password`, `oauth2-refresh-token`, … */
  protocol: string;
  scope?: string;
  audience?: string;
  organization?: string;
  redirectUri?: string;
  state?: string;
  responseType?: string;
  /** The first factor: `pwd`, `federated`, `email`, `sms`, `passkey`. */
  method?: string;
}

export interface LoginSubject {
  client: ClientRecord;
  user: UserRecord;
  connection?: ConnectionRecord;
  transaction: LoginTransaction;
}

export interface PostLoginOutcome extends TokenAdditions {
  executionId?: string;
  commands: Command[];
  multifactor?: { provider: string; options?: unknown };
}

/** No action bound: nothing to add. */
export const NO_ADDITIONS: PostLoginOutcome = { idClaims: {}, accessClaims: {}, addedScopes: [], removedScopes: [], commands: [] };

export function roleNames(tenant: Tenant, user: UserRecord): string[] {
  const state = tenant.state;
  return state.userRoles
    .rightsOf(user.user_id)
    .map((id) => state.roles.get(id)?.name)
    .filter((name): name is string => typeof name === 'string');
}

function bodyOf(ctx: RouteContext): Record<string, unknown> {
  const body = ctx.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  // Secrets a client sends never reach an action (Auth0 strips them too).
  const { client_secret: _secret, password: _password, client_assertion: _assertion, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** event.request: the HTTP request that started the flow (no secret it carried). */
export function requestEvent(ctx: RouteContext): Record<string, unknown> {
  return {
    ip: ctx.ip,
    method: ctx.method,
    hostname: ctx.tenant.domain,
    user_agent: ctx.userAgent,
    language: 'en',
    query: Object.fromEntries(ctx.query.params),
    body: bodyOf(ctx),
    geoip: {},
  };
}

function postLoginEvent(ctx: RouteContext, subject: LoginSubject, secrets: Record<string, string>): Record<string, unknown> {
  const { tenant } = ctx;
  const { client, user, connection, transaction } = subject;
  const now = tenant.clock.isoNow();
  const org = transaction.organization ? tenant.state.organizations.get(transaction.organization) : undefined;
  const api = transaction.audience ? tenant.state.resourceServerByIdentifier(transaction.audience) : undefined;
  const userConnection = connection ?? tenant.state.connectionByName(user.identities[0]?.connection ?? '');
  const event: Record<string, unknown> = {
    authentication: { methods: [{ name: transaction.method ?? 'pwd', timestamp: now }] },
    authorization: { roles: roleNames(tenant, user) },
    client: { client_id: client.client_id, name: client.name, metadata: structuredClone(client.client_metadata ?? {}) },
    connection: userConnection
      ? {
          id: userConnection.id,
          name: userConnection.name,
          strategy: userConnection.strategy,
          metadata: structuredClone(userConnection.metadata ?? {}),
        }
      : undefined,
    request: requestEvent(ctx),
    secrets: { ...secrets },
    stats: { logins_count: user.logins_count ?? 0 },
    tenant: { id: tenant.domain.split('.')[0] },
    transaction: {
      id: randomUUID(),
      protocol: transaction.protocol,
      requested_scopes: (transaction.scope ?? '').split(/\s+/).filter(Boolean),
      ...(transaction.redirectUri ? { redirect_uri: transaction.redirectUri } : {}),
      ...(transaction.state ? { state: transaction.state } : {}),
      ...(transaction.responseType ? { response_type: transaction.responseType.split(' ') } : {}),
      locale: 'en',
      ui_locales: [],
      metadata: {},
    },
    user: { ...structuredClone(user), app_metadata: structuredClone(user.app_metadata ?? {}), user_metadata: structuredClone(user.user_metadata ?? {}) },
  };
  if (org) event.organization = { id: org.id, name: org.name, display_name: org.display_name ?? org.name, metadata: structuredClone(org.metadata ?? {}) };
  if (api) event.resource_server = { identifier: api.identifier };
  return event;
}

/**
 * Runs the post-login actions for a login; returns what they add to the tokens. A denial or an
 * action that fails throws `access_denied` (after the `f` log event naming the action).
 */
export async function runPostLogin(ctx: RouteContext, subject: LoginSubject): Promise<PostLoginOutcome> {
  const { tenant } = ctx;
  const effects = new TriggerEffects();
  const run = await runTrigger(
    tenant,
    'post-login',
    (action) => postLoginEvent(ctx, subject, action.secrets),
    (action) => triggerApi(tenant, 'post-login', action.name, effects),
    () => effects.denied !== undefined,
  );
  if (run.executionId === undefined) return NO_ADDITIONS;
  // Metadata changes stay even when the login is denied, as Auth0 documents for api.access.deny.
  if (Object.keys(effects.appMetadata).length > 0 || Object.keys(effects.userMetadata).length > 0) {
    tenant.state.users.update(subject.user.user_id, (u) => {
      if (Object.keys(effects.appMetadata).length > 0) u.app_metadata = mergeMetadata(u.app_metadata, effects.appMetadata);
      if (Object.keys(effects.userMetadata).length > 0) u.user_metadata = mergeMetadata(u.user_metadata, effects.userMetadata);
      u.updated_at = tenant.clock.isoNow();
    });
  }
  const refusal = run.failure
    ? { description: run.failure.error, logged: `The action '${run.failure.action}' failed: ${run.failure.error}` }
    : effects.denied
      ? { description: effects.denied.reason, logged: `The action '${effects.denied.action}' denied the login: ${effects.denied.reason}` }
      : undefined;
  if (refusal) {
    const { client, user, connection } = subject;
    ctx.log({
      type: 'f',
      description: refusal.logged,
      client_id: client.client_id,
      client_name: client.name,
      ...(connection ? { connection: connection.name, connection_id: connection.id, strategy: connection.strategy } : {}),
      user_id: user.user_id,
      user_name: user.email ?? user.username ?? user.phone_number,
      details: { actions: { executions: [run.executionId] } },
    });
    throw new OAuthError(403, 'access_denied', refusal.description);
  }
  return {
    idClaims: effects.idClaims,
    accessClaims: effects.accessClaims,
    addedScopes: effects.addedScopes,
    removedScopes: effects.removedScopes,
    executionId: run.executionId,
    commands: effects.commands,
    ...(effects.multifactor ? { multifactor: effects.multifactor } : {}),
  };
}
