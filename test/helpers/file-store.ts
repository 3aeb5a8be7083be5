/**
 * A file context store (beside the default memory store) in a fresh directory for each test of a
 * suite, and what the store wrote, for the suites that prove no secret reaches it.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { closeContextStores, helper, useSettings, removeAtExit } from '../helpers/node-red';

/** Registers the suite's beforeEach and afterEach; `dir()` is the current test's directory. */
export function fileStoreEachTest(prefix: string): { dir: () => string } {
  let dir = '';
  let restoreSettings: () => void = () => undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    restoreSettings = useSettings({
      contextStorage: { default: { module: 'memory' }, file: { module: 'localfilesystem', config: { dir, flushInterval: 30 } } },
    });
  });
  afterEach(async () => {
    await helper.unload();
    restoreSettings();
    await closeContextStores();
    removeAtExit(dir); // Node-RED may still be cleaning it
  });
  return { dir: () => dir };
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
