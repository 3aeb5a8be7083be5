/**
 * What every editor test starts from: Debian's Chromium (never a downloaded browser), a Node-RED in
 * a child process with this package linked into a fresh user directory (as `npm start` makes one),
 * and the editor open in a page. One place, so the suites differ only in what they try.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startNodeRed, type NodeRedProcess } from '../helpers/node-red-process';
import { nodeRedRuntime, type RuntimeName } from '../package/node-red-runtimes';
import { root } from '../package/package-files';
import { EditorPage } from './editor-page';
import { readThrough, suiteResource } from '../helpers/suite-resource';

export const CHROMIUM = '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--no-first-run',
  '--disable-default-apps',
];

/**
 * In a mocha `before`: fails under CI when Chromium is missing (.ci/run installs it), and skips the
 * suite with a message elsewhere.
 */
export function requireChromium(context: Mocha.Context): void {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium package`);
  console.log(`    (skipped: ${CHROMIUM} is missing; install it with \`apt-get install -y chromium\`, no browser is ever downloaded)`);
  context.skip();
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

/** A user directory with this package linked in, as `npm start` makes one. */
export function userDirWithPackage(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-node-red-auth0-editor-'));
  const link = path.join(dir, 'node_modules', '@idflow', 'node-red-auth0');
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(root, link, 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'node-red-project', version: '0.0.1', private: true }));
  return dir;
}

export interface EditorSession {
  nodeRed: NodeRedProcess;
  /** Node-RED's user directory (flows.json, flows_cred.json). */
  userDir: string;
  browser: Browser;
  page: Page;
  editor: EditorPage;
  /** Errors the editor page threw. */
  pageErrors: string[];
  close(): Promise<void>;
}

export interface EditorSessionOptions {
  /** The Node-RED to run (default: this project's Node-RED 4 on the Node.js running the tests). */
  redJs?: string;
  node?: string;
}

/**
 * Errors of Node-RED's own editor that a busy machine makes likely, none of this package's doing:
 * - Node-RED 4's Monaco (every edit dialog's Description tab) throws "Model is disposed!" from its
 *   own delayed work when a dialog closes while that work waits;
 * - Node-RED 5's rotating sidebar tips write to their element from a timer before it exists.
 * Any other error, or one of these with a frame outside Node-RED's own scripts, still counts.
 */
export function isNodeRedEditorRace(err: Error): boolean {
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s*at /.test(line));
  const onlyIn = (pattern: RegExp): boolean => frames.length > 0 && frames.every((line) => pattern.test(line));
  // Playwright may repeat the message after a blank line: the first line is the error's own.
  const message = err.message.split('\n')[0];
  if (message === 'Model is disposed!') return onlyIn(/\/vendor\/monaco\//);
  if (message === "Cannot read properties of undefined (reading 'html')") return onlyIn(/\/red\/red(\.min)?\.js/);
  return false;
}

/** Node-RED with the package, Chromium, and the editor open and settled. */
export async function openEditor(options: EditorSessionOptions = {}): Promise<EditorSession> {
  const userDir = userDirWithPackage();
  const nodeRed = await startNodeRed(options.redJs ?? require.resolve('node-red/red.js'), userDir, 90000, options.node ?? process.execPath);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Node-RED 5's editor takes half a minute to load on a busy machine (30 s is playwright's default).
  page.setDefaultNavigationTimeout(180_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => {
    if (isNodeRedEditorRace(err)) {
      console.log(`    page error left out (Node-RED's own editor, a race of its timers): ${err.message}`);
      return;
    }
    pageErrors.push(err.message);
    // Where it came from (the editor's, a vendor's or this package's script), for whoever reads a failure.
    console.log(`    page error: ${err.stack ?? err.message}`);
  });
  const editor = new EditorPage(page);
  await editor.open(nodeRed.url);
  return {
    nodeRed,
    userDir,
    browser,
    page,
    editor,
    pageErrors,
    close: async () => {
      await browser.close();
      await nodeRed.stop();
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/** An editor session as a suite's tests see it: opened and closed by `useEditorSession()`. */
export type SuiteEditor = Omit<EditorSession, 'close'>;

/**
 * `openEditor()` for the describe block that calls this: opened in a `before` hook (after
 * `requireChromium`, so the suite is skipped or fails as that says), closed in an `after` hook.
 * `runtime` names the Node-RED to run (default: this project's Node-RED 4 on the Node.js running the
 * tests). Its fields are readable from the hooks and tests that run after that `before`.
 */
export function useEditorSession(runtime?: RuntimeName): SuiteEditor {
  const open = suiteResource(
    'useEditorSession()',
    async (context) => {
      requireChromium(context);
      const chosen = runtime === undefined ? undefined : await nodeRedRuntime(runtime);
      return openEditor(chosen && { redJs: chosen.redJs, node: chosen.node });
    },
    (session) => session.close(),
  );
  return readThrough(open);
}
