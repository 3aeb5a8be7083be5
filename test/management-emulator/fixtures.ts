/**
 * Small builders the management-emulator tests share: users, an API with scopes, logins against
 * the emulator's /oauth/token.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { type Harness, type Msg, payloadOf } from './harness';

export const PASSWORD = 'Str0ng-pass!word';
export const DB = 'Username-Password-Authentication';

let counter = 0;
/** A unique suffix for names within one run. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
}

/** Creates a database user through the users node; returns its record. */
export async function createUser(harness: Harness, fields: Msg = {}): Promise<Msg> {
  const email = `${unique('user')}@example.com`;
  const msg = await harness.run('users', 'create', { body: { connection: DB, email, password: PASSWORD, ...fields } });
  return payloadOf(msg);
}

/** Creates an API with the given scopes through the resource-servers node; returns its identifier. */
export async function createApi(harness: Harness, scopes: string[]): Promise<string> {
  const identifier = `https://${unique('api')}.example.com/`;
  await harness.run('resource_servers', 'create', {
    body: { identifier, name: identifier.slice(8, -1), scopes: scopes.map((value) => ({ value, description: `can ${value}` })) },
  });
  return identifier;
}

/** POST /oauth/token on the emulator; resolves with status and body. */
export async function tokenRequest(emulator: Emulator, body: Record<string, string>): Promise<{ status: number; body: Msg }> {
  const response = await fetch(`${emulator.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Msg };
}

/** A password-realm login of the emulator's web application. */
export function passwordLogin(emulator: Emulator, username: string, password: string, scope = 'openid'): Promise<{ status: number; body: Msg }> {
  return tokenRequest(emulator, {
    grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
    client_id: emulator.webClient.clientId,
    client_secret: emulator.webClient.clientSecret,
    realm: DB,
    username,
    password,
    scope,
  });
}

/** Asserts msg.auth0 names the operation and carries the status. */
export function assertStatus(msg: Msg, operation: string, statusCode: number): void {
  const auth0 = msg.auth0 as Msg;
  assert.equal(auth0.operation, operation);
  assert.equal(auth0.statusCode, statusCode, `${operation} answered ${String(auth0.statusCode)}`);
}

/** Asserts msg.auth0 names the operation and carries a success status (2xx). */
export function assertSuccess(msg: Msg, operation: string): void {
  const auth0 = msg.auth0 as Msg;
  assert.equal(auth0.operation, operation);
  assert.ok(Number(auth0.statusCode) >= 200 && Number(auth0.statusCode) < 300, `${operation} answered ${String(auth0.statusCode)}`);
}
