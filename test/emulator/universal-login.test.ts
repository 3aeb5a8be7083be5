/**
 * The emulator's login page (seed `universalLogin.page`) and the role claims a bound post-login
 * Action (or the seed's `universalLogin.rolesClaim`) adds to tokens.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { LOGIN_REDIRECT, loginTenant, useEmulator } from './groups-support';

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('emulator login page and role claims', function () {
  this.timeout(20_000);
  const tenant = useEmulator({ seed: loginTenant(['authorization_code']) });
  let emu: Emulator;
  beforeEach(() => ({ emu } = tenant));

  const authorizeQuery = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: 'web-login',
      redirect_uri: LOGIN_REDIRECT,
      scope: 'openid email',
      state: 'st-1',
      nonce: 'n-1',
      ...extra,
    });

  async function codeFor(location: string): Promise<Record<string, unknown>> {
    const url = new URL(location);
    assert.equal(`${url.origin}${url.pathname}`, LOGIN_REDIRECT);
    assert.equal(url.searchParams.get('state'), 'st-1');
    const code = url.searchParams.get('code');
    assert.ok(code, `a code in ${location}`);
    const res = await fetch(`${emu.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'web-login',
        client_secret: 'web-login-secret',
        code,
        redirect_uri: LOGIN_REDIRECT,
      }),
    });
    assert.equal(res.status, 200);
    return (await res.json()) as Record<string, unknown>;
  }

  it('without the page, /authorize still logs the first user in at once (the test shortcut)', async () => {
    const res = await fetch(`${emu.url}/authorize?${authorizeQuery().toString()}`, { redirect: 'manual' });
    assert.equal(res.status, 302);
  });

  it('with the page: a form; a wrong password shows it again; the right one gives the code for that user', async () => {
    emu.seed({ universalLogin: { page: true } });
    const page = await fetch(`${emu.url}/authorize?${authorizeQuery().toString()}`, { redirect: 'manual' });
    assert.equal(page.status, 200);
    assert.match(String(page.headers.get('content-type')), /text\/html/);
    const html = await page.text();
    assert.match(html, /<form method="post" action="\/u\/login">/);
    const authorize = /name="authorize" value="([^"]*)"/.exec(html)?.[1]?.replace(/&#38;/g, '&');
    assert.ok(authorize);

    const post = (username: string, password: string) =>
      fetch(`${emu.url}/u/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ authorize, username, password }),
      });
    const wrong = await post('bob@example.com', 'nope');
    assert.equal(wrong.status, 400);
    const again = await wrong.text();
    assert.match(again, /Wrong email or password/);
    assert.match(again, /value="bob@example\.com"/);
    assert.ok(emu.logs.all().some((e) => e.type === 'fp'));

    const right = await post('bob@example.com', 'Passw0rd!');
    assert.equal(right.status, 302);
    const back = String(right.headers.get('location'));
    assert.match(back, /^\/authorize\?.*login_ticket=/);
    assert.ok(!back.includes('Passw0rd'), 'no password in the URL');
    const atAuthorize = await fetch(`${emu.url}${back}`, { redirect: 'manual' });
    assert.equal(atAuthorize.status, 302);
    const tokens = await codeFor(String(atAuthorize.headers.get('location')));
    assert.equal(claimsOf(String(tokens.id_token)).email, 'bob@example.com');
    assert.equal(claimsOf(String(tokens.id_token)).nonce, 'n-1');

    const replay = await fetch(`${emu.url}${back}`, { redirect: 'manual' });
    assert.equal(replay.status, 200, 'a used ticket shows the page again');
    assert.match(await replay.text(), /<form/);
  });

  it('adds the roles under the claim a bound post-login Action sets, and only then', async () => {
    const login = async () => {
      const res = await fetch(`${emu.url}/authorize?${authorizeQuery({ username: 'ann@example.com', password: 'Passw0rd!' }).toString()}`, {
        redirect: 'manual',
      });
      return codeFor(String(res.headers.get('location')));
    };
    assert.equal(claimsOf(String((await login()).id_token))['https://example.com/roles'], undefined, 'no Action, no claim');

    const token = emu.managementToken();
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${emu.url}/api/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.ok(res.ok, `${method} ${path}: ${res.status}`);
      return (await res.json().catch(() => ({}))) as Record<string, unknown>;
    };
    const code = `exports.onExecutePostLogin = async (event, api) => {
  const namespace = 'https://example.com';
  if (event.authorization) {
    api.idToken.setCustomClaim(\`\${namespace}/roles\`, event.authorization.roles);
    api.accessToken.setCustomClaim('https://api.example.com/roles', event.authorization.roles);
  }
};`;
    const action = await api('POST', '/actions/actions', { name: 'roles', supported_triggers: [{ id: 'post-login', version: 'v3' }], code });
    for (let i = 0; i < 50 && (await api('GET', `/actions/actions/${String(action.id)}`)).status !== 'built'; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    await api('POST', `/actions/actions/${String(action.id)}/deploy`);
    assert.equal(claimsOf(String((await login()).id_token))['https://example.com/roles'], undefined, 'deployed but not bound: no claim');
    await api('PATCH', '/actions/triggers/post-login/bindings', { bindings: [{ ref: { type: 'action_id', value: action.id }, display_name: 'roles' }] });
    const tokens = await login();
    assert.deepEqual(claimsOf(String(tokens.id_token))['https://example.com/roles'], ['node-red-admin', 'auditor']);
    assert.equal(claimsOf(String(tokens.id_token))['https://api.example.com/roles'], undefined, 'the access token claim stays in the access token');
    assert.deepEqual(claimsOf(String(tokens.access_token))['https://api.example.com/roles'], ['node-red-admin', 'auditor']);
  });

  it('adds the roles under the seed option universalLogin.rolesClaim (an empty list for a user with none)', async () => {
    emu.seed({ universalLogin: { rolesClaim: 'https://nodered.example/roles' } });
    const res = await fetch(`${emu.url}/authorize?${authorizeQuery({ login_hint: 'bob@example.com' }).toString()}`, { redirect: 'manual' });
    const tokens = await codeFor(String(res.headers.get('location')));
    assert.deepEqual(claimsOf(String(tokens.id_token))['https://nodered.example/roles'], []);
  });
});
