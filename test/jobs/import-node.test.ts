/**
 * auth0-jobs import_users in a Node-RED runtime against the emulator: a small import is one
 * request as before, a big one is split and kept to 2 running jobs (the emulator answers 429 to a
 * third, and none is seen), imports started elsewhere are waited out, bad input fails before any
 * request, and 10,000 users go end to end through auth0-job-watch with their counts.
 */
import assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { TestServer, json } from '../tenant-client/helpers';
import { coreNodes, helper, nodeModules } from '../helpers/node-red';
import { collect, importDirectly, jobsFlow, makeUsers, type Msg, startProxy, useJobsTenant } from './fixtures';
import { waitUntil } from '../helpers/wait';

const modules = (): unknown[] => [...nodeModules('jobs/auth0-jobs', 'jobs/auth0-job-watch'), ...coreNodes('25-catch.js')];

describe('auth0-jobs import_users in Node-RED', function () {
  this.timeout(60000);
  let emulator: Emulator;
  let connectionId: string;
  const credentials = (): Record<string, unknown> => ({ cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret } });

  before(() => {
    helper.settings({ auth0JobsImportPollInterval: 0.02 });
  });
  after(() => {
    helper.settings({ auth0JobsImportPollInterval: undefined });
  });
  useJobsTenant(400, (started, id) => {
    emulator = started;
    connectionId = id;
  });

  it('sends a small import as one multipart request, as before, and answers the job', async () => {
    const server = await TestServer.start((req, res) => {
      if (req.path === '/oauth/token') return json(res, 200, { access_token: 'tok-abc', expires_in: 86400, token_type: 'Bearer' });
      json(res, 202, { type: 'users_import', status: 'pending', id: 'job_small1', connection_id: 'con_x', external_id: 'batch-7' });
    });
    try {
      await helper.load(modules(), jobsFlow(server.domain, { watch: false }), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const out = collect('jobsOut');
      const users = makeUsers(3);
      helper.getNode('jobs')?.receive({ topic: 'kept', payload: { connection_id: 'con_x', users, upsert: true, external_id: 'batch-7' } });
      await waitUntil(() => out.length === 1, { what: () => 'no output' });
      const posts = server.requests.filter((r) => r.path === '/api/v2/jobs/users-imports');
      assert.equal(posts.length, 1, 'one request');
      const body = posts[0].body.toString('utf8');
      assert.match(String(posts[0].headers['content-type']), /^multipart\/form-data; boundary=/);
      for (const [name, value] of [
        ['connection_id', 'con_x'],
        ['upsert', 'true'],
        ['send_completion_email', 'true'],
        ['external_id', 'batch-7'],
      ]) {
        assert.match(body, new RegExp(`name="${name}"\\r\\n\\r\\n${value}\\r\\n`), `field ${name}`);
      }
      assert.ok(
        body.includes(`name="users"; filename="users.json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(users)}\r\n`),
        'the users file part holds the JSON array',
      );
      const msg = out[0];
      assert.equal(msg.topic, 'kept');
      // Always a list of jobs, even for one file, so a flow keeps working as its imports grow.
      assert.deepEqual(msg.payload, [{ type: 'users_import', status: 'pending', id: 'job_small1', connection_id: 'con_x', external_id: 'batch-7' }]);
      const auth0 = msg.auth0 as Msg;
      assert.equal(auth0.statusCode, 202);
      assert.deepEqual(auth0.jobs, ['job_small1']);
      assert.equal(auth0.files, 1);
    } finally {
      await server.close();
    }
  });

  it('splits 3 MB of users into files under 500 KB and never runs a third import (no 429 from the emulator)', async () => {
    const proxy = await startProxy(emulator.url);
    try {
      emulator.clock.setSpeed(5); // each file's job runs a few hundred ms, so later files must wait
      await helper.load(modules(), jobsFlow(proxy.server.domain, { audience: emulator.managementAudience }), credentials());
      const out = collect('jobsOut');
      const done = collect('done');
      const statuses: string[] = [];
      const jobsNode = helper.getNode('jobs') as unknown as { status: (s: { text?: string }) => void } & Record<string, unknown>;
      const original = jobsNode.status.bind(jobsNode);
      jobsNode.status = (s) => {
        if (s.text) statuses.push(s.text);
        original(s);
      };
      const users = makeUsers(7000, { pad: 300 });
      const bytes = Buffer.byteLength(JSON.stringify(users));
      assert.ok(bytes > 3_000_000, `test data is ${bytes} bytes`);
      helper.getNode('jobs')?.receive({ payload: { connection_id: connectionId, file_obj: users, send_completion_email: false } });
      await waitUntil(() => out.length === 1, { what: () => 'no output from auth0-jobs', timeout: 40000 });
      const jobs = out[0].payload as Msg[];
      const atLeast = Math.ceil(bytes / 512000);
      assert.ok(Array.isArray(jobs) && jobs.length >= atLeast, `expected at least ${atLeast} files, got ${JSON.stringify(out[0].payload).slice(0, 200)}`);
      assert.deepEqual(
        (out[0].auth0 as Msg).jobs,
        jobs.map((j) => j.id),
      );
      const posts = proxy.exchanges.filter((e) => e.path === '/api/v2/jobs/users-imports');
      assert.deepEqual(
        posts.map((e) => e.status),
        jobs.map(() => 202),
        'every file accepted at its first try: never a third running import',
      );
      assert.ok(
        statuses.some((t) => /^file 3\/\d+/.test(t)),
        `status shows the file count: ${statuses.slice(0, 5).join(' | ')}`,
      );
      assert.ok(
        statuses.some((t) => /waiting/.test(t)),
        `a file waited for a slot: ${statuses.join(' | ')}`,
      );
      await waitUntil(() => done.length === jobs.length, { what: () => `${done.length} of ${jobs.length} jobs completed`, timeout: 40000 });
      const total = done.reduce((sum, msg) => sum + Number(((msg.payload as Msg).summary as Msg).inserted), 0);
      assert.equal(total, users.length, 'every user inserted once');
    } finally {
      await proxy.close();
    }
  });

  it('waits out imports started elsewhere (the service answers 429) instead of failing', async () => {
    const proxy = await startProxy(emulator.url);
    try {
      emulator.clock.setSpeed(5);
      // Two imports started by another program fill the tenant's 2 slots for a while.
      const other = JSON.stringify(makeUsers(3000, { domain: 'elsewhere.example' }));
      const first = await importDirectly(emulator, connectionId, other);
      const second = await importDirectly(emulator, connectionId, other);
      await helper.load(modules(), jobsFlow(proxy.server.domain, { audience: emulator.managementAudience, retries: 0 }), credentials());
      const out = collect('jobsOut');
      const caught = collect('caught');
      helper.getNode('jobs')?.receive({ payload: { connection_id: connectionId, users: makeUsers(5) } });
      await waitUntil(() => out.length + caught.length > 0, { what: () => 'no output', timeout: 40000 });
      assert.deepEqual(
        caught.map((m) => (m.error as Msg).message),
        [],
        'no error',
      );
      const posts = proxy.exchanges.filter((e) => e.path === '/api/v2/jobs/users-imports').map((e) => e.status);
      assert.ok(posts.includes(429), `the emulator refused at least once while the others ran: ${posts.join(',')}`);
      assert.equal(posts[posts.length - 1], 202);
      const [job] = out[0].payload as Msg[];
      assert.notEqual(job.id, first.id);
      assert.notEqual(job.id, second.id);
    } finally {
      await proxy.close();
    }
  });

  it('fails bad input before any request, naming the problem', async () => {
    const server = await TestServer.start((_req, res) => json(res, 500, { message: 'nothing should arrive' }));
    try {
      await helper.load(modules(), jobsFlow(server.domain, { watch: false }), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const caught = collect('caught');
      const jobs = helper.getNode('jobs');
      const tooBig = { email: 'big@example.com', user_metadata: { blob: 'x'.repeat(520 * 1024) } };
      const cases: Array<[Msg, RegExp]> = [
        [{ connection_id: 'con_x', users: [] }, /empty list/],
        [{ connection_id: 'con_x', users: [{ email: 'a@example.com' }, 42] }, /index 1 is a number/],
        [{ connection_id: 'con_x', users: [{ email: 'a@example.com' }, { email: 'b@example.com' }, tooBig] }, /user at index 2 is [\d,]+ bytes/],
        [{ connection_id: 'con_x', users: 'nope' }, /not valid JSON/],
        [{ connection_id: 'Username-Password-Authentication', users: [{ email: 'a@example.com' }] }, /id of a database connection \(con_…\), not its name/],
        [{ users: [{ email: 'a@example.com' }] }, /missing required input "connection_id"/],
      ];
      for (const [payload, pattern] of cases) {
        const before = caught.length;
        jobs?.receive({ payload });
        await waitUntil(() => caught.length > before, { what: () => `no error for ${JSON.stringify(payload).slice(0, 80)}` });
        assert.match(String((caught[caught.length - 1].error as Msg).message), pattern);
      }
      assert.equal(server.requests.length, 0, `requests were sent: ${server.requests.map((r) => r.path).join(', ')}`);
    } finally {
      await server.close();
    }
  });

  it('sends a file the service refuses as too large (413) again as two halves, never splitting a user', async () => {
    const received: string[][] = [];
    let n = 0;
    const server = await TestServer.start((req, res) => {
      if (req.path === '/oauth/token') return json(res, 200, { access_token: 'tok-abc', expires_in: 86400, token_type: 'Bearer' });
      if (req.path.startsWith('/api/v2/jobs/job_')) return json(res, 200, { id: req.path.split('/').pop(), status: 'completed' });
      const text = req.body.toString('utf8');
      const start = text.indexOf('\r\n\r\n', text.indexOf('name="users"')) + 4;
      const users = JSON.parse(text.slice(start, text.indexOf('\r\n--', start))) as { email: string }[];
      // This service takes at most 2 users per file.
      if (users.length > 2)
        return json(res, 413, { statusCode: 413, error: 'Request Entity Too Large', message: 'Payload content length greater than maximum allowed: 100' });
      received.push(users.map((u) => u.email));
      n += 1;
      json(res, 202, { type: 'users_import', status: 'pending', id: `job_${n}` });
    });
    try {
      await helper.load(modules(), jobsFlow(server.domain, { watch: false }), { cfg: { clientId: 'id', clientSecret: 'secret' } });
      const out = collect('jobsOut');
      const caught = collect('caught');
      const users = makeUsers(5);
      helper.getNode('jobs')?.receive({ payload: { connection_id: 'con_x', users } });
      await waitUntil(() => out.length + caught.length === 1, { what: () => 'no output' });
      assert.deepEqual(
        caught.map((m) => (m.error as Msg).message),
        [],
      );
      assert.deepEqual(received, [[users[0].email, users[1].email], [users[2].email], [users[3].email, users[4].email]]);
      assert.deepEqual(
        (out[0].payload as Msg[]).map((j) => j.id),
        ['job_1', 'job_2', 'job_3'],
      );

      // One user the service refuses alone cannot be halved: an error, naming it.
      server.setHandler((req, res) => {
        if (req.path === '/oauth/token') return json(res, 200, { access_token: 'tok-abc', expires_in: 86400, token_type: 'Bearer' });
        json(res, 413, { statusCode: 413, error: 'Request Entity Too Large', message: 'Payload content length greater than maximum allowed: 10' });
      });
      helper.getNode('jobs')?.receive({ payload: { connection_id: 'con_x', users: makeUsers(1) } });
      await waitUntil(() => caught.length === 1, { what: () => 'no error' });
      assert.match(String((caught[0].error as Msg).message), /user at index 0 alone is too large/);
    } finally {
      await server.close();
    }
  });

  it("words the service's 400 for an unknown connection around connection_id", async () => {
    await helper.load(modules(), jobsFlow(emulator.domain, { watch: false }), credentials());
    const caught = collect('caught');
    helper.getNode('jobs')?.receive({ payload: { connection_id: 'con_AAAAAAAAAAAAAAAA', users: makeUsers(2) } });
    await waitUntil(() => caught.length === 1, { what: () => 'no error' });
    const error = caught[0].error as Msg;
    assert.match(String(error.message), /connection_id "con_AAAAAAAAAAAAAAAA" cannot take an import: The connection does not exist/);
    assert.equal((caught[0].auth0 as Msg).statusCode, 400);
  });

  it("imports 10,000 users end to end: inserted, updated and failed counts and the failed rows' errors", async () => {
    // 600 of the users exist already; with upsert they are updated.
    emulator.seed({ users: makeUsers(600).map((u) => ({ email: u.email as string, password: 'Str0ng-pass!word' })) });
    await helper.load(modules(), jobsFlow(emulator.domain), credentials());
    const out = collect('jobsOut');
    const done = collect('done');
    const failed = collect('failed');
    const users = makeUsers(10000, { failEvery: 50 });
    helper.getNode('jobs')?.receive({ topic: 'nightly', payload: { connection_id: connectionId, users, upsert: true, send_completion_email: false } });
    await waitUntil(() => out.length === 1, { what: () => 'no output from auth0-jobs', timeout: 40000 });
    const jobs = out[0].payload as Msg[];
    await waitUntil(() => done.length + failed.length === jobs.length, { what: () => `${done.length} of ${jobs.length} jobs ended`, timeout: 40000 });
    assert.equal(failed.length, 0);
    const totals = { inserted: 0, updated: 0, failed: 0, total: 0 };
    const rowErrors: Msg[] = [];
    for (const msg of done) {
      assert.equal(msg.topic, 'nightly', 'the message properties travel with each job');
      const payload = msg.payload as Msg & { summary: typeof totals; errors: Msg[] };
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += payload.summary[key];
      assert.equal(payload.errors.length, payload.summary.failed, 'one error row per failed user');
      rowErrors.push(...payload.errors);
    }
    // user0…user599 exist; every 50th row is refused, 12 of them among the first 600.
    assert.deepEqual(totals, { inserted: 9212, updated: 588, failed: 200, total: 10000 });
    for (const row of rowErrors) {
      assert.match(String((row.user as Msg).email), /^not-an-email-/);
      assert.equal((row.errors as Msg[])[0].code, 'INVALID_FORMAT');
    }
    assert.deepEqual(new Set(done.map((m) => (m.payload as Msg).id)), new Set(jobs.map((j) => j.id)));
  });
});
