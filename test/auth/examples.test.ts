/**
 * The example flows of examples/auth, run as `npm start` runs them: against the emulator with
 * the demo seed, the tenant's credentials those of the machine-to-machine client, and the
 * environment variables npm start sets. Each example's injects (or its http endpoints) are
 * driven as a user would from the editor, and its debug nodes checked.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { coreNodes, helper, nodeFiles, nodeModules } from '../helpers/node-red';
import { captureHttpNode, serveHttpNodes } from '../helpers/http-node';
import { AUTH_FLOW_MODULES } from './flow-modules';

type FlowNode = Record<string, unknown> & { id: string; type: string; name?: string };
type Msg = Record<string, unknown>;

const root = path.resolve(__dirname, '..', '..', '..');
const EXAMPLES = path.join(root, 'examples', 'auth');
const EXAMPLE_DOMAIN = '127.0.0.1:4010';
const EXAMPLE_NODE_RED = 'http://127.0.0.1:1880';

function coreModules(): unknown[] {
  const core = path.join(path.dirname(require.resolve('@node-red/nodes/package.json')), 'core');
  const files = [
    'common/20-inject.js',
    'common/21-debug.js',
    'common/90-comment.js',
    'function/10-function.js',
    'function/15-change.js',
    'function/80-template.js',
    'function/10-switch.js',
    'network/21-httpin.js',
    'network/21-httprequest.js',
  ];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return files.map((file) => require(path.join(core, file)));
}

function modules(): unknown[] {
  return [
    ...nodeModules(
      ...AUTH_FLOW_MODULES,
      'connections/auth0-connections',
      'auth/auth0-device-flow',
      'auth/auth0-backchannel',
      'auth/auth0-mfa',
      'auth/auth0-par',
      'auth/auth0-passkeys',
      'auth/auth0-client-registration',
      'applications/auth0-clients',
      'users/auth0-users-by-email',
      'tenant/auth0-tenants',
      'api/auth0-api',
    ),
    ...coreNodes('25-catch.js'),
    ...coreModules(),
    captureHttpNode,
  ];
}

/** Replaces every occurrence of the example's fixed addresses with the test's. */
function retarget(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((item) => retarget(item, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, retarget(v, from, to)]));
  return value;
}

function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

/** The inject that enables an example's grant on the demo web application. */
const PREPARE = 'allow the grant on the web app (once)';

describe('auth example flows against the emulator', function () {
  this.timeout(30000);
  let emu: Emulator;
  let server: { url: string; close(): Promise<void> } | undefined;
  let serverUrl: string;
  let nodes: FlowNode[] = [];
  const savedEnv: Record<string, string | undefined> = {};

  before(async () => {
    const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
    emu = await startEmulator({ port: 0, seed });
    server = await serveHttpNodes();
    serverUrl = server.url;
    const env: Record<string, string> = {
      AUTH0_DOMAIN: emu.domain,
      AUTH0_WEB_CLIENT_ID: emu.webClient.clientId,
      AUTH0_SPA_CLIENT_ID: emu.spaClient.clientId,
      AUTH0_EMULATOR_URL: emu.url,
      // The examples' config node reads its credentials from these, as under npm start.
      AUTH0_CLIENT_ID: emu.clientId,
      AUTH0_CLIENT_SECRET: emu.clientSecret,
    };
    for (const [key, value] of Object.entries(env)) {
      savedEnv[key] = process.env[key];
      process.env[key] = value;
    }
    // The flows that poll ask every second here (Auth0: five), so the examples finish quickly.
    await fetch(`${emu.url}/__emulator/auth-flows`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceInterval: 1, backchannelInterval: 1 }),
    });
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await server?.close();
    await emu.close();
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  afterEach(async () => {
    await helper.unload();
  });

  /** Loads one example as npm start deploys it: a tab, the tenant's M2M credentials, local addresses. */
  async function loadExample(file: string): Promise<void> {
    const raw = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as FlowNode[];
    assert.ok(Array.isArray(raw) && raw.some((n) => n.type === 'comment'), `${file}: a JSON array of nodes with a Comment node`);
    const config = raw.find((n) => n.type === 'auth0-config');
    assert.ok(config && config.domain === '${AUTH0_DOMAIN}' && config.protocol === 'http', `${file}: an auth0-config node for \${AUTH0_DOMAIN} over http`);
    nodes = retarget(retarget(raw, `http://${EXAMPLE_DOMAIN}`, emu.url), EXAMPLE_NODE_RED, serverUrl) as FlowNode[];
    nodes = retarget(nodes, EXAMPLE_DOMAIN, emu.domain) as FlowNode[];
    const flow = [{ id: 'tab', type: 'tab', label: file }, ...nodes.map((n) => (n.type === 'auth0-config' ? n : { ...n, z: 'tab' }))];
    // The file's own credentials: references to the environment set above, resolved by Node-RED.
    await helper.load(modules(), flow, { [config.id]: config.credentials });
  }

  function node(name: string, type?: string): NonNullable<ReturnType<typeof helper.getNode>> {
    const found = nodes.filter((n) => n.name === name && (type === undefined || n.type === type));
    assert.equal(found.length, 1, `one node named "${name}"`);
    const live = helper.getNode(found[0].id);
    assert.ok(live, `node "${name}" is running`);
    return live;
  }

  /** Clicks an inject and waits for the debug node named `debugName`; any "failed" debug output fails the test. */
  function click(injectName: string, debugName: string): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`"${debugName}" got nothing`)), 15000);
      node(debugName, 'debug').on('input', (msg: Msg) => {
        clearTimeout(timer);
        resolve(msg);
      });
      for (const failing of nodes.filter((n) => n.type === 'debug' && n.name === 'failed')) {
        helper.getNode(failing.id)?.on('input', (msg: Msg) => {
          clearTimeout(timer);
          reject(new Error(`"failed" debug: ${JSON.stringify(msg.error)}`));
        });
      }
      node(injectName, 'inject').receive({});
    });
  }

  it('every auth node type appears in an example', () => {
    const types = new Set<string>();
    for (const file of fs.readdirSync(EXAMPLES)) {
      for (const n of JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as FlowNode[]) types.add(n.type);
    }
    // The node types package.json registers from nodes/auth/.
    const authTypes = Object.entries(nodeFiles())
      .filter(([, file]) => file.includes(`${path.sep}${path.join('dist', 'nodes', 'auth')}${path.sep}`))
      .map(([type]) => type);
    assert.ok(authTypes.length >= 17, `found only ${authTypes.length} auth node types`);
    for (const type of authTypes) {
      assert.ok(types.has(type), `${type} has an example`);
    }
  });

  it('protect-an-endpoint: 200 with a token, 401 without', async () => {
    await loadExample('protect-an-endpoint.json');
    const ok = await click('call with a token', 'answer');
    assert.equal(ok.statusCode, 200);
    assert.equal((ok.payload as Msg).hello, `${emu.clientId}@clients`);
    const refused = await click('call without a token', 'answer');
    assert.equal(refused.statusCode, 401);
    assert.equal((refused.payload as Msg).code, 'no_token');
  });

  it('login-with-code-flow: login, callback with a greeting, logout', async () => {
    await loadExample('login-with-code-flow.json');
    const login = await get(`${serverUrl}/code-flow/login?redirect_uri=https://evil.example/`);
    assert.equal(login.status, 302);
    assert.equal(login.body, '', 'nothing (no verifier) in the body of the redirect');
    const authorizeUrl = new URL(String(login.headers.location));
    assert.equal(authorizeUrl.searchParams.get('client_id'), emu.spaClient.clientId);
    assert.equal(authorizeUrl.searchParams.get('redirect_uri'), `${serverUrl}/code-flow/callback`, 'the browser cannot choose the redirect');
    assert.equal(authorizeUrl.searchParams.get('code_challenge_method'), 'S256');
    const atTenant = await get(authorizeUrl.toString());
    assert.equal(atTenant.status, 302);
    const callback = String(atTenant.headers.location);
    assert.ok(callback.startsWith(`${serverUrl}/code-flow/callback?`));
    const page = await get(callback);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /Hello Ada Lovelace/);
    const replay = await get(callback);
    assert.equal(replay.status, 400, 'a state is used once');
    const logout = await get(`${serverUrl}/code-flow/logout`);
    assert.equal(logout.status, 302);
    assert.ok(String(logout.headers.location).startsWith(`${emu.url}/v2/logout?`));
  });

  it('passwordless-login: send a code, log in with it', async () => {
    await loadExample('passwordless-login.json');
    const sent = await click('send a code to ada@example.com', 'code sent');
    assert.equal((sent.payload as Msg).email, 'ada@example.com');
    const loggedIn = await click('log in with the code', 'logged in');
    assert.equal((loggedIn.payload as Msg).email, 'ada@example.com');
  });

  it('database-signup-and-login: sign up, log in, change password', async () => {
    await loadExample('database-signup-and-login.json');
    const created = await click('sign up new.user@example.com', 'new user');
    assert.equal((created.payload as Msg).email, 'new.user@example.com');
    const loggedIn = await click('log in new.user@example.com', 'logged in');
    assert.equal((loggedIn.payload as Msg).email, 'new.user@example.com');
    const changed = await click('change password of new.user@example.com', 'answer');
    assert.equal(typeof changed.payload, 'string');
  });

  it('refresh-and-revoke: the refresh token stops working once revoked', async () => {
    await loadExample('refresh-and-revoke.json');
    const refused = await click('log in, refresh, revoke, refresh', 'refused after revocation');
    assert.match(String((refused.error as Msg).message), /refresh token/i);
  });

  it("social-login: a connection, then a login with the provider's token", async () => {
    await loadExample('social-login.json');
    const created = await click('create the facebook connection (once)', 'connection');
    assert.equal((created.payload as Msg).strategy, 'facebook');
    const loggedIn = await click("log in with the provider's token", 'logged in');
    assert.equal((loggedIn.payload as Msg).email, 'sam@example.com');
  });

  it('delegation: a token for the single-page app', async () => {
    await loadExample('delegation.json');
    const delegated = await click('log ada in, then delegate', 'delegation token');
    assert.ok((delegated.payload as Msg).id_token);
  });

  it('enterprise-metadata: SAML and WS-Federation XML', async () => {
    await loadExample('enterprise-metadata.json');
    assert.match(String((await click('SAML metadata', 'SAML metadata')).payload), /EntityDescriptor/);
    assert.match(String((await click('WS-Federation metadata', 'WS-Fed metadata')).payload), /EntityDescriptor/);
  });

  it('device-flow-login: a code for the user, their approval, then the tokens', async () => {
    await loadExample('device-flow-login.json');
    await click('allow the device flow (once)', 'app ready');
    const shown = await click('log in on the device', 'show this to the user');
    assert.match(String((shown.payload as Msg).user_code), /^[A-Z]{4}-[A-Z]{4}$/);
    const loggedIn = new Promise<Msg>((resolve) => node('logged in', 'debug').on('input', resolve));
    assert.equal((await click('approve as ada (emulator only)', 'approved')).payload && true, true);
    assert.match(String(((await loggedIn).payload as Msg).scope), /openid/);
  });

  it('backchannel-login: the request, her approval, the tokens', async () => {
    await loadExample('backchannel-login.json');
    await click(PREPARE, 'app ready');
    const waiting = await click('ask ada to approve', 'waiting for approval');
    assert.ok((waiting.payload as Msg).auth_req_id);
    const loggedIn = new Promise<Msg>((resolve) => node('logged in', 'debug').on('input', resolve));
    await click('ada approves (emulator only)', 'approved');
    assert.ok(((await loggedIn).payload as Msg).id_token);
  });

  it('par-login: the pushed request, the browser at /authorize, the callback greets', async () => {
    await loadExample('par-login.json');
    await click(PREPARE, 'app ready');
    const login = await get(`${serverUrl}/par/login`);
    assert.equal(login.status, 302, login.body);
    const authorizeUrl = new URL(String(login.headers.location));
    assert.deepEqual([...authorizeUrl.searchParams.keys()].sort(), ['client_id', 'request_uri']);
    const atTenant = await get(authorizeUrl.toString());
    assert.equal(atTenant.status, 302);
    const page = await get(String(atTenant.headers.location));
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /Logged in with PAR/);
  });

  it('passkey-options: the options for the browser, for a sign-up and a login', async () => {
    await loadExample('passkey-options.json');
    await click('allow the grant on the app (once)', 'app ready');
    const signUp = (await click('start a passkey sign-up', 'options for credentials.create()')).payload as Msg;
    assert.ok((signUp.authn_params_public_key as Msg).challenge && signUp.auth_session);
    const login = (await click('start a passkey login', 'options for credentials.get()')).payload as Msg;
    assert.ok((login.authn_params_public_key as Msg).challenge && login.auth_session);
  });

  it('client-registration: allowed by the tenant, a new application', async () => {
    await loadExample('client-registration.json');
    await click('allow dynamic registration (once)', 'tenant flags');
    assert.ok((await click('register an application', 'new application')).payload);
  });

  it('mfa-login: mfa_required, SMS enrolment, the login with the code', async () => {
    try {
      await loadExample('mfa-login.json');
      await click('require MFA for every login (once)', 'policy');
      await click(PREPARE, 'app ready');
      const loggedIn = await click('log in as ada', 'logged in with MFA');
      assert.match(String((loggedIn.payload as Msg).scope), /openid/);
    } finally {
      // The other examples log Ada in without a second factor.
      emu.state.tenantSettings();
      const ada = emu.state.users.firstBy('email', 'ada@example.com');
      for (const e of emu.state.enrollments.findBy('user', ada?.user_id ?? '')) emu.state.enrollments.delete(e.id);
      await fetch(`${emu.url}/api/v2/guardian/policies`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${emu.managementToken()}` },
        body: '[]',
      });
    }
  });
});
