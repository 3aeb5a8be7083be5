/**
 * The Node-RED versions the package is tried in, each with the Node.js it needs: this project's own
 * Node-RED 4 on the Node.js running the tests; Node-RED 3.1 on the same; Node-RED 5 (which needs
 * Node.js 22.9 or later) on the Node.js 22 binary of the npm registry's `node` package. Both extra
 * runtimes are installed from the npm registry once into a cache folder under the temp directory and
 * reused; nothing is downloaded from anywhere else.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from '../helpers/node-red-process';

export type RuntimeName = '3.1' | '4' | '5';

export interface NodeRedRuntime {
  name: RuntimeName;
  /** The `red.js` to start. */
  redJs: string;
  /** The Node.js binary to start it with. */
  node: string;
  /** The major.minor the running Node-RED must report (checked against /settings). */
  versionPrefix: string;
}

const CACHE = path.join(os.tmpdir(), 'idflow-node-red-auth0-test-cache');

function installedVersion(dir: string, pkg: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

/** `npm install spec` into a cache folder of its own unless `pkg` there already starts with `prefix`. */
export async function cachedInstall(folder: string, spec: string, pkg: string, prefix: string): Promise<string> {
  const dir = path.join(CACHE, folder);
  if (!installedVersion(dir, pkg)?.startsWith(prefix)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `${folder}-for-tests`, version: '0.0.0', private: true }));
    try {
      await run('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', '--prefer-offline', spec], dir, 300000);
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true }); // never leave a half-installed cache behind
      throw err;
    }
  }
  assert.ok(installedVersion(dir, pkg)?.startsWith(prefix), `${spec} is not installed in ${dir}`);
  return dir;
}

/** The Node.js 22 binary from the npm registry's `node` package. */
export async function node22(): Promise<string> {
  const dir = await cachedInstall('node-22', 'node@22', 'node', '22.');
  const binary = path.join(dir, 'node_modules', '.bin', 'node');
  const version = (await run(binary, ['--version'], dir)).trim();
  assert.match(version, /^v22\./, `${binary} reports ${version}`);
  return binary;
}

export async function nodeRedRuntime(name: RuntimeName): Promise<NodeRedRuntime> {
  switch (name) {
    case '4':
      return { name, redJs: require.resolve('node-red/red.js'), node: process.execPath, versionPrefix: '4.' };
    case '3.1': {
      const dir = await cachedInstall('node-red-3.1', 'node-red@~3.1.0', 'node-red', '3.1.');
      return { name, redJs: path.join(dir, 'node_modules', 'node-red', 'red.js'), node: process.execPath, versionPrefix: '3.1.' };
    }
    case '5': {
      const node = await node22();
      const dir = await cachedInstall('node-red-5', 'node-red@5', 'node-red', '5.');
      return { name, redJs: path.join(dir, 'node_modules', 'node-red', 'red.js'), node, versionPrefix: '5.' };
    }
  }
}
