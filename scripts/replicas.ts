/**
 * `npm run replicas`: what several Node-RED replicas sharing one Auth0 tenant look like, without
 * containers: the local emulator, a redis-server (Debian's package) and two Node-RED processes
 * with this package, the alerting example (examples/logs/alert-on-failed-logins.json) deployed in
 * both against the emulator, the config node with a Redis URL. One replica holds the log watch's
 * lease, the other shows "standby"; each failed login gives one alert, printed by the replica
 * that holds it. Stop the one that alerts (its editor's Deploy, or kill it) and the other takes
 * over. Ctrl-C stops everything.
 *
 * Ports: EMULATOR_PORT (4010), REDIS_PORT (6390), NODE_RED_PORT (1881 and the next one).
 * State (user directories, Redis's file) in .node-red-replicas/ (ignored by git).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator } from '../emulator';
import { deployableFlow, readExamples } from './example-flows';
import { RedisServer } from './local-redis';
import { Replica, replicaUserDir } from './node-red-replica';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_WEB_CLIENT } from './demo-clients';

const root = path.resolve(__dirname, '..', '..');
const stateDir = path.join(root, '.node-red-replicas');
const emulatorPort = Number(process.env.EMULATOR_PORT ?? 4010);
const redisPort = Number(process.env.REDIS_PORT ?? 6390);
const nodeRedPort = Number(process.env.NODE_RED_PORT ?? 1881);
const EXAMPLE = 'logs/alert-on-failed-logins.json';

async function main(): Promise<void> {
  const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as Record<string, unknown>;
  const emulator = await startEmulator({ port: emulatorPort, clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET, webClient: DEMO_WEB_CLIENT, seed });
  console.log(`Auth0 emulator (a local stand-in, not a real identity service): ${emulator.url}`);
  const redis = await RedisServer.start({ port: redisPort, dir: path.join(stateDir, 'redis') });
  console.log(`Redis: ${redis.url} (data in ${path.relative(root, redis.dir)})`);

  const replicas = ['a', 'b'].map((name, i) => new Replica(name, replicaUserDir(stateDir, `node-red-${name}`), nodeRedPort + i, true));
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await Promise.all(replicas.map((r) => r.stop()));
    await redis.stop();
    await emulator.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  await Promise.all(replicas.map((r) => r.start()));
  const example = readExamples(path.join(root, 'examples')).filter((e) => e.file === EXAMPLE);
  if (example.length !== 1) throw new Error(`the example ${EXAMPLE} is missing`);
  const flow = deployableFlow(example, {
    name: 'Local emulator (replicas share it through Redis)',
    domain: emulator.domain,
    protocol: 'http',
    clientId: DEMO_CLIENT_ID,
    clientSecret: DEMO_CLIENT_SECRET,
  });
  for (const node of flow) {
    if (node.type === 'auth0-config') {
      (node.credentials as Record<string, string>).redisUrl = redis.url;
      node.keyPrefix = '';
      node.leaseSeconds = 5;
    }
    // The alerts are printed in this terminal too, prefixed with the replica that sent them.
    if (node.type === 'debug') node.console = true;
  }
  await Promise.all(replicas.map((r) => r.deploy(flow)));
  console.log(`
Two Node-RED replicas share the emulator's tenant through Redis:
${replicas.map((r) => `  ${r.name}: ${r.url}/`).join('\n')}
One of them holds the log watch (the other shows "standby"). Sign in with a wrong password to see
one alert, not two (it appears within the watch's 10 s interval, from whichever replica holds it):

  curl -s ${emulator.url}/oauth/token -H 'content-type: application/json' -d '{"grant_type":"password","username":"ada@example.com","password":"wrong","client_id":"${emulator.webClient.clientId}","client_secret":"${emulator.webClient.clientSecret}"}'

Ctrl-C stops everything.
`);
}

main().catch((err: Error) => {
  console.error(`npm run replicas failed: ${err.message}`);
  process.exit(1);
});
