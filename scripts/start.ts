/**
 * `npm start`: the local emulator plus a Node-RED from the project's own dependencies, with a
 * user directory inside the project (.node-red-data/, ignored by git), this package linked into
 * it, and every example flow deployed against the emulator. Ctrl-C stops both.
 *
 * That Node-RED has no login, so the person at the keyboard gets the editor at once; instead it
 * listens on 127.0.0.1 only and refuses every request from another site (a foreign Origin, or a
 * Host that is not its loopback address: see local-guard.ts), and its credentialSecret is made at
 * first start and kept in the user directory (see credential-secret.ts).
 *
 * Ports: NODE_RED_PORT (default 1880), EMULATOR_PORT (default 4010); NODE_RED_USER_DIR moves the user directory;
 * NODE_RED_PACKAGE and NODE_RED_NODE run another Node-RED (a package folder) on another Node.js (the tests' Node-RED 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../emulator';
import { DASHBOARD_TAB, arrangedFlow, startExamples, type FlowNode } from './example-flows';
import { readFlowsFile, readRecord, recordOf, startFlows, writeRecord } from './start-flows';
import { SECRET_FILE, ensureCredentialSecret } from './credential-secret';
import { loginBanner, loginWanted, setUpLogin } from './start-login';
import { CONTEXT_STORAGE, durableNodes } from './context-storage';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_WEB_CLIENT } from './demo-clients';

const root = path.resolve(__dirname, '..', '..');
// NODE_RED_USER_DIR lets the first-start test run npm start without touching a developer's own .node-red-data/.
const userDir = process.env.NODE_RED_USER_DIR ? path.resolve(process.env.NODE_RED_USER_DIR) : path.join(root, '.node-red-data');
const nodeRedPort = Number(process.env.NODE_RED_PORT ?? 1880);
const emulatorPort = Number(process.env.EMULATOR_PORT ?? 4010);

/** FlowFuse Dashboard 2 where the project's dependencies have it (a dev dependency), else undefined. */
function dashboardDir(): string | undefined {
  try {
    return path.dirname(require.resolve('@flowfuse/node-red-dashboard/package.json', { paths: [root] }));
  } catch {
    return undefined;
  }
}

/** Node-RED loads the nodes of the packages in its user directory's node_modules: this package, and the dashboard when installed. */
function linkPackage(target: string | undefined, name: string): void {
  const link = path.join(userDir, 'node_modules', ...name.split('/'));
  fs.mkdirSync(path.dirname(link), { recursive: true });
  const present = fs.lstatSync(link, { throwIfNoEntry: false });
  if (present && !fs.existsSync(link)) fs.unlinkSync(link); // a link to a package no longer installed
  if (target && !fs.existsSync(link)) fs.symlinkSync(target, link, 'dir');
}

function prepareUserDir(): void {
  linkPackage(root, '@idflow/node-red-auth0');
  linkPackage(dashboardDir(), '@flowfuse/node-red-dashboard');
  fs.writeFileSync(
    path.join(userDir, 'package.json'),
    JSON.stringify(
      {
        name: 'node-red-auth0-local',
        description: 'Node-RED user directory of npm start',
        version: '0.0.0',
        private: true,
        dependencies: { '@idflow/node-red-auth0': `file:${path.relative(userDir, root) || '.'}` },
      },
      null,
      2,
    ),
  );
  ensureCredentialSecret(userDir);
  fs.writeFileSync(
    path.join(userDir, 'settings.js'),
    `// Written by npm start; changes are overwritten. Run by scripts/local-node-red.ts, which refuses requests from other sites.
module.exports = {
    uiHost: '127.0.0.1',
    flowFile: 'flows.json',
    // Made at first start, kept beside this file (never in git): the credentials typed into this editor are encrypted with it.
    credentialSecret: require('fs').readFileSync(require('path').join(__dirname, '${SECRET_FILE}'), 'utf8').trim(),
    // checkpoints: where the examples' log and event watchers keep their place and log alerts their counts (see durableNodes).
    contextStorage: ${JSON.stringify(CONTEXT_STORAGE)},
    editorTheme: { tours: false },
    // No consent modal and no update notice in the way of a first look at the examples.
    telemetry: { enabled: false, updateNotification: false },
    logging: { console: { level: 'info', metrics: false, audit: false } }
};
`,
  );
}

/** The examples' own addresses (Node-RED on 1880, the emulator on 4010) made this start's, in every text: comments, URLs, code. */
function retarget(flow: FlowNode[], emulatorHost: string): FlowNode[] {
  const text = JSON.stringify(flow).split('127.0.0.1:1880').join(`127.0.0.1:${nodeRedPort}`).split('127.0.0.1:4010').join(emulatorHost);
  return JSON.parse(text) as FlowNode[];
}

function flowsBanner(decision: ReturnType<typeof startFlows>): string {
  if (decision.replaced.length === 0 && decision.kept.length === 0) return `Example flows deployed (${decision.added.length} tabs).`;
  const lines = [`Flows kept: ${decision.kept.length > 0 ? decision.kept.join(', ') : 'none'} (tabs you made or changed are never replaced).`];
  if (decision.replaced.length > 0) lines.push(`Example tabs refreshed (unchanged since npm start deployed them): ${decision.replaced.join(', ')}.`);
  if (decision.added.length > 0) lines.push(`New example tabs: ${decision.added.join(', ')}.`);
  if (!decision.flow)
    lines.push(
      `These flows were not deployed by this npm start, so nothing was changed. To start again from the examples, stop, delete ${path.join(userDir, 'flows.json')} and run npm start.`,
    );
  return lines.join('\n');
}

/** What the examples need, printed: the emulator's demo applications are no secret. */
function credentialsBanner(emulator: Emulator): string {
  return [
    'Credentials of the local emulator (environment of this Node-RED; the examples read them as ${NAME}):',
    `  AUTH0_DOMAIN=${emulator.domain}  (protocol http)`,
    `  AUTH0_CLIENT_ID=${DEMO_CLIENT_ID}  AUTH0_CLIENT_SECRET=${DEMO_CLIENT_SECRET}  (machine-to-machine: the "Local emulator" config node)`,
    `  AUTH0_WEB_CLIENT_ID=${emulator.webClient.clientId}  client secret ${emulator.webClient.clientSecret}  (regular web application: the login examples)`,
    `  AUTH0_SPA_CLIENT_ID=${emulator.spaClient.clientId}  (single-page application, no secret)`,
  ].join('\n');
}

function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      { method, headers: { ...headers, ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function waitForNodeRed(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`Node-RED exited with code ${child.exitCode}`);
    try {
      const res = await request('GET', `${base}/settings`);
      if (res.status === 200 || res.status === 401) return; // 401: up, behind the editor login
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('Node-RED did not start within 60 s');
}

async function main(): Promise<void> {
  const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as Record<string, unknown>;
  const emulator: Emulator = await startEmulator({
    port: emulatorPort,
    clientId: DEMO_CLIENT_ID,
    clientSecret: DEMO_CLIENT_SECRET,
    webClient: DEMO_WEB_CLIENT,
    seed,
  });
  console.log(`Auth0 emulator (a local stand-in, not a real identity service): ${emulator.url}`);
  prepareUserDir();
  // Read before Node-RED starts: what the user has, and what npm start deployed before.
  const current = readFlowsFile(userDir);
  const record = readRecord(userDir);
  const login = loginWanted() ? setUpLogin(emulator, userDir, nodeRedPort) : undefined;
  // NODE_RED_NODE: the Node.js to run it with (Node-RED 5 needs 22.9 or later).
  const child = spawn(process.env.NODE_RED_NODE ?? process.execPath, [path.join(__dirname, 'local-node-red.js'), userDir, String(nodeRedPort)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      // The examples' config node reads the tenant from these (an example imported through the menu too).
      AUTH0_DOMAIN: emulator.domain,
      AUTH0_CLIENT_ID: DEMO_CLIENT_ID,
      AUTH0_CLIENT_SECRET: DEMO_CLIENT_SECRET,
      NODE_RED_URL: `http://127.0.0.1:${nodeRedPort}`,
      AUTH0_WEB_CLIENT_ID: emulator.webClient.clientId,
      AUTH0_SPA_CLIENT_ID: emulator.spaClient.clientId,
      AUTH0_EMULATOR_URL: emulator.url,
      ...login?.env,
    },
  });
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      // Node-RED's nodes save their place as they close (the checkpoints store writes at once): wait for it, a while at most.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    }
    await emulator.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  child.on('exit', (code) => void stop(code ?? 0));

  const base = `http://127.0.0.1:${nodeRedPort}`;
  await waitForNodeRed(base, child);
  const dashboard = dashboardDir() !== undefined;
  const { examples, tabLabels } = startExamples(root, dashboard);
  const fresh = retarget(
    durableNodes(
      arrangedFlow(
        examples,
        { name: 'Local emulator', domain: '${AUTH0_DOMAIN}', protocol: 'http', clientId: '${AUTH0_CLIENT_ID}', clientSecret: '${AUTH0_CLIENT_SECRET}' },
        tabLabels,
      ),
    ),
    emulator.domain,
  );
  const decision = startFlows(current, record, fresh);
  if (decision.flow) {
    const deployed = await request('POST', `${base}/flows`, decision.flow, { 'Node-RED-Deployment-Type': 'full', ...login?.deployHeaders });
    if (deployed.status >= 300) throw new Error(`deploying the example flows failed: ${deployed.status} ${deployed.text.slice(0, 300)}`);
    const configId = record?.configId ?? (fresh.find((node) => node.type === 'auth0-config') as FlowNode).id;
    writeRecord(userDir, recordOf(decision.flow, configId, decision.exampleTabIds, record));
  }
  console.log(`\n${flowsBanner(decision)}`);
  console.log(`\n${credentialsBanner(emulator)}`);
  if (login) console.log(`\n${loginBanner(emulator)}`);
  console.log(
    dashboard
      ? `\nDashboard (FlowFuse Dashboard 2, the "Tenant dashboard" group on the ${DASHBOARD_TAB} tab): ${base}/dashboard`
      : '\nNo dashboard: @flowfuse/node-red-dashboard is not installed (npm install installs it with the dev dependencies).',
  );
  console.log(`\nNode-RED editor: ${base}/  (start on the "Start here" tab; every example is deployed against the emulator; Ctrl-C stops both)\n`);
}

main().catch((err: Error) => {
  console.error(`npm start failed: ${err.message}`);
  process.exit(1);
});
