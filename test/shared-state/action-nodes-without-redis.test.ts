/**
 * Action nodes of a tenant with a Redis URL, in a Node-RED runtime, while Redis goes away and
 * comes back: requests go on (paced by the process alone), the nodes say so in their status, the
 * config node warns once, and the status clears when Redis is back.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { helper, nextMessage, nodeModules } from '../helpers/node-red';
import { useRedis } from '../helpers/redis';
import { waitUntil } from '../helpers/wait';

describe('shared state: action nodes while Redis is away (Node-RED runtime)', function () {
  this.timeout(40_000);
  let emu: Emulator;

  before(async function () {
    emu = await startEmulator({ port: 0 });
    await helper.startServer();
  });
  // Declared before useRedis(), so it runs first: the nodes are unloaded while Redis still runs.
  after(async function () {
    await helper.unload();
    await helper.stopServer();
    await emu.close();
  });
  const redis = useRedis();

  it('keep working on the local limiter, show it, warn once, and clear the status when Redis is back', async function () {
    const flow = [
      { id: 'tab', type: 'tab' },
      { id: 'tenant', type: 'auth0-config', domain: emu.domain, protocol: 'http', retries: 2, keyPrefix: 'action-test', leaseSeconds: 1 },
      {
        id: 'users',
        type: 'auth0-users',
        z: 'tab',
        tenant: 'tenant',
        operation: 'list',
        params: { per_page: { value: '2', type: 'num' } },
        paging: 'all',
        pagingOutput: 'array',
        version: 1,
        wires: [['out']],
      },
      { id: 'out', type: 'helper', z: 'tab' },
    ];
    await helper.load(nodeModules('users/auth0-users'), flow, { tenant: { clientId: emu.clientId, clientSecret: emu.clientSecret, redisUrl: redis.url } });
    const list = helper.getNode('users')!;
    const statuses: { text?: string }[] = [];
    const original = (list.status as (s: unknown) => void).bind(list);
    (list as unknown as { status: (s: { text?: string }) => void }).status = (s) => {
      statuses.push(s);
      original(s);
    };
    const got = nextMessage(helper.getNode('out'));
    list.receive({});
    assert.ok(Array.isArray((await got).payload));

    await redis.stop();
    await waitUntil(() => statuses.some((s) => s.text === 'Redis unavailable: pacing alone'), { what: 'the unavailable status', timeout: 15_000 });
    const during = nextMessage(helper.getNode('out'));
    list.receive({});
    assert.ok(Array.isArray((await during).payload), 'a request while Redis is away succeeds');

    await redis.begin();
    await waitUntil(() => statuses.length > 0 && statuses[statuses.length - 1].text === undefined, { what: 'the status cleared', timeout: 15_000 });
    const warnings = helper.log().args.filter((args) => {
      const entry = args[0] as { level?: number; msg?: unknown; type?: string };
      return entry?.type === 'auth0-config' && /Redis URL \(redisUrl\)/.test(String(entry.msg));
    });
    assert.equal(warnings.length, 1, 'one warning for the outage');
    assert.doesNotMatch(JSON.stringify(helper.log().args), /clientSecret|local-emulator-secret/);
  });
});
