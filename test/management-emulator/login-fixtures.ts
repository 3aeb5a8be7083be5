/**
 * Logins that leave something to offboard: a browser login (GET /authorize with the user's
 * password, then the code exchange) starts a session and, with offline_access, a refresh token;
 * a password-realm grant with offline_access gives a refresh token without a session.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { DB, passwordLogin, tokenRequest } from './fixtures';

const REDIRECT = 'http://localhost:3000/callback';

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** A browser login of the emulator's web application; resolves with its tokens. */
export async function browserLogin(emulator: Emulator, username: string, password: string): Promise<Tokens> {
  const web = emulator.webClient;
  const query = new URLSearchParams({
    client_id: web.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid offline_access',
    connection: DB,
    username,
    password,
  });
  const answer = await fetch(`${emulator.url}/authorize?${query}`, { redirect: 'manual' });
  assert.equal(answer.status, 302, 'the login redirects back with a code');
  const code = new URL(String(answer.headers.get('location'))).searchParams.get('code');
  assert.ok(code, 'a code in the redirect');
  const exchanged = await tokenRequest(emulator, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: web.clientId,
    client_secret: web.clientSecret,
  });
  assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
  return exchanged.body as unknown as Tokens;
}

/** A password-realm login asking for offline_access; resolves with its tokens. */
export async function offlineLogin(emulator: Emulator, username: string, password: string): Promise<Tokens> {
  const login = await passwordLogin(emulator, username, password, 'openid offline_access');
  assert.equal(login.status, 200, JSON.stringify(login.body));
  assert.ok(login.body.refresh_token, 'a refresh token');
  return login.body as unknown as Tokens;
}

/** The refresh_token grant with the web application; resolves with its status and body. */
export function refreshGrant(emulator: Emulator, refreshToken: string) {
  return tokenRequest(emulator, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: emulator.webClient.clientId,
    client_secret: emulator.webClient.clientSecret,
  });
}
