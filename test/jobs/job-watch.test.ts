/**
 * auth0-job-watch in a Node-RED runtime: a failed job to output 2, exports downloaded, un-gzipped
 * and parsed (json and csv, one array or one message per user), a file on another host fetched
 * without the tenant's credentials, the watch resumed from the context store after a redeploy,
 * timers and requests ended on close, jobs stuck past Auth0's limit ended, bad input refused.
 */
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { Emulator } from '../../emulator';
import { json, TestServer } from '../tenant-client/helpers';
import { coreNodes, helper, nodeModules, placed } from '../helpers/node-red';
import { collect, importDirectly, jobsFlow, jobWatchNode, makeUsers, type Msg, trackJobTimers, useJobsTenant } from './fixtures';
import { waitUntil } from '../helpers/wait';

const modules = (): unknown[] => [...nodeModules('jobs/auth0-jobs', 'jobs/auth0-job-watch'), ...coreNodes('25-catch.js')];

/** Only the watch node, for jobs given by id. */
function watchFlow(domain: string, watch: Msg = {}): Msg[] {
  return placed([
    { id: 'tab', type: 'tab', label: 'watch' },
    { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', retries: 0, readTimeout: 5 },
    jobWatchNode(watch),
    { id: 'done', type: 'helper', z: 'tab' },
    { id: 'failed', type: 'helper', z: 'tab' },
    { id: 'catch', type: 'catch', z: 'tab', scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: 'tab' },
  ]);
}

/**
 * Makes the runtime use a context store configured as in settings.js (a memory store): Node-RED
 * deletes a node's context when the node stops unless `contextStorage` configures a store, and the
 * test helper never loads the configured stores itself. The runtime's context module is shared
 * with the helper's runtime; the next helper.load() starts again from Node-RED's bare default.
 */
function useConfiguredMemoryStore(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const context = require(require.resolve('@node-red/runtime/lib/nodes/context', { paths: [require.resolve('node-red')] })) as {
    init(settings: unknown): void;
    load(): Promise<void>;
  };
  context.init({ contextStorage: { default: { module: 'memory' } } });
  void context.load();
}

/** A stand-in tenant that answers the token grant and hands every other request to `handler`. */
async function fakeTenant(handler: Parameters<typeof TestServer.start>[0]): Promise<TestServer> {
  return TestServer.start((req, res, raw) => {
    if (req.path === '/oauth/token') return json(res, 200, { access_token: 'tenant-token-value', expires_in: 86400, token_type: 'Bearer' });
    return handler?.(req, res, raw);
  });
}

describe('auth0-job-watch in Node-RED', function () {
  this.timeout(60000);
  let emulator: Emulator;
  let connectionId: string;
  const credentials = (): Record<string, unknown> => ({ cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret } });

  useJobsTenant(200, (started, id) => {
    emulator = started;
    connectionId = id;
  });

  it("sends a failed job to output 2 with its details, and the message's properties with it", async () => {
    const job = await importDirectly(emulator, connectionId, 'this is not JSON');
    await helper.load(modules(), watchFlow(emulator.domain), credentials());
    const done = collect('done');
    const failed = collect('failed');
    helper.getNode('watch')?.receive({ topic: 'broken-file', payload: job.id });
    await waitUntil(() => failed.length === 1, { what: () => 'no failed output' });
    assert.equal(done.length, 0);
    const msg = failed[0];
    assert.equal(msg.topic, 'broken-file');
    const payload = msg.payload as Msg;
    assert.equal(payload.id, job.id);
    assert.equal(payload.status, 'failed');
    assert.match(String(payload.status_details), /Failed to parse users file JSON/);
    assert.equal((payload.error_details as Msg).status_details, payload.status_details, "the errors endpoint's details are attached");
    assert.deepEqual(msg.auth0, { jobId: job.id, type: 'users_import', status: 'failed', reason: 'failed', details: payload.status_details });
  });

  for (const format of ['json', 'csv'] as const) {
    for (const exportOutput of ['array', 'items'] as const) {
      it(`exports 1,500 users as ${format}, downloaded and parsed as a stream, ${exportOutput === 'array' ? 'in one array' : 'one message per user'}`, async () => {
        emulator.seed({
          users: makeUsers(1500).map((u) => ({ email: u.email as string, password: 'Str0ng-pass!word', given_name: `Ünï ${String(u.given_name)}, "q"` })),
        });
        await helper.load(modules(), jobsFlow(emulator.domain, { jobs: { operation: 'export_users' }, watch: { exportOutput } }), credentials());
        const out = collect('jobsOut');
        const done = collect('done');
        helper.getNode('jobs')?.receive({ topic: 'export', payload: { connection_id: connectionId, format, fields: 'user_id,email,given_name' } });
        await waitUntil(() => out.length === 1, { what: () => 'the export job was not created' });
        const job = out[0].payload as Msg;
        assert.equal(job.type, 'users_export');
        assert.deepEqual(job.fields, [{ name: 'user_id' }, { name: 'email' }, { name: 'given_name' }], "field names became Auth0's field objects");
        const expected = emulator.state.users.list().map((u) => ({ user_id: u.user_id, email: u.email, given_name: u.given_name }));
        assert.equal(expected.length, 1500);
        if (exportOutput === 'array') {
          await waitUntil(() => done.length === 1, { what: () => 'no completed export' });
          const payload = done[0].payload as Msg & { users: Msg[] };
          assert.equal(payload.id, job.id);
          assert.equal(payload.status, 'completed');
          assert.deepEqual(payload.users, expected);
          assert.equal(done[0].topic, 'export');
          assert.deepEqual(done[0].auth0, { jobId: job.id, type: 'users_export', status: 'completed', format, count: 1500 });
        } else {
          await waitUntil(() => done.length === 1500, { what: () => `${done.length} of 1500 users` });
          await new Promise((resolve) => setTimeout(resolve, 50));
          assert.equal(done.length, 1500, 'no message besides the users');
          assert.deepEqual(
            done.map((m) => m.payload),
            expected,
          );
          done.forEach((m, i) => {
            const parts = m.parts as Msg;
            assert.equal(parts.id, job.id);
            assert.equal(parts.index, i);
            assert.equal(parts.type, 'array');
            assert.equal(parts.count, i === 1499 ? 1500 : undefined, 'count on the last part only');
            assert.equal(m.topic, 'export');
          });
        }
      });
    }
  }

  it('downloads a file on another host with no credential of the tenant, and one on the tenant through its client', async () => {
    const users = makeUsers(3).map((u, i) => ({ user_id: `auth0|${i}`, email: u.email }));
    const file = gzipSync(Buffer.from(users.map((u) => JSON.stringify(u)).join('\n') + '\n'));
    const storage = await TestServer.start((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': file.length });
      res.end(file);
    });
    const tenant = await fakeTenant((req, res) => {
      if (req.path === '/files/tenant-file.json.gz') {
        res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': file.length });
        res.end(file);
        return;
      }
      const location = req.path.endsWith('job_far')
        ? `http://${storage.domain}/exports/tenant.json.gz?Expires=1&Signature=abc`
        : `http://${tenant.domain}/files/tenant-file.json.gz?Expires=2&Signature=def`;
      json(res, 200, { id: req.path.split('/').pop(), type: 'users_export', status: 'completed', format: 'json', location });
    });
    try {
      await helper.load(modules(), watchFlow(tenant.domain), { cfg: { clientId: 'id', clientSecret: 'secret-value' } });
      const done = collect('done');
      helper.getNode('watch')?.receive({ payload: ['job_far', { id: 'job_near', type: 'users_export' }] });
      await waitUntil(() => done.length === 2, { what: () => `${done.length} of 2 exports` });
      for (const msg of done) assert.deepEqual((msg.payload as Msg).users, users);
      assert.equal(storage.requests.length, 1);
      const far = storage.requests[0];
      assert.equal(far.url, '/exports/tenant.json.gz?Expires=1&Signature=abc', 'the signed link is used as given');
      assert.equal(far.headers.authorization, undefined, 'no token goes to another host');
      assert.ok(!JSON.stringify(far.headers).includes('tenant-token-value'));
      const near = tenant.requests.filter((r) => r.path === '/files/tenant-file.json.gz');
      assert.equal(near.length, 1, 'the file on the tenant host came through the tenant client');
      assert.equal(near[0].query.get('Signature'), 'def');
    } finally {
      await tenant.close();
      await storage.close();
    }
  });

  it('downloads an export again with a fresh link when the download breaks, sending no user twice', async () => {
    const users = Array.from({ length: 800 }, (_, i) => ({ user_id: `auth0|${i}`, email: `u${i}@example.com`, name: `User ${i} ${'n'.repeat(i % 50)}` }));
    const file = gzipSync(Buffer.from(users.map((u) => JSON.stringify(u)).join('\n') + '\n'), { level: 0 });
    let downloads = 0;
    const storage = await TestServer.start((_req, res) => {
      downloads += 1;
      res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': file.length });
      if (downloads > 1) {
        res.end(file);
        return;
      }
      // The first download breaks off after part of the file.
      res.write(file.subarray(0, Math.floor(file.length * 0.6)), () => setTimeout(() => res.destroy(), 20));
    });
    let polls = 0;
    const tenant = await fakeTenant((_req, res) => {
      polls += 1;
      json(res, 200, {
        id: 'job_x',
        type: 'users_export',
        status: 'completed',
        format: 'json',
        location: `http://${storage.domain}/f.json.gz?Signature=${polls}`,
      });
    });
    try {
      await helper.load(modules(), watchFlow(tenant.domain, { exportOutput: 'items' }), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const done = collect('done');
      helper.getNode('watch')?.receive({ payload: 'job_x' });
      await waitUntil(() => done.length === 800, { what: () => `${done.length} of 800 users` });
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(downloads, 2);
      assert.deepEqual(
        storage.requests.map((r) => r.query.get('Signature')),
        ['1', '2'],
        'the second download used the fresh link of a new poll',
      );
      assert.deepEqual(
        done.map((m) => m.payload),
        users,
        'every user once, in order',
      );
      assert.deepEqual(
        done.map((m) => (m.parts as Msg).index),
        users.map((_, i) => i),
      );
      assert.equal((done[799].parts as Msg).count, 800);
    } finally {
      await tenant.close();
      await storage.close();
    }
  });

  it('resumes watching from the context store after the flow is stopped and started again', async () => {
    emulator.clock.setSpeed(1); // 2,000 rows take 10 s: the job runs on through the restart
    const job = await importDirectly(emulator, connectionId, JSON.stringify(makeUsers(2000)));
    const flow = watchFlow(emulator.domain, { interval: 0.05 });
    await helper.load(modules(), flow, credentials());
    useConfiguredMemoryStore();
    helper.getNode('watch')?.receive({ topic: 'resume-me', correlation: { batch: 7 }, payload: job.id });
    type ContextNode = { context(): { get(key: string): unknown } };
    await waitUntil(
      () => {
        const stored = (helper.getNode('watch') as unknown as ContextNode).context().get('auth0JobWatch') as { jobs?: Msg[] } | undefined;
        return Boolean(stored?.jobs?.some((j) => j.id === job.id));
      },
      { what: () => 'the job was never saved in the context store' },
    );
    const first = helper.getNode('watch');
    // Stop and start the flow (a full deploy): the old node and its memory are gone.
    await (helper as unknown as { setFlows(flow: unknown[], type: string, credentials: unknown): Promise<void> }).setFlows(flow, 'full', credentials());
    const second = helper.getNode('watch');
    assert.notEqual(second, first, 'a new node instance');
    const done = collect('done');
    const failed = collect('failed');
    const caught = collect('caught');
    emulator.clock.setSpeed(500);
    await waitUntil(() => done.length + failed.length + caught.length > 0, { what: () => 'the resumed watch did not report the job' });
    assert.deepEqual(
      [failed, caught].map((list) => list.map((m) => JSON.stringify(m).slice(0, 300))),
      [[], []],
    );
    const msg = done[0];
    assert.equal((msg.payload as Msg).id, job.id);
    assert.equal((msg.payload as Msg).status, 'completed');
    assert.deepEqual((msg.payload as Msg).summary, { failed: 0, updated: 0, inserted: 2000, total: 2000 });
    assert.equal(msg.topic, 'resume-me', 'the saved message properties travel with the output');
    assert.deepEqual(msg.correlation, { batch: 7 });
    await waitUntil(() => (second as unknown as ContextNode).context().get('auth0JobWatch') === undefined, { what: () => 'the ended job is still saved' });
  });

  it('stops every timer and request on close', async () => {
    const tenant = await fakeTenant((req, res) =>
      json(res, 200, {
        id: req.path.split('/').pop(),
        type: 'users_import',
        status: 'processing',
        percentage_done: 40,
        time_left_seconds: 90,
        created_at: new Date().toISOString(),
      }),
    );
    const timers = trackJobTimers();
    try {
      await helper.load(modules(), watchFlow(tenant.domain, { interval: 0.02 }), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const statuses: Msg[] = [];
      const watch = helper.getNode('watch') as unknown as { status: (s: Msg) => void };
      const original = watch.status.bind(watch);
      watch.status = (s) => {
        statuses.push(s);
        original(s);
      };
      watch.status({});
      helper.getNode('watch')?.receive({ payload: ['job_a', 'job_b'] });
      const polls = (): number => tenant.requests.filter((r) => r.path.startsWith('/api/v2/jobs/')).length;
      await waitUntil(() => polls() >= 6, { what: () => `${polls()} polls` });
      assert.ok(
        statuses.some((s) => s.text === '2 jobs 40% ~2m'),
        `status shows progress: ${statuses.map((s) => s.text).join(' | ')}`,
      );
      assert.ok(timers.created() > 2, 'the watch polls on its own timer');
      await helper.unload();
      const after = polls();
      await waitUntil(() => timers.live() === 0, { what: () => `${timers.live()} timers of the jobs nodes still pending after close` });
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(polls(), after, 'no request after close');
      assert.equal(timers.live(), 0);
    } finally {
      timers.stop();
      await tenant.close();
    }
  });

  it("ends a job still running past Auth0's 2-hour import limit as failed", async () => {
    const created = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const tenant = await fakeTenant((req, res) =>
      json(res, 200, { id: 'job_stuck', type: 'users_import', status: 'processing', percentage_done: 10, created_at: created }),
    );
    try {
      await helper.load(modules(), watchFlow(tenant.domain), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const failed = collect('failed');
      helper.getNode('watch')?.receive({ payload: 'job_stuck' });
      await waitUntil(() => failed.length === 1, { what: () => 'no failed output' });
      const auth0 = failed[0].auth0 as Msg;
      assert.equal(auth0.reason, 'timeout');
      assert.match(String(auth0.details), /did not finish within 2 hours/);
      assert.equal((failed[0].payload as Msg).status, 'processing', 'the job as last seen');
    } finally {
      await tenant.close();
    }
  });

  it('sends a job Auth0 does not know to output 2, and one it refuses to show to Catch nodes', async () => {
    const tenant = await fakeTenant((req, res) => {
      if (req.path.endsWith('job_gone'))
        return json(res, 404, { statusCode: 404, error: 'Not Found', message: 'The job does not exist', errorCode: 'inexistent_job' });
      json(res, 403, { statusCode: 403, error: 'Forbidden', message: 'Insufficient scope, expected any of: read:users', errorCode: 'insufficient_scope' });
    });
    try {
      await helper.load(modules(), watchFlow(tenant.domain), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const failed = collect('failed');
      const caught = collect('caught');
      helper.getNode('watch')?.receive({ topic: 't', payload: ['job_gone', 'job_secret'] });
      await waitUntil(() => failed.length === 1 && caught.length === 1, { what: () => `${failed.length} failed, ${caught.length} caught` });
      assert.equal((failed[0].auth0 as Msg).reason, 'not_found');
      assert.match(String((caught[0].error as Msg).message), /Insufficient scope/);
      assert.equal(caught[0].topic, 't');
    } finally {
      await tenant.close();
    }
  });

  it('refuses bad input before any request', async () => {
    const tenant = await fakeTenant((_req, res) => json(res, 500, {}));
    try {
      await helper.load(modules(), watchFlow(tenant.domain), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const caught = collect('caught');
      const cases: Array<[unknown, RegExp]> = [
        [[], /empty list/],
        [42, /must be a job id or a job object, got a number/],
        [{ status: 'pending' }, /without a job "id"/],
        [['job_ok', null], /msg.payload\[1\] must be a job id/],
        ['job with spaces', /not a job id/],
        ['', /empty job id/],
      ];
      for (const [payload, pattern] of cases) {
        const before = caught.length;
        helper.getNode('watch')?.receive({ payload });
        await waitUntil(() => caught.length > before, { what: () => `no error for ${JSON.stringify(payload)}` });
        assert.match(String((caught[caught.length - 1].error as Msg).message), pattern);
      }
      assert.equal(tenant.requests.length, 0);
    } finally {
      await tenant.close();
    }
  });
});
