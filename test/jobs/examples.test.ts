/**
 * The jobs example flows, as `npm start` deploys them, run against the emulator with its demo
 * data: the scheduled bulk import of 10,000 users reports its counts, the export writes every
 * user to a file, the verification e-mail job is watched to its end.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { deployableFlow, readExamples } from '../../scripts/example-flows';
import { root, type RawNode } from '../examples/flow-files';
import { deploy, problemsLogged, watch } from '../examples/runtime';
import { waitUntil } from '../helpers/wait';
import { helper } from '../helpers/node-red';

type Msg = Record<string, unknown>;

const examplesDir = path.join(root, 'examples');
/** The connection the example names, created by the emulator's demo seed (npm start). */
const DEMO_CONNECTION = 'con_demoImports00001';
/** A database connection id of Auth0's own shape (con_ + 16 characters). */
const IMPORTS_CONNECTION = 'con_nightlyImports00';

/** Starts a one-user import directly on the emulator; its status and text. */
async function importDirectlyStatus(emulator: Emulator, connectionId: string): Promise<{ status: number; text: string }> {
  const form = new FormData();
  form.append('connection_id', connectionId);
  form.append('send_completion_email', 'false');
  form.append('users', new Blob([JSON.stringify([{ email: 'probe@example.com' }])], { type: 'application/json' }), 'users.json');
  const res = await fetch(`${emulator.url}/api/v2/jobs/users-imports`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${emulator.managementToken()}` },
  });
  return { status: res.status, text: await res.text() };
}

function example(file: string): RawNode[] {
  const found = readExamples(examplesDir).find((e) => e.file === file);
  if (!found) throw new Error(`no example ${file}`);
  return found.nodes;
}

/** The node of a deployed flow with this type and name. */
function named(flow: RawNode[], type: string, name: string): RawNode {
  const node = flow.find((n) => n.type === type && n.name === name);
  if (!node) throw new Error(`no ${type} "${name}" in the flow`);
  return node;
}

/** The example's watch nodes poll faster here (the flow's logic is the same; only the wait shrinks). */
function quickerPolls(flow: RawNode[]): RawNode[] {
  return flow.map((node) => (node.type === 'auth0-job-watch' ? { ...node, interval: 0.1 } : node));
}

describe('jobs examples against the emulator', function () {
  this.timeout(90000);
  const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData;
  let emulator: Emulator;
  const tenant = () => ({
    name: 'emulator',
    domain: emulator.domain,
    protocol: 'http' as const,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
  });

  before(async () => {
    emulator = await startEmulator({ port: 0, seed });
    await helper.startServer();
    (helper as unknown as { settings(s: Msg): void }).settings({ auth0JobsImportPollInterval: 0.05 });
  });
  after(async () => {
    (helper as unknown as { settings(s: Msg): void }).settings({});
    await helper.stopServer();
    await emulator.close();
  });
  beforeEach(() => {
    emulator.reset(); // back to the demo data given at start
    emulator.clock.setSpeed(500);
  });
  afterEach(async () => {
    await helper.unload();
    emulator.clock.resetTime();
  });

  it('scheduled-bulk-import names the connection of the demo data, and the emulator takes imports into it', async () => {
    const jobs = example('jobs/scheduled-bulk-import.json').find((n) => n.type === 'auth0-jobs') as RawNode & { params: Record<string, { value: string }> };
    assert.equal(jobs.params.connection_id.value, DEMO_CONNECTION);
    assert.ok(
      seed.connections?.some((c) => (c as { id?: string }).id === DEMO_CONNECTION),
      'the demo seed creates the connection',
    );
    const answer = await importDirectlyStatus(emulator, DEMO_CONNECTION);
    assert.equal(answer.status, 202, `the emulator refuses an import into ${DEMO_CONNECTION}: ${answer.text}`);
  });

  it('scheduled-bulk-import imports 10,000 users and reports inserted, updated and failed counts', async () => {
    // Into a database connection whose id every Auth0 API accepts (see the test above for the demo one).
    emulator.seed({ connections: [{ id: IMPORTS_CONNECTION, name: 'nightly-imports', strategy: 'auth0' }] });
    const nodes = example('jobs/scheduled-bulk-import.json').map((n) =>
      n.type === 'auth0-jobs' ? { ...n, params: { ...(n.params as Record<string, unknown>), connection_id: { value: IMPORTS_CONNECTION, type: 'str' } } } : n,
    );
    const flow = quickerPolls(deployableFlow([{ file: 'jobs/scheduled-bulk-import.json', label: 'import', nodes }], tenant()));
    await deploy(flow);
    const report = named(flow, 'debug', 'import report');
    const seen = watch([report.id, named(flow, 'debug', 'error').id, named(flow, 'debug', 'failed job').id]);
    helper.getNode(named(flow, 'inject', 'every night at 02:00').id)?.receive({ payload: Date.now() });
    await waitUntil(() => seen.count(report.id) === 1 || problemsLogged().length > 0 || seen.count(named(flow, 'debug', 'error').id) > 0, {
      what: () => 'no import report',
      timeout: 60000,
    });
    assert.deepEqual(problemsLogged(), []);
    assert.equal(seen.count(named(flow, 'debug', 'error').id), 0, `error: ${JSON.stringify(seen.last(named(flow, 'debug', 'error').id)?.error)}`);
    const payload = seen.last(report.id)?.payload as Msg;
    assert.equal(payload.users, 10002);
    assert.equal(payload.inserted, 10000);
    assert.equal(payload.updated, 0);
    assert.equal(payload.failed, 2);
    assert.equal(payload.total, 10002);
    assert.ok(Number(payload.jobs) >= 3, `${String(payload.jobs)} jobs`);
    // The report is made in a function node's sandbox: compare its arrays by value, not prototype.
    assert.equal(JSON.stringify(payload.failedJobs), '[]');
    assert.deepEqual([...(payload.firstErrors as Msg[])].map((e) => e.email).sort(), ['not-an-e-mail-address', 'second.broken@']);

    // Run again: the same users now exist and are updated (upsert).
    helper.getNode(named(flow, 'inject', 'every night at 02:00').id)?.receive({ payload: Date.now() });
    await waitUntil(() => seen.count(report.id) === 2, { what: () => 'no second report', timeout: 60000 });
    const again = seen.last(report.id)?.payload as Msg;
    assert.deepEqual([again.inserted, again.updated, again.failed], [0, 10000, 2]);
  });

  it('export-all-users writes every user of the tenant to an ndjson file, one line each', async () => {
    emulator.seed({ users: Array.from({ length: 2500 }, (_, i) => ({ email: `bulk${i}@example.com`, password: 'Str0ng-pass!word' })) });
    const flow = quickerPolls(
      deployableFlow([{ file: 'jobs/export-all-users.json', label: 'export', nodes: example('jobs/export-all-users.json') }], tenant()),
    );
    const cwd = process.cwd();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth0-export-example-'));
    process.chdir(dir); // the file node writes relative to the working directory
    try {
      await deploy(flow);
      const written = named(flow, 'debug', 'export written');
      const seen = watch([written.id]);
      helper.getNode(named(flow, 'inject', 'export now').id)?.receive({ payload: Date.now() });
      await waitUntil(() => seen.count(written.id) === 1 || problemsLogged().length > 0, { what: () => 'no summary', timeout: 60000 });
      assert.deepEqual(problemsLogged(), []);
      const summary = seen.last(written.id)?.payload as Msg;
      const total = emulator.state.users.size;
      assert.equal(summary.users, total);
      const lines = fs
        .readFileSync(path.join(dir, String(summary.file)), 'utf8')
        .trim()
        .split('\n');
      assert.equal(lines.length, total);
      const emails = new Set(lines.map((line) => (JSON.parse(line) as Msg).email));
      assert.ok(emails.has('ada@example.com') && emails.has('bulk2499@example.com'));
      assert.equal(emails.size, total);
    } finally {
      process.chdir(cwd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('verification-email-and-job-status sends the e-mail and watches the job to its end', async () => {
    const flow = quickerPolls(
      deployableFlow(
        [{ file: 'jobs/verification-email-and-job-status.json', label: 'jobs', nodes: example('jobs/verification-email-and-job-status.json') }],
        tenant(),
      ),
    );
    await deploy(flow);
    const ended = named(flow, 'debug', 'verification job ended');
    const status = named(flow, 'debug', 'job status');
    const seen = watch([ended.id, status.id]);
    helper.getNode(named(flow, 'inject', "verify Ada's e-mail").id)?.receive({ payload: { email: 'ada@example.com' } });
    await waitUntil(() => seen.count(ended.id) === 1 && seen.count(status.id) === 1, {
      what: () => `${seen.count(ended.id)} ended, ${seen.count(status.id)} status`,
      timeout: 30000,
    });
    assert.deepEqual(problemsLogged(), []);
    const job = seen.last(ended.id)?.payload as Msg;
    assert.equal(job.type, 'verification_email');
    assert.equal(job.status, 'completed');
    assert.equal((seen.last(status.id)?.payload as Msg).id, job.id);
    assert.ok(
      emulator.outbox.messages.some((m) => m.to === 'ada@example.com' && m.kind === 'verify_email'),
      'the e-mail went out',
    );
  });
});
