/**
 * Bulk import of 100,000 users: auth0-jobs import_users → auth0-job-watch in a Node-RED runtime.
 *
 * The question is whether splitting and uploading cost anything next to the service's own time.
 * The package's own time is measured against a stand-in service on loopback that takes each file
 * and finishes each job at once (so nothing but the package's work is timed: split, serialise,
 * upload, polls). The baseline is the time the service itself needs for the same rows at the
 * emulator's pace (200 rows/s per job, 2 jobs at once, a real tenant's order of magnitude).
 * The same import then runs end to end against the emulator (in a worker thread, so the heap
 * measured here is the Node-RED side's alone): every user inserted, and the peak heap growth.
 */
import { planImportFiles, buildImportFile } from '../nodes/jobs/import/split';
import { MAX_IMPORT_FILE_BYTES } from '../nodes/jobs/import-executor';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BenchRow, flowHelper, type FlowHelper, packageNode, peakMemory, timed } from './util';
import { startWorkerEmulator, withoutHelperSpies } from './jobs-emulator';

export const title = 'Bulk import: 100,000 users through auth0-jobs and auth0-job-watch';

/** JOBS_BENCH_USERS makes a smaller run while working on the benchmark. */
const USERS = Number(process.env.JOBS_BENCH_USERS ?? 100_000);
const COUNT = USERS.toLocaleString('en-US');
/** The emulator's pace of an import job (DEFAULT_JOB_PACE.importRowsPerSecond) and Auth0's cap of running imports. */
const SERVICE_ROWS_PER_SECOND = 200;
const RUNNING_IMPORTS = 2;

type Msg = Record<string, unknown>;

function users(count: number): Msg[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `bench${i}@example.com`,
    email_verified: false,
    given_name: 'Bench',
    family_name: `User ${i}`,
    user_metadata: { department: ['sales', 'support', 'engineering'][i % 3], employee_number: i },
    app_metadata: { source: 'bench' },
  }));
}

export async function run(): Promise<BenchRow[]> {
  const input = users(USERS);
  const inputBytes = Buffer.byteLength(JSON.stringify(input));

  // Splitting alone (plan + the bytes of every file), median of 3.
  const splits: number[] = [];
  let files = 0;
  for (let i = 0; i < 3; i++) {
    const { ms, result } = await timed(async () => {
      const plan = planImportFiles(input, MAX_IMPORT_FILE_BYTES);
      let bytes = 0;
      for (const file of plan) bytes += buildImportFile(input, file).length;
      return { count: plan.length, bytes };
    });
    splits.push(ms);
    files = result.count;
  }
  splits.sort((a, b) => a - b);

  const helper = flowHelper();
  (helper as unknown as { settings(s: Msg): void }).settings({ auth0JobsImportPollInterval: 0.02 });
  await helper.startServer();
  try {
    // 1. The package's own time, against a service that costs nothing.
    const standIn = await startStandIn();
    let own: ImportRun;
    try {
      own = await importThrough(helper, standIn.domain, 'con_standInService01', input);
    } finally {
      await standIn.close();
    }
    if (own.inserted !== USERS) throw new Error(`the stand-in service received ${own.inserted} of ${USERS} users`);
    if (standIn.received() < inputBytes) throw new Error('the stand-in service received fewer bytes than the users hold');

    // 2. End to end against the emulator: correctness and the Node-RED side's memory.
    const emulator = await startWorkerEmulator();
    try {
      // Fast enough that the service's own time is short, slow enough that Auth0's 24-hour retention outlasts the run.
      await emulator.setSpeed(2000);
      const measured = await peakMemory(() =>
        importThrough(helper, emulator.domain, emulator.connectionId, input, { clientId: emulator.clientId, clientSecret: emulator.clientSecret }),
      );
      const e2e = measured.result;
      if (e2e.inserted !== USERS) throw new Error(`${e2e.inserted} of ${USERS} users inserted`);
      const ownSeconds = own.ms / 1000;
      const serviceSeconds = USERS / (SERVICE_ROWS_PER_SECOND * RUNNING_IMPORTS);
      const ratio = ownSeconds / serviceSeconds;
      return [
        {
          name: `Split ${COUNT} users into import files (plan + bytes of every file)`,
          value: splits[1],
          unit: 'ms',
          note: `${files} files of at most 500 KB from ${(inputBytes / 2 ** 20).toFixed(1)} MB of users; median of 3`,
        },
        {
          name: `Import ${COUNT} users: the package's own time (split, upload, polls) vs the service's`,
          value: ownSeconds,
          unit: 's',
          baseline: `${serviceSeconds.toFixed(0)} s (the rows at the emulator's 200 rows/s per job, 2 jobs at once)`,
          ratio,
          target: "≤ 0.05 of the service's own time",
          met: ratio <= 0.05,
          note: `${own.jobs} jobs against a stand-in service that answers at once; all files uploaded after ${(own.submittedMs / 1000).toFixed(2)} s`,
        },
        {
          name: `Import ${COUNT} users end to end against the emulator: peak heap growth of the Node-RED side`,
          value: measured.peakHeapGrowthMb,
          unit: 'MB',
          baseline: `${(inputBytes / 2 ** 20).toFixed(1)} MB of users as JSON (the input message, in memory before)`,
          target: '< 100 MB',
          met: measured.peakHeapGrowthMb < 100,
          note: `${e2e.inserted.toLocaleString('en-US')} users inserted by ${e2e.jobs} jobs in ${(e2e.ms / 1000).toFixed(1)} s (emulator clock ×2,000, in a worker thread); peak RSS growth ${measured.peakRssGrowthMb.toFixed(0)} MB includes the worker`,
        },
      ];
    } finally {
      await emulator.close();
    }
  } finally {
    await helper.unload();
    await helper.stopServer();
    (helper as unknown as { settings(s: Msg): void }).settings({});
  }
}

interface ImportRun {
  ms: number;
  submittedMs: number;
  jobs: number;
  inserted: number;
}

/** Deploys auth0-jobs → auth0-job-watch for `domain` and imports `users`; resolves when every job has reported. */
async function importThrough(
  helper: FlowHelper,
  domain: string,
  connectionId: string,
  users: Msg[],
  credentials = { clientId: 'bench-client', clientSecret: 'bench-secret' },
): Promise<ImportRun> {
  const flow = [
    { id: 'tab', type: 'tab' },
    { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', retries: 3, timeout: 5, readTimeout: 30 },
    { id: 'jobs', type: 'auth0-jobs', z: 'tab', x: 1, y: 1, tenant: 'cfg', operation: 'import_users', version: 1, wires: [['watch', 'submitted']] },
    { id: 'submitted', type: 'helper', z: 'tab', x: 2, y: 2 },
    {
      id: 'watch',
      type: 'auth0-job-watch',
      z: 'tab',
      x: 2,
      y: 1,
      tenant: 'cfg',
      interval: 0.02,
      store: '',
      exportOutput: 'array',
      version: 1,
      wires: [['done'], ['failed']],
    },
    { id: 'done', type: 'helper', z: 'tab', x: 3, y: 1 },
    { id: 'failed', type: 'helper', z: 'tab', x: 3, y: 2 },
  ];
  await helper.load([packageNode('config/auth0-config'), packageNode('jobs/auth0-jobs'), packageNode('jobs/auth0-job-watch')], flow, { cfg: credentials });
  withoutHelperSpies(['jobs', 'watch'].map((id) => helper.getNode(id)));
  let submittedMs = 0;
  const started = process.hrtime.bigint();
  const { ms, result } = await timed(
    () =>
      new Promise<{ inserted: number; jobs: number }>((resolve, reject) => {
        let jobs = 0;
        let ended = 0;
        let inserted = 0;
        helper.getNode('submitted')?.on('input', (msg) => {
          submittedMs = Number(process.hrtime.bigint() - started) / 1e6;
          jobs = ([] as unknown[]).concat(msg.payload).length;
        });
        helper.getNode('done')?.on('input', (msg) => {
          inserted += Number(((msg.payload as Msg).summary as Msg).inserted);
          ended += 1;
          if (jobs > 0 && ended === jobs) resolve({ inserted, jobs });
        });
        helper.getNode('failed')?.on('input', (msg) => reject(new Error(`a job failed: ${JSON.stringify(msg.auth0)}`)));
        helper.getNode('jobs')?.receive({ payload: { connection_id: connectionId, users, send_completion_email: false } });
      }),
  );
  await helper.unload();
  return { ms, submittedMs, ...result };
}

/**
 * A service that costs nothing: it takes each import file (reading it whole), answers 201 with a
 * job, and reports every job completed with the number of users its file held.
 */
async function startStandIn(): Promise<{ domain: string; received(): number; close(): Promise<void> }> {
  const jobs = new Map<string, number>();
  let received = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown): void => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
      };
      const url = req.url ?? '';
      if (url === '/oauth/token') return send(200, { access_token: 'stand-in-token', expires_in: 86400, token_type: 'Bearer' });
      if (req.method === 'POST' && url === '/api/v2/jobs/users-imports') {
        const body = Buffer.concat(chunks);
        received += body.length;
        // Users in the file: the objects at the top level of its array, counted by their e-mail keys.
        const users = body.toString('utf8').split('"email":').length - 1;
        const id = `job_${jobs.size + 1}`;
        jobs.set(id, users);
        return send(201, { type: 'users_import', status: 'pending', id });
      }
      const match = /^\/api\/v2\/jobs\/(job_\d+)$/.exec(url);
      if (match && jobs.has(match[1])) {
        const users = jobs.get(match[1]) ?? 0;
        return send(200, { type: 'users_import', status: 'completed', id: match[1], summary: { inserted: users, updated: 0, failed: 0, total: users } });
      }
      send(404, { statusCode: 404, message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    domain: `127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
