/**
 * Tenant snapshot at the rate limit: a tenant of 1,000 applications, 500 roles with 20 permissions
 * each and 200 organizations, snapshotted by the auth0-tenant-snapshot node against the emulator
 * limited to 50 requests/s (burst 10). The ceiling is the time the snapshot's requests take at that
 * rate, (requests − burst) / rate: no reader that makes those requests can be faster. Every one of
 * them is needed (each list page at 100 items, one permissions read per role, one connections read
 * per organization, the singletons); the figure is the ceiling's time over ours (target ≥ 0.9).
 * Heap: the peak growth during the snapshot beside the snapshot's own JSON size.
 */
import { startEmulator, type Emulator, type SeedData } from '../emulator';
import { type BenchRow, flowHelper, packageNode, peakMemory, timed, withoutSpies } from './util';

export const title = 'Tenant snapshot: 1,000 applications, 500 roles × 20 permissions, 200 organizations at 50 requests/s';

const RATE = 50;
const BURST = 10;
const APPS = 1000;
const ROLES = 500;
const PERMISSIONS = 20;
const ORGS = 200;

function bigTenant(): SeedData {
  const api = 'https://bench.example/api';
  return {
    resourceServers: [
      { identifier: api, name: 'Bench API', scopes: Array.from({ length: PERMISSIONS }, (_, i) => ({ value: `do:thing${i}`, description: `thing ${i}` })) },
    ],
    clients: Array.from({ length: APPS }, (_, i) => ({
      name: `app-${String(i).padStart(4, '0')}`,
      app_type: 'regular_web',
      callbacks: [`https://app${i}.example/callback`],
    })),
    roles: Array.from({ length: ROLES }, (_, i) => ({
      name: `role-${i}`,
      description: `role number ${i}`,
      permissions: Array.from({ length: PERMISSIONS }, (_, p) => ({ resource_server_identifier: api, permission_name: `do:thing${p}` })),
    })),
    organizations: Array.from({ length: ORGS }, (_, i) => ({
      name: `org-${i}`,
      display_name: `Organization ${i}`,
      connections: ['Username-Password-Authentication'],
    })),
  };
}

interface Outcome {
  ms: number;
  requests: number;
  unavailable: number;
  bytes: number;
  peakHeapGrowthMb: number;
}

async function snapshot(emu: Emulator): Promise<Outcome> {
  const helper = flowHelper();
  await helper.startServer();
  const flow = [
    { id: 'tab', type: 'tab' },
    { id: 'cfg', type: 'auth0-config', domain: emu.domain, protocol: 'http', retries: 10, readTimeout: 30 },
    {
      id: 'snap',
      type: 'auth0-tenant-snapshot',
      z: 'tab',
      x: 1,
      y: 1,
      tenant: 'cfg',
      mode: 'snapshot',
      store: '',
      ignore: [],
      version: 1,
      wires: [['out'], ['sum']],
    },
    { id: 'out', type: 'helper', z: 'tab', x: 2, y: 1 },
    { id: 'sum', type: 'helper', z: 'tab', x: 2, y: 2 },
  ];
  await helper.load([packageNode('config/auth0-config'), packageNode('tenant-config/auth0-tenant-snapshot')], flow, {
    cfg: { clientId: emu.clientId, clientSecret: emu.clientSecret },
  });
  withoutSpies(helper, flow);
  try {
    let bytes = 0;
    helper.getNode('out')?.on('input', (msg) => (bytes = JSON.stringify(msg.payload).length));
    const one = () =>
      new Promise<Record<string, unknown>>((resolve) => {
        const listener = (msg: Record<string, unknown>) => {
          helper.getNode('sum')?.removeListener('input', listener);
          resolve(msg.payload as Record<string, unknown>);
        };
        helper.getNode('sum')?.on('input', listener);
        helper.getNode('snap')?.receive({});
      });
    // The token and a full bucket before the clock starts.
    await one();
    await new Promise((resolve) => setTimeout(resolve, (BURST / RATE) * 1000 + 500));
    const measured = await peakMemory(() => timed(one));
    const summary = measured.result.result;
    return {
      ms: measured.result.ms,
      requests: Number(summary.requests),
      unavailable: (summary.unavailable as unknown[]).length,
      bytes,
      peakHeapGrowthMb: measured.peakHeapGrowthMb,
    };
  } finally {
    await helper.unload();
    await helper.stopServer();
  }
}

export async function run(): Promise<BenchRow[]> {
  const empty = await startEmulator({ port: 0, rateLimit: { perSecond: RATE, burst: BURST } });
  let baseline: Outcome;
  try {
    baseline = await snapshot(empty);
  } finally {
    await empty.close();
  }
  const emu = await startEmulator({ port: 0, rateLimit: { perSecond: RATE, burst: BURST }, seed: bigTenant() });
  let big: Outcome;
  try {
    big = await snapshot(emu);
  } finally {
    await emu.close();
  }
  // What the added items need at the least: their list pages (100 a page) and one read per role and organization.
  const added = Math.ceil(APPS / 100) + Math.ceil(ROLES / 100) + ROLES + Math.ceil(ORGS / 100) + ORGS;
  const ceilingMs = (Math.max(0, big.requests - BURST) / RATE) * 1000;
  const ratio = ceilingMs / big.ms;
  const heapRatio = big.peakHeapGrowthMb / (big.bytes / 2 ** 20);
  return [
    {
      name: 'Snapshot time: the rate-limit ceiling over ours',
      value: big.ms / 1000,
      unit: 's',
      baseline: `${(ceilingMs / 1000).toFixed(1)} s ceiling`,
      ratio,
      target: '≥ 0.9× the ceiling',
      met: ratio >= 0.9 && big.unavailable === 0,
      note: `${big.requests} requests (an empty tenant: ${baseline.requests}; the added items need at least ${added} more); ${big.unavailable} resources not read`,
    },
    {
      name: 'Snapshot peak heap growth',
      value: big.peakHeapGrowthMb,
      unit: 'MB',
      baseline: `${(big.bytes / 2 ** 20).toFixed(1)} MB snapshot JSON`,
      ratio: heapRatio,
      target: '≤ 30× the snapshot JSON',
      met: heapRatio <= 30,
      note: `an empty tenant: ${baseline.peakHeapGrowthMb.toFixed(1)} MB`,
    },
  ];
}
