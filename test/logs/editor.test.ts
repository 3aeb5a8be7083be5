/**
 * The logs nodes' edit dialogs in a real browser (Debian's chromium through playwright-core, no
 * downloaded browser) against a real Node-RED with this package installed: the log watch dialog
 * loads its categories and type codes from the runtime, shows the start id only when it is used,
 * lists the context stores, and saves what the user chose; the log stream receiver shows the
 * address to give Auth0 and keeps its authorization as a credential.
 *
 * Skipped, with a message, when /usr/bin/chromium is missing outside CI.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOG_CATEGORIES } from '../../nodes/logs/log-watch/log-categories';
import { useEditorSession } from '../browser/editor-session';

interface EditorNode {
  id: string;
  type: string;
  categories?: string[];
  types?: string[];
  start?: string;
  startId?: string;
  store?: string;
  url?: string;
  output?: string;
  ack?: boolean;
  maxUnacked?: string | number;
}

describe('logs nodes in the editor (real browser)', function () {
  this.timeout(180000);

  const session = useEditorSession();

  async function nodeOfType(type: string): Promise<EditorNode> {
    return session.page.evaluate((t) => {
      const red = (globalThis as unknown as { RED: { nodes: { eachNode(fn: (n: Record<string, unknown>) => void): void } } }).RED;
      let found: Record<string, unknown> | undefined;
      red.nodes.eachNode((n) => {
        if (n.type === t) found = n;
      });
      return JSON.parse(JSON.stringify(found ?? {}, (key, value) => (key.startsWith('_') ? undefined : value))) as EditorNode;
    }, type);
  }

  it('the log watch dialog offers the categories and codes, shows the start id only for "after a log id", and saves the choice', async () => {
    const watch = await session.editor.dragFromPalette('auth0-log-watch', 400, 200);
    const tray = await session.editor.edit(watch);
    const boxes = tray.locator('#auth0-log-watch-categories input[type=checkbox]');
    await boxes.first().waitFor({ state: 'visible' });
    assert.equal(await boxes.count(), LOG_CATEGORIES.length, 'not every category is offered');
    assert.match(await tray.locator('#auth0-log-watch-categories').innerText(), /Login failures \(f, fc, fco, fcoa, fens, fp, fu\)/);
    // Every type of Auth0's catalogue is offered with its meaning, in a searchable list.
    const codes = tray.locator('#auth0-log-watch-code-list option');
    assert.equal(await codes.count(), 167);
    assert.match(String(await tray.locator('#auth0-log-watch-code-list option[value="appi"]').textContent()), /API Peak Performance.*\(system\.notification\)/);
    // Without contextStorage in settings.js Node-RED lists one store, memory, beside the default.
    assert.deepEqual(await tray.locator('#node-input-store option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value)), [
      '',
      'memory',
    ]);
    assert.equal(await tray.locator('#node-input-store option[value=""]').textContent(), 'default store (memory)');

    assert.ok(!(await tray.locator('#node-input-startId').isVisible()), 'the start id shows for start "now"');
    await tray.locator('#node-input-start').selectOption('id');
    assert.ok(await tray.locator('#node-input-startId').isVisible(), 'the start id is hidden for "after a log id"');
    // Empty, it is marked at once: the form's Start counts, not the saved one ("now").
    assert.match(String(await tray.locator('#node-input-startId').getAttribute('class')), /input-error/, 'an empty log id is not marked');
    await tray.locator('#node-input-startId').fill('90020260101000000000000000000000000000000000000000000001');

    await tray.locator('#auth0-log-watch-category-login_failure').check();
    await tray.locator('#auth0-log-watch-category-blocked').check();
    await tray.locator('#node-input-types-text').fill('fapi');
    await tray.locator('#auth0-log-watch-code-pick').fill('pwd_leak');
    await tray.locator('#auth0-log-watch-code-pick').fill('appi');
    assert.equal(await tray.locator('#node-input-types-text').inputValue(), 'fapi, pwd_leak, appi');
    assert.equal(await tray.locator('#auth0-log-watch-code-pick').inputValue(), '', 'a chosen type leaves the search empty');
    await tray.locator('#node-input-output').selectOption('batch');
    // Most outstanding shows only in acknowledged mode.
    assert.ok(!(await tray.locator('#node-input-maxUnacked').isVisible()), 'Most outstanding shows without acknowledged mode');
    assert.equal(await tray.locator('#node-input-maxUnacked').inputValue(), '500', 'Most outstanding does not start at the default');
    await tray.locator('#node-input-ack').check();
    assert.ok(await tray.locator('#node-input-maxUnacked').isVisible(), 'Most outstanding is hidden in acknowledged mode');
    // Emptied in a node ticked acknowledged just now, it is marked.
    await tray.locator('#node-input-maxUnacked').fill('');
    await tray.locator('#node-input-maxUnacked').dispatchEvent('change');
    assert.match(String(await tray.locator('#node-input-maxUnacked').getAttribute('class')), /input-error/, 'an empty Most outstanding is not marked');
    await tray.locator('#node-input-maxUnacked').fill('50');
    await session.page.locator('#node-dialog-ok').click();
    await session.page.locator('#node-dialog-ok').waitFor({ state: 'detached' });

    const saved = await nodeOfType('auth0-log-watch');
    assert.deepEqual(saved.categories, ['login_failure', 'blocked']);
    assert.deepEqual(saved.types, ['fapi', 'pwd_leak', 'appi']);
    assert.equal(saved.start, 'id');
    assert.equal(saved.startId, '90020260101000000000000000000000000000000000000000000001');
    assert.deepEqual([saved.output, saved.ack, String(saved.maxUnacked)], ['batch', true, '50']);
    assert.equal(await session.editor.label(watch), 'watch logs (5 filters)');

    // Opened again, the dialog shows what was saved.
    const again = await session.editor.edit(watch);
    await again.locator('#auth0-log-watch-categories input[type=checkbox]').first().waitFor({ state: 'visible' });
    assert.ok(await again.locator('#auth0-log-watch-category-blocked').isChecked());
    assert.ok(!(await again.locator('#auth0-log-watch-category-mfa').isChecked()));
    assert.equal(await again.locator('#node-input-types-text').inputValue(), 'fapi, pwd_leak, appi');
    assert.equal(await again.locator('#node-input-output').inputValue(), 'batch');
    assert.ok(await again.locator('#node-input-ack').isChecked());
    assert.equal(await again.locator('#node-input-maxUnacked').inputValue(), '50');
    assert.ok(await again.locator('#node-input-maxUnacked').isVisible());
    // Checked as it is typed, with the node's validator (acknowledged mode was saved).
    const maxUnackedClass = async (): Promise<string> => String(await again.locator('#node-input-maxUnacked').getAttribute('class'));
    // Typed (a key up checks it, as Node-RED checks its own fields).
    await again.locator('#node-input-maxUnacked').fill('');
    await again.locator('#node-input-maxUnacked').pressSequentially('0');
    assert.match(await maxUnackedClass(), /input-error/, 'Most outstanding 0 is not marked');
    await again.locator('#node-input-maxUnacked').pressSequentially('2');
    assert.doesNotMatch(await maxUnackedClass(), /input-error/, 'Most outstanding 2 is marked');
    await session.page.locator('#node-dialog-cancel').click();
    await session.page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
  });

  it('the log stream receiver dialog shows the address for Auth0 and keeps the authorization out of the flow', async () => {
    const receiver = await session.editor.dragFromPalette('auth0-log-stream-in', 400, 320);
    const tray = await session.editor.edit(receiver);
    await tray.locator('#node-input-url').fill('auth0/log-stream');
    assert.equal((await tray.locator('#auth0-log-stream-in-full-url').innerText()).trim(), '/auth0/log-stream');
    await tray.locator('#node-input-authorization').fill('Bearer editor-test-secret');
    await session.page.locator('#node-dialog-ok').click();
    await session.page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
    const saved = await nodeOfType('auth0-log-stream-in');
    assert.equal(saved.url, 'auth0/log-stream');
    await session.editor.deploy();
    const flowPath = path.join(session.userDir, 'flows.json');
    // Node-RED writes flows.json.$$$ and renames it: wait for the rename.
    for (let i = 0; i < 100 && !fs.existsSync(flowPath); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(fs.existsSync(flowPath), `no flows.json in ${fs.readdirSync(session.userDir).join(', ')}: ${session.nodeRed.output().slice(-1500)}`);
    const flowFile = fs.readFileSync(flowPath, 'utf8');
    const deployed = (JSON.parse(flowFile) as EditorNode[]).find((n) => n.type === 'auth0-log-stream-in');
    assert.equal(deployed?.url, 'auth0/log-stream');
    assert.ok(!flowFile.includes('editor-test-secret'), 'the authorization was written into the flow file');
    assert.ok(fs.existsSync(path.join(session.userDir, 'flows_cred.json')), 'no credentials file');
  });

  it('the help of each logs node is shown in the sidebar (its sections load when it is shown)', async () => {
    for (const type of ['auth0-log-watch', 'auth0-log-stream-watch', 'auth0-log-stream-in']) {
      await session.page.evaluate(
        (t) => (globalThis as unknown as { RED: { sidebar: { help: { show(type: string): void } } } }).RED.sidebar.help.show(t),
        type,
      );
      const help = session.page.locator('.red-ui-help').filter({ has: session.page.locator('h3', { hasText: 'Details' }) });
      await help.last().waitFor({ state: 'visible' });
      assert.match(await help.last().innerText(), /Outputs[\s\S]*Details/, `${type}: no help`);
    }
    assert.deepEqual(session.pageErrors, []);
  });
});
