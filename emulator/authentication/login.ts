/**
 * Credential checks shared by the grants: finds the user, checks the
 * password, counts failures (10 in a row from one IP block the account:
 * `limit_wc`), and writes the login log events (`s`, `f`, `fp`, `fu`).
 */
import { OAuthError } from '../core/errors';
import type { ClientRecord, ConnectionRecord, UserRecord } from '../core/model';
import type { RouteContext } from '../core/types';
import { checkUserPassword, findLoginUser } from '../core/users';
import { runPostLogin, type LoginTransaction, type PostLoginOutcome } from '../management/actions/post-login';

/** Consecutive failures from one IP that block an account (Auth0's brute-force protection). */
export const BRUTE_FORCE_THRESHOLD = 10;

export const WRONG_CREDENTIALS = 'Wrong email or password.';
export const BLOCKED_MESSAGE =
  'Your account has been blocked after multiple consecutive login attempts. We’ve sent you an email with instructions on how to unblock it.';

/** The connection by name, enabled for the client; OAuth errors otherwise. */
export function loginConnection(ctx: RouteContext, client: ClientRecord, name: string): ConnectionRecord {
  const connection = ctx.tenant.state.connectionByName(name);
  if (!connection) throw new OAuthError(400, 'invalid_request', `connection ${name} does not exist`);
  if (connection.enabled_clients && !connection.enabled_clients.includes(client.client_id)) {
    throw new OAuthError(400, 'invalid_request', `the connection is not enabled for the client`);
  }
  return connection;
}

function baseLog(client: ClientRecord, connection: ConnectionRecord) {
  return {
    client_id: client.client_id,
    client_name: client.name,
    connection: connection.name,
    connection_id: connection.id,
    strategy: connection.strategy,
    strategy_type: connection.strategy === 'auth0' ? 'database' : 'passwordless',
  };
}

/** Whether `user` is blocked (admin block, or a brute-force block from this IP). Throws the OAuth error and logs. */
export function assertNotBlocked(ctx: RouteContext, client: ClientRecord, connection: ConnectionRecord, user: UserRecord): void {
  if (user.blocked) {
    ctx.log({ ...baseLog(client, connection), type: 'f', description: 'user is blocked', user_id: user.user_id, user_name: user.email ?? user.username });
    throw new OAuthError(401, 'unauthorized', 'user is blocked');
  }
  const blocks = ctx.tenant.state.loginBlocks.get(user.user_id);
  if (blocks?.some((b) => b.ip === ctx.ip)) {
    ctx.log({
      ...baseLog(client, connection),
      type: 'f',
      description: 'Too many failed login attempts',
      user_id: user.user_id,
      user_name: user.email ?? user.username,
    });
    throw new OAuthError(429, 'too_many_attempts', BLOCKED_MESSAGE);
  }
}

/**
 * Records a successful login on the user, runs the post-login Actions (which may still refuse it:
 * `access_denied`, logged as `f`), then logs it (`s`, naming the execution). Returns what the
 * Actions add to the tokens.
 */
export async function recordLogin(
  ctx: RouteContext,
  client: ClientRecord,
  connection: ConnectionRecord,
  user: UserRecord,
  transaction: LoginTransaction,
  description = 'Successful login',
): Promise<PostLoginOutcome> {
  const state = ctx.tenant.state;
  state.failedLogins.delete(`${user.user_id}\n${ctx.ip}`);
  const now = ctx.tenant.clock.isoNow();
  const counted = state.users.update(user.user_id, (u) => {
    u.last_login = now;
    u.last_ip = ctx.ip;
    u.logins_count = (u.logins_count ?? 0) + 1;
  }) as UserRecord;
  const outcome = await runPostLogin(ctx, { client, user: counted, connection, transaction });
  ctx.log({
    ...baseLog(client, connection),
    type: 's',
    description,
    user_id: user.user_id,
    user_name: user.email ?? user.username ?? user.phone_number,
    // api.multifactor.enable is noted here: the emulator asks for no second factor because of it.
    ...(outcome.executionId
      ? { details: { actions: { executions: [outcome.executionId], ...(outcome.multifactor ? { multifactor: outcome.multifactor } : {}) } } }
      : {}),
  });
  return outcome;
}

/** Username + password against a database connection. Returns the user or throws (after logging). */
export function passwordLogin(ctx: RouteContext, client: ClientRecord, connection: ConnectionRecord, username: string, password: string): UserRecord {
  const state = ctx.tenant.state;
  if (connection.strategy !== 'auth0') throw new OAuthError(400, 'invalid_request', 'the connection is not a database connection');
  const user = findLoginUser(state, connection.name, username);
  if (!user) {
    ctx.log({ ...baseLog(client, connection), type: 'fu', description: WRONG_CREDENTIALS, user_name: username });
    throw new OAuthError(403, 'invalid_grant', WRONG_CREDENTIALS);
  }
  assertNotBlocked(ctx, client, connection, user);
  if (!checkUserPassword(state, user.user_id, password)) {
    const key = `${user.user_id}\n${ctx.ip}`;
    const failures = (state.failedLogins.get(key) ?? 0) + 1;
    state.failedLogins.set(key, failures);
    ctx.log({ ...baseLog(client, connection), type: 'fp', description: WRONG_CREDENTIALS, user_id: user.user_id, user_name: username });
    if (failures >= BRUTE_FORCE_THRESHOLD && connection.options?.brute_force_protection !== false) {
      const blocks = state.loginBlocks.get(user.user_id) ?? [];
      blocks.push({ identifier: username, ip: ctx.ip, connection: connection.name, blocked_at: ctx.tenant.clock.isoNow() });
      state.loginBlocks.set(user.user_id, blocks);
      state.failedLogins.delete(key);
      ctx.log({
        ...baseLog(client, connection),
        type: 'limit_wc',
        description: `${BRUTE_FORCE_THRESHOLD} failed login attempts for the same account from the same IP`,
        user_id: user.user_id,
        user_name: username,
      });
      if (user.email) {
        ctx.tenant.outbox.push({
          channel: 'email',
          to: user.email,
          kind: 'blocked_account',
          subject: 'Your account has been blocked',
          body: `Your account was blocked after ${BRUTE_FORCE_THRESHOLD} failed login attempts from ${ctx.ip}.`,
        });
      }
    }
    throw new OAuthError(403, 'invalid_grant', WRONG_CREDENTIALS);
  }
  return user;
}
