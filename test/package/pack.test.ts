/**
 * @pack — the package as users install it: `npm pack` (its prepack step builds) gives a tarball
 * with the built nodes, their .html, icons and catalogs, the editor script, the examples, README,
 * LICENSE and CHANGELOG, and nothing else; installed into a fresh Node-RED user directory the way
 * the palette manager installs it, every node type loads in Node-RED 3.1, this project's Node-RED 4
 * and Node-RED 5 (on the npm registry's Node.js 22), and a flow using the package runs against the
 * local emulator in each.
 *
 * Needs the npm registry (the package's dependencies, and Node-RED 3.1 and 5 with Node.js 22 the
 * first time; they are kept in a cache folder under the temp directory). Skip it offline with SKIP_PACK_TEST=1;
 * under CI it always runs.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { get, run, send, startNodeRed } from '../helpers/node-red-process';
import { nodeRedRuntime, type RuntimeName } from './node-red-runtimes';
import { nodeModules, packageJson, root } from './package-files';

const SKIP = process.env.SKIP_PACK_TEST === '1' && !process.env.CI;

const pkg = packageJson();
const modules = nodeModules();

/** What a user's installation needs, besides the node modules' own files. */
const REQUIRED = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'resources/auth0-editor.js'];
/** Where anything in the tarball may come from. */
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^CHANGELOG\.md$/,
  /^resources\/[^/]+\.js$/,
  /^examples\/.+\.json$/,
  /^dist\/nodes\/.+\.(js|html|json|svg|png)$/,
  // @idflow/node-red-auth0/login and its plugin.
  /^dist\/login\/[^/]+\.(js|html)$/,
  // The licence of Auth0's API descriptions, beside the data derived from them.
  /^dist\/nodes\/descriptions\/LICENSE$/,
];
/** Things that must never ship, with the reason shown when they do. */
const FORBIDDEN: [RegExp, string][] = [
  [/\.ts$/, 'TypeScript source'],
  [/\.map$/, 'source map'],
  [/^(test|emulator|scripts|bench|nodes|docs|\.ci|\.node-red-data)\//, 'development folder'],
  [/^dist\/(test|emulator|scripts|bench)\//, 'built development code'],
  [/(^|\/)tsconfig[^/]*\.json$|(^|\/)\.mocharc/, 'tool configuration'],
];

/** A Node-RED user directory as Node-RED creates it, with the tarball installed as the palette manager does. */
async function userDirWith(tarball: string, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'node-red-project', description: 'A Node-RED Project', version: '0.0.1', private: true }, null, 4),
  );
  await run(
    'npm',
    ['install', '--no-audit', '--no-update-notifier', '--no-fund', '--save', '--save-prefix=~', '--omit=dev', '--engine-strict', '--prefer-offline', tarball],
    dir,
  );
}

(SKIP ? describe.skip : describe)('@pack the npm package, installed as users install it', function () {
  this.timeout(420000);
  let work: string;
  let tarball: string;
  let contents: string[];

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-node-red-auth0-pack-'));
    // prepack builds, as on a fresh clone.
    await run('npm', ['pack', '--pack-destination', work], root, 300000);
    const packed = fs.readdirSync(work).filter((name) => name.endsWith('.tgz'));
    assert.equal(packed.length, 1, `npm pack wrote ${packed.join(', ') || 'nothing'}`);
    tarball = path.join(work, packed[0]);
    contents = (await run('tar', ['-tzf', tarball], work))
      .split('\n')
      .filter((line) => line !== '' && !line.endsWith('/'))
      .map((line) => line.replace(/^package\//, ''));
  });
  after(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('holds every node module with its .html, icons, message catalog and help, the editor script, the examples, README, LICENSE and CHANGELOG', () => {
    const has = new Set(contents);
    const missing: string[] = REQUIRED.filter((file) => !has.has(file));
    for (const m of modules) {
      const dir = path.posix.dirname(m.entry);
      for (const file of [m.entry, m.entry.replace(/\.js$/, '.html'), `${dir}/locales/en-US/${m.base}.json`, `${dir}/locales/en-US/${m.base}.html`])
        if (!has.has(file)) missing.push(file);
      if (!contents.some((file) => file.startsWith(`${dir}/icons/`))) missing.push(`${dir}/icons/`);
    }
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
    for (const example of walk(path.join(root, 'examples'))) {
      const rel = path.relative(root, example).split(path.sep).join('/');
      if (!has.has(rel)) missing.push(rel);
    }
    assert.deepEqual(missing, []);
  });

  it('holds nothing users do not need: no tests, emulator, scripts, bench, TypeScript sources or source maps', () => {
    const forbidden = contents.flatMap((file) => FORBIDDEN.filter(([pattern]) => pattern.test(file)).map(([, why]) => `${file} (${why})`));
    assert.deepEqual(forbidden, []);
    const unexpected = contents.filter((file) => !ALLOWED.some((pattern) => pattern.test(file)));
    assert.deepEqual(unexpected, [], 'files outside what an installation uses (Node-RED reads icons only beside the node .js files)');
  });

  for (const name of ['3.1', '4', '5'] as RuntimeName[]) {
    it(`installs into a fresh user directory with npm install --omit=dev; Node-RED ${name} loads every node type and runs a flow against the emulator`, async () => {
      const runtime = await nodeRedRuntime(name);
      const userDir = path.join(work, `user-dir-${name}`); // one each: what one runtime records there must not reach the next
      await userDirWith(tarball, userDir);
      const installed = path.join(userDir, 'node_modules', '@idflow', 'node-red-auth0');
      assert.ok(fs.existsSync(path.join(installed, 'package.json')), 'the package is not in the user directory');
      assert.ok(!fs.lstatSync(installed).isSymbolicLink(), 'the package was linked, not installed');
      assert.ok(
        !fs.existsSync(path.join(installed, 'node_modules', 'typescript')) && !fs.existsSync(path.join(userDir, 'node_modules', 'node-red')),
        'dev dependencies were installed',
      );

      const nr = await startNodeRed(runtime.redJs, userDir, 90000, runtime.node);
      let emulator: Emulator | undefined;
      try {
        const version = JSON.parse((await get(`${nr.url}/settings`)).text) as { version: string };
        assert.ok(version.version.startsWith(runtime.versionPrefix), `running Node-RED ${version.version}, expected ${runtime.versionPrefix}x`);

        const info = JSON.parse((await get(`${nr.url}/nodes/${pkg.name}`, { accept: 'application/json' })).text) as { version: string; path: string };
        assert.equal(info.version, pkg.version);
        assert.equal(fs.realpathSync(info.path), fs.realpathSync(installed), 'Node-RED loaded the package from somewhere else');

        const sets = JSON.parse((await get(`${nr.url}/nodes`, { accept: 'application/json' })).text) as {
          module: string;
          types: string[];
          enabled: boolean;
          err?: unknown;
          id: string;
        }[];
        const ours = sets.filter((set) => set.module === pkg.name);
        const failed = ours.filter((set) => set.err || set.enabled === false).map((set) => `${set.id}: ${set.err ? JSON.stringify(set.err) : 'disabled'}`);
        assert.deepEqual(failed, [], 'node sets that failed to load');
        const loaded = new Set(ours.flatMap((set) => set.types));
        assert.deepEqual(
          modules.map((m) => m.name).filter((type) => !loaded.has(type)),
          [],
          'node types not loaded',
        );

        // The login module: the subpath resolves from the user directory (as settings.js requires it), and its plugin loaded.
        const login = await run(runtime.node, ['-p', "Object.keys(require('@idflow/node-red-auth0/login')).sort().join(',')"], userDir);
        assert.equal(login.trim(), 'adminAuth,httpMiddleware,logoutUrl');
        const plugins = JSON.parse((await get(`${nr.url}/plugins`, { accept: 'application/json' })).text) as {
          module: string;
          plugins?: { id: string }[];
          err?: unknown;
        }[];
        const loginPlugin = plugins.find((set) => set.module === pkg.name);
        assert.ok(loginPlugin && !loginPlugin.err, `the auth0-login-routes plugin did not load: ${JSON.stringify(loginPlugin)}`);

        const editor = await get(`${nr.url}/nodes`, { accept: 'text/html' });
        for (const m of modules) assert.ok(editor.text.includes(`registerType('${m.name}'`), `the editor gets no definition of ${m.name}`);
        const script = await get(`${nr.url}/resources/${pkg.name}/auth0-editor.js`);
        assert.equal(script.status, 200, 'resources/auth0-editor.js is not served');
        assert.match(script.text, /Auth0Editor/);
        const icon = await get(`${nr.url}/icons/${pkg.name}/auth0.svg`);
        assert.equal(icon.status, 200, 'the icon is not served');
        const messages = JSON.parse((await get(`${nr.url}/nodes/messages?lng=en-US`, { accept: 'application/json' })).text) as Record<string, unknown>;
        for (const m of modules) assert.ok(messages[`${pkg.name}/${m.name}`], `no message catalog for ${m.name}`);
        const exampleFolders = JSON.parse((await get(`${nr.url}/library/examples/flows/${pkg.name}`, { accept: 'application/json' })).text) as unknown[];
        assert.ok(exampleFolders.includes('users') && exampleFolders.includes('management'), `Import → Examples lists ${JSON.stringify(exampleFolders)}`);

        emulator = await startEmulator({ port: 0, clientId: 'pack-test-m2m', clientSecret: 'pack-test-secret' });
        await runFlowAgainst(nr.url, emulator);

        const problems = nr
          .output()
          .split('\n')
          .filter(
            (line) =>
              /\[(error|warn)\]/.test(line) && !/Projects disabled|Encrypted credentials not found|Flows file not found|Creating new flow file/.test(line),
          );
        assert.deepEqual(problems, [], 'Node-RED logged problems');
      } finally {
        await nr.stop();
        await emulator?.close();
      }
    });
  }
});

/**
 * Deploys http in → auth0-users (create) → auth0-users (get) → http response with a tenant on the
 * emulator, as a user would through the admin API (credentials sent with the flow), and calls it.
 */
async function runFlowAgainst(nodeRedUrl: string, emulator: Emulator): Promise<void> {
  const tenant = {
    id: 'pack-tenant',
    type: 'auth0-config',
    name: 'emulator',
    domain: new URL(emulator.url).host,
    protocol: 'http',
    credentials: { clientId: 'pack-test-m2m', clientSecret: 'pack-test-secret' },
  };
  const flow = [
    { id: 'pack-tab', type: 'tab', label: 'pack test' },
    tenant,
    { id: 'pack-in', type: 'http in', z: 'pack-tab', url: '/pack-probe', method: 'post', wires: [['pack-create']] },
    { id: 'pack-create', type: 'auth0-users', z: 'pack-tab', tenant: tenant.id, operation: 'create', params: {}, wires: [['pack-shape']] },
    {
      id: 'pack-shape',
      type: 'change',
      z: 'pack-tab',
      rules: [{ t: 'set', p: 'payload', pt: 'msg', to: '{"id": payload.user_id}', tot: 'jsonata' }],
      wires: [['pack-get']],
    },
    { id: 'pack-get', type: 'auth0-users', z: 'pack-tab', tenant: tenant.id, operation: 'get', params: {}, wires: [['pack-out']] },
    { id: 'pack-out', type: 'http response', z: 'pack-tab', wires: [] },
  ];
  const deployed = await send('POST', `${nodeRedUrl}/flows`, flow, { 'Node-RED-Deployment-Type': 'full' });
  assert.equal(deployed.status, 204, `deploy answered ${deployed.status}: ${deployed.text}`);
  const email = `pack-${Date.now()}@example.com`;
  let answer = await send('POST', `${nodeRedUrl}/pack-probe`, { body: { email, password: 'Pack-test-1!', connection: 'Username-Password-Authentication' } });
  // The flow's nodes start just after the deploy answers; one retry covers that gap.
  if (answer.status === 404) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await send('POST', `${nodeRedUrl}/pack-probe`, { body: { email, password: 'Pack-test-1!', connection: 'Username-Password-Authentication' } });
  }
  assert.equal(answer.status, 200, `the flow answered ${answer.status}: ${answer.text}`);
  const user = JSON.parse(answer.text) as { email?: string; user_id?: string };
  assert.equal(user.email, email, 'the flow did not read back the user it created on the emulator');
  assert.ok(user.user_id, 'the user read back has no user_id');
}
