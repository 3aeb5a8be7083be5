/**
 * The event nodes in the editor of a real Node-RED in a real browser (Debian's chromium): the
 * events watcher's type list comes from the runtime's catalogue and is saved as checked; the
 * event stream receiver shows the fields of the chosen authorization, creates the webhook stream
 * at the emulator from its button, receives a user created there, and its secret is in no saved
 * flow, exported flow or log line.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing outside CI.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import { useEditorSession } from './editor-session';
import { waitUntil } from '../helpers/wait';

const SECRET = 'editor-check-bearer-4Jq9-secret';

describe('event nodes in the editor, in a real browser', function () {
  this.timeout(180000);
  let emu: Emulator;

  const session = useEditorSession();

  before(async function () {
    emu = await startEmulator({ port: 0 });
  });

  after(async () => {
    await emu?.close();
  });

  it('auth0-events: the type list comes from the runtime, early access marked; the checked types are saved; deployed, it connects', async () => {
    const node = await session.editor.dragFromPalette('auth0-events', 300, 150);
    const tray = await session.editor.edit(node);
    const boxes = tray.locator('#auth0-events-types input[type=checkbox]');
    await boxes.first().waitFor({ state: 'visible' });
    assert.equal(await boxes.count(), 22);
    assert.match(String(await tray.locator('label[for="auth0-events-type-group-created"]').textContent()), /early access/);
    assert.doesNotMatch(String(await tray.locator('label[for="auth0-events-type-user-created"]').textContent()), /early access/);
    await session.editor.createTenant(emu, 'Local emulator');
    await tray.locator('#auth0-events-type-user-created').check();
    await tray.locator('#auth0-events-type-user-deleted').check();
    // Batch size shows only for batches, Most outstanding only in acknowledged mode; both start at the defaults.
    assert.ok(!(await tray.locator('#node-input-batchSize').isVisible()), 'Batch size shows for one message per event');
    assert.ok(!(await tray.locator('#node-input-maxUnacked').isVisible()), 'Most outstanding shows without acknowledged mode');
    assert.equal(await tray.locator('#node-input-output').inputValue(), 'event');
    assert.ok(!(await tray.locator('#node-input-ack').isChecked()));
    await tray.locator('#node-input-output').selectOption('batch');
    assert.ok(await tray.locator('#node-input-batchSize').isVisible(), 'Batch size is hidden for batches');
    assert.equal(await tray.locator('#node-input-batchSize').inputValue(), '500');
    // Emptied in a new node just switched to batches, Batch size is marked: the form's Output counts, not the saved one.
    await tray.locator('#node-input-batchSize').fill('');
    await tray.locator('#node-input-batchSize').dispatchEvent('change');
    assert.match(String(await tray.locator('#node-input-batchSize').getAttribute('class')), /input-error/, 'an empty Batch size is not marked');
    await tray.locator('#node-input-batchSize').fill('200');
    await tray.locator('#node-input-batchSize').dispatchEvent('change');
    assert.doesNotMatch(String(await tray.locator('#node-input-batchSize').getAttribute('class')), /input-error/);
    await session.page.locator('#node-dialog-ok').click();
    const types = await session.page.evaluate(() => {
      const RED = (globalThis as unknown as { RED: { nodes: { filterNodes(f: { type: string }): { types: string[] }[] } } }).RED;
      return RED.nodes.filterNodes({ type: 'auth0-events' })[0].types;
    });
    assert.deepEqual(types, ['user.created', 'user.deleted']);
    const delivery = await session.page.evaluate(() => {
      const RED = (globalThis as unknown as { RED: { nodes: { filterNodes(f: { type: string }): Record<string, unknown>[] } } }).RED;
      const n = RED.nodes.filterNodes({ type: 'auth0-events' })[0];
      return { output: n.output, batchSize: n.batchSize, ack: n.ack };
    });
    // The number typed in is saved as a number (an exported flow says 200, not "200").
    assert.deepEqual(delivery, { output: 'batch', batchSize: 200, ack: false });
    await waitUntil(async () => /events \(user\.created, user\.deleted\)/.test(await session.editor.label(node)), {
      what: `the label shows the types: ${await session.editor.label(node)}`,
      timeout: 5000,
      interval: 100,
    });
    await session.editor.deploy();
    await waitUntil(async () => /connected/.test((await node.locator('.red-ui-flow-node-status-label').textContent()) ?? ''), {
      what: 'the status never said connected',
      timeout: 30_000,
      interval: 100,
    });
  });

  it("auth0-event-stream-in: the chosen authorization's fields; creates the stream from its button; receives a user; the secret is nowhere saved", async () => {
    const node = await session.editor.dragFromPalette('auth0-event-stream-in', 300, 300);
    let tray = await session.editor.edit(node);
    await tray.locator('#node-input-url').fill('/auth0/editor-events');
    await tray.locator('#node-input-authMethod').selectOption('custom_header');
    assert.ok(await tray.locator('#node-input-headerName').isVisible());
    assert.ok(!(await tray.locator('#node-input-token').isVisible()));
    await tray.locator('#node-input-authMethod').selectOption('bearer');
    assert.ok(await tray.locator('#node-input-token').isVisible());
    assert.ok(!(await tray.locator('#node-input-headerName').isVisible()));
    await tray.locator('#node-input-token').fill(SECRET);
    await tray.locator('#node-input-tenant').selectOption({ label: 'Local emulator' });
    await tray.locator('#node-input-publicUrl').fill(session.nodeRed.url);
    await tray.locator('#node-input-types-text').fill('user.created');
    await session.page.locator('#node-dialog-ok').click();
    await session.editor.deploy();

    tray = await session.editor.edit(node);
    await tray.locator('#auth0-event-stream-in-create').click();
    const result = tray.locator('#auth0-event-stream-in-result');
    await waitUntil(async () => /Created stream est_/.test((await result.textContent()) ?? ''), {
      what: 'the stream was not created',
      timeout: 30_000,
      interval: 100,
    });
    assert.ok(!((await result.textContent()) ?? '').includes(SECRET));
    await session.page.locator('#node-dialog-cancel').click();

    const token = emu.managementToken();
    const streams = (await (await fetch(`${emu.url}/api/v2/event-streams`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      eventStreams: { id: string; destination: { configuration: { webhook_endpoint: string } } }[];
    };
    assert.equal(streams.eventStreams.length, 1);
    assert.equal(streams.eventStreams[0].destination.configuration.webhook_endpoint, `${session.nodeRed.url}/auth0/editor-events`);
    await fetch(`${emu.url}/api/v2/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ connection: 'Username-Password-Authentication', email: 'editor@example.com', password: 'Correct-Horse-9' }),
    });
    const attempts = async () =>
      (await (await fetch(`${emu.url}/__emulator/event-streams/${streams.eventStreams[0].id}/attempts`)).json()) as { status: string }[];
    await waitUntil(async () => (await attempts()).some((a) => a.status === 'succeeded'), {
      what: "the user's event was not accepted by the node",
      timeout: 30_000,
      interval: 100,
    });
    await waitUntil(async () => /last \d\d:\d\d:\d\d/.test((await node.locator('.red-ui-flow-node-status-label').textContent()) ?? ''), {
      what: 'the node did not show the event',
      timeout: 30_000,
      interval: 100,
    });

    const exported = await session.page.evaluate(() =>
      JSON.stringify(
        (globalThis as unknown as { RED: { nodes: { createCompleteNodeSet(o: { credentials: boolean }): unknown } } }).RED.nodes.createCompleteNodeSet({
          credentials: false,
        }),
      ),
    );
    assert.ok(!exported.includes(SECRET), 'the secret is in the exported flow');
    assert.ok(!fs.readFileSync(path.join(session.userDir, 'flows.json'), 'utf8').includes(SECRET), 'the secret is in flows.json');
    assert.ok(!session.nodeRed.output().includes(SECRET), 'the secret is in the log');
    assert.deepEqual(session.pageErrors, []);
  });
});
