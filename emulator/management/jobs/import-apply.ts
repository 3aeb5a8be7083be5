/**
 * Applies one validated import row to the tenant's users, with Auth0's upsert rules:
 * a row matching an existing user of the connection (by e-mail, user id or username) fails
 * with DUPLICATED_USER unless `upsert` is on, in which case only the upsertable attributes
 * change. `email_verified` is false unless the row says otherwise, on insert and on update.
 */
import type { ImportRowError } from './import-schema';

/** What the job engine needs from the user store; the emulator's state provides it. */
export interface ImportTarget {
  /** The id of a user of `connectionName` with this e-mail, id (without provider prefix) or username. */
  findMatch(connectionName: string, keys: { email?: string; userId?: string; username?: string; phoneNumber?: string }): string | undefined;
  /** Creates the user; returns its full user_id (`auth0|…`). */
  insert(connectionName: string, profile: ImportedProfile): string;
  /** Changes an existing user. */
  update(userId: string, changes: ImportedProfile): void;
}

/** The profile attributes an import writes. */
export interface ImportedProfile {
  user_id?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_verified?: boolean;
  username?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  nickname?: string;
  picture?: string;
  blocked?: boolean;
  password_hash?: string;
  custom_password_hash?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  mfa_factors?: unknown[];
}

/** Attributes an upsert may change on an existing user. */
const UPSERTABLE = [
  'app_metadata',
  'user_metadata',
  'blocked',
  'email_verified',
  'phone_verified',
  'given_name',
  'family_name',
  'name',
  'nickname',
  'picture',
  'password_hash',
  'custom_password_hash',
] as const;

export type RowOutcome = { kind: 'inserted'; userId: string } | { kind: 'updated'; userId: string } | { kind: 'failed'; errors: ImportRowError[] };

export const DUPLICATED_USER_MESSAGE = 'The user already exist';

/** Applies a row that passed `validateImportRow`. */
export function applyImportRow(target: ImportTarget, connectionName: string, row: ImportedProfile, upsert: boolean): RowOutcome {
  const existing = target.findMatch(connectionName, {
    email: row.email,
    userId: row.user_id,
    username: row.username,
    phoneNumber: row.phone_number,
  });
  if (existing !== undefined) {
    if (!upsert) {
      return { kind: 'failed', errors: [{ code: 'DUPLICATED_USER', message: DUPLICATED_USER_MESSAGE, path: '' }] };
    }
    const changes: ImportedProfile = {};
    for (const key of UPSERTABLE) {
      if (row[key] !== undefined) (changes as Record<string, unknown>)[key] = row[key];
    }
    if (changes.email_verified === undefined) changes.email_verified = false;
    target.update(existing, changes);
    return { kind: 'updated', userId: existing };
  }
  const profile: ImportedProfile = { ...row, email_verified: row.email_verified ?? false };
  if (profile.phone_number !== undefined && profile.phone_verified === undefined) profile.phone_verified = false;
  return { kind: 'inserted', userId: target.insert(connectionName, profile) };
}
