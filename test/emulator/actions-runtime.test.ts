/**
 * The emulator runs Actions: post-login actions bound to the trigger run in order at every login
 * with Auth0's `event` and `api` (written here in the styles users write them: the common roles
 * Action, destructuring, helpers, async calls, early returns), and so do credentials-exchange,
 * pre- and post-user-registration and the test endpoint.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '../../emulator';
import { LOGIN_REDIRECT, loginTenant, useEmulator } from './groups-support';
import { call, type client } from './http';

function claimsOf(jwt: unknown): Record<string, unknown> {
  return JSON.parse(Buffer.from(String(jwt).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

const ROLES = 'https://example.com/roles';

/** The roles Action as most people write it (issue 29). */
const COMMON_ROLES_ACTION = `exports.onExecutePostLogin = async (event, api) => {
  const roles = (event.authorization && event.authorization.roles) || [];
  api.idToken.setCustomClaim('https://example.com/roles', roles);
};`;

describe('emulator: Actions run', function () {
  this.timeout(30_000);
  const tenant = useEmulator({ seed: loginTenant(['authorization_code', 'password', 'refresh_token', 'client_credentials']) });
  let emu: Emulator;
  let api: ReturnType<typeof client>;
  beforeEach(() => ({ emu, api } = tenant));

  const seedActions = (...actions: Array<Record<string, unknown>>) => emu.seed({ actions });

  /** /authorize (test shortcut) then the code grant: the tokens, or the error the callback got. */
  async function browserLogin(email: string, extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'web-login',
      redirect_uri: LOGIN_REDIRECT,
      scope: 'openid email offline_access',
      state: 'st-1',
      username: email,
      password: 'Passw0rd!',
      ...extra,
    });
    const res = await fetch(`${emu.url}/authorize?${query.toString()}`, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const back = new URL(String(res.headers.get('location')));
    assert.equal(back.searchParams.get('state'), 'st-1');
    const code = back.searchParams.get('code');
    if (!code) return { error: back.searchParams.get('error'), error_description: back.searchParams.get('error_description') };
    const tokens = await call(
      emu.url,
      'POST',
      '/oauth/token',
      { grant_type: 'authorization_code', client_id: 'web-login', client_secret: 'web-login-secret', code, redirect_uri: LOGIN_REDIRECT },
      { form: true },
    );
    assert.equal(tokens.status, 200, tokens.text);
    return tokens.body as Record<string, unknown>;
  }

  const passwordLogin = (email: string, extra: Record<string, string> = {}) =>
    call(
      emu.url,
      'POST',
      '/oauth/token',
      {
        grant_type: 'password',
        client_id: emu.webClient.clientId,
        client_secret: emu.webClient.clientSecret,
        username: email,
        password: 'Passw0rd!',
        scope: 'openid',
        ...extra,
      },
      { form: true },
    );

  it('the roles Action written in the common style gives the user its roles (and an empty list to a user without)', async () => {
    assert.equal(claimsOf((await browserLogin('ann@example.com')).id_token)[ROLES], undefined, 'no Action, no claim');
    seedActions({ name: 'roles', code: COMMON_ROLES_ACTION });
    assert.deepEqual(claimsOf((await browserLogin('ann@example.com')).id_token)[ROLES], ['node-red-admin', 'auditor']);
    assert.deepEqual(claimsOf((await browserLogin('bob@example.com')).id_token)[ROLES], []);
  });

  it('runs the bound actions in order, each in the styles users write: destructuring, helpers, async calls, early returns', async () => {
    // A loopback service an action awaits, as actions call APIs.
    const service = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ tier: 'gold' }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/tier`;
    try {
      seedActions(
        {
          name: 'destructure',
          code: `exports.onExecutePostLogin = async ({ user, authorization: { roles = [] } = {}, client, connection, stats, transaction }, api) => {
  api.idToken.setCustomClaim('https://example.com/who', { email: user.email, roles, client: client.name, connection: connection.name, logins: stats.logins_count, protocol: transaction.protocol });
};`,
        },
        {
          name: 'helpers-and-async',
          secrets: [{ name: 'SERVICE_URL', value: serviceUrl }],
          code: `const NAMESPACE = 'https://example.com';
function claim(name) { return NAMESPACE + '/' + name; }
async function tierOf(url) {
  const res = await fetch(url);
  return (await res.json()).tier;
}
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
exports.onExecutePostLogin = async function (event, api) {
  await wait(5);
  const tier = await tierOf(event.secrets.SERVICE_URL);
  api.accessToken.setCustomClaim(claim('tier'), tier);
  api.idToken.setCustomClaim(claim('order'), ['helpers-and-async']);
};`,
        },
        {
          name: 'early-return',
          code: `exports.onExecutePostLogin = async (event, api) => {
  if (!event.user.email.startsWith('ann')) return;
  api.idToken.setCustomClaim('https://example.com/order', ['helpers-and-async', 'early-return']);
};`,
        },
      );
      const ann = await browserLogin('ann@example.com');
      const id = claimsOf(ann.id_token);
      assert.deepEqual(id['https://example.com/who'], {
        email: 'ann@example.com',
        roles: ['node-red-admin', 'auditor'],
        client: 'Web',
        connection: 'Username-Password-Authentication',
        logins: 1,
        protocol: 'oidc-basic-profile',
      });
      assert.deepEqual(id['https://example.com/order'], ['helpers-and-async', 'early-return'], 'the later action ran after the earlier one');
      assert.equal(claimsOf(ann.access_token)['https://example.com/tier'], 'gold', 'the awaited call reached the service');
      const bob = claimsOf((await browserLogin('bob@example.com')).id_token);
      assert.deepEqual(bob['https://example.com/order'], ['helpers-and-async'], 'the early return left the claim as it was');
      assert.equal((bob['https://example.com/who'] as { logins: number }).logins, 1);
      assert.equal((claimsOf((await browserLogin('bob@example.com')).id_token)['https://example.com/who'] as { logins: number }).logins, 2);

      // The success log names the execution; the execution lists each action.
      const success = emu.logs
        .all()
        .filter((e) => e.type === 's')
        .at(-1);
      const executionId = (success?.details as { actions: { executions: string[] } }).actions.executions[0];
      const execution = await api('GET', `/api/v2/actions/executions/${executionId}`);
      assert.equal(execution.body.status, 'final');
      assert.deepEqual(
        execution.body.results.map((r: { action_name: string }) => r.action_name),
        ['destructure', 'helpers-and-async', 'early-return'],
      );
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });

  it('api.access.deny ends the login with access_denied and the reason; no later action runs', async () => {
    seedActions(
      {
        name: 'gate',
        code: `exports.onExecutePostLogin = async (event, api) => { if (event.user.email === 'bob@example.com') api.access.deny('Bob may not log in'); };`,
      },
      { name: 'after-gate', code: `exports.onExecutePostLogin = async (event, api) => { api.user.setAppMetadata('reached', true); };` },
    );
    assert.deepEqual(await browserLogin('bob@example.com'), { error: 'access_denied', error_description: 'Bob may not log in' });
    const password = await passwordLogin('bob@example.com');
    assert.equal(password.status, 403);
    assert.deepEqual(password.body, { error: 'access_denied', error_description: 'Bob may not log in' });
    const failed = emu.logs.all().filter((e) => e.type === 'f');
    assert.equal(failed.length, 2);
    assert.match(String(failed[0]?.description), /The action 'gate' denied the login: Bob may not log in/);
    const bob = (await api('GET', '/api/v2/users-by-email?email=bob%40example.com')).body[0];
    assert.equal(bob.app_metadata?.reached, undefined, 'the action after the denial did not run');
    assert.ok((await browserLogin('ann@example.com')).id_token, 'another user still logs in');
  });

  it('an action that throws fails the login as Auth0 does and lands in the log as a failed login naming it', async () => {
    seedActions({
      name: 'reads-missing-metadata',
      code: `exports.onExecutePostLogin = async (event, api) => { api.idToken.setCustomClaim('https://example.com/color', event.user.user_metadata.prefs.color); };`,
    });
    const answer = await browserLogin('ann@example.com');
    assert.equal(answer.error, 'access_denied');
    assert.match(String(answer.error_description), /Cannot read properties of undefined \(reading 'color'\)/);
    const failed = emu.logs.all().find((e) => e.type === 'f');
    assert.ok(failed, 'a failed login event');
    assert.match(String(failed.description), /The action 'reads-missing-metadata' failed: Cannot read properties of undefined/);
    assert.equal(failed.user_id, (await api('GET', '/api/v2/users-by-email?email=ann%40example.com')).body[0].user_id);
    const executionId = (failed.details as { actions: { executions: string[] } }).actions.executions[0];
    const execution = await api('GET', `/api/v2/actions/executions/${executionId}`);
    assert.equal(execution.body.status, 'partial');
    assert.match(execution.body.results[0].error.msg, /Cannot read properties/);
    assert.ok(!emu.logs.all().some((e) => e.type === 's'), 'no successful login');
  });

  it('metadata set by an action is saved on the user; scopes are added and removed; multifactor.enable is noted; claims cannot replace standard ones', async () => {
    emu.seed({
      resourceServers: [{ identifier: 'https://api.example.com', name: 'API', scopes: [{ value: 'read:a' }, { value: 'write:a' }, { value: 'extra' }] }],
    });
    seedActions({
      name: 'profile',
      code: `exports.onExecutePostLogin = async (event, api) => {
  api.user.setAppMetadata('plan', 'gold').user.setUserMetadata('theme', 'dark');
  api.user.setUserMetadata('old', null);
  api.accessToken.addScope('extra');
  api.accessToken.removeScope('write:a');
  api.accessToken.setCustomClaim('sub', 'someone-else');
  api.multifactor.enable('any', { allowRememberBrowser: false });
};`,
    });
    const ann = (await api('GET', '/api/v2/users-by-email?email=ann%40example.com')).body[0];
    await api('PATCH', `/api/v2/users/${ann.user_id}`, { user_metadata: { old: 1, kept: 2 } });
    const tokens = await passwordLogin('ann@example.com', { audience: 'https://api.example.com', scope: 'openid read:a write:a' });
    assert.equal(tokens.status, 200, tokens.text);
    const access = claimsOf(tokens.body.access_token);
    assert.deepEqual(String(access.scope).split(' ').sort(), ['extra', 'openid', 'read:a']);
    assert.equal(access.sub, ann.user_id, 'the standard claim stays');
    const after = (await api('GET', `/api/v2/users/${ann.user_id}`)).body;
    assert.deepEqual(after.app_metadata, { plan: 'gold' });
    assert.deepEqual(after.user_metadata, { kept: 2, theme: 'dark' });
    const success = emu.logs.all().find((e) => e.type === 's');
    assert.deepEqual((success?.details as { actions: { multifactor: unknown } }).actions.multifactor, {
      provider: 'any',
      options: { allowRememberBrowser: false },
    });
  });

  it('refuses redirect.sendUserTo with a clear emulator error; a time limit stops code that never ends; require names what is missing', async () => {
    emu.seed({ actionRuntime: { timeLimitMs: 300 } });
    seedActions({ name: 'redirects', code: `exports.onExecutePostLogin = async (event, api) => { api.redirect.sendUserTo('https://example.com/consent'); };` });
    const redirected = await browserLogin('ann@example.com');
    assert.equal(redirected.error, 'access_denied');
    assert.match(String(redirected.error_description), /api\.redirect\.sendUserTo .*the Auth0 emulator cannot do this/);

    emu.reset();
    emu.seed({ users: [{ email: 'ann@example.com', password: 'Passw0rd!' }], actionRuntime: { timeLimitMs: 300 } });
    seedActions({ name: 'spins', code: `exports.onExecutePostLogin = async () => { while (true) {} };` });
    const spun = await passwordLogin('ann@example.com');
    assert.equal(spun.status, 403);
    assert.match(spun.body.error_description, /did not complete within the time limit \(300 ms\)/);

    emu.reset();
    emu.seed({ users: [{ email: 'ann@example.com', password: 'Passw0rd!' }], actionRuntime: { timeLimitMs: 300 } });
    seedActions({ name: 'waits', code: `exports.onExecutePostLogin = async () => { await new Promise(() => {}); };` });
    const waited = await passwordLogin('ann@example.com');
    assert.match(waited.body.error_description, /did not complete within the time limit \(300 ms\)/);

    emu.reset();
    emu.seed({ users: [{ email: 'ann@example.com', password: 'Passw0rd!' }] });
    seedActions({
      name: 'needs-a-package',
      dependencies: [{ name: 'left-pad-not-installed', version: '1.3.0' }],
      code: `const crypto = require('node:crypto');
const pad = require('left-pad-not-installed');
exports.onExecutePostLogin = async (event, api) => { api.idToken.setCustomClaim('x', pad(crypto.randomUUID())); };`,
    });
    const missing = await passwordLogin('ann@example.com');
    assert.equal(missing.status, 403);
    assert.match(
      missing.body.error_description,
      /The action 'needs-a-package' requires left-pad-not-installed@1\.3\.0, a dependency the Auth0 emulator does not install/,
    );
  });

  it('runs post-login again at a refresh token exchange, with its protocol', async () => {
    seedActions({
      name: 'protocol',
      code: `exports.onExecutePostLogin = async (event, api) => { api.accessToken.setCustomClaim('https://example.com/protocol', event.transaction.protocol); };`,
    });
    const first = await browserLogin('ann@example.com');
    assert.equal(claimsOf(first.access_token)['https://example.com/protocol'], 'oidc-basic-profile');
    const refreshed = await call(
      emu.url,
      'POST',
      '/oauth/token',
      { grant_type: 'refresh_token', client_id: 'web-login', client_secret: 'web-login-secret', refresh_token: String(first.refresh_token) },
      { form: true },
    );
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.equal(claimsOf(refreshed.body.access_token)['https://example.com/protocol'], 'oauth2-refresh-token');
  });

  it('credentials-exchange actions add claims to client credentials tokens and can deny them', async () => {
    emu.seed({
      resourceServers: [{ identifier: 'https://m2m.example.com', name: 'M2M', scopes: [{ value: 'read:x' }] }],
      clientGrants: [{ client_id: 'web-login', audience: 'https://m2m.example.com', scope: ['read:x'] }],
    });
    seedActions({
      name: 'm2m',
      trigger: 'credentials-exchange',
      secrets: [{ name: 'BLOCKED', value: 'nobody' }],
      code: `exports.onExecuteCredentialsExchange = async (event, api) => {
  if (event.client.name === event.secrets.BLOCKED) return api.access.deny('invalid_request', 'blocked');
  if (event.transaction.requested_scopes.includes('write:x')) return api.access.deny('invalid_scope', 'write:x is not for machines');
  api.accessToken.setCustomClaim('https://example.com/caller', event.client.name + ' → ' + event.resource_server.identifier);
};`,
    });
    const m2m = (scope?: string) =>
      call(
        emu.url,
        'POST',
        '/oauth/token',
        {
          grant_type: 'client_credentials',
          client_id: 'web-login',
          client_secret: 'web-login-secret',
          audience: 'https://m2m.example.com',
          ...(scope ? { scope } : {}),
        },
        { form: true },
      );
    const ok = await m2m();
    assert.equal(ok.status, 200, ok.text);
    assert.equal(claimsOf(ok.body.access_token)['https://example.com/caller'], 'Web → https://m2m.example.com');
    const denied = await m2m('read:x write:x');
    assert.equal(denied.status, 400);
    assert.deepEqual(denied.body, { error: 'invalid_scope', error_description: 'write:x is not for machines' });
    assert.ok(emu.logs.all().some((e) => e.type === 'feccft'));
  });

  it('pre-user-registration adds metadata to a sign-up or refuses it; post-user-registration runs after it', async () => {
    seedActions(
      {
        name: 'pre',
        trigger: 'pre-user-registration',
        code: `exports.onExecutePreUserRegistration = async (event, api) => {
  if (event.user.email.endsWith('@blocked.example')) return api.access.deny('blocked domain', 'Sign-ups from this domain are closed.');
  api.user.setAppMetadata('source', event.connection.name);
  api.user.setUserMetadata('invited', event.user.user_metadata.invited === 'yes');
};`,
      },
      {
        name: 'post',
        trigger: 'post-user-registration',
        code: `exports.onExecutePostUserRegistration = async (event) => { console.log('welcome', event.user.user_id); };`,
      },
    );
    const signup = (email: string) =>
      call(emu.url, 'POST', '/dbconnections/signup', {
        client_id: emu.webClient.clientId,
        connection: 'Username-Password-Authentication',
        email,
        password: 'Passw0rd!x',
        user_metadata: { invited: 'yes' },
      });
    const ok = await signup('new@example.com');
    assert.equal(ok.status, 200, ok.text);
    const user = (await api('GET', '/api/v2/users-by-email?email=new%40example.com')).body[0];
    assert.deepEqual(user.app_metadata, { source: 'Username-Password-Authentication' });
    assert.deepEqual(user.user_metadata, { invited: true });
    const refused = await signup('eve@blocked.example');
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, {
      name: 'BadRequestError',
      code: 'extensibility_error',
      description: 'Sign-ups from this domain are closed.',
      statusCode: 400,
    });
    assert.match(String(emu.logs.all().find((e) => e.type === 'fs')?.description), /The action 'pre' denied the sign-up: blocked domain/);
    assert.equal((await api('GET', '/api/v2/users-by-email?email=eve%40blocked.example')).body.length, 0);
    const executions = () =>
      emu.state
        .collection('action-executions')
        .list()
        .filter((e) => e.trigger_id === 'post-user-registration');
    for (let i = 0; i < 50 && executions().length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(executions().length, 1, 'post-user-registration ran once, for the user created');
  });

  it('the test endpoint runs the draft with the trigger api and answers its commands and logs', async () => {
    const created = await api('POST', '/api/v2/actions/actions', {
      name: 'tested',
      supported_triggers: [{ id: 'post-login', version: 'v3' }],
      secrets: [{ name: 'CLAIM', value: 'https://example.com/roles' }],
      code: COMMON_ROLES_ACTION.replace("'https://example.com/roles'", 'event.secrets.CLAIM') + "\nconsole.log('loaded');",
    });
    const tested = await api('POST', `/api/v2/actions/actions/${created.body.id}/test`, { payload: { authorization: { roles: ['ops'] } } });
    assert.equal(tested.status, 200);
    assert.deepEqual(tested.body.payload.commands, [{ name: 'idToken.setCustomClaim', args: ['https://example.com/roles', ['ops']] }]);
    assert.equal(tested.body.payload.logs, 'loaded');
    assert.equal(tested.body.payload.error, undefined);
  });
});
