/**
 * Security and operations groups on the emulator: multifactor (guardian), device credentials
 * and grants (tied to the refresh tokens the token endpoint issues), token blacklist, log
 * streams with their status, and statistics.
 */
import assert from 'node:assert/strict';
import { DEFAULT_DB_CONNECTION } from '../../emulator/core/state';
import { useEmulator, type GroupsHarness } from './groups-support';

/** Logs a seeded user in with offline_access, so the token endpoint issues a refresh token. */
async function loginWithRefreshToken(h: GroupsHarness, email: string): Promise<string> {
  h.emu.seed({ users: [{ email, password: 'Secret-123!' }] });
  const res = await fetch(`${h.emu.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      client_id: h.emu.webClient.clientId,
      client_secret: h.emu.webClient.clientSecret,
      username: email,
      password: 'Secret-123!',
      realm: DEFAULT_DB_CONNECTION,
      scope: 'openid offline_access',
    }),
  });
  assert.equal(res.status, 200);
  const body = (await res.json()) as { refresh_token: string };
  assert.ok(body.refresh_token);
  return body.refresh_token;
}

describe('emulator groups: guardian', () => {
  const h = useEmulator();

  it('lists factors and turns one on', async () => {
    const factors = await h.call('GET', '/api/v2/guardian/factors');
    assert.ok(factors.body.some((f: { name: string; enabled: boolean }) => f.name === 'otp' && f.enabled === false));
    assert.deepEqual((await h.call('PUT', '/api/v2/guardian/factors/otp', { enabled: true })).body, { enabled: true });
    const after = await h.call('GET', '/api/v2/guardian/factors');
    assert.equal(after.body.find((f: { name: string }) => f.name === 'otp').enabled, true);
    assert.equal((await h.call('PUT', '/api/v2/guardian/factors/carrier-pigeon', { enabled: true })).status, 400);
    assert.equal((await h.call('PUT', '/api/v2/guardian/factors/sms', { enabled: 'yes' })).status, 400);
  });

  it('keeps SMS templates, providers (secrets hidden), selected provider, message types and policies', async () => {
    const templates = { enrollment_message: 'Enroll {{code}}', verification_message: 'Code {{code}}' };
    assert.match((await h.call('GET', '/api/v2/guardian/factors/sms/templates')).body.enrollment_message, /\{\{code\}\}/);
    assert.deepEqual((await h.call('PUT', '/api/v2/guardian/factors/sms/templates', templates)).body, templates);
    assert.deepEqual((await h.call('GET', '/api/v2/guardian/factors/sms/templates')).body, templates);

    const twilio = { from: '+15550001', sid: 'AC123', auth_token: 'tok' };
    await h.call('PUT', '/api/v2/guardian/factors/sms/providers/twilio', twilio);
    assert.equal((await h.call('GET', '/api/v2/guardian/factors/sms/providers/twilio')).body.sid, 'AC123');
    assert.equal((await h.call('GET', '/api/v2/guardian/factors/sms/providers/twilio')).body.from, '+15550001', 'the older generic path reads the same');

    await h.call('PUT', '/api/v2/guardian/factors/push-notification/providers/apns', { bundle_id: 'com.example', p12: 'BASE64CERT', sandbox: true });
    await h.call('PATCH', '/api/v2/guardian/factors/push-notification/providers/apns', { sandbox: false });
    const apns = await h.call('GET', '/api/v2/guardian/factors/push-notification/providers/apns');
    // The certificate stays hidden; `enabled` says one was uploaded (as Auth0 answers).
    assert.deepEqual(apns.body, { bundle_id: 'com.example', sandbox: false, enabled: true });

    assert.deepEqual((await h.call('PUT', '/api/v2/guardian/factors/sms/selected-provider', { provider: 'twilio' })).body, { provider: 'twilio' });
    assert.deepEqual((await h.call('GET', '/api/v2/guardian/factors/sms/selected-provider')).body, { provider: 'twilio' });
    assert.equal((await h.call('PUT', '/api/v2/guardian/factors/sms/selected-provider', { provider: 'nokia' })).status, 400);
    assert.deepEqual((await h.call('PUT', '/api/v2/guardian/factors/phone/message-types', { message_types: ['sms', 'voice'] })).body, {
      message_types: ['sms', 'voice'],
    });
    assert.deepEqual((await h.call('PUT', '/api/v2/guardian/policies', ['all-applications'])).body, ['all-applications']);
    assert.deepEqual((await h.call('GET', '/api/v2/guardian/policies')).body, ['all-applications']);
    assert.equal((await h.call('GET', '/api/v2/guardian/factors/sms/providers/nexmo')).status, 404);
  });

  it('keeps the WebAuthn factor settings and the push custom app as Auth0 answers them', async () => {
    assert.deepEqual((await h.call('GET', '/api/v2/guardian/factors/webauthn-roaming/settings')).body, {
      userVerification: 'required',
      overrideRelyingParty: false,
    });
    const put = await h.call('PUT', '/api/v2/guardian/factors/webauthn-roaming/settings', { userVerification: 'preferred' });
    assert.deepEqual(put.body, { userVerification: 'preferred' }, 'a PUT answers what it was given');
    assert.deepEqual((await h.call('GET', '/api/v2/guardian/factors/webauthn-roaming/settings')).body, {
      userVerification: 'preferred',
      overrideRelyingParty: false,
    });
    assert.equal((await h.call('PUT', '/api/v2/guardian/factors/webauthn-roaming/settings', { userVerification: 'sometimes' })).status, 400);
    assert.equal(
      (await h.call('PUT', '/api/v2/guardian/factors/webauthn-platform/settings', { userVerification: 'required' })).status,
      400,
      'platform authenticators take no userVerification',
    );
    assert.deepEqual((await h.call('GET', '/api/v2/guardian/factors/webauthn-platform/settings')).body, { overrideRelyingParty: false });

    const app = { app_name: 'bestApp', apple_app_link: 'https://apps.example/ios', google_app_link: 'https://apps.example/android' };
    assert.deepEqual((await h.call('PATCH', '/api/v2/prompts/mfa-push', app)).body, app);
    assert.deepEqual((await h.call('PATCH', '/api/v2/prompts/mfa-push', { app_name: 'Other' })).body, { ...app, app_name: 'Other' });
    assert.deepEqual((await h.call('GET', '/api/v2/prompts/mfa-push')).body, { ...app, app_name: 'Other' });
  });

  it('creates enrollment tickets (mailed to the user) and reads and deletes enrollments', async () => {
    h.emu.seed({ users: [{ email: 'mfa@example.com', password: 'Secret-123!' }] });
    const user = h.emu.state.users.firstBy('email', 'mfa@example.com')!;
    const ticket = await h.call('POST', '/api/v2/guardian/enrollments/ticket', { user_id: user.user_id, send_mail: true });
    assert.equal(ticket.status, 200);
    assert.match(ticket.body.ticket_url, new RegExp(`^${h.emu.url}/guardian/enroll\\?ticket=${ticket.body.ticket_id}$`));
    assert.equal(h.emu.outbox.last('mfa@example.com')?.link, ticket.body.ticket_url);
    assert.equal((await h.call('POST', '/api/v2/guardian/enrollments/ticket', { user_id: 'auth0|nobody' })).status, 404);

    h.emu.state.enrollments.insert({
      id: 'totp|dev_abc',
      user_id: user.user_id,
      status: 'confirmed',
      type: 'authenticator',
      name: 'Phone',
      enrolled_at: '2024-01-01T00:00:00.000Z',
    });
    const enrollment = await h.call('GET', `/api/v2/guardian/enrollments/${encodeURIComponent('totp|dev_abc')}`);
    assert.deepEqual(enrollment.body, { id: 'totp|dev_abc', status: 'confirmed', name: 'Phone', enrolled_at: '2024-01-01T00:00:00.000Z' });
    assert.equal((await h.call('DELETE', `/api/v2/guardian/enrollments/${encodeURIComponent('totp|dev_abc')}`)).status, 204);
    assert.equal((await h.call('GET', `/api/v2/guardian/enrollments/${encodeURIComponent('totp|dev_abc')}`)).status, 404);
    assert.ok(h.emu.logs.all().some((e) => e.type === 'gd_unenroll' && e.user_id === user.user_id));
  });
});

describe('emulator groups: device credentials and grants', () => {
  const h = useEmulator();

  it('lists refresh tokens as device credentials; deleting one revokes the token', async () => {
    const refreshToken = await loginWithRefreshToken(h, 'dev@example.com');
    const user = h.emu.state.users.firstBy('email', 'dev@example.com')!;
    const listed = await h.call('GET', `/api/v2/device-credentials?user_id=${encodeURIComponent(user.user_id)}&type=refresh_token`);
    assert.equal(listed.body.length, 1);
    assert.equal(listed.body[0].client_id, h.emu.webClient.clientId);
    assert.ok(!JSON.stringify(listed.body).includes(refreshToken), 'the token itself is never listed');
    assert.equal((await h.call('DELETE', `/api/v2/device-credentials/${listed.body[0].id}`)).status, 204);
    assert.equal(h.emu.state.refreshTokens.has(refreshToken), false);
    assert.equal((await h.call('GET', '/api/v2/device-credentials?type=refresh_token')).body.length, 0);
  });

  it('creates a public key credential and deletes it', async () => {
    const created = await h.call('POST', '/api/v2/device-credentials', {
      device_name: 'iPhone',
      type: 'public_key',
      value: 'PUBKEY',
      device_id: 'dev-1',
      client_id: h.emu.webClient.clientId,
    });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^dcr_/);
    const listed = await h.call('GET', '/api/v2/device-credentials?type=public_key&include_totals=true');
    assert.equal(listed.body.total, 1);
    assert.equal(listed.body.device_credentials[0].device_name, 'iPhone');
    assert.equal(listed.body.device_credentials[0].value, undefined, 'the key value is never returned');
    assert.equal((await h.call('POST', '/api/v2/device-credentials', { device_name: 'x', type: 'refresh_token', value: 'v', device_id: 'd' })).status, 400);
    assert.equal((await h.call('DELETE', `/api/v2/device-credentials/${created.body.id}`)).status, 204);
    assert.equal((await h.call('GET', '/api/v2/device-credentials?type=public_key')).body.length, 0);
  });

  it('lists the grants behind refresh tokens and deletes them by id or by user', async () => {
    const first = await loginWithRefreshToken(h, 'g1@example.com');
    const second = await loginWithRefreshToken(h, 'g2@example.com');
    const user = h.emu.state.users.firstBy('email', 'g1@example.com')!;
    const grants = await h.call('GET', '/api/v2/grants');
    assert.equal(grants.body.length, 2);
    const mine = await h.call('GET', `/api/v2/grants?user_id=${encodeURIComponent(user.user_id)}`);
    assert.equal(mine.body.length, 1);
    assert.equal(mine.body[0].clientID, h.emu.webClient.clientId);
    assert.deepEqual(mine.body[0].scope, ['openid', 'offline_access']);
    assert.equal((await h.call('DELETE', `/api/v2/grants/${mine.body[0].id}`)).status, 204);
    assert.equal(h.emu.state.refreshTokens.has(first), false, 'deleting the grant revokes its refresh tokens');
    assert.equal(h.emu.state.refreshTokens.has(second), true);
    const other = h.emu.state.users.firstBy('email', 'g2@example.com')!;
    assert.equal((await h.call('DELETE', `/api/v2/grants?user_id=${encodeURIComponent(other.user_id)}`)).status, 204);
    assert.equal((await h.call('GET', '/api/v2/grants')).body.length, 0);
    assert.equal((await h.call('DELETE', '/api/v2/grants')).status, 400, 'user_id is required');
  });
});

describe('emulator groups: blacklists', () => {
  const h = useEmulator();

  it('blacklists a token, which is then refused', async () => {
    const victim = h.emu.managementToken(['read:clients']);
    const jti = JSON.parse(Buffer.from(victim.split('.')[1], 'base64url').toString()).jti as string;
    assert.equal((await h.call('GET', '/api/v2/clients', undefined, victim)).status, 200);
    assert.equal((await h.call('POST', '/api/v2/blacklists/tokens', { jti, aud: h.emu.clientId })).status, 204);
    assert.deepEqual((await h.call('GET', '/api/v2/blacklists/tokens')).body, [{ aud: h.emu.clientId, jti }]);
    assert.deepEqual((await h.call('GET', '/api/v2/blacklists/tokens?aud=other')).body, []);
    assert.equal((await h.call('GET', '/api/v2/clients', undefined, victim)).status, 401);
    assert.equal((await h.call('POST', '/api/v2/blacklists/tokens', { aud: 'x' })).status, 400);
  });
});

describe('emulator groups: log streams', () => {
  const h = useEmulator();

  it('creates, reads, pauses, resumes and deletes a stream; the control endpoint suspends it', async () => {
    const created = await h.call('POST', '/api/v2/log-streams', {
      name: 'to-node-red',
      type: 'http',
      sink: {
        httpEndpoint: 'http://127.0.0.1:1880/auth0-logs',
        httpContentType: 'application/json',
        httpContentFormat: 'JSONLINES',
        httpAuthorization: 'Bearer abc',
      },
      filters: [{ type: 'category', name: 'auth.login.fail' }],
    });
    assert.equal(created.status, 200);
    assert.match(created.body.id, /^lst_/);
    assert.equal(created.body.status, 'active');
    const id = created.body.id;
    assert.equal((await h.call('POST', '/api/v2/log-streams', { type: 'http', sink: {} })).status, 400, 'httpEndpoint is required');
    assert.equal((await h.call('POST', '/api/v2/log-streams', { type: 'carrier-pigeon', sink: {} })).status, 400);

    assert.equal((await h.call('PATCH', `/api/v2/log-streams/${id}`, { status: 'paused' })).body.status, 'paused');
    // Auth0's description wants httpEndpoint in every http sink; the rest of the sink is merged.
    const merged = await h.call('PATCH', `/api/v2/log-streams/${id}`, {
      status: 'active',
      sink: { httpEndpoint: 'http://127.0.0.1:1880/auth0-logs', httpContentFormat: 'JSONARRAY' },
    });
    assert.equal(merged.body.sink.httpEndpoint, 'http://127.0.0.1:1880/auth0-logs');
    assert.equal(merged.body.sink.httpContentFormat, 'JSONARRAY');
    assert.equal(merged.body.sink.httpContentType, 'application/json', 'the sink is merged');
    const partial = await h.call('PATCH', `/api/v2/log-streams/${id}`, { sink: { httpContentFormat: 'JSONLINES' } });
    assert.equal(partial.status, 400);
    assert.equal(partial.body.message, "Payload validation error: 'Missing required property: httpEndpoint' on property sink.");
    assert.equal((await h.call('PATCH', `/api/v2/log-streams/${id}`, { status: 'broken' })).status, 400);

    const suspend = await fetch(`${h.emu.url}/__emulator/log-streams/${id}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'suspended' }),
    });
    assert.equal(suspend.status, 200);
    assert.equal((await h.call('GET', `/api/v2/log-streams/${id}`)).body.status, 'suspended');
    assert.equal((await h.call('GET', '/api/v2/log-streams')).body.length, 1);

    assert.equal((await h.call('DELETE', `/api/v2/log-streams/${id}`)).status, 204);
    assert.equal((await h.call('GET', `/api/v2/log-streams/${id}`)).status, 404);
    const missing = await fetch(`${h.emu.url}/__emulator/log-streams/${id}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'active' }),
    });
    assert.equal(missing.status, 404);
  });
});

describe('emulator groups: stats', () => {
  const h = useEmulator();

  it('counts active users and daily logins and signups from the logs', async () => {
    h.emu.seed({
      users: [
        { email: 'a@example.com', password: 'Secret-123!' },
        { email: 'b@example.com', password: 'Secret-123!' },
      ],
    });
    const recent = new Date(h.emu.clock.now() - 2 * 86400_000).toISOString();
    const old = new Date(h.emu.clock.now() - 60 * 86400_000).toISOString();
    h.emu.state.users.update(h.emu.state.users.firstBy('email', 'a@example.com')!.user_id, (u) => {
      u.last_login = recent;
    });
    h.emu.state.users.update(h.emu.state.users.firstBy('email', 'b@example.com')!.user_id, (u) => {
      u.last_login = old;
    });
    assert.equal((await h.call('GET', '/api/v2/stats/active-users')).body, 1);

    const day = new Date(Date.UTC(2024, 2, 10, 12));
    h.emu.seed({
      logs: [
        { type: 's', date: day.toISOString() },
        { type: 's', date: day.toISOString() },
        { type: 'ss', date: day.toISOString() },
        { type: 'f', date: day.toISOString() },
      ],
    });
    const daily = await h.call('GET', '/api/v2/stats/daily?from=20240309&to=20240311');
    assert.equal(daily.status, 200);
    assert.deepEqual(
      daily.body.map((d: { date: string; logins: number; signups: number }) => [d.date.slice(0, 10), d.logins, d.signups]),
      [
        ['2024-03-09', 0, 0],
        ['2024-03-10', 2, 1],
        ['2024-03-11', 0, 0],
      ],
    );
    assert.equal((await h.call('GET', '/api/v2/stats/daily?from=2024-03-09')).status, 400);
  });
});
