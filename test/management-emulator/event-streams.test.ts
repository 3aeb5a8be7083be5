/**
 * auth0-event-streams in Node-RED against the emulator: a webhook stream created, read, listed
 * (all pages), updated and deleted; a test event delivered; a user's event failing with a 4xx,
 * listed with its history, redelivered by filter and one by one; an unknown event type refused
 * before any request.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { itemsOf, payloadOf, startHarness, type Harness, type Msg } from './harness';
import { assertStatus, assertSuccess, unique } from './fixtures';
import { waitUntil } from '../helpers/wait';

describe('management nodes against the emulator: event streams', function () {
  this.timeout(60000);
  let h: Harness;
  let hook: http.Server;
  let hookUrl = '';
  /** What the webhook answers next (a 404 makes the delivery fail at once, without retries). */
  let answer = 200;
  const delivered: Msg[] = [];

  before(async () => {
    h = await startHarness();
    hook = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        delivered.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Msg);
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/events`;
  });
  after(async () => {
    await h.close();
    hook.closeAllConnections();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('creates a webhook stream, reads and lists it, sends a test event, disables it, deletes it, then reads 404', async () => {
    const name = unique('hook-');
    const created = await h.run('event_streams', 'create', {
      body: {
        name,
        subscriptions: [{ event_type: 'user.created' }],
        destination: { type: 'webhook', configuration: { webhook_endpoint: hookUrl, webhook_authorization: { method: 'bearer', token: 'node-secret-1' } } },
      },
    });
    assertSuccess(created, 'create');
    const stream = payloadOf(created);
    assert.ok(!JSON.stringify(created).includes('node-secret-1'), 'the secret came back');
    assert.equal(payloadOf(await h.run('event_streams', 'get', { id: stream.id })).name, name);
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('event_streams', 'list', {})), 'eventStreams').map((s) => s.id),
      [stream.id],
    );
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('event_streams', 'list', { take: 1 }, 'all')), 'eventStreams').map((s) => s.id),
      [stream.id],
    );

    const tested = payloadOf(await h.run('event_streams', 'test_event', { id: stream.id, event_type: 'user.created' }));
    assert.equal(tested.event_type, 'user.created');
    await waitUntil(() => delivered.some((e) => e.a0purpose === 'test'), { what: 'the test event did not arrive', timeout: 5_000 });

    const disabled = payloadOf(await h.run('event_streams', 'update', { id: stream.id, body: { status: 'disabled' } }));
    assert.equal(disabled.status, 'disabled');
    assertStatus(await h.run('event_streams', 'delete', { id: stream.id }), 'delete', 204);
    assert.equal((await h.gone('event_streams', 'get', { id: stream.id })).errorCode, 'inexistent_event_stream');
  });

  it('lists a failed delivery with its history, and redelivers it by filter and by id', async () => {
    const stream = payloadOf(
      await h.run('event_streams', 'create', {
        body: {
          name: unique('failing-'),
          subscriptions: [{ event_type: 'user.created' }],
          destination: { type: 'webhook', configuration: { webhook_endpoint: hookUrl, webhook_authorization: { method: 'bearer', token: 'node-secret-2' } } },
        },
      }),
    );
    answer = 404;
    const before = delivered.length;
    await h.run('users', 'create', {
      body: { connection: 'Username-Password-Authentication', email: `${unique('ev')}@example.com`, password: 'Correct-Horse-9' },
    });
    const failedList = async () =>
      itemsOf(payloadOf(await h.run('event_streams', 'get_deliveries', { id: stream.id, statuses: ['failed'], event_types: 'user.created' })), 'deliveries');
    await waitUntil(async () => (await failedList()).length === 1, { what: 'no failed delivery listed', timeout: 5_000 });
    const failed = (await failedList())[0];
    const event = failed.event as Msg;
    const history = payloadOf(await h.run('event_streams', 'get_delivery_history', { id: stream.id, event_id: event.id }));
    assert.equal((history.attempts as unknown[]).length, 1);
    assert.equal(delivered.length, before + 1);

    answer = 200;
    assertStatus(await h.run('event_streams', 'redeliver', { id: stream.id, event_types: ['user.created'] }), 'redeliver', 202);
    await waitUntil(() => delivered.length === before + 2, { what: 'no redelivery by filter', timeout: 5_000 });
    assertStatus(await h.run('event_streams', 'redeliver_event', { id: stream.id, event_id: event.id }), 'redeliver_event', 202);
    await waitUntil(() => delivered.length === before + 3, { what: 'no redelivery by id', timeout: 5_000 });
    assert.equal(delivered[delivered.length - 1].id, event.id);
  });

  it('refuses an event type Auth0 does not have before any request, naming the input', async () => {
    const failure = await h.fail('event_streams', 'test_event', { id: 'est_0123456789012345678901', event_type: 'user.exploded' });
    assert.equal((failure.msg.auth0 as Msg).input, 'event_type');
    assert.match(failure.message, /event_type/);
  });

  it('exercised every event_streams operation', () => {
    h.assertAllExercised('event_streams');
  });
});
