/**
 * Closing the event nodes while they work: an auth0-events node streaming (a connection open, events
 * flowing) and one waiting out a failure, an auth0-event-stream-in with its route. After the flows
 * stop no timer, socket or request of the package remains, and nothing is sent afterwards. The
 * tenant runs in a child process, so its sockets and timers are not this process's.
 */
import assert from 'node:assert/strict';
import { startChildEmulator, type ChildEmulator } from '../reliability/support/child-emulator';
import { activeResources, grown, trackResources } from '../reliability/support/handles';
import { catchNodes, sleep, TAB, Tally } from '../reliability/support/runtime';
import { waitUntil } from '../helpers/wait';
import { coreNodes, helper, modulesFor, placed } from '../helpers/node-red';

describe('event nodes: closing while they work', function () {
  this.timeout(60_000);
  let tenant: ChildEmulator;

  before(async () => {
    tenant = await startChildEmulator();
    await helper.startServer();
  });
  after(async () => {
    await helper.stopServer();
    await tenant.stop();
  });

  it('leaves no timer, socket or request behind, and sends nothing afterwards', async () => {
    await tenant.control('PUT', 'events/settings', { heartbeatMs: 50 });
    const flow = placed([
      TAB,
      { id: 'cfg', type: 'auth0-config', domain: tenant.domain, protocol: 'http', retries: 3, timeout: 5, readTimeout: 5 },
      { id: 'streaming', type: 'auth0-events', z: 'tab', tenant: 'cfg', types: [], store: '', wires: [['out']] },
      { id: 'failing', type: 'auth0-events', z: 'tab', tenant: 'cfg', types: ['organization.created'], store: '', wires: [['out']] },
      {
        id: 'in',
        type: 'auth0-event-stream-in',
        z: 'tab',
        url: '/lifecycle/events',
        authMethod: 'bearer',
        headerName: '',
        tenant: '',
        types: [],
        publicUrl: '',
        wires: [['out']],
      },
      { id: 'out', type: 'helper', z: 'tab' },
      ...catchNodes(),
    ]);
    const credentials = { cfg: { clientId: tenant.clientId, clientSecret: tenant.clientSecret }, in: { token: 'lifecycle-token' } };
    await sleep(200);
    const baseline = activeResources();
    const ours = trackResources();
    let loaded = true;
    try {
      await helper.load([...modulesFor('auth0-events', 'auth0-event-stream-in'), ...coreNodes('25-catch.js')], flow, credentials);
      const tally = new Tally().attach(['out']);
      const stored = (id: string) =>
        (helper.getNode(id) as unknown as { context(): { flow: { get(k: string): unknown } } }).context().flow.get(`auth0Events_${id}`);
      await waitUntil(() => !!stored('streaming') && !!stored('failing'), { what: () => 'the watchers did not connect' });
      for (let i = 0; i < 20; i++) await tenant.control('POST', 'events/publish', { type: 'user.created', object: { user_id: `auth0|life${i}` } });
      await waitUntil(() => tally.total >= 20, { what: () => `${tally.total} messages` });
      // Both connections dropped, and the next attempts fail (503): both watchers wait to try again.
      await tenant.control('PUT', 'faults', { errorNext: 4, errorStatus: 503, pathPrefix: '/api/v2/events' });
      await tenant.control('POST', 'events/disconnect', { abrupt: true });
      await sleep(300);
      assert.ok(ours.alive().length > 0, 'the package holds sockets and timers while working');

      await helper.unload();
      loaded = false;
      const closedAt = tally.total;
      for (let i = 0; i < 5; i++) await tenant.control('POST', 'events/publish', { type: 'user.created', object: { user_id: `auth0|after${i}` } });
      await waitUntil(() => ours.alive().length === 0, { what: () => `still alive: ${JSON.stringify(ours.alive())}`, timeout: 10_000 });
      await waitUntil(() => Object.keys(grown(baseline, activeResources())).length === 0, {
        what: () => `resources above the baseline: ${JSON.stringify(grown(baseline, activeResources()))}`,
        timeout: 10_000,
      });
      await sleep(300);
      assert.equal(tally.total, closedAt, 'no message was sent after the close');
    } finally {
      ours.stop();
      if (loaded) await helper.unload();
      await tenant.control('DELETE', 'faults');
    }
  });
});
