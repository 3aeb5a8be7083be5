/**
 * The emulator's events: CloudEvents for user and organization changes, webhook event streams
 * (Auth0's shapes, the write-only secret, loopback http allowed, the retry schedule after 1, 2
 * and 4 s, a 4xx failing at once, deliveries, redelivery), the Events API (offsets, offset-only
 * markers, heartbeats, 400/410/429), and the official SDK's event-stream and events clients.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../../emulator';
import { sdkClient } from '../emulator/sdk-client';
import { control, eventSettings } from './support';
import { waitUntil } from '../helpers/wait';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A webhook receiver answering each delivery with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('emulator: events', function () {
  this.timeout(30000);
  let emu: Emulator;
  let token: string;

  beforeEach(async () => {
    emu = await startEmulator({ port: 0 });
    token = emu.managementToken();
  });
  afterEach(async () => {
    await emu.close();
  });

  async function api(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape, asserted field by field
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await fetch(`${emu.url}/api/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  function webhook(endpoint: string, authorization: Record<string, unknown> = { method: 'bearer', token: 'hook-secret-1' }, types = ['user.created']) {
    return {
      name: 'hook',
      subscriptions: types.map((event_type) => ({ event_type })),
      destination: { type: 'webhook', configuration: { webhook_endpoint: endpoint, webhook_authorization: authorization } },
    };
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudEvents of any shape, asserted field by field
  const events = async (type?: string) => (await control(emu, 'GET', `events${type ? `?type=${type}` : ''}`)) as unknown as { event: Record<string, any> }[];

  it('publishes CloudEvents for users (API, signup, update with the previous user, delete) and organizations (membership and member roles)', async () => {
    const created = await api('POST', '/users', { connection: 'Username-Password-Authentication', email: 'ev@example.com', password: 'Correct-Horse-9' });
    const userId = created.body.user_id as string;
    await api('PATCH', `/users/${encodeURIComponent(userId)}`, { name: 'Eve' });
    const signup = await fetch(`${emu.url}/dbconnections/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: emu.webClient.clientId,
        connection: 'Username-Password-Authentication',
        email: 'signup@example.com',
        password: 'Correct-Horse-9',
      }),
    });
    assert.equal(signup.status, 200);
    const org = (await api('POST', '/organizations', { name: 'acme' })).body as { id: string };
    await api('PATCH', `/organizations/${org.id}`, { display_name: 'Acme' });
    const role = (await api('POST', '/roles', { name: 'buyer' })).body as { id: string };
    await api('POST', `/organizations/${org.id}/members`, { members: [userId] });
    await api('POST', `/organizations/${org.id}/members/${encodeURIComponent(userId)}/roles`, { roles: [role.id] });
    await api('DELETE', `/organizations/${org.id}/members/${encodeURIComponent(userId)}/roles`, { roles: [role.id] });
    await api('DELETE', `/organizations/${org.id}/members`, { members: [userId] });
    await api('DELETE', `/organizations/${org.id}`);
    await api('DELETE', `/users/${encodeURIComponent(userId)}`);

    const all = (await events()).map((e) => e.event);
    assert.deepEqual(
      all.map((e) => e.type),
      [
        'user.created',
        'user.updated',
        'user.created',
        'organization.created',
        'organization.updated',
        'organization.member.added',
        'organization.member.role.assigned',
        'organization.member.role.deleted',
        'organization.member.deleted',
        'organization.deleted',
        'user.deleted',
      ],
    );
    for (const e of all) {
      assert.equal(e.specversion, '1.0');
      assert.match(e.id, /^evt_[A-Za-z0-9]{22}$/);
      assert.match(e.source, /^urn:auth0:/);
      assert.match(e.a0stream, /^est_/);
      assert.ok(e.data.context.tenant.id);
      assert.ok(!Number.isNaN(Date.parse(e.time)));
    }
    assert.equal(all[0].data.object.email, 'ev@example.com');
    assert.equal(all[1].data.object.name, 'Eve');
    assert.notEqual(all[1].data.previous_object.name, 'Eve');
    assert.equal(all[2].data.object.email, 'signup@example.com');
    assert.equal(all[4].data.previous_object.display_name, 'acme');
    assert.deepEqual(all[6].data.object, { organization: { id: org.id, name: 'acme' }, user: { user_id: userId }, role: { id: role.id, name: 'buyer' } });
    assert.ok(all[10].data.object.deleted_at);
    for (const e of all) assert.ok(!JSON.stringify(e).includes('Correct-Horse-9'), 'a password in an event');
  });

  it("manages webhook streams in Auth0's shapes; the secret is write-only; only a loopback address may be http://", async () => {
    const created = await api('POST', '/event-streams', webhook('http://127.0.0.1:9/hook'));
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^est_[A-Za-z0-9]{22}$/);
    assert.equal(created.body.status, 'enabled');
    assert.deepEqual(created.body.destination.configuration.webhook_authorization, { method: 'bearer' });
    const id = created.body.id as string;
    const listed = await api('GET', '/event-streams');
    assert.equal(listed.body.eventStreams.length, 1);
    assert.ok(!JSON.stringify([created.body, listed.body, (await api('GET', `/event-streams/${id}`)).body]).includes('hook-secret-1'));
    assert.equal((await api('PATCH', `/event-streams/${id}`, { status: 'disabled' })).body.status, 'disabled');
    assert.equal((await api('POST', '/event-streams', webhook('http://hooks.example.com/x'))).status, 400);
    assert.equal((await api('POST', '/event-streams', webhook('https://hooks.example.com/x', { method: 'basic', username: 'u' }))).status, 400);
    assert.equal((await api('POST', '/event-streams', webhook('https://hooks.example.com/x', undefined, ['user.exploded']))).status, 400);
    assert.equal(
      (await api('POST', '/event-streams', webhook('https://hooks.example.com/x', { method: 'custom_header', header_key: 'X-Key', header_value: 'v' }))).status,
      201,
    );
    assert.equal((await api('DELETE', `/event-streams/${id}`)).status, 204);
    assert.equal((await api('GET', `/event-streams/${id}`)).status, 404);
  });

  it("delivers with the stream's authorization and retries after 1, 2 and 4 s; a 4xx fails at once; failed deliveries are listed and redelivered", async () => {
    await control(emu, 'POST', 'clock', { speed: 20 }); // emulated seconds pass 20 times faster
    const hook = await receiver([503, 503, 503, 200, 404]);
    try {
      const stream = (
        await api(
          'POST',
          '/event-streams',
          webhook(hook.url, { method: 'basic', username: 'auth0', password: 'hook-pass-1' }, ['user.created', 'user.deleted']),
        )
      ).body as { id: string };
      await api('POST', '/users', { connection: 'Username-Password-Authentication', email: 'retry@example.com', password: 'Correct-Horse-9' });
      await waitUntil(async () => hook.received.length >= 4, { what: () => `${hook.received.length} deliveries` });
      assert.equal(hook.received[0].headers.authorization, `Basic ${Buffer.from('auth0:hook-pass-1').toString('base64')}`);
      assert.ok(
        hook.received.every((r) => r.body.id === hook.received[0].body.id),
        'the retries carried another event',
      );
      assert.equal(hook.received[0].body.a0stream, stream.id);
      const records = (await control(emu, 'GET', `event-streams/${stream.id}/attempts`)) as unknown as {
        status: string;
        attempts: { status: string; timestamp: string }[];
      }[];
      const times = records[0].attempts.map((a) => Date.parse(a.timestamp));
      assert.deepEqual(
        records[0].attempts.map((a) => a.status),
        ['failed', 'failed', 'failed', 'succeeded'],
      );
      // The waits of Auth0's schedule, in emulated time (lower bounds: a wait is never shorter).
      [1000, 2000, 4000].forEach((wait, i) => assert.ok(times[i + 1] - times[i] >= wait - 50, `wait ${i + 1}: ${times[i + 1] - times[i]} ms`));

      // A 4xx: one attempt, failed, listed; then redelivered by filter.
      const user = (await api('GET', '/users?q=email:"retry@example.com"')).body[0] as { user_id: string };
      await api('DELETE', `/users/${encodeURIComponent(user.user_id)}`);
      await waitUntil(async () => (await api('GET', `/event-streams/${stream.id}/deliveries`)).body.deliveries.length === 1, {
        what: () => 'no failed delivery listed',
      });
      const failed = (await api('GET', `/event-streams/${stream.id}/deliveries`)).body.deliveries[0];
      assert.equal(failed.event_type, 'user.deleted');
      assert.equal(failed.status, 'failed');
      assert.equal(failed.attempts.length, 1);
      assert.equal(hook.received.length, 5);
      const history = await api('GET', `/event-streams/${stream.id}/deliveries/${failed.event.id}`);
      assert.equal(history.body.event.id, failed.event.id);
      assert.equal((await api('POST', `/event-streams/${stream.id}/redeliver`, { event_types: ['user.deleted'] })).status, 202);
      await waitUntil(async () => hook.received.length >= 6, { what: () => `${hook.received.length} deliveries` });
      assert.equal(hook.received[5].body.id, failed.event.id);
      await waitUntil(async () => (await api('GET', `/event-streams/${stream.id}/deliveries`)).body.deliveries.length === 0, {
        what: () => 'still listed as failed',
      });
      assert.equal((await api('POST', `/event-streams/${stream.id}/redeliver/evt_nope`)).status, 404);

      // A test event carries a0purpose "test".
      const tested = await api('POST', `/event-streams/${stream.id}/test`, { event_type: 'user.created' });
      assert.equal(tested.status, 202);
      await waitUntil(async () => hook.received.length >= 7, { what: () => 'no test delivery' });
      assert.equal(hook.received[6].body.a0purpose, 'test');
    } finally {
      await hook.close();
    }
  });

  describe('the Events API', () => {
    /** Reads an SSE response until `stop` says so; returns the raw text. */
    function readSse(
      path: string,
      headers: Record<string, string>,
      stop: (text: string) => boolean,
    ): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
      return new Promise((resolve, reject) => {
        const req = http.get(`${emu.url}/api/v2${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (stop(text)) {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, text, headers: res.headers });
            }
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      });
    }

    it('replays from an offset (Last-Event-ID wins over from), marks filtered progress with offset-only, sends heartbeats', async () => {
      await eventSettings(emu, { heartbeatMs: 50 });
      for (let i = 0; i < 3; i++)
        await api('POST', '/users', { connection: 'Username-Password-Authentication', email: `sse${i}@example.com`, password: 'Correct-Horse-9' });
      const logged = (await control(emu, 'GET', 'events')) as unknown as { offset: string; event: { id: string } }[];
      const first = logged[0].offset;
      const stream = await readSse('/events?event_type=user.created&from=bogus', { 'Last-Event-ID': first }, (t) => t.includes(': heartbeat'));
      assert.equal(stream.status, 200);
      assert.match(String(stream.headers['content-type']), /^text\/event-stream/);
      const ids = [...stream.text.matchAll(/^data: (\{"offset".*\})$/gm)].map((m) => JSON.parse(m[1]) as { offset: string; event?: { id: string } });
      assert.deepEqual(
        ids.filter((d) => d.event).map((d) => d.event!.id),
        logged.slice(1).map((e) => e.event.id),
      );
      const filtered = await readSse('/events?event_type=user.deleted', { 'Last-Event-ID': first }, (t) => t.includes(': heartbeat'));
      assert.ok(!/event: user\./.test(filtered.text));
      assert.ok(filtered.text.includes(`id: ${logged[2].offset}\nevent: offset-only`), filtered.text);
    });

    it('answers 400 for an unknown type or from with from_timestamp, 410 for an expired offset, 429 with Retry-After over the connection cap', async () => {
      assert.equal((await api('GET', '/events?event_type=user.exploded')).status, 400);
      assert.equal((await api('GET', '/events?from=x&from_timestamp=2026-01-01T00:00:00Z')).status, 400);
      await api('POST', '/users', { connection: 'Username-Password-Authentication', email: 'gone@example.com', password: 'Correct-Horse-9' });
      const offset = ((await control(emu, 'GET', 'events')) as unknown as { offset: string }[])[0].offset;
      await api('POST', '/users', { connection: 'Username-Password-Authentication', email: 'gone2@example.com', password: 'Correct-Horse-9' });
      await control(emu, 'POST', 'events/expire', {});
      const expired = await api('GET', '/events', undefined, { 'Last-Event-ID': offset });
      assert.equal(expired.status, 410);
      await eventSettings(emu, { maxConnections: 1, retryAfterSeconds: 7 });
      const holder = http.get(`${emu.url}/api/v2/events`, { headers: { authorization: `Bearer ${token}` } });
      holder.on('error', () => undefined);
      await new Promise<void>((resolve) => holder.once('response', () => resolve()));
      const capped = await api('GET', '/events');
      assert.equal(capped.status, 429);
      assert.equal(capped.headers.get('retry-after'), '7');
      holder.destroy();
    });

    it('closes every connection after the disconnect interval, and on demand', async () => {
      await eventSettings(emu, { disconnectMs: 100 });
      const ended = await readSse('/events', {}, () => false);
      assert.equal(ended.status, 200);
      await eventSettings(emu, { disconnectMs: 60000 });
      const pending = readSse('/events', {}, () => false);
      await waitUntil(async () => Number((await control(emu, 'GET', 'events/settings')).openConnections) === 1, { what: () => 'not connected' });
      assert.equal((await control(emu, 'POST', 'events/disconnect', {})).disconnected, 1);
      assert.equal((await pending).status, 200);
    });
  });

  it('works with the official SDK: event streams and their deliveries', async () => {
    const hook = await receiver([404]);
    try {
      const client = sdkClient(emu);
      const created = await client.eventStreams.create({
        name: 'sdk-stream',
        subscriptions: [{ event_type: 'user.created' }],
        destination: { type: 'webhook', configuration: { webhook_endpoint: hook.url, webhook_authorization: { method: 'bearer', token: 'sdk-secret' } } },
      } as never);
      const id = (created as { id: string }).id;
      const page = await client.eventStreams.list();
      assert.deepEqual(
        page.data.map((s) => (s as { id: string }).id),
        [id],
      );
      assert.equal(((await client.eventStreams.get(id)) as { name: string }).name, 'sdk-stream');
      await client.eventStreams.test(id, { event_type: 'user.created' } as never);
      await waitUntil(async () => (await client.eventStreams.deliveries.list(id)).data.length === 1, { what: () => 'no failed delivery' });
      await client.eventStreams.redeliveries.create(id, {});
      await client.eventStreams.delete(id);
    } finally {
      await hook.close();
    }
  });
});
