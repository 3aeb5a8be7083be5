/**
 * A newcomer's first minute: `npm start` (the built script, as the npm script runs it) brings up the
 * emulator and Node-RED, and the editor opened in a real browser shows no modal in the way and
 * starts on the "Start here" tab with the three user flows, deployed and running.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI (.ci/run installs it).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, requireChromium } from './editor-session';
import { freePort } from '../helpers/node-red-process';
import { root } from '../package/package-files';
import { waitUntil } from '../helpers/wait';

describe('npm start in a real browser: the first minute', function () {
  this.timeout(180000);
  let child: ChildProcess | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let userDir: string;
  let output = '';
  let url = '';

  before(async function () {
    requireChromium(this);
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-node-red-auth0-first-start-'));
    const [nodeRedPort, emulatorPort] = [await freePort(), await freePort()];
    child = spawn(process.execPath, [path.join(root, 'dist', 'scripts', 'start.js')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_RED_PORT: String(nodeRedPort), EMULATOR_PORT: String(emulatorPort), NODE_RED_USER_DIR: userDir },
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    await waitUntil(() => /Node-RED editor: (http:\/\/\S+?)\/? /.test(output), {
      what: () => `npm start to get ready:\n${output.slice(-3000)}`,
      timeout: 120_000,
      interval: 250,
      abort: () => (child?.exitCode != null ? `npm start exited with ${child.exitCode}:\n${output.slice(-3000)}` : undefined),
    });
    url = (/Node-RED editor: (http:\/\/\S+?)\/? /.exec(output) as RegExpExecArray)[1];
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    if (userDir) fs.rmSync(userDir, { recursive: true, force: true });
  });

  it('opens the editor with no dialog in the way, on the "Start here" tab with the three user flows', async () => {
    await page.goto(url);
    await page.locator('#red-ui-palette-container .red-ui-palette-node').first().waitFor({ state: 'visible', timeout: 60000 });
    await page.locator('#red-ui-workspace-chart g.red-ui-flow-group').first().waitFor({ state: 'visible', timeout: 30000 });
    // Give any welcome modal, tour or update notice the time it would take to appear.
    await page.waitForTimeout(2000);
    const dialogs = await page.locator('.ui-dialog:visible, .red-ui-tourGuide-popover:visible, #red-ui-update-notification-dismiss:visible').count();
    assert.equal(dialogs, 0, 'a dialog, tour or notification greets the newcomer');
    const active = ((await page.locator('#red-ui-workspace-tabs .red-ui-tab.active .red-ui-tab-label').textContent()) ?? '').trim();
    assert.equal(active, 'Start here');
    const groups = (await page.locator('#red-ui-workspace-chart g.red-ui-flow-group .red-ui-flow-group-label').allTextContents()).map((t) => t.trim());
    for (const name of ['User onboarding', 'Scheduled bulk import', 'Alert on failed logins'])
      assert.ok(groups.includes(name), `"${name}" is not on the first tab (${groups.join(', ')})`);
    const tabs = await page.locator('#red-ui-workspace-tabs .red-ui-tab').count();
    assert.ok(tabs <= 8, `${tabs} tabs greet the newcomer`);
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(root, 'test-results', 'first-start.png') });
    if (process.env.UPDATE_SCREENSHOTS === '1') await page.screenshot({ path: path.join(root, 'docs', 'screenshots', 'first-start.png') });
    assert.doesNotMatch(output, /\[error\]/, 'Node-RED logged an error while starting');
  });
});
