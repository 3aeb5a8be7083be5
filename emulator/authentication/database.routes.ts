/** Authentication API, database connections: /dbconnections/signup and /dbconnections/change_password. */
import { ApiError, OAuthError, RawBodyError } from '../core/errors';
import type { ClientRecord, ConnectionRecord } from '../core/model';
import type { RouteContext, RoutesModule } from '../core/types';
import { createUser, findLoginUser, mergeMetadata } from '../core/users';
import { runPreUserRegistration, startPostUserRegistration } from '../management/actions/user-registration';
import { bodyFields, requireStr, str, type AuthBody } from './clients';
import { createTicket } from './tickets';
import { publishUserEvent } from '../management/events/publish';

const SIGNUP_FIELDS = ['given_name', 'family_name', 'name', 'nickname', 'picture'] as const;

function signupError(code: string, description: unknown, extra: Record<string, unknown> = {}): RawBodyError {
  return new RawBodyError(400, { name: 'BadRequestError', code, description, ...extra, statusCode: 400 });
}

function databaseConnection(ctx: RouteContext, body: AuthBody): { client: ClientRecord; connection: ConnectionRecord } {
  const clientId = requireStr(body, 'client_id');
  const client = ctx.tenant.state.clients.get(clientId);
  if (!client) throw new OAuthError(400, 'invalid_request', `Unknown client: ${clientId}`);
  const name = requireStr(body, 'connection');
  const connection = ctx.tenant.state.connectionByName(name);
  if (!connection || connection.strategy !== 'auth0')
    throw signupError('connection_not_found', `The connection ${name} is not a database connection of this tenant`);
  if (connection.enabled_clients && !connection.enabled_clients.includes(client.client_id)) {
    throw signupError('connection_disabled', 'The connection is disabled for this client');
  }
  return { client, connection };
}

export const registerDatabaseRoutes: RoutesModule = (routes) => {
  routes.auth('POST', '/dbconnections/signup', async (ctx) => {
    const body = bodyFields(ctx.body);
    const { client, connection } = databaseConnection(ctx, body);
    const email = str(body, 'email');
    const logBase = {
      client_id: client.client_id,
      client_name: client.name,
      connection: connection.name,
      connection_id: connection.id,
      strategy: 'auth0',
      strategy_type: 'database',
      user_name: email ?? str(body, 'username'),
    };
    try {
      if (!email) throw signupError('invalid_parameter', 'Missing email');
      if (!str(body, 'password')) throw signupError('invalid_password', 'Missing password');
      if (connection.options?.disable_signup) throw signupError('operation_not_allowed', 'Public signup is disabled');
      if (body.user_metadata !== undefined && (typeof body.user_metadata !== 'object' || body.user_metadata === null || Array.isArray(body.user_metadata))) {
        throw signupError('invalid_parameter', 'user_metadata must be an object');
      }
      const input: Record<string, unknown> = { connection: connection.name, email, password: body.password, user_metadata: body.user_metadata };
      if (str(body, 'username')) input.username = str(body, 'username');
      for (const key of SIGNUP_FIELDS) if (str(body, key)) input[key] = str(body, key);
      const { password: _password, ...given } = input;
      const registration = { client, connection, user: given };
      const pre = await runPreUserRegistration(ctx, registration);
      if (pre.refused) {
        ctx.log({ ...logBase, type: 'fs', description: pre.refused.reason });
        throw new RawBodyError(400, { name: 'BadRequestError', code: 'extensibility_error', description: pre.refused.userMessage, statusCode: 400 });
      }
      if (Object.keys(pre.userMetadata).length > 0)
        input.user_metadata = mergeMetadata(input.user_metadata as Record<string, unknown> | undefined, pre.userMetadata);
      if (Object.keys(pre.appMetadata).length > 0) input.app_metadata = mergeMetadata(undefined, pre.appMetadata);
      let user;
      try {
        user = createUser(ctx.tenant.state, input, { now: ctx.tenant.clock.isoNow() });
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 409) throw signupError('invalid_signup', 'Invalid sign up');
        if (err instanceof ApiError && err.message.startsWith('PasswordStrengthError')) {
          throw new RawBodyError(400, {
            name: 'PasswordStrengthError',
            message: 'Password is too weak',
            code: 'invalid_password',
            description: { rules: [{ message: 'At least %d characters in length', format: [8], code: 'lengthAtLeast', verified: false }], verified: false },
            policy: '* At least 8 characters in length',
            statusCode: 400,
          });
        }
        if (err instanceof ApiError) throw signupError('invalid_parameter', err.message);
        throw err;
      }
      ctx.log({ ...logBase, type: 'ss', description: 'Successful signup', user_id: user.user_id });
      publishUserEvent(ctx, 'user.created', user);
      // Asynchronous at Auth0: the answer does not wait, and a failure changes nothing.
      void startPostUserRegistration(ctx, registration, user).catch(() => undefined);
      const response: Record<string, unknown> = { _id: user.identities[0].user_id, email_verified: false, email: user.email };
      if (user.username) response.username = user.username;
      for (const key of SIGNUP_FIELDS) if (str(body, key)) response[key] = user[key];
      if (user.user_metadata) response.user_metadata = user.user_metadata;
      return response;
    } catch (err) {
      if (err instanceof RawBodyError && (err.body as { code?: unknown }).code !== 'extensibility_error') {
        const description = (err.body as { description?: unknown }).description;
        ctx.log({ ...logBase, type: 'fs', description: typeof description === 'string' ? description : 'Password is too weak' });
      }
      throw err;
    }
  });

  routes.auth('POST', '/dbconnections/change_password', (ctx) => {
    const body = bodyFields(ctx.body);
    const { client, connection } = databaseConnection(ctx, body);
    const email = requireStr(body, 'email');
    const user = findLoginUser(ctx.tenant.state, connection.name, email);
    // The answer is the same whether or not the user exists (no account enumeration), as Auth0's.
    if (user) {
      const link = createTicket(ctx.tenant, { kind: 'password-change', userId: user.user_id, clientId: client.client_id });
      ctx.tenant.outbox.push({
        channel: 'email',
        to: email,
        kind: 'change_password',
        subject: 'Reset your password',
        body: `Reset your password: ${link}`,
        link,
      });
      ctx.log({
        type: 'scpr',
        description: 'Change password request',
        client_id: client.client_id,
        client_name: client.name,
        connection: connection.name,
        connection_id: connection.id,
        user_id: user.user_id,
        user_name: email,
      });
    } else {
      ctx.log({
        type: 'fcpr',
        description: 'User does not exist',
        client_id: client.client_id,
        client_name: client.name,
        connection: connection.name,
        connection_id: connection.id,
        user_name: email,
      });
    }
    return "We've just sent you an email to reset your password.";
  });
};
