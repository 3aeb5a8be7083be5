/**
 * Export of 100,000 users: auth0-jobs export_users → auth0-job-watch (one message per user) in a
 * Node-RED runtime, against the emulator in a worker thread (its heap holds the tenant; the heap
 * measured here is the Node-RED side's). The file is downloaded, un-gzipped and parsed as it
 * arrives: memory must stay flat, the same for 100,000 users as for 10,000. The array output,
 * which by design holds every user at once, is measured beside it for contrast.
 */
import { type BenchRow, flowHelper, type FlowHelper, packageNode, peakMemory, timed } from './util';
import { collectGarbage, startWorkerEmulator, withoutHelperSpies, type WorkerEmulator } from './jobs-emulator';

export const title = 'Export: 100,000 users streamed by auth0-job-watch';

/** JOBS_BENCH_USERS makes a smaller run while working on the benchmark. */
const USERS = Number(process.env.JOBS_BENCH_USERS ?? 100_000);
const SMALL = Math.max(1000, Math.round(USERS / 10));

type Msg = Record<string, unknown>;

interface ExportRun {
  ms: number;
  users: number;
  /** Largest heap in use after a full collection, over the heap before the export (what the flow keeps). */
  retainedGrowthMb: number;
  /** Largest heap seen between collections (garbage not yet collected included). */
  peakHeapGrowthMb: number;
}

/** Users between two full collections that sample what is retained. */
const SAMPLE_EVERY = 2500;

/** Exports the first `limit` users of the tenant through the flow; resolves when the last one has arrived. */
async function exportThrough(helper: FlowHelper, emulator: WorkerEmulator, limit: number, exportOutput: 'items' | 'array'): Promise<ExportRun> {
  const flow = [
    { id: 'tab', type: 'tab' },
    { id: 'cfg', type: 'auth0-config', domain: emulator.domain, protocol: 'http', retries: 3, timeout: 5, readTimeout: 30 },
    { id: 'jobs', type: 'auth0-jobs', z: 'tab', x: 1, y: 1, tenant: 'cfg', operation: 'export_users', version: 1, wires: [['watch']] },
    {
      id: 'watch',
      type: 'auth0-job-watch',
      z: 'tab',
      x: 2,
      y: 1,
      tenant: 'cfg',
      interval: 0.05,
      store: '',
      exportOutput,
      version: 1,
      wires: [['sink'], ['failed']],
    },
    { id: 'sink', type: 'helper', z: 'tab', x: 3, y: 1 },
    { id: 'failed', type: 'helper', z: 'tab', x: 3, y: 2 },
  ];
  await helper.load([packageNode('config/auth0-config'), packageNode('jobs/auth0-jobs'), packageNode('jobs/auth0-job-watch')], flow, {
    cfg: { clientId: emulator.clientId, clientSecret: emulator.clientSecret },
  });
  withoutHelperSpies(['jobs', 'watch'].map((id) => helper.getNode(id)));
  collectGarbage();
  const heapAtStart = process.memoryUsage().heapUsed;
  let retained = 0;
  const sample = (): void => {
    collectGarbage();
    retained = Math.max(retained, process.memoryUsage().heapUsed - heapAtStart);
  };
  try {
    const measured = await peakMemory(() =>
      timed(
        () =>
          new Promise<number>((resolve, reject) => {
            let users = 0;
            helper.getNode('sink')?.on('input', (msg) => {
              // Only counted: a flow writing each user to a file or a database holds no more than this.
              if (exportOutput === 'array') {
                const all = ((msg.payload as Msg).users as unknown[]).length;
                sample();
                resolve(all);
                return;
              }
              users += 1;
              if (users % SAMPLE_EVERY === 0) sample();
              const parts = msg.parts as { count?: number } | undefined;
              if (parts?.count !== undefined) {
                sample();
                resolve(users);
              }
            });
            helper.getNode('failed')?.on('input', (msg) => reject(new Error(`the export failed: ${JSON.stringify(msg.auth0)}`)));
            helper.getNode('jobs')?.receive({ payload: { format: 'json', limit } });
          }),
      ),
    );
    return { ms: measured.result.ms, users: measured.result.result, retainedGrowthMb: retained / 2 ** 20, peakHeapGrowthMb: measured.peakHeapGrowthMb };
  } finally {
    await helper.unload();
  }
}

export async function run(): Promise<BenchRow[]> {
  const emulator = await startWorkerEmulator();
  const helper = flowHelper();
  await helper.startServer();
  try {
    await emulator.seedUsers(USERS);
    await emulator.setSpeed(1000);
    const small = await exportThrough(helper, emulator, SMALL, 'items');
    const large = await exportThrough(helper, emulator, USERS, 'items');
    const array = await exportThrough(helper, emulator, USERS, 'array');
    for (const [run, expected] of [
      [small, SMALL],
      [large, USERS],
      [array, USERS],
    ] as const) {
      if (run.users !== expected) throw new Error(`exported ${run.users} of ${expected} users`);
    }
    // Flat: what stays in memory does not grow with the number of users (1 MB of slack for noise).
    const flat = large.retainedGrowthMb <= small.retainedGrowthMb + 1;
    return [
      {
        name: `Export ${USERS.toLocaleString('en-US')} users, one message per user: heap retained (after a full GC every ${SAMPLE_EVERY.toLocaleString('en-US')} users)`,
        value: large.retainedGrowthMb,
        unit: 'MB',
        baseline: `${small.retainedGrowthMb.toFixed(1)} MB for ${SMALL.toLocaleString('en-US')} users`,
        ratio: large.retainedGrowthMb / Math.max(0.1, small.retainedGrowthMb),
        target: 'flat: no more than for a tenth of the users (+1 MB)',
        met: flat,
        note: `${Math.round(large.users / (large.ms / 1000)).toLocaleString('en-US')} users/s downloaded, un-gzipped, parsed and sent one by one (${(large.ms / 1000).toFixed(1)} s, emulator clock ×1,000); peak heap between collections +${large.peakHeapGrowthMb.toFixed(0)} MB (garbage not yet collected)`,
      },
      {
        name: `Export ${USERS.toLocaleString('en-US')} users in one array, for contrast: heap retained`,
        value: array.retainedGrowthMb,
        unit: 'MB',
        note: 'the array output holds every user at once by design; the per-user output is the one for big tenants',
      },
    ];
  } finally {
    await helper.stopServer();
    await emulator.close();
  }
}
