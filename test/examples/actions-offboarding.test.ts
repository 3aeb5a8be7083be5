/**
 * The Actions and offboarding examples run against the emulator as a user would run them:
 * deploy-an-action deploys and binds its template's code to post-login (and again, as version 2);
 * offboard-a-user blocks a user who has logged in, revokes their access (the refresh token then
 * fails) and removes them from their organization; sessions and refresh-tokens read, revoke,
 * label and delete what logins created.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { actionBindings } from '../../emulator/management/actions/executions';
import { deployableFlow, readExamples } from '../../scripts/example-flows';
import { examplesDir, root, type RawNode } from './flow-files';
import { deploy, problemLogged, problemsLogged, watch } from './runtime';
import { waitUntil } from '../helpers/wait';
import { helper } from '../helpers/node-red';

const PASSWORD = 'Demo-passw0rd!';
const REDIRECT = 'http://localhost:3000/callback';

describe('examples: actions and offboarding, run', function () {
  this.timeout(60000);
  const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
  let emu: Emulator;
  let flow: RawNode[];

  before(async () => {
    emu = await startEmulator({ port: 0, seed });
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await emu.close();
  });
  afterEach(async () => {
    await helper.unload();
    emu.reset();
  });

  async function deployExample(file: string): Promise<void> {
    const examples = readExamples(examplesDir).filter((e) => e.file === file);
    assert.equal(examples.length, 1, `examples/${file} is missing`);
    flow = deployableFlow(examples, { name: 'emulator', domain: emu.domain, protocol: 'http', clientId: emu.clientId, clientSecret: emu.clientSecret });
    await deploy(flow);
  }
  const byName = (type: string, name: string): string => {
    const node = flow.find((n) => n.type === type && n.name === name);
    assert.ok(node, `no ${type} "${name}"`);
    return node.id;
  };
  /** Injects and waits until each named debug node has had `times` more messages; resolves with their last messages. */
  async function injectAndWait(inject: string, debugs: Record<string, number>): Promise<Record<string, Record<string, unknown> | undefined>> {
    const ids = Object.fromEntries(Object.keys(debugs).map((name) => [name, byName('debug', name)]));
    const seen = watch(Object.values(ids));
    helper.getNode(byName('inject', inject))?.receive({});
    await waitUntil(() => Object.entries(debugs).every(([name, times]) => seen.count(ids[name]) >= times), { what: () => Object.keys(debugs).map((name) => `${name}: ${seen.count(ids[name])}`).join(', '), timeout: 15_000, abort: problemLogged });
    return Object.fromEntries(Object.keys(debugs).map((name) => [name, seen.last(ids[name])]));
  }
  async function token(body: Record<string, string>): Promise<{ status: number; body: Record<string, string> }> {
    const res = await fetch(`${emu.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  }
  const web = () => ({ client_id: emu.webClient.clientId, client_secret: emu.webClient.clientSecret });
  const offlineLogin = async (email: string) => (await token({
    grant_type: 'http://auth0.com/oauth/grant-type/password-realm', realm: 'Username-Password-Authentication', username: email, password: PASSWORD, scope: 'openid offline_access', ...web(),
  })).body.refresh_token;
  const browserLogin = async (email: string) => {
    const query = new URLSearchParams({ client_id: emu.webClient.clientId, redirect_uri: REDIRECT, scope: 'openid offline_access', username: email, password: PASSWORD });
    const answer = await fetch(`${emu.url}/authorize?${query}`, { redirect: 'manual' });
    const code = new URL(String(answer.headers.get('location'))).searchParams.get('code') ?? '';
    return (await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...web() })).body.refresh_token;
  };
  const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken, ...web() });
  const postLogin = () => actionBindings({ state: emu.state } as Parameters<typeof actionBindings>[0])['post-login'] ?? [];
  const userId = (email: string) => emu.state.users.firstBy('email', email)!.user_id;

  it('deploy-an-action: the template\'s code is built, deployed and bound to post-login; again, it becomes version 2 in the same place', async () => {
    await deployExample('management/deploy-an-action.json');
    const first = await injectAndWait('deploy add-roles-to-tokens', { 'deployed and bound': 1 });
    const result = first['deployed and bound']?.payload as { action: { id: string; code: string }; version: { number: number } };
    assert.match(result.action.code, /setCustomClaim/);
    assert.equal(result.version.number, 1);
    const bound = postLogin();
    assert.deepEqual(bound.map((b) => b.action_id), [result.action.id]);
    const second = await injectAndWait('deploy add-roles-to-tokens', { 'deployed and bound': 1 });
    assert.equal((second['deployed and bound']?.payload as { version: { number: number } }).version.number, 2);
    assert.equal(postLogin().length, 1);
    assert.deepEqual(problemsLogged(), []);
  });

  it('offboard-a-user: after it, the user is blocked, out of their organization, and their refresh tokens fail', async () => {
    const email = 'alan@example.com';
    const id = userId(email);
    const orgId = 'org_demoAcme';
    assert.ok(emu.state.orgMembers.has(orgId, id), 'alan starts in Acme');
    const fromPassword = await offlineLogin(email);
    const fromBrowser = await browserLogin(email);
    assert.equal((await refresh(fromPassword)).status, 200, 'the refresh token works before offboarding');

    await deployExample('offboarding/offboard-a-user.json');
    await injectAndWait('offboard alan@example.com', { 'access revoked': 1, 'left organization': 1 });

    assert.equal(emu.state.users.get(id)?.blocked, true);
    assert.ok(!emu.state.orgMembers.has(orgId, id), 'removed from Acme');
    for (const refreshToken of [fromPassword, fromBrowser]) {
      const denied = await refresh(refreshToken);
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error, 'invalid_grant');
    }
    assert.equal(emu.state.collection('sessions').list().filter((s) => s.user_id === id).length, 0, 'no session left');
    assert.deepEqual(problemsLogged(), []);
  });

  it('sessions: reads each session of a user, then revokes them', async () => {
    await browserLogin('ada@example.com');
    const refreshToken = await browserLogin('ada@example.com');
    await deployExample('offboarding/sessions.json');
    const read = await injectAndWait('sessions of ada@example.com', { session: 2 });
    assert.equal((read.session?.payload as { user_id: string }).user_id, userId('ada@example.com'));
    await injectAndWait('revoke sessions of ada@example.com', { revoked: 2 });
    assert.equal(emu.state.collection('sessions').size, 0);
    assert.equal((await refresh(refreshToken)).status, 403, 'revoking a session revokes its refresh tokens');
  });

  it('refresh-tokens: labels each refresh token of a user, then deletes them', async () => {
    const a = await offlineLogin('ada@example.com');
    await offlineLogin('ada@example.com');
    await deployExample('offboarding/refresh-tokens.json');
    const labelled = await injectAndWait('refresh tokens of ada@example.com', { labelled: 2 });
    assert.deepEqual((labelled.labelled?.payload as { refresh_token_metadata: unknown }).refresh_token_metadata, { reviewed_by: 'node-red' });
    await injectAndWait('delete refresh tokens of ada@example.com', { deleted: 2 });
    assert.equal((await refresh(a)).status, 403);
  });
});
