/**
 * Secrets where the name rule does not look: free-form maps whose keys users choose (a client's
 * `client_metadata`, an organization's `metadata`, a connection's `upstream_params`) with the
 * secret word before another word (`stripe_secret_live`), and credentials inside values of
 * non-secret fields (a URL's user information, a `?token=` query, a `Bearer` value). Each is seeded
 * through the Management API and looked for in the snapshot's messages, the store and the log.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startEmulator, type Emulator } from '../../emulator';
import { TAB } from '../logs/runtime';
import { translating } from '../helpers/messages';
import { waitUntil } from '../helpers/wait';
import { Collector, deploy, errorCalls, helper, loadContextStores } from '../helpers/node-red';
import { emulatorTenantNode, managementApi } from './tenant-fixture';
import { fileStoreEachTest, storedText } from '../helpers/file-store';

const dist = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const modules = ['config/auth0-config', 'tenant-config/auth0-tenant-snapshot'].map((name) => translating(require(path.join(dist, 'nodes', name))));

const secret = (label: string) => `${label}-${randomBytes(9).toString('hex')}`;

describe('auth0-tenant-snapshot: secrets the name rule alone would miss stay out', function () {
  this.timeout(120000);
  let emu: Emulator;
  const seeded = new Map<string, string>();

  before(async () => {
    emu = await startEmulator({ port: 0 });
    const api = managementApi(emu);
    const put = (label: string) => {
      const value = secret(label);
      seeded.set(label, value);
      return value;
    };
    await api('POST', '/clients', {
      name: 'Odd app',
      app_type: 'regular_web',
      client_metadata: {
        'API-Key': put('meta-API-Key'),
        stripe_secret_live: put('meta-secret-first'),
        DB_PASSWORD_PROD: put('meta-password-first'),
        upstream: `https://svc:${put('meta-url-userinfo')}@api.example.com/v1`,
        auth: `Bearer ${put('meta-bearer')}`,
      },
      initiate_login_uri: `https://app.example.com/login?access_token=${put('login-uri-query')}`,
    });
    await api('POST', '/organizations', {
      name: 'odd-org',
      metadata: { billing_token_v2: put('org-token-first'), hook: `https://hooks.example.com/x?api_key=${put('org-url-query')}` },
    });
    await api('POST', '/connections', {
      name: 'odd-oauth2',
      strategy: 'oauth2',
      options: {
        client_id: 'c',
        authorizationURL: `https://idp:${put('conn-url-userinfo')}@idp.example.com/authorize`,
        upstream_params: { partner_secret_id: { value: put('upstream-secret-first') } },
      },
    });
    await api('POST', '/log-streams', {
      name: 'odd-http',
      type: 'http',
      sink: {
        httpEndpoint: `https://logs:${put('sink-url-userinfo')}@logs.example.com/in?token=${put('sink-url-query')}`,
        httpContentType: 'application/json',
      },
    });
  });

  after(async () => {
    await emu.close();
  });

  const store = fileStoreEachTest('auth0-snapshot-odd-');

  it('fingerprints them: none in a message, the store or the log', async () => {
    const tenant = emulatorTenantNode(emu);
    const credentials = { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret } };
    const flow = [
      TAB,
      tenant,
      {
        id: 'copy',
        type: 'auth0-tenant-snapshot',
        z: TAB.id,
        name: '',
        version: 1,
        tenant: 'tenant',
        mode: 'changes',
        store: 'file',
        ignore: [],
        wires: [['out'], ['sum']],
      },
      { id: 'out', type: 'helper', z: TAB.id },
      { id: 'sum', type: 'helper', z: TAB.id },
    ];
    await helper.load(modules, [TAB, tenant], credentials);
    await loadContextStores();
    await deploy(flow, credentials);
    const out = new Collector('out').attach();
    const sum = new Collector('sum').attach();
    helper.getNode('copy')?.receive({ payload: {} });
    await waitUntil(() => sum.messages.length > 0 || errorCalls('copy').length > 0, { what: () => 'no summary', timeout: 60000 });
    assert.deepEqual(errorCalls('copy'), []);
    const everything = [JSON.stringify([...out.messages, ...sum.messages]), await storedText(store.dir()), JSON.stringify(helper.log().args)].join('\n');
    const leaked = [...seeded].filter(([, value]) => everything.includes(value)).map(([label]) => label);
    assert.deepEqual(leaked, [], 'seeded secrets appear');
  });
});
