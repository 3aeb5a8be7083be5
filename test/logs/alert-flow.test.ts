/**
 * End to end: the example flow examples/logs/alert-on-failed-logins.json (log watch filtered to
 * login failures and blocked accounts → log alert, failed logins per user and IP address → a debug
 * node and an http request placeholder) against the emulator. Six failed logins of one user from
 * one address make one alert, at the fifth; the successful login and the unknown user make none.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
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

  it('six failed logins of one user and address become one alert; a successful login and another user do not', async () => {
    const example = JSON.parse(fs.readFileSync(path.join(examplesDir(), 'logs', 'alert-on-failed-logins.json'), 'utf8')) as FlowNode[];
    const config = example.find((n) => n.type === 'auth0-config') as FlowNode;
    const watch = example.find((n) => n.type === 'auth0-log-watch') as FlowNode;
    const alert = example.find((n) => n.type === 'auth0-log-alert') as FlowNode;
    const placeholder = example.find((n) => n.type === 'http request') as FlowNode;
    assert.deepEqual(watch.categories, ['login_failure', 'blocked'], 'the example no longer filters login failures and blocks');
    assert.equal(watch.tenant, config.id);
    assert.deepEqual((watch.wires as string[][])[0], [alert.id]);
    assert.deepEqual([alert.rule, alert.key, alert.threshold, alert.window], ['failed_logins_user_ip', 'user+ip', 5, 600]);
    const alertTargets = (alert.wires as string[][])[0];
    assert.ok(alertTargets.includes(placeholder.id), 'the alert no longer reaches the http request placeholder');

    // Deployed as a user would, pointed at this emulator; the debug and http request nodes read by the test.
    const interval = 1;
    const flow: FlowNode[] = [
      TAB,
      ...example
        .filter((node) => node.type !== 'http in' && node.type !== 'http response')
        .map((node) => {
          if (node.type === 'auth0-config') return { ...node, domain: emu.domain };
          const copy: FlowNode = { ...node, z: TAB.id };
          if (node.type === 'debug' || node.type === 'http request')
            return { id: node.id, type: 'helper', z: TAB.id, name: node.name, x: node.x, y: node.y, wires: [] };
          if (node.type === 'auth0-log-watch') return { ...copy, interval };
          return copy;
        }),
    ];
    await helper.load(
      [...logModules('auth0-log-watch', 'auth0-log-alert'), coreModule('common/20-inject.js'), coreModule('common/90-comment.js'), ...coreNodes('25-catch.js')],
      flow,
      { [config.id]: { clientId: emu.clientId, clientSecret: emu.clientSecret } },
    );
    await waitUntil(() => statusCalls(watch.id).some((s) => s.text === 'watching'), {
      what: () =>
        `the watcher never finished its first poll: ${JSON.stringify(statusCalls(watch.id))} ${String((errorCalls(watch.id)[0]?.err as Error)?.stack)}`,
    });
    const alerts: Record<string, unknown>[] = [];
    const posted: Record<string, unknown>[] = [];
    helper.getNode(alertTargets.find((id) => id !== placeholder.id) as string)?.on('input', (msg) => alerts.push(msg));
    helper.getNode(placeholder.id)?.on('input', (msg) => posted.push(msg));

    const good = await passwordLogin(emu, 'ada@example.com', PASSWORD);
    assert.equal(good.status, 200, good.text);
    for (let i = 0; i < 6; i++) assert.equal((await passwordLogin(emu, 'ada@example.com', `wrong-${i}`)).status, 403);
    assert.equal((await passwordLogin(emu, 'nobody@example.com', 'whatever')).status, 403);
    const failed = emu.logs.all().filter((e) => ['fp', 'fu'].includes(String(e.type)));
    assert.equal(
      failed.length,
      7,
      `the emulator logged ${emu.logs
        .all()
        .map((e) => e.type)
        .join(',')}`,
    );

    await waitUntil(() => alerts.length >= 1, { what: () => `no alert; alert node status ${JSON.stringify(statusCalls(alert.id).slice(-1))}` });
    // Every failed login read (the status counts the keys: ada's pair and the unknown user's), and still one alert.
    await waitUntil(() => statusCalls(alert.id).some((s) => s.text === '2 keys, 1 alert'), { what: () => JSON.stringify(statusCalls(alert.id).slice(-1)) });
    await new Promise((resolve) => setTimeout(resolve, 2 * interval * 1000));
    assert.equal(alerts.length, 1, 'one alert, not one message per failed login');
    assert.equal(posted.length, 1, 'the http request placeholder got the alert too');
    const payload = alerts[0].payload as { rule: string; key: string; count: number; types: string[]; text: string; sample: { user_name?: string }[] };
    assert.equal(alerts[0].topic, 'failed_logins_user_ip');
    assert.equal(payload.count, 5);
    assert.match(payload.key, /\|/);
    assert.deepEqual(payload.types, ['fp']);
    assert.equal(payload.sample[0].user_name, 'ada@example.com');
    assert.match(payload.text, /^Failed logins per user and IP address: 5 events for /);
    assert.ok(!JSON.stringify(alerts.map((a) => a.payload)).includes(PASSWORD), 'a password reached an alert');
  });
});
