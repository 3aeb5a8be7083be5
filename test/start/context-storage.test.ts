/**
 * npm start's context stores (scripts/context-storage.ts), run through Node-RED's own file store
 * module: a watcher's checkpoint in `checkpoints` stays the newest when a node of the same tab uses
 * the cached `file` store, which writes back all it holds when it flushes.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKPOINT_STORE, CONTEXT_STORAGE, durableNodes } from '../../scripts/context-storage';

interface FileStore {
  open(): Promise<void>;
  close(): Promise<void>;
  get(scope: string, key: string, callback: (err: Error | null, value?: unknown) => void): void;
  set(scope: string, key: string, value: unknown, callback: (err: Error | null) => void): void;
}
type FileStoreModule = (config: Record<string, unknown>) => FileStore;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const localFileSystem = require('@node-red/runtime/lib/nodes/context/localfilesystem') as FileStoreModule;

function store(name: keyof typeof CONTEXT_STORAGE, userDir: string): FileStore {
  const entry = CONTEXT_STORAGE[name] as { module: string; config?: Record<string, unknown> };
  assert.equal(entry.module, 'localfilesystem');
  // Node-RED gives the module the store's config with the settings beside it.
  return localFileSystem({ ...entry.config, settings: { userDir } });
}

const call = <T>(run: (callback: (err: Error | null, value?: T) => void) => void): Promise<T | undefined> =>
  new Promise((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value))));

describe('npm start: the context stores', () => {
  let userDir: string;
  beforeEach(() => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-context-stores-'));
  });
  afterEach(() => fs.rmSync(userDir, { recursive: true, force: true }));

  it('keeps the newest checkpoint when the file store of the same tab flushes', async () => {
    const checkpoints = store(CHECKPOINT_STORE, userDir);
    await checkpoints.open();
    await call((cb) => checkpoints.set('tab', 'auth0LogWatch_w1', { checkpoint: 'log-100' }, cb));
    // Node-RED starts: the cached file store reads what its directory holds.
    const file = store('file', userDir);
    await file.open();
    await call((cb) => checkpoints.set('tab', 'auth0LogWatch_w1', { checkpoint: 'log-500' }, cb));
    await call((cb) => file.set('tab', 'auth0LogAlert_a1', { alerts: 1 }, cb));
    assert.equal(await call((cb) => file.get('tab', 'auth0LogWatch_w1', cb)), undefined, 'each store sees only its own keys');
    await file.close();
    assert.deepEqual(await call((cb) => checkpoints.get('tab', 'auth0LogWatch_w1', cb)), { checkpoint: 'log-500' });
    await checkpoints.close();
  });

  it("gives the examples' watchers and log alerts the checkpoints store, so a restart keeps their place and counts", () => {
    const root = path.resolve(__dirname, '..', '..', '..', 'examples');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else if (entry.name.endsWith('.json')) files.push(path.join(dir, entry.name));
      }
    };
    walk(root);
    const flow = files.flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as { type: string; store?: unknown }[]);
    const alerts = flow.filter((node) => node.type === 'auth0-log-alert');
    assert.ok(alerts.length >= 4, 'the examples have log alerts');
    const deployed = durableNodes([...flow, { type: 'auth0-log-alert', store: 'file' }, { type: 'function', store: '' }]);
    for (const node of deployed.filter((n) => ['auth0-log-alert', 'auth0-log-watch', 'auth0-events'].includes(n.type))) {
      assert.ok(node.store === CHECKPOINT_STORE || node.store === 'file', JSON.stringify(node).slice(0, 200));
    }
    assert.equal(deployed.at(-2)?.store, 'file', 'a store the flow chose is kept');
    assert.equal(deployed.at(-1)?.store, '', 'other nodes are left as they are');
  });
});
