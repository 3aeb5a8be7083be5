/**
 * @pack — the package as users install it: `npm pack` (its prepack step builds) gives a tarball
 * with the built nodes, their .html, icons and catalogs, the editor script, the examples, README,
 * LICENSE and CHANGELOG, and nothing else; installed into a fresh Node-RED user directory the way
 * the palette manager installs it, every node type loads in this project's Node-RED 4 and in
 * Node-RED 3.1.
 *
 * Needs the npm registry (the package's dependencies, and Node-RED 3.1 the first time; it is
 * kept in a cache folder under the temp directory). Skip it offline with SKIP_PACK_TEST=1;
 * under CI it always runs.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { get, run, startNodeRed } from './node-red-process';
import { nodeModules, packageJson, root } from './package-files';

const SKIP = process.env.SKIP_PACK_TEST === '1' && !process.env.CI;
const NODE_RED_3_RANGE = '~3.1.0';
const CACHE = path.join(os.tmpdir(), 'idflow-node-red-auth0-test-cache');

const pkg = packageJson();
const modules = nodeModules();

/** What a user's installation needs, besides the node modules' own files. */
const REQUIRED = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'resources/auth0-editor.js'];
/** Where anything in the tarball may come from. */
const ALLOWED = [/^package\.json$/, /^README\.md$/, /^LICENSE$/, /^CHANGELOG\.md$/, /^resources\/[^/]+\.js$/, /^examples\/.+\.json$/, /^dist\/nodes\/.+\.(js|html|json|svg|png)$/];
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
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'node-red-project', description: 'A Node-RED Project', version: '0.0.1', private: true }, null, 4));
  await run('npm', ['install', '--no-audit', '--no-update-notifier', '--no-fund', '--save', '--save-prefix=~', '--omit=dev', '--engine-strict', '--prefer-offline', tarball], dir);
}

/** Node-RED 3.1 from npm, installed once into the cache folder and reused. */
async function nodeRed3(): Promise<string> {
  const dir = path.join(CACHE, 'node-red-3.1');
  const redJs = path.join(dir, 'node_modules', 'node-red', 'red.js');
  const version = (): string | undefined => {
    try {
      return (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'node-red', 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return undefined;
    }
  };
  if (!version()?.startsWith('3.1.')) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'node-red-3-for-tests', version: '0.0.0', private: true }));
    try {
      await run('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', '--prefer-offline', `node-red@${NODE_RED_3_RANGE}`], dir, 300000);
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true }); // never leave a half-installed cache behind
      throw err;
    }
  }
  assert.ok(version()?.startsWith('3.1.'), `Node-RED 3.1 is not installed in ${dir}`);
  return redJs;
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
    contents = (await run('tar', ['-tzf', tarball], work)).split('\n').filter((line) => line !== '' && !line.endsWith('/')).map((line) => line.replace(/^package\//, ''));
  });
  after(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('holds every node module with its .html, icons, message catalog and help, the editor script, the examples, README, LICENSE and CHANGELOG', () => {
    const has = new Set(contents);
    const missing: string[] = REQUIRED.filter((file) => !has.has(file));
    for (const m of modules) {
      const dir = path.posix.dirname(m.entry);
      for (const file of [m.entry, m.entry.replace(/\.js$/, '.html'), `${dir}/locales/en-US/${m.base}.json`, `${dir}/locales/en-US/${m.base}.html`]) if (!has.has(file)) missing.push(file);
      if (!contents.some((file) => file.startsWith(`${dir}/icons/`))) missing.push(`${dir}/icons/`);
    }
    const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
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

  for (const runtime of ['4', '3.1'] as const) {
    it(`installs into a fresh user directory with npm install --omit=dev, and Node-RED ${runtime} loads every node type`, async () => {
      const redJs = runtime === '4' ? require.resolve('node-red/red.js') : await nodeRed3();
      const userDir = path.join(work, `user-dir-${runtime}`);
      await userDirWith(tarball, userDir);
      const installed = path.join(userDir, 'node_modules', '@idflow', 'node-red-auth0');
      assert.ok(fs.existsSync(path.join(installed, 'package.json')), 'the package is not in the user directory');
      assert.ok(!fs.lstatSync(installed).isSymbolicLink(), 'the package was linked, not installed');
      assert.ok(!fs.existsSync(path.join(installed, 'node_modules', 'typescript')) && !fs.existsSync(path.join(userDir, 'node_modules', 'node-red')), 'dev dependencies were installed');

      const nr = await startNodeRed(redJs, userDir);
      try {
        const version = JSON.parse((await get(`${nr.url}/settings`)).text) as { version: string };
        assert.ok(runtime === '4' ? version.version.startsWith('4.') : version.version.startsWith('3.1.'), `running Node-RED ${version.version}`);

        const info = JSON.parse((await get(`${nr.url}/nodes/${pkg.name}`, { accept: 'application/json' })).text) as { version: string; path: string };
        assert.equal(info.version, pkg.version);
        assert.equal(fs.realpathSync(info.path), fs.realpathSync(installed), 'Node-RED loaded the package from somewhere else');

        const sets = JSON.parse((await get(`${nr.url}/nodes`, { accept: 'application/json' })).text) as { module: string; types: string[]; enabled: boolean; err?: unknown; id: string }[];
        const ours = sets.filter((set) => set.module === pkg.name);
        const failed = ours.filter((set) => set.err || set.enabled === false).map((set) => `${set.id}: ${set.err ? JSON.stringify(set.err) : 'disabled'}`);
        assert.deepEqual(failed, [], 'node sets that failed to load');
        const loaded = new Set(ours.flatMap((set) => set.types));
        assert.deepEqual(modules.map((m) => m.name).filter((type) => !loaded.has(type)), [], 'node types not loaded');

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

        const problems = nr.output().split('\n').filter((line) => /\[(error|warn)\]/.test(line) && !/Projects disabled|Encrypted credentials not found|Flows file not found|Creating new flow file/.test(line));
        assert.deepEqual(problems, [], 'Node-RED logged problems');
      } finally {
        await nr.stop();
      }
    });
  }
});
