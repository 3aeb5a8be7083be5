/**
 * The tenant of a faults suite: the emulator behind a fault proxy, in the test helper's Node-RED.
 * The runtime, the emulator and the proxy start before the suite and end after it; before each test
 * the tenant is as after its start (resetTenant); after each, the flow is unloaded and no request is
 * left at the tenant (a slow answer nobody waits for would meet the next test's faults).
 */
import { startEmulator, type Emulator } from '../../../emulator';
import { helper } from '../../helpers/node-red';
import { waitUntil } from '../../helpers/wait';
import { FaultProxy } from './fault-proxy';
import { resetTenant } from './runtime';

export interface FaultyTenant {
  emu: Emulator;
  proxy: FaultProxy;
}

/** Registers the suite's hooks; `started` receives the emulator and its proxy once they run. */
export function useFaultyTenant(started: (tenant: FaultyTenant) => void): void {
  let tenant: FaultyTenant | undefined;
  before(async () => {
    await helper.startServer();
    const emu = await startEmulator({ port: 0 });
    tenant = { emu, proxy: await FaultProxy.start(emu.url) };
    started(tenant);
  });
  after(async () => {
    await helper.stopServer();
    await tenant?.proxy.close();
    await tenant?.emu.close();
  });
  beforeEach(() => {
    if (tenant) resetTenant(tenant.emu, tenant.proxy);
  });
  afterEach(async () => {
    await helper.unload();
    const proxy = tenant?.proxy;
    if (proxy) await waitUntil(() => proxy.upstreamInFlight === 0, { what: () => `${proxy.upstreamInFlight} requests still at the tenant`, timeout: 15_000 });
  });
}
