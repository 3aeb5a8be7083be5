/**
 * A file context store (beside the default memory store) in a fresh directory, for one test or for
 * each test of a suite, and what the store wrote: for the suites that prove no secret reaches it and
 * those that restart the runtime and resume from it.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { closeContextStores, helper, useSettings, removeAtExit } from './node-red';

/** The store `file` (localfilesystem in `dir`) in the settings; `close()` unloads the flow and ends it all. */
export interface FileStore {
  dir: string;
  close(): Promise<void>;
}

/** Puts the store in the settings (helper.load ignores them: loadContextStores opens the stores after it). */
export function openFileStore(prefix: string): FileStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const restoreSettings = useSettings({
    contextStorage: { default: { module: 'memory' }, file: { module: 'localfilesystem', config: { dir, flushInterval: 30 } } },
  });
  return {
    dir,
    close: async () => {
      await helper.unload();
      restoreSettings();
      await closeContextStores();
      removeAtExit(dir); // Node-RED may still be cleaning it
    },
  };
}

/** Runs `work` with a file store in a fresh directory (given to it); the flow unloaded and the store ended after it. */
export async function withFileStore(prefix: string, work: (dir: string) => Promise<void>): Promise<void> {
  const store = openFileStore(prefix);
  try {
    await work(store.dir);
  } finally {
    await store.close();
  }
}

/** Registers the suite's beforeEach and afterEach; `dir()` is the current test's directory. */
export function fileStoreEachTest(prefix: string): { dir: () => string } {
  let store: FileStore | undefined;
  beforeEach(() => {
    store = openFileStore(prefix);
  });
  afterEach(async () => {
    await store?.close();
  });
  return { dir: () => store?.dir ?? '' };
}

/** Every file the store wrote, as one text (the stores closed first, so each is on disk); at least one file. */
export async function storedText(dir: string): Promise<string> {
  await closeContextStores();
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => fs.statSync(file).isFile());
  assert.ok(files.length > 0, 'the file store wrote nothing');
  return files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}
