/**
 * auth0-log-alert as a newcomer makes it, in a real browser (Debian's chromium) on Node-RED 4 and
 * Node-RED 5: a log watch, the log alert with the "failed logins per user and IP address" preset
 * chosen in its form (which fills categories, key, threshold and window in), a debug node; deployed
 * against the emulator, six failed logins make one alert in the debug sidebar.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { startEmulator, type Emulator } from '../../emulator';
import type { RuntimeName } from '../package/node-red-runtimes';
import { useEditorSession } from './editor-session';
import { passwordLogin } from '../logs/runtime';
import { waitUntil } from '../helpers/wait';

const PASSWORD = 'Correct-horse-9!';

for (const runtimeName of ['4', '5'] as RuntimeName[])
  describe(`auth0-log-alert in the editor (Node-RED ${runtimeName}, real browser)`, function () {
    this.timeout(300000);
    let emu: Emulator;

    const session = useEditorSession(runtimeName);

    before(async function () {
      emu = await startEmulator({ port: 0, seed: { users: [{ email: 'ada@example.com', password: PASSWORD }] } });
    });

    after(async () => {
      await emu?.close();
    });

    it('the failed-logins preset chosen in the form, deployed: six failed logins make one alert', async () => {
      // Done, and the tray gone: a node dragged while it still slides out lands on it, not on the workspace.
      const closeTray = async (): Promise<void> => {
        await session.page.locator('#node-dialog-ok').click();
        await session.page.locator('#node-dialog-ok').waitFor({ state: 'detached', timeout: 60000 });
        await session.page.locator('.red-ui-tray').first().waitFor({ state: 'detached', timeout: 60000 });
      };
      // The log watch, with a new tenant pointed at the emulator.
      const watch = await session.editor.dragFromPalette('auth0-log-watch', 200, 150);
      let tray = await session.editor.edit(watch);
      await session.editor.createTenant(emu);
      await tray.locator('#node-input-interval').fill('1');
      await closeTray();

      // The alert: another preset first, then failed logins per user and IP address, which fills the form in.
      const alert = await session.editor.dragFromPalette('auth0-log-alert', 450, 150);
      tray = await session.editor.edit(alert);
      const rule = tray.locator('#node-input-rule');
      await tray.locator('#node-input-rule option[value="signups_ip"]').waitFor({ state: 'attached' });
      await tray.locator('#auth0-log-alert-category-login_failure').waitFor({ state: 'visible' });
      await rule.selectOption('signups_ip');
      assert.equal(await tray.locator('#node-input-key-choice').inputValue(), 'ip');
      assert.equal(await tray.locator('#node-input-types-text').inputValue(), 'ss');
      assert.equal(await tray.locator('#node-input-threshold').inputValue(), '10');
      assert.ok(!(await tray.locator('#auth0-log-alert-category-login_failure').isChecked()));
      await rule.selectOption('failed_logins_user_ip');
      assert.ok(await tray.locator('#auth0-log-alert-category-login_failure').isChecked(), 'the preset checks Login failures');
      assert.equal(await tray.locator('#node-input-types-text').inputValue(), '');
      assert.equal(await tray.locator('#node-input-key-choice').inputValue(), 'user+ip');
      assert.equal(await tray.locator('#node-input-threshold').inputValue(), '5');
      assert.equal(await tray.locator('#node-input-window').inputValue(), '600');
      // Every log type of the catalogue is offered, as in the log watch.
      assert.equal(await tray.locator('#auth0-log-alert-code-list option').count(), 167);
      // A number typed in is saved as a number (an exported flow says 900, not "900").
      await tray.locator('#node-input-cooldown').fill('900');
      await closeTray();
      const saved = await session.page.evaluate(() => {
        const RED = (globalThis as unknown as { RED: { nodes: { filterNodes(f: { type: string }): Record<string, unknown>[] } } }).RED;
        const n = RED.nodes.filterNodes({ type: 'auth0-log-alert' })[0];
        return { rule: n.rule, categories: n.categories, types: n.types, key: n.key, threshold: n.threshold, window: n.window, cooldown: n.cooldown };
      });
      assert.deepEqual(saved, {
        rule: 'failed_logins_user_ip',
        categories: ['login_failure'],
        types: [],
        key: 'user+ip',
        threshold: 5,
        window: 600,
        cooldown: 900,
      });

      const debug = await session.editor.dragFromPalette('debug', 700, 150);
      await session.editor.wire(watch, alert);
      await session.editor.wire(alert, debug);
      await session.editor.deploy();
      await waitUntil(async () => /watching|last/.test((await watch.locator('.red-ui-flow-node-status-label').textContent()) ?? ''), {
        what: async () => `the log watch status: ${await watch.locator('.red-ui-flow-node-status-label').textContent()}`,
        timeout: 30000,
        interval: 200,
      });

      await session.editor.openSidebar('debug');
      // The debug node's messages (msg.payload); the sidebar also shows the nodes' warnings, such as
      // the log watch's about a checkpoint in the memory context store.
      const alerts = (): Locator => session.editor.debugMessages().filter({ hasText: /msg\.payload/ });
      for (let i = 0; i < 6; i++) assert.equal((await passwordLogin(emu, 'ada@example.com', `wrong-${i}`)).status, 403);
      await waitUntil(async () => (await alerts().count()) >= 1, { what: 'the alert in the debug sidebar', timeout: 30000, interval: 200 });
      // The sixth failed login is read too (the alert node counts it) and makes no second alert.
      await waitUntil(async () => /1 key, 1 alert/.test((await alert.locator('.red-ui-flow-node-status-label').textContent()) ?? ''), {
        what: async () => `the alert status: ${await alert.locator('.red-ui-flow-node-status-label').textContent()}`,
        timeout: 30000,
        interval: 200,
      });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const shown = await alerts().allInnerTexts();
      const status = await alert.locator('.red-ui-flow-node-status-label').textContent();
      assert.equal(shown.length, 1, `one alert (the alert node's status: ${status}); the debug sidebar shows:\n${shown.join('\n---\n')}`);
      const text = await alerts().first().innerText();
      assert.match(text, /failed_logins_user_ip/);
      assert.match(text, /count: 5|"count":5|count\s*5/);
      assert.deepEqual(session.pageErrors, []);
    });
  });
