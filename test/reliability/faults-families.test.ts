/**
 * The other node families under faults: authentication nodes (token grants, sign-up, token
 * verification's key fetch), jobs (import splitting executor, auth0-job-watch) and the log
 * watcher. Every message is accounted for (output or Catch), state-changing requests are not
 * repeated after their answer was lost, and pollers resume without loss or duplication.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import type { FaultProxy } from './support/fault-proxy';
import { useFaultyTenant } from './support/faulty-tenant';
import { jobWatchNode } from '../jobs/fixtures';
import { catchNodes, type Msg, sleep, TAB, Tally } from './support/runtime';
import { waitUntil } from '../helpers/wait';
import { coreNodes, type FlowNode, helper, modulesFor, placed } from '../helpers/node-red';
import { logWatchNode } from '../logs/runtime';

function sendAll(node: string, messages: Msg[], from = 0): void {
  messages.forEach((msg, i) => helper.getNode(node)?.receive({ ...msg, seq: from + i }));
}

function tenant(domain: string, emu: Emulator, config: Msg = {}): FlowNode {
  return { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', audience: emu.managementAudience, retries: 3, timeout: 2, readTimeout: 2, ...config };
}

const credentials = (emu: Emulator): Record<string, unknown> => ({ cfg: { clientId: emu.clientId, clientSecret: emu.clientSecret } });

describe('reliability: authentication nodes under faults', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let proxy: FaultProxy;
  let tally: Tally;

  const load = async (config: Msg = {}): Promise<void> => {
    const flow = placed([
      TAB,
      tenant(proxy.domain, emu, config),
      { id: 'token', type: 'auth0-token', z: 'tab', tenant: 'cfg', operation: 'client_credentials', version: 1, wires: [['out']] },
      { id: 'database', type: 'auth0-database', z: 'tab', tenant: 'cfg', operation: 'signup', version: 1, wires: [['out']] },
      {
        id: 'verify',
        type: 'auth0-verify-token',
        z: 'tab',
        tenant: 'cfg',
        audience: emu.managementAudience,
        issuer: emu.issuer,
        version: 1,
        wires: [['out'], ['invalid']],
      },
      { id: 'out', type: 'helper', z: 'tab' },
      { id: 'invalid', type: 'helper', z: 'tab' },
      ...catchNodes(),
    ]);
    await helper.load([...modulesFor('auth0-token', 'auth0-database', 'auth0-verify-token'), ...coreNodes('25-catch.js')], flow, credentials(emu));
    tally = new Tally().attach(['out', 'invalid']);
  };
  const tokenGrant = (): Msg => ({ payload: { audience: emu.managementAudience } });
  const signup = (email: string): Msg => ({ payload: { email, password: 'Str0ng-pass!word', connection: 'Username-Password-Authentication' } });
  const usersWith = (email: string): number => emu.state.users.list().filter((u) => (u as { email?: string }).email === email).length;

  useFaultyTenant((started) => ({ emu, proxy } = started));

  it('5xx on /oauth/token: caught with the status, sent once; the others get tokens', async () => {
    await load();
    emu.faults.set({ errorNext: 2, errorStatus: 502, pathPrefix: '/oauth/token' });
    sendAll('token', Array.from({ length: 5 }, tokenGrant));
    await tally.settle(5);
    tally.assertEachOnce(5);
    assert.equal(tally.outputs.length, 3);
    assert.ok(tally.outputs.every((m) => typeof (m.payload as Msg).access_token === 'string'));
    assert.deepEqual(
      tally.errors().map((e) => e.statusCode),
      [502, 502],
    );
    assert.equal(proxy.count('POST', '/oauth/token'), 5);
  });

  it('429 on the Authentication API: retried as configured, every grant succeeds', async () => {
    await load({ retries: 3 });
    proxy.failNext(6, { kind: 'rateLimit', retryAfterSeconds: 0.1 }, (r) => r.path === '/oauth/token');
    sendAll('token', Array.from({ length: 4 }, tokenGrant));
    await tally.settle(4);
    assert.equal(tally.outputs.length, 4, JSON.stringify(tally.errors()));
    assert.equal(proxy.count('POST', '/oauth/token'), 4 + 6);
  });

  it('a timed-out sign-up is not repeated: caught, and the service created the user once', async () => {
    await load({ readTimeout: 0.4 });
    emu.faults.set({ latencyMs: 1000, pathPrefix: '/dbconnections/signup' });
    sendAll('database', [signup('slow1@example.com'), signup('slow2@example.com')]);
    await tally.settle(2);
    for (const error of tally.errors()) {
      assert.equal(error.errorCode, 'ETIMEDOUT');
      assert.match(error.message, /not repeated/);
    }
    await waitUntil(() => usersWith('slow2@example.com') === 1 && usersWith('slow1@example.com') === 1, {
      what: () => 'users not created yet',
      timeout: 10_000,
    });
    await sleep(200);
    assert.equal(proxy.count('POST', '/dbconnections/signup'), 2);
    assert.equal(usersWith('slow1@example.com'), 1);
  });

  it('a sign-up whose answer is lost (connection dropped after the service applied it) is not repeated', async () => {
    await load();
    proxy.failNext(1, { kind: 'dropAfter' }, (r) => r.path === '/dbconnections/signup');
    sendAll('database', [signup('dropped@example.com')]);
    await tally.settle(1);
    assert.equal(tally.errors()[0].errorCode, 'ECONNRESET');
    assert.equal(proxy.count('POST', '/dbconnections/signup'), 1);
    assert.equal(usersWith('dropped@example.com'), 1);
  });

  it('malformed JSON from /oauth/token reaches Catch as an invalid response', async () => {
    await load();
    emu.faults.set({ malformedNext: 1, pathPrefix: '/oauth/token' });
    sendAll('token', [tokenGrant(), tokenGrant()]);
    await tally.settle(2);
    tally.assertEachOnce(2);
    assert.equal(tally.outputs.length, 1);
    assert.equal(tally.errors()[0].errorCode, 'invalid_response');
  });

  it('auth0-verify-token: a failing key fetch (5xx, dropped, malformed) goes to Catch, remembered until the next fetch is due; the tokens after it are verified', async () => {
    await load();
    const token = emu.managementToken();
    const bearer = (): Msg => ({ req: { headers: { authorization: `Bearer ${token}` } }, payload: 'x' });
    // The key cache fetches at most once every 30 s: the test moves the process's clock past that between faults.
    const realNow = Date.now;
    let offset = 0;
    Date.now = () => realNow() + offset;
    const fetches = (): number => proxy.count('GET', '/.well-known/jwks.json');
    try {
      // A 5xx to the key GET is retried (retries 3): four in a row reach Catch.
      emu.faults.set({ errorNext: 4, pathPrefix: '/.well-known/jwks.json' });
      sendAll('verify', [bearer()], 0);
      await tally.settle(1);
      // While the failure is remembered, a token gets it again without a fetch.
      sendAll('verify', [bearer()], 1);
      await tally.settle(2);
      assert.equal(fetches(), 1 + 3);
      offset += 31_000;
      emu.faults.set({ malformedNext: 1, pathPrefix: '/.well-known/jwks.json' });
      sendAll('verify', [bearer()], 2);
      await tally.settle(3);
      assert.equal(fetches(), 2 + 3);
      offset += 31_000;
      // A dropped connection on a GET is retried once: this one succeeds.
      emu.faults.set({ dropNext: 1, pathPrefix: '/.well-known/jwks.json' });
      sendAll('verify', [bearer(), bearer()], 3);
      await tally.settle(5);
    } finally {
      Date.now = realNow;
    }
    tally.assertEachOnce(5);
    assert.deepEqual(
      tally.errors().map((e) => e.seq),
      [0, 1, 2],
    );
    // As from every node, Catch gets the status and Auth0's code in msg.auth0, not only the text.
    assert.match(tally.errors()[0].message, /Service Unavailable/);
    assert.equal(tally.errors()[0].statusCode, 503);
    assert.match(tally.errors()[1].message, /Service Unavailable.*fetched again in \d+ s/);
    assert.equal(tally.errors()[1].statusCode, 503);
    assert.match(tally.errors()[2].message, /not valid JSON/);
    assert.equal(tally.errors()[2].errorCode, 'invalid_response');
    assert.equal(tally.outputs.length, 2, 'the last two tokens are valid');
    assert.ok(tally.outputs.every((m) => (m.payload as Msg).sub !== undefined));
  });
});

describe('reliability: jobs under faults', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let proxy: FaultProxy;
  let connectionId: string;
  let tally: Tally;
  const importsApplied = (): number => emu.logs.all().filter((e) => e.type === 'sapi' && JSON.stringify(e.details ?? {}).includes('users-imports')).length;
  const users = (n: number, tag: string): Msg[] => Array.from({ length: n }, (_, i) => ({ email: `${tag}${i}@example.com`, given_name: `G${i}` }));

  const load = async (config: Msg = {}): Promise<void> => {
    const flow = placed([
      TAB,
      tenant(proxy.domain, emu, config),
      { id: 'jobs', type: 'auth0-jobs', z: 'tab', tenant: 'cfg', operation: 'import_users', version: 1, wires: [['jobsOut', 'watch']] },
      { id: 'jobsOut', type: 'helper', z: 'tab' },
      jobWatchNode(),
      { id: 'done', type: 'helper', z: 'tab' },
      { id: 'failed', type: 'helper', z: 'tab' },
      ...catchNodes(),
    ]);
    await helper.load([...modulesFor('auth0-jobs', 'auth0-job-watch'), ...coreNodes('25-catch.js')], flow, credentials(emu));
    tally = new Tally().attach(['jobsOut']);
  };

  useFaultyTenant((started) => ({ emu, proxy } = started));
  beforeEach(() => {
    emu.clock.setSpeed(20);
    connectionId = emu.state.connectionByName('Username-Password-Authentication')!.id;
  });

  it('import_users: a lost answer, a 5xx and a timeout are each sent once and caught; a 429 is retried', async () => {
    await load({ readTimeout: 0.5 });
    const imports = '/api/v2/jobs/users-imports';
    const input = (tag: string): Msg => ({ payload: { connection_id: connectionId, users: users(3, tag), upsert: true } });

    proxy.failNext(1, { kind: 'dropAfter' }, (r) => r.path === imports);
    sendAll('jobs', [input('lost')], 0);
    await tally.settle(1);
    assert.equal(tally.errors()[0].errorCode, 'ECONNRESET');
    assert.match(tally.errors()[0].message, /not repeated/);
    await waitUntil(() => importsApplied() === 1, { what: () => 'the dropped import was not applied', timeout: 5000 });

    proxy.failNext(1, { kind: 'error', status: 503 }, (r) => r.path === imports);
    sendAll('jobs', [input('five')], 1);
    await tally.settle(2);
    assert.equal(tally.errors()[1].statusCode, 503);

    proxy.failNext(1, { kind: 'stall' }, (r) => r.path === imports);
    sendAll('jobs', [input('stalled')], 2);
    await tally.settle(3);
    assert.equal(tally.errors()[2].errorCode, 'ETIMEDOUT');

    proxy.failNext(2, { kind: 'rateLimit', retryAfterSeconds: 0.1 }, (r) => r.path === imports);
    sendAll('jobs', [input('limited')], 3);
    await tally.settle(4);
    tally.assertEachOnce(4);
    assert.equal(tally.outputs.length, 1, JSON.stringify(tally.errors()));
    // 1 lost + 1 refused (5xx) + 1 stalled + 2 refused (429) + 1 accepted.
    assert.equal(proxy.count('POST', imports), 6);
    await sleep(300);
    assert.equal(importsApplied(), 3, 'the lost, the stalled and the accepted import were applied once each');
  });

  it('auth0-job-watch: polls failing with 5xx, 429, drops and malformed JSON still end every job exactly once', async () => {
    await load({ retries: 1 });
    const done: Msg[] = [];
    helper.getNode('done')?.on('input', (msg) => done.push(msg));
    const failed: Msg[] = [];
    helper.getNode('failed')?.on('input', (msg) => failed.push(msg));
    // Read at arrival (the watch node may be handed the same message object afterwards); the output is the list of jobs.
    const started: string[] = [];
    helper.getNode('jobsOut')?.on('input', (msg) => started.push(...[msg.payload].flat().map((job) => String((job as Msg).id))));
    // Every kind of failure on the job polls, in turn, while three imports run.
    const kinds = [
      { kind: 'error', status: 503 },
      { kind: 'rateLimit', retryAfterSeconds: 0.05 },
      { kind: 'dropAfter' },
      { kind: 'malformed' },
      { kind: 'dropBefore' },
    ] as const;
    let poll = 0;
    proxy.setRule((r) => (r.method === 'GET' && /^\/api\/v2\/jobs\/job_[^/]+$/.test(r.path) && poll++ < 15 ? kinds[poll % kinds.length] : { kind: 'forward' }));
    for (let i = 0; i < 3; i++) {
      sendAll('jobs', [{ payload: { connection_id: connectionId, users: users(5, `watched${i}-`), upsert: true } }], i);
      await tally.settle(i + 1);
    }
    assert.equal(tally.outputs.length, 3, JSON.stringify(tally.errors()));
    await waitUntil(() => done.length + failed.length >= 3, { what: () => `${done.length} done, ${failed.length} failed`, timeout: 30_000 });
    await sleep(500); // room for a duplicate to show up
    assert.equal(failed.length, 0, JSON.stringify(failed.map((m) => m.payload)));
    const ids = done.map((m) => (m.payload as Msg).id).sort();
    assert.deepEqual(ids, [...started].sort(), 'each job once');
    assert.ok(poll >= 15, 'every fault was served');
    for (const msg of done) assert.equal(((msg.payload as Msg).summary as Msg).inserted, 5);
  });
});

describe('reliability: auth0-log-watch under faults', function () {
  this.timeout(60_000);
  let emu: Emulator;

  before(async () => {
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
  });
  beforeEach(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterEach(async () => {
    await helper.unload();
    await emu.close();
  });

  it('every event once, in order, through 5xx, 429, drops, malformed pages, timeouts and the tenant restarting', async () => {
    const write = (n: number): void => {
      for (let i = 0; i < n; i++) emu.logs.write({ type: i % 3 === 0 ? 'f' : 's', description: `event ${i}` });
    };
    write(150);
    const flow = placed([
      TAB,
      tenant(emu.domain, emu, { readTimeout: 0.5, retries: 1 }),
      logWatchNode({ z: 'tab', tenant: 'cfg', interval: 0.05, wires: [['out']] }),
      { id: 'out', type: 'helper', z: 'tab' },
      ...catchNodes(),
    ]);
    await helper.load([...modulesFor('auth0-log-watch'), ...coreNodes('25-catch.js')], flow, credentials(emu));
    const out: Msg[] = [];
    helper.getNode('out')?.on('input', (msg) => out.push(msg));
    const sent = (): string[] => out.map((m) => String((m.payload as Msg).log_id));
    const expected = (): string[] => emu.logs.all().map((e) => e.log_id);
    const reached = (n: number): Promise<void> => waitUntil(() => out.length >= n, { what: () => `${out.length} of ${n} events` });
    const caught: Msg[] = [];
    helper.getNode('caught')?.on('input', (msg) => caught.push(msg));

    await reached(20);
    // Two of a 5xx and of a drop: with retries 1, the poll's retry meets the second.
    const phases: Partial<Parameters<Emulator['faults']['set']>[0]>[] = [{ errorNext: 2 }, { rateLimitNext: 1 }, { dropNext: 2 }, { malformedNext: 1 }];
    for (const phase of phases) {
      emu.faults.set({ ...phase, pathPrefix: '/api/v2/logs' });
      write(40);
      await reached(expected().length);
    }
    // Answers slower than the read timeout, until one poll has timed out.
    emu.faults.set({ latencyMs: 800, pathPrefix: '/api/v2/logs' });
    await waitUntil(() => caught.some((m) => /read timeout/.test(String((m.error as Msg).message))), { what: () => 'no read timeout reached Catch' });
    emu.faults.clear();
    await reached(expected().length);
    const kinds = caught.map((m) => String((m.error as Msg).message));
    assert.ok(
      kinds.some((k) => /Service Unavailable/.test(k)),
      'the 503 reached Catch',
    );
    assert.ok(
      kinds.some((k) => /dropped/.test(k)),
      'the dropped connection reached Catch',
    );
    assert.ok(
      kinds.some((k) => /not a list of log events|not valid JSON/.test(k)),
      'the malformed page reached Catch',
    );

    // The tenant restarts on the same port with its log (a real tenant keeps it): the same events,
    // the same log_ids.
    const events = emu.logs.all().map((e) => ({ ...e }));
    const { port, clientId, clientSecret } = emu;
    await emu.close();
    await sleep(300);
    emu = await startEmulator({ port, clientId, clientSecret });
    emu.logs.restore(events);
    assert.deepEqual(
      emu.logs.all().map((e) => e.log_id),
      events.map((e) => e.log_id),
    );
    write(30);
    await waitUntil(() => out.length >= expected().length, { what: () => `${out.length} of ${expected().length} after the restart`, timeout: 30_000 });
    await sleep(300); // room for a repeat to show up
    assert.deepEqual(sent(), expected(), 'every event once, in log order');
  });
});
