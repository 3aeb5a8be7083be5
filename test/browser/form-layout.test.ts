/**
 * What a new user's trial of the edit forms found, in a real browser (Debian's chromium) on
 * Node-RED 4: a tenant saved before a setting existed shows and saves its defaults; the
 * Acknowledged row's label has no icon that reads as a second checkbox; the log alert's category
 * list has its label at its top, shows every category whole, and its placeholders fit their fields.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { useEditorSession } from './editor-session';

/**
 * Placeholders of the open tray's visible fields wider than their field's text area (measured in
 * the field's own font). Browser code as text: the tests compile without the DOM's types.
 */
const CLIPPED_PLACEHOLDERS = `(() => {
  const trays = document.querySelectorAll('.red-ui-tray');
  const context = document.createElement('canvas').getContext('2d');
  return Array.from(trays[trays.length - 1].querySelectorAll('input[placeholder]'))
    .filter((input) => input.offsetParent !== null)
    .filter((input) => {
      const style = getComputedStyle(input);
      context.font = style.fontStyle + ' ' + style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width > room;
    })
    .map((input) => input.id + ': "' + input.placeholder + '"');
})()`;

/** The log alert's category list: where its row's label and it start, and the category names it cuts. */
const CATEGORY_LAYOUT = `(() => {
  const box = document.getElementById('auth0-log-alert-categories');
  const label = box.parentElement.querySelector(':scope > label');
  const boxRect = box.getBoundingClientRect();
  const cut = Array.from(box.querySelectorAll('label'))
    .filter((name) => Array.from(name.getClientRects()).some((line) => line.right > boxRect.right + 0.5))
    .map((name) => name.textContent);
  return { labelTop: label.getBoundingClientRect().top, boxTop: boxRect.top, boxHeight: boxRect.height, cut, overflowX: box.scrollWidth - box.clientWidth };
})()`;

describe('edit forms as a new user meets them (Node-RED 4, real browser)', function () {
  this.timeout(180000);

  const session = useEditorSession();

  const tray = (): Locator => session.page.locator('.red-ui-tray').last();

  async function closeTray(button: '#node-dialog-ok' | '#node-dialog-cancel' | '#node-config-dialog-ok'): Promise<void> {
    await session.page.locator(button).click();
    await session.page.locator(button).waitFor({ state: 'detached', timeout: 60000 });
  }

  // A dialog a failed test left open would cover the next test's workspace.
  afterEach(async () => {
    for (const button of ['#node-config-dialog-cancel', '#node-dialog-cancel']) {
      const open = session.page.locator(button);
      if ((await open.count()) === 0) continue;
      await open.click();
      await open.waitFor({ state: 'detached', timeout: 60000 });
    }
  });

  it('a tenant saved before Algorithm and the limits existed shows and saves the defaults', async () => {
    await session.page.evaluate(() => {
      const RED = (
        globalThis as unknown as { RED: { nodes: { import(flow: unknown, options: unknown): void }; editor: { editConfig(...args: string[]): void } } }
      ).RED;
      RED.nodes.import([{ id: 'formsoldtenant', type: 'auth0-config', domain: 'old.example.com', protocol: 'https', timeout: 5, readTimeout: 5, retries: 3 }], {
        generateIds: false,
      });
      RED.editor.editConfig('', 'auth0-config', 'formsoldtenant');
    });
    await tray().locator('#node-config-input-domain').waitFor({ state: 'visible' });
    assert.equal(await tray().locator('#node-config-input-signingAlg').inputValue(), 'RS256');
    const placeholders: Record<string, string | null> = {};
    for (const id of ['maxResponseSize', 'maxConcurrent', 'requestsPerSecond', 'leaseSeconds'])
      placeholders[id] = await tray().locator(`#node-config-input-${id}`).getAttribute('placeholder');
    assert.deepEqual(placeholders, { maxResponseSize: '32', maxConcurrent: '4', requestsPerSecond: '0', leaseSeconds: '15' });
    await closeTray('#node-config-dialog-ok');
    const saved = await session.page.evaluate(
      () => (globalThis as unknown as { RED: { nodes: { node(id: string): { signingAlg?: string } } } }).RED.nodes.node('formsoldtenant').signingAlg,
    );
    assert.equal(saved, 'RS256');
  });

  for (const type of ['auth0-log-watch', 'auth0-events'])
    it(`${type}: the Acknowledged row's label has no checkbox-like icon beside the real checkbox`, async () => {
      const node = await session.editor.dragFromPalette(type, 300, type === 'auth0-log-watch' ? 150 : 300);
      await session.editor.edit(node);
      const label = tray().locator('label[for="node-input-ack"]');
      await label.waitFor({ state: 'visible' });
      const icons = await label.locator('i.fa').evaluateAll((all) => all.map((i) => i.className));
      for (const icon of icons) assert.doesNotMatch(icon, /fa-(check-)?square|fa-toggle/, `a checkbox-like icon: ${icon}`);
      // The log watch shares the log alert's type picker: its placeholders fit its narrower dialog too.
      if (type === 'auth0-log-watch') assert.deepEqual(await session.page.evaluate<string[]>(CLIPPED_PLACEHOLDERS), []);
      await closeTray('#node-dialog-cancel');
    });

  it('auth0-log-alert: Categories labels the list at its top, every category shows whole, placeholders fit', async () => {
    const node = await session.editor.dragFromPalette('auth0-log-alert', 300, 450);
    await session.editor.edit(node);
    await tray().locator('#auth0-log-alert-category-login_failure').waitFor({ state: 'visible' });
    const layout = await session.page.evaluate<{ labelTop: number; boxTop: number; boxHeight: number; cut: string[]; overflowX: number }>(CATEGORY_LAYOUT);
    assert.ok(layout.boxHeight > 60, `the list is several lines high (${layout.boxHeight}px)`);
    assert.ok(Math.abs(layout.labelTop - layout.boxTop) < 12, `label at ${layout.labelTop}, list top at ${layout.boxTop}`);
    assert.deepEqual(layout.cut, []);
    assert.ok(layout.overflowX <= 0, `the list scrolls sideways by ${layout.overflowX}px`);
    assert.deepEqual(await session.page.evaluate<string[]>(CLIPPED_PLACEHOLDERS), []);
    await closeTray('#node-dialog-cancel');
  });
});
