/**
 * End to end: the example flow examples/logs/alert-on-failed-logins.json (log watch filtered to
 * login failures and blocked accounts → alert text) against the emulator. Failed logins made on
 * the emulator's /oauth/token come out as alerts from the watcher's next poll, that is within one
 * poll interval; the successful login does not.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import type { Auth0ConfigNode } from '../../nodes/config/config-node';
import type { RequestSpec, TenantClient } from '../../nodes/shared/http-types';
import { TAB, logModules, passwordLogin } from './runtime';
import { waitUntil } from '../helpers/wait';
import { coreNodes, errorCalls, helper, statusCalls, type FlowNode } from '../helpers/node-red';

/** The project's examples folder (the tests may run from another build directory than dist/). */
function examplesDir(): string {
  const candidates = [path.resolve(__dirname, '..', '..', '..', 'examples'), path.join(process.cwd(), 'examples')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'logs')));
  if (!found) throw new Error('examples/logs not found');
  return found;
}

function coreModule(file: string): unknown {
  const core = path.dirname(require.resolve('@node-red/nodes/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(core, 'core', file));
}

const PASSWORD = 'Correct-horse-9!';

describe('example: alert on failed logins, against the emulator', function () {
  this.timeout(60000);
  let emu: Emulator;

  before(async () => {
    emu = await startEmulator({ port: 0, seed: { users: [{ email: 'ada@example.com', password: PASSWORD }] } });
  });
  after(async () => {
    await helper.unload();
    await emu.close();
  });

  it('failed logins and the account block become alerts from the next poll; a successful login does not', async () => {
    const example = JSON.parse(fs.readFileSync(path.join(examplesDir(), 'logs', 'alert-on-failed-logins.json'), 'utf8')) as FlowNode[];
    const config = example.find((n) => n.type === 'auth0-config') as FlowNode;
    const watch = example.find((n) => n.type === 'auth0-log-watch') as FlowNode;
    const alertFn = example.find((n) => n.type === 'function') as FlowNode;
    assert.deepEqual(watch.categories, ['login_failure', 'blocked'], 'the example no longer filters login failures and blocks');
    assert.equal(watch.tenant, config.id);

    // Deployed as a user would, pointed at this emulator, the debug nodes read by the test.
    const interval = 1;
    const flow: FlowNode[] = [
      TAB,
      ...example.map((node) => {
        if (node.type === 'auth0-config') return { ...node, domain: emu.domain };
        const copy: FlowNode = { ...node, z: TAB.id };
        if (node.type === 'debug') return { id: node.id, type: 'helper', z: TAB.id, name: node.name, x: node.x, y: node.y, wires: [] };
        if (node.type === 'auth0-log-watch') return { ...copy, interval };
        return copy;
      }),
    ];
    const alertOut = (alertFn.wires as string[][])[0][0];
    await helper.load(
      [
        ...logModules('auth0-log-watch'),
        coreModule('common/20-inject.js'),
        coreModule('common/90-comment.js'),
        coreModule('function/10-function.js'),
        ...coreNodes('25-catch.js'),
      ],
      flow,
      { [config.id]: { clientId: emu.clientId, clientSecret: emu.clientSecret } },
    );
    await waitUntil(() => statusCalls(watch.id).some((s) => s.text === 'watching'), {
      what: () =>
        `the watcher never finished its first poll: ${JSON.stringify(statusCalls(watch.id))} ${String((errorCalls(watch.id)[0]?.err as Error)?.stack)}`,
    });

    // Count the watcher's log reads from here on.
    const client = (helper.getNode(config.id) as unknown as Auth0ConfigNode).getClient() as TenantClient & { request: TenantClient['request'] };
    const original = client.request.bind(client);
    let reads = 0;
    client.request = (spec: RequestSpec) => {
      if (spec.path === '/api/v2/logs') reads += 1;
      return original(spec);
    };
    const alerts: { msg: Record<string, unknown>; readsStarted: number }[] = [];
    helper.getNode(alertOut)?.on('input', (msg) => alerts.push({ msg, readsStarted: reads }));

    // Ten wrong passwords for one account (the tenth blocks it), an unknown user, a good login.
    const good = await passwordLogin(emu, 'ada@example.com', PASSWORD);
    assert.equal(good.status, 200, good.text);
    for (let i = 0; i < 10; i++) assert.equal((await passwordLogin(emu, 'ada@example.com', `wrong-${i}`)).status, 403);
    assert.equal((await passwordLogin(emu, 'nobody@example.com', 'whatever')).status, 403);
    const readsWhenDone = reads;
    const expected = emu.logs.all().filter((e) => ['fp', 'fu', 'limit_wc'].includes(String(e.type)));
    assert.equal(expected.length, 12, `the emulator logged ${expected.map((e) => e.type).join(',')}`);

    await waitUntil(() => alerts.length >= expected.length, { what: () => `${alerts.length} alerts` });
    // A read already in flight when the logins ended may have missed them; the next one must not.
    const latest = Math.max(...alerts.map((a) => a.readsStarted));
    assert.ok(latest <= readsWhenDone + 1, `alerts came ${latest - readsWhenDone} reads after the logins (interval ${interval} s)`);
    assert.deepEqual(
      alerts.map((a) => (a.msg.event as { log_id: string }).log_id),
      expected.map((e) => e.log_id),
    );

    const block = alerts.find((a) => (a.msg.event as { type: string }).type === 'limit_wc');
    assert.match(String(block?.msg.topic), /^Auth0 ALERT: ACCOUNT BLOCKED/);
    assert.match(String(block?.msg.payload), /ada@example\.com/);
    const wrong = alerts.find((a) => (a.msg.event as { type: string }).type === 'fp');
    assert.match(String(wrong?.msg.topic), /wrong password/);
    assert.ok(!alerts.some((a) => (a.msg.event as { type: string }).type === 's'), 'a successful login raised an alert');
    assert.ok(!JSON.stringify(alerts.map((a) => a.msg)).includes(PASSWORD), 'a password reached an alert');
  });
});
