/**
 * The sign-up triggers of a database connection (POST /dbconnections/signup):
 * pre-user-registration runs before the user is created, with the `event` Auth0 documents (client,
 * connection, request, secrets, tenant, user as given) and its `api` (access.deny(reason,
 * userMessage), user.setAppMetadata/setUserMetadata, which the new user gets);
 * post-user-registration runs after, without blocking the sign-up (its failure changes nothing).
 */
import type { ClientRecord, ConnectionRecord, UserRecord } from '../../core/model';
import type { RouteContext } from '../../core/types';
import { requestEvent } from './post-login';
import { runTrigger } from './runner';
import { TriggerEffects, triggerApi } from './trigger-api';

export interface Registration {
  client: ClientRecord;
  connection: ConnectionRecord;
  /** The user as the sign-up gives it (no password). */
  user: Record<string, unknown>;
}

export interface PreRegistrationOutcome {
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  /** Why the sign-up is refused: the reason for the log, the message for the user. */
  refused?: { reason: string; userMessage: string };
}

function registrationEvent(ctx: RouteContext, registration: Registration, secrets: Record<string, string>): Record<string, unknown> {
  const { client, connection } = registration;
  return {
    client: { client_id: client.client_id, name: client.name, metadata: structuredClone(client.client_metadata ?? {}) },
    connection: { id: connection.id, name: connection.name, strategy: connection.strategy, metadata: structuredClone(connection.metadata ?? {}) },
    request: requestEvent(ctx),
    secrets: { ...secrets },
    tenant: { id: ctx.tenant.domain.split('.')[0] },
    transaction: { locale: 'en', ui_locales: [] },
    user: { app_metadata: {}, user_metadata: {}, ...structuredClone(registration.user) },
  };
}

export async function runPreUserRegistration(ctx: RouteContext, registration: Registration): Promise<PreRegistrationOutcome> {
  const effects = new TriggerEffects();
  const run = await runTrigger(
    ctx.tenant,
    'pre-user-registration',
    (action) => registrationEvent(ctx, registration, action.secrets),
    (action) => triggerApi(ctx.tenant, 'pre-user-registration', action.name, effects),
    () => effects.denied !== undefined,
  );
  const outcome: PreRegistrationOutcome = { appMetadata: effects.appMetadata, userMetadata: effects.userMetadata };
  if (run.failure) {
    outcome.refused = { reason: `The action '${run.failure.action}' failed: ${run.failure.error}`, userMessage: run.failure.error };
  } else if (effects.denied) {
    const { action, reason, userMessage } = effects.denied;
    outcome.refused = { reason: `The action '${action}' denied the sign-up: ${reason}`, userMessage: userMessage ?? reason };
  }
  return outcome;
}

/** Starts the post-user-registration actions for a new user; the sign-up does not wait for them. */
export function startPostUserRegistration(ctx: RouteContext, registration: Registration, user: UserRecord): Promise<void> {
  const effects = new TriggerEffects();
  return runTrigger(
    ctx.tenant,
    'post-user-registration',
    (action) => ({ ...registrationEvent(ctx, registration, action.secrets), user: structuredClone(user) }),
    (action) => triggerApi(ctx.tenant, 'post-user-registration', action.name, effects),
    () => false,
  ).then(() => undefined);
}
