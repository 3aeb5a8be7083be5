/**
 * The Store row that the editor script renders for every node keeping state in a context store
 * (Auth0Editor.contextStoreRow), in a real browser (Debian's chromium): the job watch's and the
 * tenant snapshot's, with each node's own label, the default store named, the saved store chosen
 * and saved; the snapshot's shown only when it sends changes.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { useEditorSession } from './editor-session';

describe('the Store row of the context-store nodes, in a real browser', function () {
  this.timeout(180000);

  const session = useEditorSession();

  const storeOf = (type: string): Promise<unknown> =>
    session.page.evaluate((t) => {
      const RED = (globalThis as unknown as { RED: { nodes: { filterNodes(f: { type: string }): Record<string, unknown>[] } } }).RED;
      return RED.nodes.filterNodes({ type: t })[0].store;
    }, type);

  async function done(): Promise<void> {
    await session.page.locator('#node-dialog-ok').click();
    await session.page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
  }

  async function options(tray: Locator): Promise<string[]> {
    return tray.locator('#node-input-store option').evaluateAll((all) => all.map((o) => String(o.textContent)));
  }

  it('auth0-job-watch: its own label, the default store named, the chosen store saved and shown again', async () => {
    const node = await session.editor.dragFromPalette('auth0-job-watch', 300, 150);
    let tray = await session.editor.edit(node);
    const store = tray.locator('#node-input-store');
    await store.locator('option').first().waitFor({ state: 'attached' });
    assert.equal((await tray.locator('label[for="node-input-store"]').innerText()).trim(), 'Keep jobs in');
    // Without contextStorage in settings.js Node-RED lists one store, memory, beside the default.
    assert.deepEqual(await options(tray), ['default context store (memory)', 'memory']);
    assert.equal(await store.inputValue(), '');
    await store.selectOption('memory');
    await done();
    assert.equal(await storeOf('auth0-job-watch'), 'memory');

    tray = await session.editor.edit(node);
    await tray.locator('#node-input-store option').first().waitFor({ state: 'attached' });
    assert.equal(await tray.locator('#node-input-store').inputValue(), 'memory');
    await session.page.locator('#node-dialog-cancel').click();
    await session.page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
  });

  it('auth0-tenant-snapshot: the Store row shows only when it sends changes, and its store is saved', async () => {
    const node = await session.editor.dragFromPalette('auth0-tenant-snapshot', 300, 300);
    const tray = await session.editor.edit(node);
    const store = tray.locator('#node-input-store');
    await store.locator('option').first().waitFor({ state: 'attached' });
    assert.equal((await tray.locator('label[for="node-input-store"]').innerText()).trim(), 'Store');
    assert.deepEqual(await options(tray), ['default store (memory)', 'memory']);
    await tray.locator('#node-input-mode').selectOption('snapshot');
    assert.ok(!(await store.isVisible()), 'the store shows when the snapshot itself is sent');
    await tray.locator('#node-input-mode').selectOption('changes');
    assert.ok(await store.isVisible(), 'the store is hidden when changes are sent');
    await store.selectOption('memory');
    await done();
    assert.equal(await storeOf('auth0-tenant-snapshot'), 'memory');
    assert.deepEqual(session.pageErrors, []);
  });
});
