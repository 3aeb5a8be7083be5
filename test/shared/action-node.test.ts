/**
 * The generic action node in a real Node-RED runtime: inputs from the editor and from the
 * message, msg.operation, output conventions, errors to Catch nodes, fetch-all paging,
 * against the local emulator (state) and a recording loopback server (what is sent).
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { coreNodes, helper, nextMessage, nodeModules } from '../helpers/node-red';
import { RECORDER_TOKEN, startRecorder, type Recorder } from '../helpers/recorder';
import { useEmulator } from '../helpers/emulator';

const SECRET = 'action-node-test-secret-value';

function usersFlow(domain: string, users: Record<string, unknown>): unknown[] {
  return [
    { id: 'tab', type: 'tab', label: 'test' },
    { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', retries: 0 },
    { id: 'users', type: 'auth0-users', z: 'tab', x: 100, y: 100, tenant: 'cfg', wires: [['out']], ...users },
    { id: 'out', type: 'helper', z: 'tab', x: 300, y: 100 },
    { id: 'catch', type: 'catch', z: 'tab', x: 100, y: 200, scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: 'tab', x: 300, y: 200 },
  ];
}

describe('action node (auth0-users) in Node-RED', function () {
  this.timeout(30000);
  let emulator: Emulator;
  const modules = (): unknown[] => [...nodeModules('users/auth0-users'), ...coreNodes('25-catch.js')];

  useEmulator((started) => (emulator = started));
  beforeEach(async () => {
    await helper.startServer();
  });
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
  });

  const credentials = (): Record<string, unknown> => ({ cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret } });

  it('creates a user, then reads it back by msg.operation with the id from msg.payload', async () => {
    await helper.load(modules(), usersFlow(emulator.domain, { operation: '' }), credentials());
    const users = helper.getNode('users');
    const out = helper.getNode('out');
    let next = nextMessage(out);
    users?.receive({
      operation: 'create',
      payload: { body: { connection: 'Username-Password-Authentication', email: 'node@example.com', password: 'Str0ng-pass!word' } },
      topic: 'kept',
    });
    const created = await next;
    const createdUser = created.payload as Record<string, unknown>;
    assert.equal(createdUser.email, 'node@example.com');
    assert.equal(created.topic, 'kept', 'the incoming message travels on');
    assert.deepEqual((created.auth0 as Record<string, unknown>).operation, 'create');
    assert.equal((created.auth0 as Record<string, unknown>).statusCode, 201);
    assert.ok(!JSON.stringify(created.payload).includes('Str0ng-pass!word'), 'no password in the output');

    next = nextMessage(out);
    users?.receive({ operation: 'get', payload: { id: createdUser.user_id } });
    const read = await next;
    assert.equal((read.payload as Record<string, unknown>).email, 'node@example.com');
    const rateLimit = (read.auth0 as Record<string, Record<string, unknown>>).rateLimit;
    assert.equal(typeof rateLimit.limit, 'number', 'rate-limit headers are reported');
  });

  it('reads an input set in the editor from msg, and an editor literal wins over msg.payload', async () => {
    const [user] = emulator.state.users
      .list()
      .filter(() => true)
      .slice(0, 1) as Record<string, unknown>[];
    const seeded =
      user ??
      (await (async () => {
        emulator.seed({ users: [{ email: 'seeded@example.com', password: 'Str0ng-pass!word' }] });
        return emulator.state.users.list()[0];
      })());
    await helper.load(
      modules(),
      usersFlow(emulator.domain, {
        operation: 'get',
        params: { id: { value: 'lookup.user', type: 'msg' }, fields: { value: 'email,user_id', type: 'str' } },
        version: 1,
      }),
      credentials(),
    );
    const next = nextMessage(helper.getNode('out'));
    helper.getNode('users')?.receive({ lookup: { user: seeded.user_id }, payload: { id: 'ignored', fields: 'name' } });
    const msg = await next;
    assert.deepEqual(Object.keys(msg.payload as object).sort(), ['email', 'user_id']);
  });

  it('sends a Catch node a 404 with statusCode and errorCode in msg.auth0', async () => {
    await helper.load(modules(), usersFlow(emulator.domain, { operation: 'get' }), credentials());
    const next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ payload: { id: 'auth0|does-not-exist' } });
    const msg = await next;
    const auth0 = msg.auth0 as Record<string, unknown>;
    assert.equal(auth0.statusCode, 404);
    assert.equal(auth0.errorCode, 'inexistent_user');
    assert.match(String((msg.error as Record<string, unknown>).message), /404|not exist/i);
  });

  it("runs a burst of messages under the node's one signal (no controller per message), which its close aborts", async () => {
    await helper.load(modules(), usersFlow(emulator.domain, { operation: 'get' }), credentials());
    emulator.seed({ users: [{ email: 'signal@example.com', password: 'Str0ng-pass!word' }] });
    const seeded = emulator.state.users.list().find((user) => user.email === 'signal@example.com');
    assert.ok(seeded);
    const userId = String(seeded.user_id);
    const client = (
      helper.getNode('cfg') as unknown as { getClient(): { request(spec: { signal?: AbortSignal; operation?: string }): Promise<unknown> } }
    ).getClient();
    const signals: (AbortSignal | undefined)[] = [];
    const request = client.request.bind(client);
    client.request = (spec) => {
      if (spec.operation === 'users.get') signals.push(spec.signal); // not the token's own request
      return request(spec);
    };
    const out = helper.getNode('out');
    const outputs: unknown[] = [];
    const all = new Promise<void>((resolve) => {
      out?.on('input', (msg: unknown) => {
        outputs.push(msg);
        if (outputs.length === 5) resolve();
      });
    });
    for (let i = 0; i < 5; i += 1) helper.getNode('users')?.receive({ payload: { id: userId } });
    await all;
    assert.equal(signals.length, 5);
    assert.ok(signals[0] instanceof AbortSignal);
    assert.ok(
      signals.every((signal) => signal === signals[0]),
      'every message of the node is sent under the same signal',
    );
    assert.equal(signals[0].aborted, false);
    await helper.unload();
    assert.equal(signals[0].aborted, true, "the node's close aborts it");
  });

  it('pages through every user, one message per item with msg.parts', async () => {
    emulator.seed({ users: Array.from({ length: 230 }, (_, i) => ({ email: `page${i}@example.com`, password: 'Str0ng-pass!word' })) });
    const total = emulator.state.users.list().length;
    await helper.load(modules(), usersFlow(emulator.domain, { operation: 'list', paging: 'all', pagingOutput: 'items', version: 1 }), credentials());
    const out = helper.getNode('out');
    const received: Record<string, unknown>[] = [];
    const all = new Promise<void>((resolve) =>
      out?.on('input', (msg) => {
        received.push(msg);
        if ((msg.parts as Record<string, unknown>).count !== undefined) resolve();
      }),
    );
    helper.getNode('users')?.receive({ payload: {} });
    await all;
    assert.equal(received.length, total);
    assert.deepEqual(
      received.map((m) => (m.parts as Record<string, unknown>).index),
      Array.from({ length: total }, (_, i) => i),
    );
    assert.equal(new Set(received.map((m) => (m.payload as Record<string, unknown>).user_id)).size, total);
    const paging = (received[received.length - 1].auth0 as Record<string, Record<string, unknown>>).paging;
    assert.equal(paging.items, total);
    assert.equal(paging.pages, Math.ceil(total / 100) + (total % 100 === 0 ? 1 : 0));
  });

  it('pages through every user into one array', async () => {
    const total = emulator.state.users.list().length;
    await helper.load(modules(), usersFlow(emulator.domain, { operation: 'list', paging: 'all', version: 1 }), credentials());
    const next = nextMessage(helper.getNode('out'));
    helper.getNode('users')?.receive({ payload: {} });
    const msg = await next;
    assert.equal((msg.payload as unknown[]).length, total);
  });
});

describe('action node: what is (not) sent', function () {
  this.timeout(20000);
  let recorder: Recorder;

  beforeEach(async () => {
    recorder = await startRecorder((req) =>
      req.path.startsWith('/api/v2/users/')
        ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: `The user does not exist. ${SECRET}`, errorCode: 'inexistent_user' } }
        : { body: [] },
    );
    await helper.startServer();
  });
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
    await recorder.close();
  });

  const load = (users: Record<string, unknown>): Promise<void> =>
    helper.load([...nodeModules('users/auth0-users'), ...coreNodes('25-catch.js')], usersFlow(recorder.domain, users), {
      cfg: { clientId: 'cid', clientSecret: SECRET },
    });

  it('fails a missing input before any request, naming it', async () => {
    await load({ operation: 'get' });
    const next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ payload: {} });
    const msg = await next;
    assert.match(String((msg.error as Record<string, unknown>).message), /missing required input "id"/);
    assert.equal((msg.auth0 as Record<string, unknown>).input, 'id');
    assert.equal(recorder.requests.length, 0, 'nothing was sent, not even a token request');
  });

  it('assembles the body from the properties set in the form over msg.payload.body: a form property wins', async () => {
    await load({
      operation: 'create',
      params: {},
      bodyProperties: {
        connection: { value: 'Username-Password-Authentication', type: 'str' },
        email: { value: 'who.email', type: 'msg' },
        password: { value: 'who.password', type: 'msg' },
        user_metadata: { value: '{"plan":"gold"}', type: 'json' },
        verify_email: { value: 'false', type: 'bool' },
        // Unset in the form: msg.payload.body's value stays.
        name: { value: '', type: 'str' },
      },
      version: 1,
    });
    const next = nextMessage(helper.getNode('out'));
    helper.getNode('users')?.receive({
      who: { email: 'form@example.com', password: 'Str0ng-pass!word' },
      payload: { body: { connection: 'from-the-message', email: 'message@example.com', name: 'Kept From The Message', app_metadata: { tier: 1 } } },
    });
    await next;
    const [request] = recorder.apiRequests();
    assert.deepEqual(JSON.parse(request.body), {
      connection: 'Username-Password-Authentication',
      email: 'form@example.com',
      password: 'Str0ng-pass!word',
      name: 'Kept From The Message',
      app_metadata: { tier: 1 },
      user_metadata: { plan: 'gold' },
      verify_email: false,
    });
  });

  it('body properties in the form make the body without msg.payload.body, over the body input set in the editor, and fail naming body.<name>', async () => {
    await load({
      operation: 'create',
      // The email connection: a user there needs only an e-mail address (a database user needs a password too).
      params: { body: { value: '{"connection":"email","email":"editor@example.com"}', type: 'json' } },
      bodyProperties: { email: { value: 'form@example.com', type: 'str' } },
      version: 1,
    });
    let next = nextMessage(helper.getNode('out'));
    helper.getNode('users')?.receive({ payload: {} });
    await next;
    assert.deepEqual(JSON.parse(recorder.apiRequests()[0].body), { connection: 'email', email: 'form@example.com' });
    await helper.unload();

    await load({
      operation: 'create',
      bodyProperties: { connection: { value: 'db', type: 'str' }, user_metadata: { value: 'payload.(', type: 'jsonata' } },
      version: 1,
    });
    next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ payload: {} });
    const failed = await next;
    assert.match(String((failed.error as Record<string, unknown>).message), /body\.user_metadata/);
    assert.equal((failed.auth0 as Record<string, unknown>).input, 'body.user_metadata');
    await helper.unload();

    await load({ operation: 'create', bodyProperties: { connection: { value: 'db', type: 'str' } }, version: 1 });
    next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ payload: { body: [1, 2] } });
    assert.match(String(((await next).error as Record<string, unknown>).message), /input "body" must be an object/);
    assert.equal(recorder.apiRequests().length, 1, 'only the first message was sent');
  });

  it('fails an unknown or deprecated operation before any request', async () => {
    await load({ operation: '' });
    let next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ operation: 'drop_tables', payload: {} });
    assert.match(String(((await next).error as Record<string, unknown>).message), /unknown operation "drop_tables"/);
    next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ operation: 'delete_all_users', payload: {} });
    assert.match(String(((await next).error as Record<string, unknown>).message), /no longer offered.*delete operation/);
    assert.equal(recorder.requests.length, 0);
  });

  it('never lets a message change the host, and encodes ids into one path segment', async () => {
    await load({ operation: 'get' });
    const next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ payload: { id: '../../oauth/token?x=1#y' }, url: 'http://evil.example.com/', host: 'evil.example.com' });
    await next;
    const [request] = recorder.apiRequests();
    assert.equal(request.path, '/api/v2/users/..%2F..%2Foauth%2Ftoken%3Fx%3D1%23y');
    assert.equal(request.headers.host, recorder.domain);
    assert.equal(request.headers.authorization, `Bearer ${RECORDER_TOKEN}`);
  });

  it('keeps the client secret out of errors, Catch messages and status', async () => {
    await load({ operation: 'get' });
    const next = nextMessage(helper.getNode('caught'));
    helper.getNode('users')?.receive({ payload: { id: 'x' } });
    const msg = await next;
    assert.ok(!JSON.stringify(msg).includes(SECRET), 'the secret echoed by the service is scrubbed');
    assert.ok(!JSON.stringify(msg).includes(RECORDER_TOKEN), 'the token never appears');
  });
});
