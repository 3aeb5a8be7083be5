/**
 * Plain http (issue 20, finding 5): refused for Auth0's own domains, in the tenant client (every
 * request fails naming the setting, nothing sent), in the config node at deploy (an error and a
 * red status on its users) and in Check connection; a warning, once, for any other host that is
 * not this machine; nothing for the local emulator on loopback.
 */
import assert from 'node:assert/strict';
import { ConfigError } from '../../nodes/shared/errors';
import { createTenantClient } from '../../nodes/tenant-client/client';
import { isAuth0Domain, isLoopbackHost, plainHttpRefusal, plainHttpWarning } from '../../nodes/tenant-client/plain-http';
import { checkConnection } from '../../nodes/config/connection-check';
import { helper, nodeModules } from '../helpers/node-red';
import type { TenantClientOptions } from '../../nodes/tenant-client/client-options';

type Spied = { getCalls?: () => { thisValue: { id?: string }; args: unknown[] }[] };

function callsOf(id: string, method: 'error' | 'warn' | 'status'): unknown[] {
  const spy = helper.getNode(id)?.[method] as Spied | undefined;
  return (spy?.getCalls?.() ?? []).filter((call) => call.thisValue?.id === id).map((call) => call.args[0]);
}

/** A tenant's settings with plain http to `domain`, and a client secret that must never be sent. */
function httpTo(domain: string): TenantClientOptions {
  return { domain, protocol: 'http', telemetry: false, connectTimeout: 1, readTimeout: 1, retries: 0, clientId: 'app', clientSecret: 'client-secret-value' };
}

const AUTH0_HOSTS = [
  'my-tenant.auth0.com',
  'my-tenant.eu.auth0.com',
  'my-tenant.us.auth0.com',
  'my-tenant.au.auth0.com',
  'my-tenant.jp.auth0.com',
  'my-tenant.uk.auth0.com',
  'my-tenant.ca.auth0.com',
  'MY-TENANT.EU.AUTH0.COM',
  'my-tenant.eu.auth0.com:8443',
  'login.auth0app.com',
];

describe('plain http to a tenant', function () {
  this.timeout(20000);

  it("knows Auth0's domains (regional ones included) and this machine's names", () => {
    for (const host of [...AUTH0_HOSTS, 'my-tenant.eu.auth0.com.']) assert.ok(isAuth0Domain(host), host);
    for (const host of ['[::1]', 'auth0.com.evil.example', 'notauth0.com', 'tenant.example.com', '127.0.0.1:4010']) assert.ok(!isAuth0Domain(host), host);
    for (const host of ['127.0.0.1:4010', 'localhost', 'localhost:1880', 'emulator.localhost', '[::1]:4010', '127.1.2.3'])
      assert.ok(isLoopbackHost(host), host);
    for (const host of ['10.0.0.5', 'auth.example.com', '0.0.0.0', 'localhost.example.com']) assert.ok(!isLoopbackHost(host), host);
    assert.equal(plainHttpRefusal('https', 'my-tenant.eu.auth0.com'), undefined);
    assert.equal(plainHttpWarning('http', '127.0.0.1:4010'), undefined, 'the local emulator: no warning');
    assert.match(plainHttpWarning('http', 'auth.example.com') ?? '', /protocol \(protocol\) is http for auth\.example\.com/);
  });

  it('the tenant client refuses http for every Auth0 domain: each request fails naming the setting, before anything is sent', async () => {
    for (const domain of AUTH0_HOSTS) {
      const client = createTenantClient(httpTo(domain));
      try {
        await assert.rejects(client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }), (err: Error) => {
          assert.ok(err instanceof ConfigError, `${domain}: ${err.name} ${err.message}`);
          assert.match(err.message, /protocol \(protocol\) is http/);
          assert.match(err.message, /https/);
          assert.doesNotMatch(err.message, /client-secret-value/);
          return true;
        });
      } finally {
        client.close();
      }
    }
  });

  it('Check connection refuses it (the protocol named), without sending anything', async () => {
    const result = await checkConnection(httpTo('my-tenant.eu.auth0.com'));
    assert.equal(result.ok, false);
    assert.equal(result.ok ? '' : result.problem, 'protocol');
    assert.match(result.ok ? '' : result.message, /Auth0 domain, served over https only/);
  });

  describe('the config node at deploy', () => {
    afterEach(() => helper.unload());

    async function deploy(domain: string): Promise<void> {
      await helper.load(
        nodeModules('users/auth0-users'),
        [
          { id: 'tab', type: 'tab', label: 'plain http' },
          { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', retries: 0, timeout: 1 },
          { id: 'users', type: 'auth0-users', z: 'tab', tenant: 'cfg', operation: 'get', version: 1, wires: [[]] },
        ],
        { cfg: { clientId: 'app', clientSecret: 'client-secret-value' } },
      );
    }

    it('an Auth0 domain over http: an error at deploy, a red status on its users, and every request fails naming the setting', async () => {
      await deploy('my-tenant.eu.auth0.com');
      const errors = callsOf('cfg', 'error').map(String);
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0], /protocol \(protocol\) is http, but my-tenant\.eu\.auth0\.com is an Auth0 domain/);
      const status = callsOf('users', 'status').at(-1) as { fill?: string; text?: string } | undefined;
      assert.equal(status?.fill, 'red');
      assert.match(String(status?.text), /http refused/);
      const users = helper.getNode('users') as unknown as { receive(msg: unknown): void };
      const failed = new Promise<string>((resolve) => {
        const node = helper.getNode('users') as unknown as { on(event: string, fn: (call: { args: unknown[] }) => void): void };
        node.on('call:error', (call) => resolve(String(call.args[0])));
      });
      users.receive({ payload: { id: 'auth0|someone' } });
      assert.match(await failed, /protocol \(protocol\) is http/);
    });

    it('another host that is not this machine: one warning; the local emulator on loopback: none', async () => {
      await deploy('auth.example.com');
      const warnings = callsOf('cfg', 'warn').map(String);
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0], /http for auth\.example\.com, which is not on this machine/);
      assert.equal(callsOf('cfg', 'error').length, 0);
      await helper.unload();
      await deploy('127.0.0.1:4010');
      assert.equal(callsOf('cfg', 'warn').length, 0);
    });
  });
});
