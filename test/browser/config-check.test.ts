/**
 * "Check connection" in the auth0-config dialog, in a real browser against the emulator, as a new
 * user meets it: the granted scopes; after deploying an auth0-users "create" node, that operation
 * flagged for the scope the token lacks; a wrong secret named as such; a private key instead of
 * the secret gets a token.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { startEmulator, type Emulator } from '../../emulator';
import { root } from '../package/package-files';
import { registerKey, type RegisteredKey } from '../tenant-client/private-key-fixtures';
import { useEditorSession } from './editor-session';

const READER = { clientId: 'browser-check-reader', clientSecret: 'browser-check-reader-secret-0123456789' };

describe('editor in a real browser: Check connection', function () {
  this.timeout(180000);
  let emu: Emulator;
  let key: RegisteredKey;
  let usersNode: Locator;

  const session = useEditorSession();

  before(async function () {
    emu = await startEmulator({ port: 0 });
    emu.seed({
      clients: [
        {
          name: 'Browser check reader',
          client_id: READER.clientId,
          client_secret: READER.clientSecret,
          app_type: 'non_interactive',
          grant_types: ['client_credentials'],
        },
      ],
      clientGrants: [{ client_id: READER.clientId, audience: emu.managementAudience, scope: ['read:users'] }],
    });
    key = await registerKey(emu, READER.clientId);
  });

  after(async () => {
    await emu?.close();
  });

  const tray = (): Locator => session.page.locator('.red-ui-tray').last();

  async function pressCheck(): Promise<Locator> {
    const result = tray().locator('#node-config-check-result');
    await tray().locator('#node-config-check-connection').click();
    await result.locator('.auth0-check-ok, .auth0-check-failed').first().waitFor({ state: 'visible', timeout: 30000 });
    return result;
  }

  it('checks a new tenant from its dialog: connected, with the granted scopes', async () => {
    usersNode = await session.editor.dragFromPalette('auth0-users', 420, 200);
    await session.editor.edit(usersNode);
    await session.page.locator('#node-input-operation').selectOption('create');
    await session.editor.addConfigButton('tenant').click();
    await tray().locator('#node-config-input-domain').waitFor({ state: 'visible' });
    await tray().locator('#node-config-input-domain').fill(emu.domain);
    await tray().locator('#node-config-input-protocol').selectOption('http');
    await tray().locator('#node-config-input-clientId').fill(READER.clientId);
    await tray().locator('#node-config-input-clientSecret').fill(READER.clientSecret);
    const result = await pressCheck();
    const text = await result.innerText();
    assert.match(text, /Connected to/, text);
    assert.match(text, /read:users/);
    assert.match(text, /Token lifetime: 24 h/);
    assert.doesNotMatch(text, new RegExp(READER.clientSecret));
    // A number typed in is saved as a number (an exported flow says 12, not "12").
    await tray().locator('#node-config-input-timeout').fill('12');
    await session.page.locator('#node-config-dialog-ok').click();
    await session.page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
    await session.page.locator('#node-dialog-ok').click();
    await session.page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
    const timeouts = await session.page.evaluate(() => {
      const RED = (globalThis as unknown as { RED: { nodes: { eachConfig(f: (n: Record<string, unknown>) => void): void } } }).RED;
      const found: unknown[] = [];
      RED.nodes.eachConfig((n) => {
        if (n.type === 'auth0-config') found.push(n.timeout);
      });
      return found;
    });
    assert.deepEqual(timeouts, [12]);
    await session.editor.deploy();
  });

  async function openTenant(): Promise<void> {
    await session.editor.edit(usersNode);
    await session.page.locator('#node-input-btn-tenant-edit, #node-input-lookup-tenant').first().click();
    await tray().locator('#node-config-input-domain').waitFor({ state: 'visible' });
    // The deployed credentials arrive after the dialog opens; a field typed before would be overwritten.
    await session.page.waitForFunction(
      "document.querySelector('#node-config-input-clientSecret') && document.querySelector('#node-config-input-clientSecret').value === '__PWRD__'",
    );
  }

  async function closeDialogs(): Promise<void> {
    await session.page.locator('#node-config-dialog-cancel').click();
    await session.page.locator('#node-config-dialog-cancel').waitFor({ state: 'detached' });
    await session.page.locator('#node-dialog-cancel').click();
    await session.page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
  }

  it('flags the deployed auth0-users create: it needs create:users, which the token lacks', async () => {
    await openTenant();
    const result = await pressCheck();
    const missing = result.locator('.auth0-check-missing li');
    assert.equal(await missing.count(), 1, await result.innerText());
    assert.match(await missing.first().innerText(), /auth0-users.*create needs create:users/);
    // For a person to look at (test-results/ is not committed).
    fs.mkdirSync(path.join(root, 'test-results', 'screenshots'), { recursive: true });
    await missing.first().scrollIntoViewIfNeeded();
    await session.page.screenshot({ path: path.join(root, 'test-results', 'screenshots', 'config-check.png') });
    await closeDialogs();
  });

  it('names a wrong secret as the client secret', async () => {
    await openTenant();
    await tray().locator('#node-config-input-clientSecret').fill('this-is-not-the-secret-0123');
    const result = await pressCheck();
    const failed = result.locator('.auth0-check-failed');
    assert.equal(await failed.getAttribute('data-problem'), 'clientSecret');
    assert.match(await failed.innerText(), /Client secret/);
    assert.doesNotMatch(await result.innerText(), /this-is-not-the-secret-0123/);
    await closeDialogs();
  });

  it('a private key instead of the secret gets a token (private key JWT)', async () => {
    await openTenant();
    await tray().locator('#node-config-input-clientSecret').fill('');
    await tray().locator('#node-config-input-privateKey').fill(key.privateKeyPem);
    const result = await pressCheck();
    assert.match(await result.innerText(), /Connected to .*private key JWT/, await result.innerText());
    await closeDialogs();
    assert.deepEqual(session.pageErrors, [], 'the editor page threw');
  });
});
