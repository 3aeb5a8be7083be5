/**
 * User operations shared by the users routes, the authentication routes and
 * the import jobs: create (with Auth0's validation and duplicate checks),
 * update (metadata merge), delete (with every relation), password checks.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError, badRequest, conflict } from './errors';
import { objectId, pooledRandomBytes } from './ids';
import type { ConnectionRecord, Identity, UserRecord } from './model';
import type { TenantState } from './state';
import { toText } from '../../nodes/shared/to-text';

export const USER_CREATE_FIELDS = new Set([
  'email',
  'phone_number',
  'user_metadata',
  'blocked',
  'email_verified',
  'phone_verified',
  'app_metadata',
  'given_name',
  'family_name',
  'name',
  'nickname',
  'picture',
  'user_id',
  'connection',
  'password',
  'verify_email',
  'username',
]);

export const USER_UPDATE_FIELDS = new Set([
  'blocked',
  'email_verified',
  'email',
  'phone_number',
  'phone_verified',
  'user_metadata',
  'app_metadata',
  'given_name',
  'family_name',
  'name',
  'nickname',
  'picture',
  'verify_email',
  'verify_phone_number',
  'password',
  'connection',
  'client_id',
  'username',
]);

const STRING_FIELDS = ['email', 'phone_number', 'given_name', 'family_name', 'name', 'nickname', 'picture', 'username', 'password', 'connection', 'user_id'];
const BOOLEAN_FIELDS = ['blocked', 'email_verified', 'phone_verified', 'verify_email', 'verify_phone_number'];

export const DATABASE_STRATEGY = 'auth0';
export const PASSWORDLESS_STRATEGIES = new Set(['email', 'sms']);

function payloadError(message: string): ApiError {
  return badRequest(`Payload validation error: '${message}'.`, 'invalid_body');
}

/** Validates property types and names of a create/update body. */
export function validateUserBody(body: unknown, allowed: Set<string>): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw payloadError('Expected type object but found type ' + (Array.isArray(body) ? 'array' : typeof body));
  }
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !allowed.has(key));
  if (extra.length) throw payloadError(`Additional properties not allowed: ${extra.join(',')}`);
  for (const key of STRING_FIELDS) {
    if (key in record && record[key] !== undefined && typeof record[key] !== 'string') {
      throw payloadError(`Expected type string but found type ${typeOfJson(record[key])}' on property ${key}`);
    }
  }
  for (const key of BOOLEAN_FIELDS) {
    if (key in record && record[key] !== undefined && typeof record[key] !== 'boolean') {
      throw payloadError(`Expected type boolean but found type ${typeOfJson(record[key])}' on property ${key}`);
    }
  }
  for (const key of ['app_metadata', 'user_metadata']) {
    const value = record[key];
    if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw payloadError(`Expected type object but found type ${typeOfJson(value)}' on property ${key}`);
    }
  }
  if (typeof record.email === 'string' && !isEmail(record.email)) {
    throw payloadError(`Object didn't pass validation for format email: ${record.email}' on property email`);
  }
  return record;
}

function typeOfJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export function hashPassword(password: string): string {
  const salt = pooledRandomBytes(8).toString('hex');
  return `${salt}$${createHash('sha256')
    .update(salt + password)
    .digest('hex')}`;
}

export function passwordMatches(stored: string | undefined, password: string): boolean {
  if (!stored) return false;
  const [salt, hex] = stored.split('$');
  const actual = createHash('sha256')
    .update(salt + password)
    .digest();
  const expected = Buffer.from(hex, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** Auth0's password policies for database connections (none, low, fair, good, excellent). */
export function checkPasswordPolicy(connection: ConnectionRecord, password: string): void {
  const policy = toText(connection.options?.passwordPolicy ?? 'good');
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  let ok: boolean;
  switch (policy) {
    case 'none':
      ok = password.length >= 1;
      break;
    case 'low':
      ok = password.length >= 6;
      break;
    case 'fair':
      ok = password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password);
      break;
    case 'excellent':
      ok = password.length >= 10 && kinds >= 3 && !/(.)\1\1/.test(password);
      break;
    default:
      ok = password.length >= 8 && kinds >= 3;
  }
  if (!ok) throw badRequest('PasswordStrengthError: Password is too weak', 'invalid_body');
}

function gravatar(email: string | undefined): string {
  const hash = createHash('md5')
    .update((email ?? '').trim().toLowerCase())
    .digest('hex');
  return `https://s.gravatar.com/avatar/${hash}?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2Fdefault.png`;
}

export interface CreateUserOptions {
  now: string;
  /** Skip the password policy (imports carry hashes or trusted data). */
  skipPasswordPolicy?: boolean;
  /** Allow a database user without a password (imports: the user sets one later). */
  passwordOptional?: boolean;
}

/** The connection named in a body, or Auth0's errors when absent or unknown. */
export function requireConnection(state: TenantState, name: unknown): ConnectionRecord {
  if (typeof name !== 'string' || name === '') throw payloadError('Missing required property: connection');
  const connection = state.connectionByName(name);
  if (!connection) throw badRequest('The connection does not exist.', 'inexistent_connection');
  return connection;
}

/** Creates a user in a connection (database or passwordless), as POST /api/v2/users does. */
export function createUser(state: TenantState, input: Record<string, unknown>, options: CreateUserOptions): UserRecord {
  const connection = requireConnection(state, input.connection);
  const email = typeof input.email === 'string' ? input.email : undefined;
  const username = typeof input.username === 'string' ? input.username : undefined;
  const phone = typeof input.phone_number === 'string' ? input.phone_number : undefined;
  const password = typeof input.password === 'string' ? input.password : undefined;
  const strategy = connection.strategy;
  const provider = strategy === DATABASE_STRATEGY ? 'auth0' : strategy;

  if (strategy === DATABASE_STRATEGY) {
    if (!email && !(connection.options?.requires_username && username)) throw payloadError('Missing required property: email');
    if (!password && !options.passwordOptional) throw payloadError('Missing required property: password');
    if (connection.options?.requires_username && !username) throw payloadError('Missing required property: username');
    if (username && !connection.options?.requires_username) {
      throw badRequest('Cannot set username for connection without requires_username', 'invalid_body');
    }
    if (password && !options.skipPasswordPolicy) checkPasswordPolicy(connection, password);
  } else if (strategy === 'email') {
    if (!email) throw payloadError('Missing required property: email');
  } else if (strategy === 'sms') {
    if (!phone) throw payloadError('Missing required property: phone_number');
  }

  if (email && state.users.firstBy('connection_email', `${connection.name}\n${email.toLowerCase()}`)) {
    throw conflict('The user already exists.', 'auth0_idp_error');
  }
  if (username && state.users.firstBy('connection_username', `${connection.name}\n${username.toLowerCase()}`)) {
    throw conflict('The username provided is in use already.', 'auth0_idp_error');
  }
  if (strategy === 'sms' && phone && state.users.findBy('phone', phone).some((u) => u.identities[0]?.connection === connection.name)) {
    throw conflict('The user already exists.', 'auth0_idp_error');
  }

  let localId = typeof input.user_id === 'string' && input.user_id !== '' ? input.user_id : objectId();
  if (localId.startsWith(`${provider}|`)) localId = localId.slice(provider.length + 1);
  const userId = `${provider}|${localId}`;
  if (state.users.has(userId)) throw conflict('The user already exists.', 'auth0_idp_error');

  const identity: Identity = { connection: connection.name, provider, user_id: localId, isSocial: false };
  const user = withoutUndefined<UserRecord>({
    created_at: options.now,
    updated_at: options.now,
    user_id: userId,
    email,
    email_verified: email ? ((input.email_verified as boolean | undefined) ?? false) : undefined,
    username,
    phone_number: phone,
    phone_verified: phone ? ((input.phone_verified as boolean | undefined) ?? false) : undefined,
    name: (input.name as string | undefined) ?? email ?? phone ?? username,
    nickname: (input.nickname as string | undefined) ?? (email ? email.split('@')[0] : (username ?? phone)),
    given_name: input.given_name as string | undefined,
    family_name: input.family_name as string | undefined,
    picture: (input.picture as string | undefined) ?? gravatar(email),
    identities: [identity],
    app_metadata: input.app_metadata ? { ...(input.app_metadata as Record<string, unknown>) } : undefined,
    user_metadata: input.user_metadata ? { ...(input.user_metadata as Record<string, unknown>) } : undefined,
    blocked: input.blocked as boolean | undefined,
  });
  state.users.insert(user);
  if (password) state.userSecrets.set(userId, { passwordHash: hashPassword(password) });
  return user;
}

/** Merges metadata as Auth0 does: top-level keys merged, `null` removes a key. */
export function mergeMetadata(current: Record<string, unknown> | undefined, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Applies a PATCH /api/v2/users/{id} body. Throws 404 for an unknown user. */
export function updateUser(state: TenantState, userId: string, patch: Record<string, unknown>, now: string): UserRecord {
  const user = state.users.get(userId);
  if (!user) throw new ApiError(404, 'The user does not exist.', 'inexistent_user');
  const connectionName = user.identities[0]?.connection;
  const connection = connectionName ? state.connectionByName(connectionName) : undefined;

  if (typeof patch.email === 'string' && patch.email.toLowerCase() !== user.email?.toLowerCase()) {
    const key = `${connectionName}\n${patch.email.toLowerCase()}`;
    if (state.users.firstBy('connection_email', key)) throw badRequest('The specified new email already exists', 'email_exists');
  }
  if (typeof patch.username === 'string' && patch.username.toLowerCase() !== user.username?.toLowerCase()) {
    if (!connection?.options?.requires_username) {
      throw badRequest('Cannot update username for connection without requires_username', 'invalid_body');
    }
    if (state.users.firstBy('connection_username', `${connectionName}\n${patch.username.toLowerCase()}`)) {
      throw conflict('The username provided is in use already.', 'auth0_idp_error');
    }
  }
  if (typeof patch.password === 'string') {
    if (!connection || connection.strategy !== DATABASE_STRATEGY) {
      throw badRequest('Cannot update password for non-database connections', 'operation_not_supported');
    }
    checkPasswordPolicy(connection, patch.password);
  }

  return state.users.update(userId, (u) => {
    for (const key of ['email', 'username', 'phone_number', 'given_name', 'family_name', 'name', 'nickname', 'picture'] as const) {
      if (typeof patch[key] === 'string') (u as Record<string, unknown>)[key] = patch[key];
    }
    for (const key of ['blocked', 'email_verified', 'phone_verified'] as const) {
      if (typeof patch[key] === 'boolean') (u as Record<string, unknown>)[key] = patch[key];
    }
    if (typeof patch.email === 'string' && patch.email_verified === undefined) u.email_verified = false;
    if (patch.app_metadata) u.app_metadata = mergeMetadata(u.app_metadata, patch.app_metadata as Record<string, unknown>);
    if (patch.user_metadata) u.user_metadata = mergeMetadata(u.user_metadata, patch.user_metadata as Record<string, unknown>);
    if (typeof patch.password === 'string') {
      const secrets = state.userSecrets.get(userId) ?? {};
      secrets.passwordHash = hashPassword(patch.password);
      state.userSecrets.set(userId, secrets);
    }
    u.updated_at = now;
  }) as UserRecord;
}

/** Deletes a user and everything that points at it. Returns false when absent. */
export function deleteUser(state: TenantState, userId: string): boolean {
  if (!state.users.delete(userId)) return false;
  state.userSecrets.delete(userId);
  state.userPermissions.delete(userId);
  state.userRoles.removeLeft(userId);
  for (const orgId of state.orgMembers.leftsOf(userId)) {
    state.orgMemberRoles.removeLeft(`${orgId}\n${userId}`);
    state.orgMembers.remove(orgId, userId);
  }
  for (const enrollment of state.enrollments.findBy('user', userId)) state.enrollments.delete(enrollment.id);
  state.loginBlocks.delete(userId);
  for (const [token, record] of state.refreshTokens) if (record.userId === userId) state.refreshTokens.delete(token);
  return true;
}

/** The user as the API shows it (a shallow copy, so projections cannot touch the store). */
export function publicUser(user: UserRecord): Record<string, unknown> {
  return { ...user };
}

/** Finds a database/passwordless user of `connectionName` by e-mail, username or phone. */
export function findLoginUser(state: TenantState, connectionName: string, login: string): UserRecord | undefined {
  const key = `${connectionName}\n${login.toLowerCase()}`;
  return (
    state.users.firstBy('connection_email', key) ??
    state.users.firstBy('connection_username', key) ??
    state.users.findBy('phone', login).find((u) => u.identities[0]?.connection === connectionName)
  );
}

export function checkUserPassword(state: TenantState, userId: string, password: string): boolean {
  return passwordMatches(state.userSecrets.get(userId)?.passwordHash, password);
}

export function setUserPassword(state: TenantState, userId: string, password: string): void {
  const secrets = state.userSecrets.get(userId) ?? {};
  secrets.passwordHash = hashPassword(password);
  state.userSecrets.set(userId, secrets);
}

/**
 * A copy without the undefined fields, in the same order. Built up rather than deleted from: an
 * object with deleted keys turns into a hash table, bigger and slower to copy and serialise,
 * and users are the emulator's most numerous records.
 */
function withoutUndefined<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
  return out as T;
}
