/**
 * The editor in a real browser (Debian's chromium, driven by playwright-core; no downloaded
 * browser): a user drags an auth0-users node from the palette, creates its tenant in the edit
 * dialog, switches operations and sees the inputs change, wires an inject and a debug node,
 * deploys, presses the inject button and finds the users in the debug sidebar. It takes the
 * README's screenshots (docs/screenshots/).
 *
 * It runs in this project's Node-RED 4 and in Node-RED 5 (on the npm registry's Node.js 22); the
 * README's screenshots come from the Node-RED 4 run.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI (.ci/run installs it).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { startEmulator, type Emulator, type SeedData } from '../../emulator';
import { usersGroup } from '../../nodes/users/users.catalogue';
import type { NodeRedProcess } from '../helpers/node-red-process';
import { nodeRedRuntime, type RuntimeName } from '../package/node-red-runtimes';
import { root } from '../package/package-files';
import type { EditorPage } from './editor-page';
import { type EditorSession, openEditor, requireChromium } from './editor-session';
import { PALETTE_AREAS } from '../../scripts/palette';

/**
 * The README's screenshots are rewritten with UPDATE_SCREENSHOTS=1 (or when missing); otherwise
 * a run writes its screenshots to test-results/ (ignored by git), so tests leave the tree clean.
 */
const README_SCREENSHOTS = path.join(root, 'docs', 'screenshots');
const README_OR_RESULTS =
  process.env.UPDATE_SCREENSHOTS === '1' || !fs.existsSync(path.join(README_SCREENSHOTS, 'debug-sidebar.png'))
    ? README_SCREENSHOTS
    : path.join(root, 'test-results', 'screenshots');
/** The demo client of `npm start`, so the screenshots show what a user sees there. */
const DEMO_CLIENT = { clientId: 'node-red-demo-m2m', clientSecret: 'local-emulator-secret-not-for-production' };
const seed = JSON.parse(fs.readFileSync(path.join(root, 'emulator', 'seeds', 'demo.json'), 'utf8')) as SeedData & { users: { email: string }[] };

/** The version the running Node-RED reports. */
async function page0Version(url: string): Promise<string> {
  const res = await fetch(`${url}/settings`);
  return ((await res.json()) as { version: string }).version;
}

for (const runtimeName of ['4', '5'] as RuntimeName[])
  describe(`editor in a real browser (Node-RED ${runtimeName})`, function () {
    this.timeout(420000);
    const SCREENSHOTS = runtimeName === '4' ? README_OR_RESULTS : path.join(root, 'test-results', `screenshots-node-red-${runtimeName}`);
    let emu: Emulator;
    let session: EditorSession | undefined;
    let nodeRed: NodeRedProcess;
    let page: Page;
    let editor: EditorPage;
    let usersNode: Locator;
    let pageErrors: string[] = [];

    before(async function () {
      requireChromium(this);
      if (!fs.existsSync(path.join(root, 'dist', 'nodes', 'users', 'auth0-users.html'))) throw new Error('nothing is built: run `npm run build` first');
      emu = await startEmulator({ port: 0, seed, ...DEMO_CLIENT });
      const runtime = await nodeRedRuntime(runtimeName);
      session = await openEditor({ redJs: runtime.redJs, node: runtime.node });
      ({ nodeRed, page, editor, pageErrors } = session);
      const version = await page0Version(nodeRed.url);
      assert.ok(version.startsWith(runtime.versionPrefix), `running Node-RED ${version}, expected ${runtime.versionPrefix}x`);
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
    });

    after(async () => {
      await session?.close();
      await emu?.close();
    });

    it('shows the Auth0 nodes in one palette category per area, each node with its palette label', async () => {
      const headers = (await page.locator('.red-ui-palette-header').allTextContents()).map((t) => t.trim());
      for (const area of PALETTE_AREAS)
        assert.ok(
          headers.some((h) => h.toLowerCase() === area.category.toLowerCase()),
          `no palette category "${area.category}" (${headers.join(', ')})`,
        );
      const categoryOf = (name: string) =>
        page.locator('.red-ui-palette-category').filter({ has: page.locator('.red-ui-palette-header', { hasText: new RegExp(`^\\s*${name}\\s*$`, 'i') }) });
      const users = categoryOf('Auth0 users');
      assert.equal(await users.count(), 1, 'no single "Auth0 users" category');
      const item = editor.paletteNode('auth0-users');
      assert.ok(await item.isVisible(), 'auth0-users is not in the palette');
      assert.equal((await item.locator('.red-ui-palette-label').textContent())?.trim(), usersGroup.paletteLabel);
      assert.equal(await users.locator('.red-ui-palette-node[data-palette-type="auth0-users"]').count(), 1, 'auth0-users is not under Auth0 users');
      assert.equal(
        await categoryOf('Auth0 login').locator('.red-ui-palette-node[data-palette-type="auth0-verify-token"]').count(),
        1,
        'auth0-verify-token is not under Auth0 login',
      );
      assert.equal(await page.locator('.red-ui-palette-node[data-palette-type="auth0-config"]').count(), 0, 'the config node should not be in the palette');
    });

    it('drags auth0-users onto the workspace and creates its tenant (auth0-config) through the edit dialog', async () => {
      usersNode = await editor.dragFromPalette('auth0-users', 420, 200);
      assert.match(await editor.label(usersNode), /users.*list/i, 'the label shows the operation');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'palette-and-node.png') });

      await editor.edit(usersNode);
      await editor.createTenant(emu, 'Local emulator', async () => {
        await page.screenshot({ path: path.join(SCREENSHOTS, 'tenant-config.png') });
      });
      const tenant = page.locator('#node-input-tenant');
      assert.equal((await tenant.locator('option:checked').textContent())?.trim(), 'Local emulator', 'the new tenant is selected');
    });

    it('switching the operation from list to get replaces the input rows (q goes, id comes)', async () => {
      const params = page.locator('.auth0-params');
      assert.equal(await page.locator('#node-input-operation').inputValue(), 'list');
      assert.equal(await params.locator('#node-input-auth0-param-q').count(), 1, 'list has a q row');
      assert.equal(await params.locator('#node-input-auth0-param-id').count(), 0, 'list has no id row');
      const listRows = await params.locator('.form-row > label').allTextContents();

      await page.locator('#node-input-operation').selectOption('get');
      assert.equal(await params.locator('#node-input-auth0-param-id').count(), 1, 'get has an id row');
      assert.equal(await params.locator('#node-input-auth0-param-q').count(), 0, 'get has no q row');
      const getRows = (await params.locator('.form-row > label').allTextContents()).map((text) => text.trim());
      assert.deepEqual(
        getRows,
        usersGroup.operations.find((op) => op.id === 'get')?.inputs.map((input) => input.name + (input.required ? ' *' : '')),
      );
      assert.notDeepEqual(getRows, listRows);
      assert.match(await page.locator('.auth0-operation-text').innerText(), /read:users/, "the operation's scopes are shown");
      await page.screenshot({ path: path.join(SCREENSHOTS, 'edit-dialog-get.png') });

      await page.locator('#node-input-operation').selectOption('list');
      assert.equal(await params.locator('#node-input-auth0-param-q').count(), 1);
      await page.locator('#node-input-paging').selectOption('all');
      await page.locator('#node-input-pagingOutput').selectOption('items');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'edit-dialog-list.png') });
      await page.locator('#node-dialog-ok').click();
      await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
    });

    it('wires inject → auth0-users → debug, deploys, and one message per user reaches the debug sidebar', async () => {
      const inject = await editor.dragFromPalette('inject', 200, 200);
      const debug = await editor.dragFromPalette('debug', 660, 200);
      await editor.wire(inject, usersNode);
      await editor.wire(usersNode, debug);
      assert.equal(await editor.wireCount(), 2, 'two wires drawn');
      await editor.deploy();

      await editor.openSidebar('debug');
      await editor.pressInject(inject);
      const messages = editor.debugMessages();
      await messages.nth(seed.users.length - 1).waitFor({ state: 'visible', timeout: 30000 });
      assert.equal(await messages.count(), seed.users.length, 'one debug message per user');
      const text = (await messages.allInnerTexts()).join('\n');
      for (const user of seed.users) assert.ok(text.includes(user.email), `${user.email} is not in the debug sidebar`);
      assert.doesNotMatch(text, /error/i);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'debug-sidebar.png') });
    });

    it("shows the node's help in the help sidebar: a summary, then Inputs, Outputs, Details and every operation", async () => {
      await usersNode.locator('.red-ui-flow-node').first().click();
      const sidebar = await editor.openSidebar('help');
      const help = sidebar
        .locator('.red-ui-help')
        .filter({ has: page.locator('h3') })
        .last();
      await help.locator('h3').first().waitFor({ state: 'visible' });
      const headings = (await help.locator('h3').allTextContents()).map((text) => text.trim());
      assert.deepEqual(
        headings.filter((h) => ['Inputs', 'Outputs', 'Details', 'References'].includes(h)),
        ['Inputs', 'Outputs', 'Details', 'References'],
      );
      const text = await help.innerText();
      assert.ok(text.includes(usersGroup.summary), 'the help starts with the summary');
      for (const op of usersGroup.operations) assert.ok(text.includes(op.id), `the help does not describe ${op.id}`);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'help-sidebar.png') });
    });

    it('a true/false input shows its default, unset, and is saved only when the user chooses a value', async () => {
      // client-grants `all` sends include_totals=false unless told otherwise.
      const node = await editor.dragFromPalette('auth0-client-grants', 420, 320);
      // What the editor would deploy: the node's saved params, read from the editor's own model.
      const savedParams = (): Promise<unknown> =>
        page.evaluate("(() => { let params; RED.nodes.eachNode((n) => { if (n.type === 'auth0-client-grants') params = n.params; }); return params; })()");
      await editor.edit(node);
      assert.equal(await page.locator('#node-input-auth0-param-include_totals').inputValue(), '', 'an untouched true/false input is unset');
      assert.match(
        String(await page.locator('#node-input-auth0-param-include_totals + .red-ui-typedInput-container .red-ui-typedInput-option-label').textContent()),
        /default false/,
      );
      await page.locator('#node-dialog-ok').click();
      await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
      assert.deepEqual(await savedParams(), {}, 'opening the node and pressing Done saved an input');

      await editor.edit(node);
      await page.locator('#node-input-auth0-param-include_totals + .red-ui-typedInput-container .red-ui-typedInput-option-trigger').click();
      // The open menu only: every true/false input of the form (client-grants all has several) has one.
      await page.locator('.red-ui-typedInput-options:visible a[value="true"]').click();
      await page.locator('#node-dialog-ok').click();
      await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
      assert.deepEqual(await savedParams(), { include_totals: { value: 'true', type: 'bool' } });
      assert.deepEqual(pageErrors, [], 'the editor page threw');
    });

    it('a retired group says so in the palette and the edit form; an early-access operation in the select and its description', async () => {
      // The palette wraps a long label over lines: compare the words.
      assert.equal(
        (await editor.paletteNode('auth0-rules').locator('.red-ui-palette-label').textContent())?.replace(/\s+/g, ' ').trim(),
        'rules (end of life)',
      );
      const rules = await editor.dragFromPalette('auth0-rules', 420, 440);
      await editor.edit(rules);
      assert.match(await page.locator('.auth0-end-of-life').innerText(), /End of life since 2026-11-18.*auth0-actions/);
      await page.locator('#node-dialog-cancel').click();
      await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });

      const tokens = await editor.dragFromPalette('auth0-refresh-tokens', 420, 520);
      await editor.edit(tokens);
      assert.equal(await page.locator('.auth0-end-of-life').count(), 0, 'no end-of-life note on a current group');
      assert.match(String(await page.locator('#node-input-operation option[value="list"]').textContent()), /\[early access\]$/);
      await page.locator('#node-input-operation').selectOption('list');
      assert.match(await page.locator('.auth0-operation-text .auth0-lifecycle').innerText(), /early access/);
      await page.locator('#node-input-operation').selectOption('get');
      assert.equal(await page.locator('.auth0-operation-text .auth0-lifecycle').count(), 0);
      await page.locator('#node-dialog-cancel').click();
      await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
      assert.deepEqual(pageErrors, [], 'the editor page threw');
    });

    it('the create-user form shows connection, email and password as rows and the optional body properties in a searchable list; an enum is a choice; they are saved in bodyProperties', async () => {
      const node = await editor.dragFromPalette('auth0-users', 420, 600);
      const nodeId = JSON.stringify(await node.getAttribute('id'));
      const saved = (): Promise<unknown> =>
        page.evaluate(`(() => { const n = RED.nodes.node(${nodeId}); return { params: n.params, bodyProperties: n.bodyProperties }; })()`);
      await editor.edit(node);
      await page.locator('#node-input-tenant').selectOption({ label: 'Local emulator' });
      await page.locator('#node-input-operation').selectOption('create');
      const body = page.locator('.auth0-body');
      // Node-RED's typedInput hides the original input and shows one of its own beside it.
      const typed = (id: string) => page.locator(`#${id} + .red-ui-typedInput-container input.red-ui-typedInput-input`);
      const rowLabels = async (): Promise<string[]> => (await body.locator('.auth0-body-row > label').allTextContents()).map((text) => text.trim());
      assert.deepEqual((await rowLabels()).slice(0, 3), ['connection *', 'email', 'password']);
      // The whole-body JSON field left empty is no error (its rows can make the body); broken JSON is.
      const bodyJson = page.locator('#node-input-auth0-param-body + .red-ui-typedInput-container');
      const showsError = (): Promise<boolean> => bodyJson.evaluate((el) => el.classList.contains('input-error'));
      assert.equal(await showsError(), false, 'the empty body field is outlined as an error');
      await typed('node-input-auth0-param-body').fill('{"broken":');
      await typed('node-input-auth0-param-body').blur();
      assert.equal(await showsError(), true, 'broken JSON in the body field is not outlined');
      // Its expand button opens Node-RED's JSON editor, and Done puts the JSON back compact.
      await typed('node-input-auth0-param-body').fill('{"a": 1}');
      await bodyJson.locator('.red-ui-typedInput-option-expand').click();
      // Node-RED's JSON editor is a tray of its own over the dialog (its "format JSON" button tells it).
      const jsonEditor = page.locator('.red-ui-tray:has(#node-input-json-reformat)');
      await jsonEditor.locator('#node-dialog-ok').click();
      await jsonEditor.waitFor({ state: 'detached' });
      assert.equal(await typed('node-input-auth0-param-body').inputValue(), '{"a":1}');
      await typed('node-input-auth0-param-body').fill('');
      await typed('node-input-auth0-param-body').blur();
      assert.equal(await showsError(), false);
      const options = await body.locator('datalist option').evaluateAll((els) => els.map((el) => el.getAttribute('value')));
      assert.ok(options.includes('user_metadata'), `user_metadata is not in the list (${options.join(', ')})`);
      assert.ok(!options.includes('email'), 'a property shown as a row is not offered again');
      // The password is a secret: no text type, only msg, flow, global and env.
      await page.locator('#node-input-auth0-body-password + .red-ui-typedInput-container .red-ui-typedInput-type-select').click();
      const passwordTypes = await page.locator('.red-ui-typedInput-options:visible a').evaluateAll((els) => els.map((el) => el.getAttribute('value')));
      assert.deepEqual(passwordTypes, ['msg', 'flow', 'global', 'env']);
      // (Escape would close the whole dialog.)
      await page.locator('.red-ui-typedInput-options:visible a[value="msg"]').click();
      await typed('node-input-auth0-body-password').fill('payload.password');

      await typed('node-input-auth0-body-connection').fill('Username-Password-Authentication');
      await typed('node-input-auth0-body-email').fill('new.user@example.com');
      await page.locator('#node-input-auth0-body-add').fill('user_metadata');
      await body.locator('.auth0-body-row[data-auth0-body="user_metadata"]').waitFor({ state: 'visible' });
      assert.match(await body.locator('.auth0-body-row[data-auth0-body="user_metadata"] .form-tips').innerText(), /object/);
      await typed('node-input-auth0-body-user_metadata').fill('{"plan":"gold"}');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'edit-dialog-create-user.png') });
      // A typed name that matches no property is said so (the list offers nothing), not silently ignored.
      const unmatched = body.locator('.auth0-body-unmatched');
      await page.locator('#node-input-auth0-body-add').fill('emial');
      await unmatched.waitFor({ state: 'visible' });
      assert.match(await unmatched.innerText(), /“emial” matches no property of this body in Auth0's API description/);
      await page.locator('#node-input-auth0-body-add').fill('app_meta');
      await unmatched.waitFor({ state: 'hidden' });
      await page.locator('#node-input-auth0-body-add').fill('');

      // An enum is a choice.
      await page.locator('#node-input-operation').selectOption('create_authentication_method');
      const typeRow = body.locator('.auth0-body-row[data-auth0-body="type"]');
      await typeRow.waitFor({ state: 'visible' });
      await typeRow.locator('.red-ui-typedInput-option-trigger').click();
      const choices = await page.locator('.red-ui-typedInput-options:visible a').evaluateAll((els) => els.map((el) => el.getAttribute('value')));
      assert.ok(choices.includes('email') && choices.includes('phone'), `the type choice offers ${choices.join(', ')}`);
      await page.locator('.red-ui-typedInput-options:visible a[value="email"]').click();
      await page.locator('#node-input-operation').selectOption('create');
      await page.locator('#node-dialog-ok').click();
      await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
      assert.deepEqual(await saved(), {
        params: {},
        bodyProperties: {
          connection: { value: 'Username-Password-Authentication', type: 'str' },
          email: { value: 'new.user@example.com', type: 'str' },
          password: { value: 'payload.password', type: 'msg' },
          user_metadata: { value: '{"plan":"gold"}', type: 'json' },
        },
      });
      assert.deepEqual(pageErrors, [], 'the editor page threw');
    });

    it('a body property that carries a secret (the e-mail provider credentials) offers msg, flow, global and env only', async () => {
      const id = 'e1b2c3d4e5f60719';
      await page.evaluate(
        `(() => { RED.nodes.import([{ id: '${id}', type: 'auth0-emails', z: RED.workspaces.active(), x: 700, y: 700, wires: [], name: '', tenant: '', operation: 'config', params: {}, paging: 'off', pagingOutput: 'array', version: 1 }], { generateIds: false }); RED.view.redraw(true); RED.editor.edit(RED.nodes.node('${id}')); })()`,
      );
      await page.locator('.red-ui-tray #node-dialog-ok').last().waitFor({ state: 'visible' });
      await editor.formReady(page.locator('.red-ui-tray').last());
      const body = page.locator('.auth0-body');
      await page.locator('#node-input-auth0-body-add').fill('credentials');
      await body.locator('.auth0-body-row[data-auth0-body="credentials"]').waitFor({ state: 'visible' });
      await page.locator('#node-input-auth0-body-credentials + .red-ui-typedInput-container .red-ui-typedInput-type-select').click();
      const types = await page.locator('.red-ui-typedInput-options:visible a').evaluateAll((els) => els.map((el) => el.getAttribute('value')));
      assert.deepEqual(types, ['msg', 'flow', 'global', 'env'], 'the credentials row offers a type that saves the secret in the flow');
      await page.locator('.red-ui-typedInput-options:visible a[value="env"]').click();
      await page.locator('#node-input-auth0-body-credentials + .red-ui-typedInput-container input.red-ui-typedInput-input').fill('SMTP_CREDENTIALS');
      await page.locator('#node-dialog-ok').click();
      await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
      const saved = await page.evaluate<Record<string, unknown>>(`(() => RED.nodes.node(${JSON.stringify(id)}).bodyProperties)()`);
      assert.deepEqual(saved.credentials, { value: 'SMTP_CREDENTIALS', type: 'env' });
      assert.deepEqual(pageErrors, [], 'the editor page threw');
    });

    it('outlines a required field left empty and never an optional one; with "set by msg.operation" shows no inputs and says msg.operation chooses (issue 30.4)', async () => {
      const outlined = (id: string): Promise<boolean> =>
        page.locator(`#${id} + .red-ui-typedInput-container`).evaluate((el) => el.classList.contains('input-error'));
      const typed = (id: string) => page.locator(`#${id} + .red-ui-typedInput-container input.red-ui-typedInput-input`);
      const users = await editor.dragFromPalette('auth0-users', 600, 200);
      await editor.edit(users);
      await page.locator('#node-input-operation').selectOption('create');
      await page.locator('#node-input-auth0-body-connection').waitFor({ state: 'attached' });
      assert.equal(await outlined('node-input-auth0-body-connection'), true, 'connection * is empty and not outlined');
      assert.equal(await outlined('node-input-auth0-body-password'), false, 'the optional password (a secret: msg, flow, global, env) is outlined while empty');
      assert.equal(await outlined('node-input-auth0-body-email'), false, 'the optional email is outlined while empty');
      await typed('node-input-auth0-body-connection').fill('Username-Password-Authentication');
      await typed('node-input-auth0-body-connection').blur();
      assert.equal(await outlined('node-input-auth0-body-connection'), false, 'connection is filled in and still outlined');
      await page.locator('#node-dialog-cancel').click();
      await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });

      const delegated = await editor.dragFromPalette('auth0-delegated', 600, 280);
      await editor.edit(delegated);
      await page.locator('#node-input-operation').selectOption('get_token');
      assert.equal(await outlined('node-input-auth0-param-target'), true, 'target * is empty and not outlined');
      assert.equal(await outlined('node-input-auth0-param-refresh_token'), false, 'the optional refresh_token is outlined while empty');
      assert.equal(await outlined('node-input-auth0-param-id_token'), false, 'the optional id_token is outlined while empty');
      // client_id left empty is the tenant's own client id: neither required in the form nor outlined.
      assert.equal((await page.locator('label[for="node-input-auth0-param-client_id"]').innerText()).trim(), 'client_id');
      assert.equal(await outlined('node-input-auth0-param-client_id'), false);
      await page.locator('#node-dialog-cancel').click();
      await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });

      const logout = await editor.dragFromPalette('auth0-logout', 600, 360);
      await editor.edit(logout);
      await page.locator('#node-input-operation').selectOption('');
      assert.equal(await page.locator('.auth0-params .form-row').count(), 0, 'inputs shown with "set by msg.operation"');
      assert.match(await page.locator('.auth0-params .auth0-by-msg-operation').innerText(), /msg\.operation chooses/);
      await page.locator('#node-input-operation').selectOption('oidc_logout');
      assert.ok((await page.locator('.auth0-params .form-row').count()) > 0, 'choosing an operation shows its inputs again');
      await page.locator('#node-dialog-cancel').click();
      await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
      assert.deepEqual(pageErrors, [], 'the editor page threw');
    });

    it('a flow saved before body properties existed opens unchanged: its body JSON stays, Done saves the same', async () => {
      const params = { body: { value: '{"connection":"Username-Password-Authentication","email":"old@example.com"}', type: 'json' } };
      // As Node-RED loads a flow file: imported as it was saved, then its edit dialog opened.
      const id = 'a1b2c3d4e5f60718';
      await page.evaluate(
        `(() => { RED.nodes.import([{ id: '${id}', type: 'auth0-users', z: RED.workspaces.active(), x: 700, y: 600, wires: [], name: '', tenant: '', operation: 'create', params: ${JSON.stringify(params)}, paging: 'off', pagingOutput: 'array', version: 1 }], { generateIds: false }); RED.view.redraw(true); RED.editor.edit(RED.nodes.node('${id}')); })()`,
      );
      await page.locator('.red-ui-tray #node-dialog-ok').last().waitFor({ state: 'visible' });
      await editor.formReady(page.locator('.red-ui-tray').last());
      assert.equal(await page.locator('#node-input-operation').inputValue(), 'create');
      assert.equal(await page.locator('#node-input-auth0-param-body').inputValue(), params.body.value);
      assert.equal(await page.locator('#node-input-auth0-body-connection').inputValue(), '', 'no body property is set from the old body');
      await page.locator('#node-dialog-ok').click();
      await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
      const after = await page.evaluate<{ params: unknown; bodyProperties: unknown }>(
        `(() => { const n = RED.nodes.node(${JSON.stringify(id)}); return { params: n.params, bodyProperties: n.bodyProperties }; })()`,
      );
      assert.deepEqual(after, { params, bodyProperties: {} });
      assert.deepEqual(pageErrors, [], 'the editor page threw');
    });
  });
