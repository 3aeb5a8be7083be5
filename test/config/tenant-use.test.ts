/**
 * How every node uses its tenant (nodes/config/tenant-use.ts), in a real Node-RED runtime against
 * a recording loopback tenant: each node family shows the tenant's "rate limited" while its
 * requests are paused, and afterwards its own status again (not a blank one); and a config node
 * that has closed refuses to make a client nobody would close.
 */
import assert from 'node:assert/strict';
import { TenantClosedError } from '../../nodes/shared/errors';
import type { Auth0ConfigNode } from '../../nodes/config/config-node';
import { helper, nextMessage, nodeModules } from '../helpers/node-red';
import { type Answer, type Recorder, startRecorder } from '../helpers/recorder';
import { waitUntil } from '../helpers/wait';

type Status = { fill?: string; shape?: string; text?: string };

function statusCalls(id: string): Status[] {
  const spy = helper.getNode(id)?.status as { getCalls?: () => { thisValue: { id?: string }; args: unknown[] }[] } | undefined;
  return (spy?.getCalls?.() ?? []).filter((call) => call.thisValue?.id === id).map((call) => call.args[0] as Status);
}

function lastStatus(id: string): Status | undefined {
  const calls = statusCalls(id);
  return calls[calls.length - 1];
}

const MODULES = (): unknown[] =>
  nodeModules(
    'users/auth0-users',
    'jobs/auth0-job-watch',
    'logs/auth0-log-watch',
    'logs/auth0-log-stream-watch',
    'auth/auth0-verify-token',
    'events/auth0-events',
    'events/auth0-event-stream-in',
  );

/** One node of each family that uses a tenant, and an action node whose request meets the 429. */
function flow(domain: string): Record<string, unknown>[] {
  const node = (id: string, type: string, props: Record<string, unknown> = {}, outputs = 1): Record<string, unknown> => ({
    id,
    type,
    z: 'tab',
    tenant: 'cfg',
    wires: Array.from({ length: outputs }, () => (id === 'trigger' ? ['out'] : [])),
    ...props,
  });
  return [
    { id: 'tab', type: 'tab', label: 'tenant use' },
    { id: 'cfg', type: 'auth0-config', domain, protocol: 'http', retries: 3 },
    node('trigger', 'auth0-users', { operation: 'get', version: 1 }),
    node('failing', 'auth0-users', { operation: 'get', version: 1 }),
    node('jobs', 'auth0-job-watch', { interval: 3600 }, 2),
    node('logs', 'auth0-log-watch', { start: 'now', interval: 3600 }),
    node('streams', 'auth0-log-stream-watch', { interval: 3600 }),
    node('verify', 'auth0-verify-token', { audience: 'https://api.example.com' }, 2),
    node('events', 'auth0-events', { types: [], store: '', version: 1 }),
    // A webhook receiver uses its tenant only to create its stream, but registers like every other node.
    node('receiver', 'auth0-event-stream-in', { url: '/tenant-use-hook', authMethod: 'bearer', version: 1 }),
    { id: 'out', type: 'helper', z: 'tab' },
  ];
}

describe('tenant use: the one way a node uses its tenant', function () {
  this.timeout(30_000);
  let tenant: Recorder;
  let triggered = 0;

  before(async () => {
    tenant = await startRecorder((req): Answer => {
      if (req.path === '/api/v2/users/trigger') {
        triggered += 1;
        return triggered === 1
          ? { status: 429, headers: { 'retry-after': '1' }, body: { statusCode: 429, error: 'Too Many Requests', message: 'Global limit has been reached' } }
          : { body: { user_id: 'trigger' } };
      }
      if (req.path === '/api/v2/users/missing')
        return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'The user does not exist.', errorCode: 'inexistent_user' } };
      if (req.path === '/api/v2/jobs/job_1') return { body: { id: 'job_1', type: 'users_import', status: 'processing', percentage_done: 40 } };
      if (req.path === '/api/v2/logs' || req.path === '/api/v2/log-streams') return { body: [] };
      // The Events API: a stream that stays open after its first offset marker.
      if (req.path === '/api/v2/events')
        return { headers: { 'content-type': 'text/event-stream' }, body: 'id: o1\nevent: offset-only\ndata: {"offset":"o1"}\n\n', open: true };
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'no such route' } };
    });
  });
  after(async () => {
    await tenant.close();
  });
  beforeEach(async () => {
    triggered = 0;
    await helper.startServer();
  });
  afterEach(async () => {
    await helper.unload();
    await helper.stopServer();
  });

  it('every node family shows "rate limited" during the tenant\'s pause, then its own status again', async () => {
    await helper.load(MODULES(), flow(tenant.domain), { cfg: { clientId: 'client-id', clientSecret: 'client-secret' } });

    // Each node first shows a status of its own.
    helper.getNode('failing')?.receive({ payload: { id: 'missing' } });
    helper.getNode('jobs')?.receive({ payload: 'job_1' });
    helper.getNode('verify')?.receive({ payload: 'no token here' });
    await waitUntil(() => lastStatus('failing')?.fill === 'red', { what: () => `failing: ${JSON.stringify(statusCalls('failing'))}`, timeout: 10_000 });
    await waitUntil(() => lastStatus('jobs')?.fill === 'blue', { what: () => `jobs: ${JSON.stringify(statusCalls('jobs'))}`, timeout: 10_000 });
    await waitUntil(() => lastStatus('logs')?.text === 'watching', { what: () => `logs: ${JSON.stringify(statusCalls('logs'))}`, timeout: 10_000 });
    await waitUntil(() => lastStatus('streams')?.text === 'no streams', { what: () => `streams: ${JSON.stringify(statusCalls('streams'))}`, timeout: 10_000 });
    await waitUntil(() => lastStatus('verify')?.fill === 'yellow', { what: () => `verify: ${JSON.stringify(statusCalls('verify'))}`, timeout: 10_000 });
    await waitUntil(() => lastStatus('events')?.text === 'connected', { what: () => `events: ${JSON.stringify(statusCalls('events'))}`, timeout: 10_000 });
    await waitUntil(() => lastStatus('receiver')?.text === 'refuses all: set authorization', {
      what: () => `receiver: ${JSON.stringify(statusCalls('receiver'))}`,
      timeout: 10_000,
    });
    const watched = ['failing', 'jobs', 'logs', 'streams', 'verify', 'events', 'receiver'];
    const own = Object.fromEntries(watched.map((id) => [id, lastStatus(id)]));
    const before = Object.fromEntries(watched.map((id) => [id, statusCalls(id).length]));

    // One request meets a 429 with Retry-After: the tenant's requests pause for a second.
    const answered = nextMessage(helper.getNode('out'));
    helper.getNode('trigger')?.receive({ payload: { id: 'trigger' } });
    assert.equal(((await answered).payload as Record<string, unknown>).user_id, 'trigger');

    for (const id of watched) {
      await waitUntil(() => statusCalls(id).length > before[id] && JSON.stringify(lastStatus(id)) === JSON.stringify(own[id]), {
        what: () => `${id} did not get its own status back: ${JSON.stringify(statusCalls(id).slice(before[id]))}`,
        timeout: 10_000,
      });
      const during = statusCalls(id).slice(before[id]);
      assert.ok(
        during.some((s) => s.fill === 'yellow' && /^rate limited \d+s$/.test(s.text ?? '')),
        `${id} never showed "rate limited": ${JSON.stringify(during)}`,
      );
      assert.ok(!during.some((s) => Object.keys(s).length === 0), `${id}'s status was wiped: ${JSON.stringify(during)}`);
    }
    assert.equal(triggered, 2, 'the 429 was retried once the pause ended');
  });

  it('a node registered while the tenant is paused shows "rate limited" at once', async () => {
    await helper.load(MODULES(), flow(tenant.domain), { cfg: { clientId: 'client-id', clientSecret: 'client-secret' } });
    const cfg = helper.getNode('cfg') as unknown as Auth0ConfigNode;
    const answered = nextMessage(helper.getNode('out'));
    helper.getNode('trigger')?.receive({ payload: { id: 'trigger' } });
    await waitUntil(() => statusCalls('failing').some((s) => /^rate limited/.test(s.text ?? '')), { what: () => 'no pause', timeout: 10_000 });
    const shown: Status[] = [];
    const late = { id: 'late', status: (s: Status) => shown.push(s) } as unknown as Parameters<Auth0ConfigNode['register']>[0];
    cfg.register(late, { rateLimited: (s) => shown.push(s), rateLimitOver: () => shown.push({ text: 'over' }) });
    assert.match(shown[0]?.text ?? '', /^rate limited \d+s$/);
    await answered;
    await waitUntil(() => shown.some((s) => s.text === 'over'), { what: () => JSON.stringify(shown), timeout: 10_000 });
    cfg.deregister(late);
  });

  it('a config node that has closed refuses to make a client (which nobody would close)', async () => {
    await helper.load(MODULES(), flow(tenant.domain), { cfg: { clientId: 'client-id', clientSecret: 'client-secret' } });
    const cfg = helper.getNode('cfg') as unknown as Auth0ConfigNode;
    const client = cfg.getClient();
    assert.equal(cfg.getClient(), client, 'one client while the node runs');
    await helper.unload();
    assert.throws(
      () => cfg.getClient(),
      (err: unknown) => err instanceof TenantClosedError && /has been stopped/.test((err as Error).message),
    );
    await assert.rejects(
      client.request({ method: 'GET', path: '/api/v2/users', auth: 'management' }),
      (err: { errorCode?: string }) => err.errorCode === 'CLIENT_CLOSED',
    );
  });
});
