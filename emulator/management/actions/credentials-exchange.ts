/**
 * The credentials-exchange trigger: before a client credentials token is returned, the bound
 * actions run with the `event` Auth0 documents (client, request, resource_server, secrets, tenant,
 * transaction.requested_scopes) and its `api` (accessToken.setCustomClaim, access.deny(code,
 * reason)). A denial answers the OAuth error it names (`server_error` as 500, the others as 400);
 * an action that throws answers `access_denied` (403) with its error, as a failed login does.
 */
import { OAuthError } from '../../core/errors';
import type { ClientRecord } from '../../core/model';
import type { RouteContext } from '../../core/types';
import { requestEvent } from './post-login';
import { runTrigger } from './runner';
import { TriggerEffects, triggerApi } from './trigger-api';

export interface CredentialsExchange {
  client: ClientRecord;
  audience: string;
  /** The scopes asked for (undefined: every granted scope). */
  requestedScopes?: string[];
}

/** Runs the bound credentials-exchange actions; returns the custom claims of the access token. */
export async function runCredentialsExchange(ctx: RouteContext, exchange: CredentialsExchange): Promise<Record<string, unknown>> {
  const { tenant } = ctx;
  const { client } = exchange;
  const effects = new TriggerEffects();
  const run = await runTrigger(
    tenant,
    'credentials-exchange',
    (action) => ({
      client: { client_id: client.client_id, name: client.name, metadata: structuredClone(client.client_metadata ?? {}) },
      request: requestEvent(ctx),
      resource_server: { identifier: exchange.audience },
      secrets: { ...action.secrets },
      tenant: { id: tenant.domain.split('.')[0] },
      transaction: { requested_scopes: exchange.requestedScopes ?? [] },
    }),
    (action) => triggerApi(tenant, 'credentials-exchange', action.name, effects),
    () => effects.denied !== undefined,
  );
  if (run.failure) throw new OAuthError(403, 'access_denied', run.failure.error);
  if (effects.denied) {
    const code = effects.denied.code ?? 'invalid_request';
    throw new OAuthError(code === 'server_error' ? 500 : 400, code, effects.denied.reason);
  }
  return effects.accessClaims;
}
