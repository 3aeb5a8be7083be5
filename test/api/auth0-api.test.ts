/**
 * auth0-api: any Management API call. The path rules (always under /api/v2, segments encoded
 * once, no way out), and the node end to end against the emulator: method and path from the
 * editor or the message, query and body from msg.payload, errors for Catch, and bad input
 * refused before any request (a recording server sees nothing).
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { apiPath } from '../../nodes/api/api-path';
import { InputError } from '../../nodes/shared/errors';
import type { Emulator } from '../../emulator';
import { coreNodes, helper, nextMessage, nodeModules } from '../helpers/node-red';
import { useEmulator } from '../helpers/emulator';

type Msg = Record<string, unknown>;

const ESCAPES = [
  '../oauth/token',
  'users/../../oauth/token',
  '..',
  '.',
  'users/..',
  'users/%2e%2e/x',
  'users/%2E./x',
  '/api/v2/../v1/users',
  'http://evil.example/api/v2/users',
  'https://evil.example',
  '//evil.example/api/v2/users',
  'users//roles',
  'users?per_page=100',
  'users#x',
  'users\\..\\x',
  'users/\u0000',
  'javascript:alert(1)',
  'users/%zz',
  '',
  '   ',
  'api/v2',
  '/',
];

describe('auth0-api path', () => {
  it('puts every form of a path under /api/v2, encoding each segment once', () => {
    assert.equal(apiPath('users'), '/api/v2/users');
    assert.equal(apiPath('/users/auth0|123/roles'), '/api/v2/users/auth0%7C123/roles');
    assert.equal(apiPath('/api/v2/users/auth0%7C123'), '/api/v2/users/auth0%7C123', 'an encoded segment is not encoded twice');
    assert.equal(apiPath('api/v2/roles/'), '/api/v2/roles');
    assert.equal(apiPath('users/a%2Fb'), '/api/v2/users/a%2Fb', 'an encoded slash stays inside its segment');
    assert.equal(apiPath('users/ü é'), '/api/v2/users/%C3%BC%20%C3%A9');
  });

  it('refuses every path that could leave /api/v2 or name a host, naming the input', () => {
    for (const path of ESCAPES) {
      assert.throws(
        () => apiPath(path),
        (err: InputError) => err instanceof InputError && err.input === 'path' && err.message.includes('"path"'),
        JSON.stringify(path),
      );
    }
    assert.throws(() => apiPath(42), { input: 'path' });
    assert.throws(() => apiPath('x'.repeat(3000)), { input: 'path' });
  });
});

describe('auth0-api in Node-RED', function () {
  this.timeout(20000);
  let emu: Emulator;

  useEmulator((started) => (emu = started));
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
  });

  async function load(domain: string, node: Msg, credentials: Msg): Promise<void> {
    await helper.startServer();
    await helper.load(
      [...nodeModules('api/auth0-api'), ...coreNodes('25-catch.js')],
      [
        { id: 'tab', type: 'tab', label: 'api' },
        { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', retries: 0 },
        { id: 'api', type: 'auth0-api', z: 'tab', x: 100, y: 100, tenant: 'cfg', version: 1, wires: [['out']], operation: 'request', ...node },
        { id: 'out', type: 'helper', z: 'tab', x: 300, y: 100 },
        { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 300, scope: null, uncaught: false, wires: [['caught']] },
        { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 300 },
      ],
      { cfg: credentials },
    );
  }

  async function send(msg: Msg, outId = 'out'): Promise<Msg> {
    const next = nextMessage(helper.getNode(outId));
    helper.getNode('api')?.receive(msg);
    return next;
  }

  it('calls the Management API: msg.method and msg.path, query and body from msg.payload, 204 as {}', async () => {
    emu.reset();
    emu.seed({
      users: [
        { email: 'ada@example.com', password: 'Demo-passw0rd!' },
        { email: 'bob@example.com', password: 'Demo-passw0rd!' },
      ],
    });
    await load(emu.domain, {}, { clientId: emu.clientId, clientSecret: emu.clientSecret });
    const listed = await send({ method: 'GET', path: 'users', payload: { query: { per_page: 1, page: 0, include_totals: true } } });
    assert.equal(((listed.payload as Msg).users as unknown[]).length, 1);
    assert.equal((listed.payload as Msg).total, 2);
    assert.equal((listed.auth0 as Msg).statusCode, 200);
    const created = await send({ method: 'post', path: '/api/v2/roles', payload: { body: '{"name": "auditor", "description": "Reads logs"}' } });
    const roleId = String((created.payload as Msg).id);
    assert.ok(roleId.startsWith('rol_'));
    const user = emu.state.users.firstBy('email', 'ada@example.com');
    const assigned = await send({ method: 'POST', path: `users/${user?.user_id}/roles`, payload: { body: { roles: [roleId] } } });
    assert.deepEqual(assigned.payload, {});
    assert.equal((assigned.auth0 as Msg).statusCode, 204);
    const roles = await send({ path: `/users/${user?.user_id}/roles` });
    assert.deepEqual(
      (roles.payload as Msg[]).map((r) => r.name),
      ['auditor'],
    );
    const missing = await send({ method: 'GET', path: 'roles/rol_nope' }, 'caught');
    assert.equal((missing.auth0 as Msg).statusCode, 404);
  });

  it('takes method and path from the editor before the message', async () => {
    emu.reset();
    await load(
      emu.domain,
      { params: { method: { value: 'GET', type: 'str' }, path: { value: 'stats/active-users', type: 'str' } } },
      { clientId: emu.clientId, clientSecret: emu.clientSecret },
    );
    const out = await send({ method: 'DELETE', path: 'users' });
    assert.equal(typeof out.payload, 'number');
  });

  it('refuses a bad method, body or path before any request, and never leaves the tenant', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await load(`127.0.0.1:${(server.address() as { port: number }).port}`, {}, { clientId: 'c', clientSecret: 's' });
      const bad = async (msg: Msg, input: string) => {
        const failure = await send(msg, 'caught');
        assert.equal((failure.auth0 as Msg).input, input, JSON.stringify(msg));
        assert.ok(String((failure.error as Msg).message).includes(`"${input}"`));
      };
      for (const path of ESCAPES) await bad({ method: 'GET', path }, 'path');
      await bad({ method: 'TRACE', path: 'users' }, 'method');
      await bad({ method: 'GET', path: 'users', payload: { body: { a: 1 } } }, 'body');
      await bad({ method: 'GET', path: 'users', payload: { query: 'per_page=5' } }, 'query');
      await bad({ method: 'POST', path: 'roles', payload: { body: '{not json' } }, 'body');
      await bad({ method: 'GET' }, 'path');
      assert.equal(seen.length, 0, `nothing was sent: ${seen.join(', ')}`);
      // The recording server does see a valid call (so the check above is not vacuous).
      const failed = await send({ method: 'GET', path: 'users' }, 'caught');
      assert.equal((failed.auth0 as Msg).input, undefined);
      const lines: string[] = seen.slice();
      assert.ok(lines.length > 0 && lines.every((line) => line.startsWith('POST /oauth/token') || line.startsWith('GET /api/v2/users')), lines.join(', '));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
