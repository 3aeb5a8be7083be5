/**
 * Three Node-RED processes with the same flows, one emulator at a tenant rate limit, one Redis:
 * the log watch runs in one process at a time and every log event is sent exactly once across
 * the three, in order, through a graceful restart of the holder, a SIGKILL of the holder
 * mid-stream and a restart of Redis; the action nodes never stop; one token request in all.
 * The events watcher (auth0-events) likewise holds one Events API connection across the three,
 * and the event stream receiver drops a delivery another replica already received.
 *
 * The repeats allowed, and counted: after a SIGKILL, the one event the killed holder had sent but
 * not yet recorded in its checkpoint; after Redis went away mid-poll, the one event sent before the
 * checkpoint write was refused. A graceful restart repeats nothing.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Emulator } from '../../emulator';
import { OFFSET_BATCH_EVENTS } from '../../nodes/events/watch/offset-batch';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { RedisServer } from '../../scripts/local-redis';
import type { Replica } from '../../scripts/node-red-replica';
import { databaseConnectionId, importDirectly, makeUsers, managementFetch } from '../jobs/fixtures';
import { eventSettings, produce } from '../events/support';
import { waitUntil } from '../helpers/wait';
import { logWatchNode } from '../logs/runtime';
import { type Cluster, leaseHolder, recordedLines, redisCommand, replicaTenant, startCluster } from './cluster';

const PREFIX = 'replicas-test';
/** The bearer token the event stream receivers accept (the test's own, not a secret anywhere). */
const WEBHOOK_TOKEN = 'replicas-webhook-token';

function record(file: string, what: string): string {
  return `global.get('fs').appendFileSync(${JSON.stringify(file)}, ${what} + ' ' + global.get('pid') + ' ' + Date.now() + '\\n'); return null;`;
}

function flows(emu: Emulator, redisUrl: string, dir: string): unknown[] {
  const events = path.join(dir, 'events.txt');
  const actions = path.join(dir, 'actions.txt');
  return [
    { id: 'tab', type: 'tab', label: 'replicas' },
    replicaTenant(emu, redisUrl, PREFIX),
    logWatchNode({ z: 'tab', wires: [['recordEvent']] }),
    { id: 'recordEvent', type: 'function', z: 'tab', func: record(events, 'msg.payload.log_id'), outputs: 1, x: 300, y: 100, wires: [[]] },
    {
      id: 'tick',
      type: 'inject',
      z: 'tab',
      repeat: '0.3',
      once: true,
      onceDelay: 0.1,
      topic: '',
      payload: '',
      payloadType: 'date',
      x: 100,
      y: 200,
      wires: [['list']],
    },
    {
      id: 'list',
      type: 'auth0-users',
      z: 'tab',
      tenant: 'tenant',
      operation: 'list',
      params: { per_page: { value: '5', type: 'num' } },
      paging: 'page',
      pagingOutput: 'array',
      version: 1,
      x: 300,
      y: 200,
      wires: [['recordOk']],
    },
    { id: 'recordOk', type: 'function', z: 'tab', func: record(actions, "'ok'"), outputs: 1, x: 500, y: 200, wires: [[]] },
    { id: 'catch', type: 'catch', z: 'tab', scope: ['list'], uncaught: false, x: 300, y: 260, wires: [['recordError']] },
    { id: 'recordError', type: 'function', z: 'tab', func: record(actions, "'error'"), outputs: 1, x: 500, y: 260, wires: [[]] },
    // A job to watch comes in over HTTP (to whichever replica); its end is recorded by the replica that sends it.
    { id: 'jobIn', type: 'http in', z: 'tab', url: '/watch-job', method: 'post', upload: false, x: 100, y: 320, wires: [['jobwatch', 'jobAnswer']] },
    { id: 'jobAnswer', type: 'http response', z: 'tab', statusCode: '202', headers: {}, x: 300, y: 380, wires: [] },
    {
      id: 'jobwatch',
      type: 'auth0-job-watch',
      z: 'tab',
      tenant: 'tenant',
      interval: 0.2,
      store: '',
      exportOutput: 'array',
      version: 1,
      x: 300,
      y: 320,
      wires: [['recordJob'], ['recordJob']],
    },
    { id: 'streamwatch', type: 'auth0-log-stream-watch', z: 'tab', tenant: 'tenant', interval: 0.3, x: 100, y: 440, wires: [['recordStream']] },
    { id: 'recordStream', type: 'function', z: 'tab', func: record(path.join(dir, 'streams.txt'), 'msg.topic'), outputs: 1, x: 300, y: 440, wires: [[]] },
    { id: 'recordJob', type: 'function', z: 'tab', func: record(path.join(dir, 'jobs.txt'), 'msg.auth0.jobId'), outputs: 1, x: 500, y: 320, wires: [[]] },
    { id: 'events', type: 'auth0-events', z: 'tab', tenant: 'tenant', types: [], store: '', x: 100, y: 500, wires: [['recordApiEvent']] },
    {
      id: 'recordApiEvent',
      type: 'function',
      z: 'tab',
      func: record(path.join(dir, 'api-events.txt'), 'msg.payload.id'),
      outputs: 1,
      x: 300,
      y: 500,
      wires: [[]],
    },
    {
      id: 'eventsIn',
      type: 'auth0-event-stream-in',
      z: 'tab',
      tenant: 'tenant',
      url: '/auth0-events-in',
      authMethod: 'bearer',
      headerName: '',
      types: [],
      publicUrl: '',
      credentials: { token: WEBHOOK_TOKEN },
      x: 100,
      y: 560,
      wires: [['recordDelivery']],
    },
    {
      id: 'recordDelivery',
      type: 'function',
      z: 'tab',
      func: record(path.join(dir, 'deliveries.txt'), 'msg.payload.id'),
      outputs: 1,
      x: 300,
      y: 560,
      wires: [[]],
    },
  ];
}

interface Line {
  what: string;
  pid: number;
  at: number;
}

function lines(file: string): Line[] {
  return recordedLines(file).map(([what, pid, at]) => ({ what, pid: Number(pid), at: Number(at) }));
}

function repeats(ids: string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}

describe('replicas: three Node-RED processes sharing one tenant through Redis', function () {
  this.timeout(180_000);
  let cluster: Cluster | undefined;
  let emu: Emulator;
  let redis: RedisServer;
  let dir: string;
  let replicas: Replica[] = [];

  before(async function () {
    cluster = await startCluster('auth0-replicas', flows, {
      emulator: { rateLimit: { perSecond: 50, burst: 50 } },
      prepare: async (emu) => {
        // Auth0 ends Events API connections every few minutes; here every 2 s.
        await eventSettings(emu, { heartbeatMs: 100, disconnectMs: 2000 });
      },
    });
    ({ emu, redis, dir, replicas } = cluster);
  });

  after(async function () {
    await cluster?.stop();
  });

  const eventsFile = (): string => path.join(dir, 'events.txt');
  const sent = (): string[] => lines(eventsFile()).map((l) => l.what);
  const logIds = (): string[] => emu.logs.all().map((e) => String(e.log_id));
  const allSent = (): boolean => {
    const have = new Set(sent());
    return logIds().every((id) => have.has(id));
  };

  function write(count: number, label: string): void {
    for (let i = 0; i < count; i++) emu.logs.write({ type: i % 2 ? 'fp' : 's', description: `${label} ${i}` });
  }

  /** Writes events every `everyMs` until stopped: the stream the watchers follow while things break. */
  function stream(label: string, everyMs = 40): () => void {
    let n = 0;
    const timer = setInterval(() => write(1, `${label} ${n++}`), everyMs);
    return () => clearInterval(timer);
  }

  const holder = (nodeId = 'watch'): Promise<Replica> => leaseHolder(redis.url, PREFIX, replicas, nodeId);

  it('sends every log event once, in order, through a graceful restart, a SIGKILL and a Redis restart', async function () {
    write(20, 'first');
    await waitUntil(allSent, { what: 'the first events', timeout: 30_000, interval: 100 });
    assert.deepEqual(repeats(sent()), [], 'three processes, one sender');
    assert.equal(new Set(lines(eventsFile()).map((l) => l.pid)).size, 1, 'one process sent them all');

    // A graceful restart of the holder: another takes over at once (the lease is given back).
    const first = await holder();
    let stop = stream('graceful');
    await first.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await first.start();
    stop();
    await waitUntil(allSent, { what: 'the events around the graceful restart', timeout: 30_000, interval: 100 });
    assert.deepEqual(repeats(sent()), [], 'a graceful restart repeats nothing');

    // SIGKILL of the holder mid-stream: another takes over within the lease time.
    const second = await holder();
    stop = stream('kill');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await second.kill();
    await new Promise((resolve) => setTimeout(resolve, 600));
    stop();
    await waitUntil(allSent, { what: 'the events around the kill', timeout: 30_000, interval: 100 });
    const afterKill = repeats(sent());
    assert.ok(afterKill.length <= 1, `a SIGKILL repeats at most the one event sent but not recorded, repeated: ${afterKill.join(', ')}`);
    await second.start();

    // Redis restarted mid-stream: the watchers pause, nothing is lost, the action nodes go on.
    stop = stream('redis');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const downAt = Date.now();
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const upAt = Date.now();
    await redis.begin();
    await new Promise((resolve) => setTimeout(resolve, 400));
    stop();
    await waitUntil(allSent, { what: 'the events around the Redis restart', timeout: 30_000, interval: 100 });
    const all = sent();
    const repeated = repeats(all);
    assert.ok(
      repeated.length - afterKill.length <= 1,
      `a Redis restart repeats at most the one event whose checkpoint write it refused, repeated: ${repeated.join(', ')}`,
    );

    // In order: the events as sent, first sendings only, are the log's order.
    const firstSendings = all.filter((id, i) => all.indexOf(id) === i);
    assert.deepEqual(firstSendings, logIds(), 'in the order of the log');

    const actions = lines(path.join(dir, 'actions.txt'));
    assert.equal(actions.filter((l) => l.what === 'error').length, 0, 'no action failed');
    const duringOutage = actions.filter((l) => l.what === 'ok' && l.at > downAt + 200 && l.at < upAt);
    assert.ok(duringOutage.length > 0, 'the action nodes went on while Redis was away');

    const senders = new Set(lines(eventsFile()).map((l) => l.pid));
    assert.ok(senders.size >= 3, `the watch moved from process to process (${senders.size} senders)`);
    assert.ok(!senders.has(0));

    const tokenGrants = emu.logs.all().filter((e) => e.type === 'seccft');
    assert.equal(tokenGrants.length, 1, 'one token request across the three processes, restarts included');
  });

  it('watches each job once across the replicas: handed over by a standby, resumed after the holder is killed', async function () {
    const jobLines = (): Line[] => lines(path.join(dir, 'jobs.txt'));
    const connectionId = databaseConnectionId(emu);
    const watchVia = async (replica: Replica, jobId: string): Promise<void> => {
      const res = await fetch(`${replica.url}/watch-job`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: jobId }),
      });
      assert.equal(res.status, 202);
    };

    // A replica that does not hold the watch hands the job over; the holder sends its end, once.
    emu.clock.setSpeed(200);
    const jobHolder = await holder('jobwatch');
    const standby = replicas.find((r) => r !== jobHolder)!;
    const first = await importDirectly(emu, connectionId, JSON.stringify(makeUsers(2, { domain: 'handed.example.com' })));
    await watchVia(standby, String(first.id));
    await waitUntil(() => jobLines().some((l) => l.what === first.id), { what: "the handed-over job's end", timeout: 30_000, interval: 100 });
    assert.deepEqual(
      jobLines().map((l) => [l.what, l.pid]),
      [[first.id, jobHolder.pid]],
      'sent once, by the holder',
    );

    // The holder is killed while its job runs: the next holder finds the job in Redis and sends its end once.
    emu.clock.setSpeed(0.001);
    const second = await importDirectly(emu, connectionId, JSON.stringify(makeUsers(2, { domain: 'killed.example.com' })));
    await watchVia(jobHolder, String(second.id));
    await waitUntil(() => redisHasField(`${PREFIX}:state:jobwatch:jobs`, String(second.id)), { what: 'the job kept in Redis', timeout: 30_000, interval: 100 });
    await jobHolder.kill();
    emu.clock.setSpeed(200);
    await waitUntil(() => jobLines().some((l) => l.what === second.id), {
      what: "the killed holder's job, from another replica",
      timeout: 30_000,
      interval: 100,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ends = jobLines().filter((l) => l.what === second.id);
    assert.equal(ends.length, 1, 'its end sent once');
    assert.notEqual(ends[0].pid, jobHolder.pid);
    await jobHolder.start();
  });

  it('reports each log stream status change once, also when the holder was killed in between', async function () {
    const streamLines = (): Line[] => lines(path.join(dir, 'streams.txt'));
    const created = await managementFetch(emu, '/api/v2/log-streams', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'siem', type: 'http', sink: { httpEndpoint: 'https://siem.example.com/in' } }),
    });
    const stream = (await created.json()) as { id: string };
    const setStatus = async (status: string): Promise<void> => {
      const res = await fetch(`${emu.url}/__emulator/log-streams/${stream.id}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      assert.ok(res.ok);
    };
    // The stream is known to the holder (and recorded in Redis) before it changes.
    await waitUntil(async () => ((await redisHashData(`${PREFIX}:state:streamwatch:streams`)) ?? '').includes(stream.id), {
      what: 'the stream in the shared statuses',
      timeout: 30_000,
      interval: 100,
    });
    await setStatus('suspended');
    await waitUntil(() => streamLines().some((l) => l.what === 'suspended'), { what: 'the suspension reported', timeout: 30_000, interval: 100 });
    const streamHolder = await holder('streamwatch');
    await streamHolder.kill();
    await setStatus('active');
    await waitUntil(() => streamLines().some((l) => l.what === 'active'), { what: 'the recovery reported by another replica', timeout: 30_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(
      streamLines().map((l) => l.what),
      ['suspended', 'active'],
      'each change once across the replicas',
    );
    assert.notEqual(streamLines()[1].pid, streamHolder.pid);
    await streamHolder.start();
  });

  it('follows the Events API from one replica at a time: every event once, in order, through a graceful stop and a SIGKILL of the holder', async function () {
    const apiLines = (): Line[] => lines(path.join(dir, 'api-events.txt'));
    // The watcher has its place in the stream (it stores the first offset on connecting).
    await waitUntil(async () => (await redisHashData(`${PREFIX}:state:events:checkpoint`)) !== null, {
      what: "the events watcher's offset in Redis",
      timeout: 30_000,
      interval: 100,
    });
    const ids: string[] = [];
    const ours = (): Line[] => {
      const wanted = new Set(ids);
      return apiLines().filter((l) => wanted.has(l.what));
    };
    const allReceived = (): boolean => {
      const have = new Set(ours().map((l) => l.what));
      return ids.every((id) => have.has(id));
    };
    const flow = (everyMs = 40): (() => void) => {
      const timer = setInterval(() => ids.push(...produce(emu, 1)), everyMs);
      return () => clearInterval(timer);
    };

    ids.push(...produce(emu, 10));
    await waitUntil(allReceived, { what: 'the first events', timeout: 30_000, interval: 100 });
    assert.deepEqual(repeats(ours().map((l) => l.what)), [], 'three processes, one connection');
    assert.equal(new Set(ours().map((l) => l.pid)).size, 1, 'one process sent them all');

    // A graceful stop of the holder: it gives the lease back, another connects from the stored offset.
    const first = await holder('events');
    let stop = flow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await first.stop();
    await new Promise((resolve) => setTimeout(resolve, 600));
    stop();
    await waitUntil(allReceived, { what: 'the events around the graceful stop', timeout: 30_000, interval: 100 });
    assert.deepEqual(repeats(ours().map((l) => l.what)), [], 'a graceful stop repeats nothing');
    const restarting = first.start();

    // SIGKILL of the holder mid-stream: another takes over within the lease time.
    const second = await holder('events');
    stop = flow();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await second.kill();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    stop();
    await waitUntil(allReceived, { what: 'the events around the kill', timeout: 30_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // room for a repeat to show up
    const sentOnce = ours().map((l) => l.what);
    const repeated = repeats(sentOnce);
    // The offset is written by batch: a SIGKILL repeats at most the one batch sent but not recorded, in one run.
    assert.ok(repeated.length <= OFFSET_BATCH_EVENTS, `a SIGKILL repeats at most one batch, repeated: ${repeated.join(', ')}`);
    if (repeated.length > 0) {
      const at = ids.indexOf(repeated[0]);
      assert.deepEqual(repeated, ids.slice(at, at + repeated.length), 'the repeats are one run of consecutive events');
    }
    assert.deepEqual(
      sentOnce.filter((id, i) => sentOnce.indexOf(id) === i),
      ids,
      'in the order the tenant produced them',
    );
    const senders = new Set(ours().map((l) => l.pid));
    assert.ok(senders.size >= 3, `the connection moved from process to process (${senders.size} senders)`);
    await restarting;
    await second.start();
  });

  it('drops an event stream delivery another replica already received (shared duplicate memory)', async function () {
    const deliveries = (): Line[] => lines(path.join(dir, 'deliveries.txt'));
    const event = {
      specversion: '1.0',
      type: 'user.created',
      source: `urn:auth0:${emu.domain}`,
      id: 'evt_replicas_1',
      time: new Date().toISOString(),
      data: { object: { user_id: 'auth0|r1' } },
    };
    const deliver = async (replica: Replica): Promise<Record<string, unknown>> => {
      const res = await fetch(`${replica.url}/auth0-events-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${WEBHOOK_TOKEN}` },
        body: JSON.stringify(event),
      });
      assert.equal(res.status, 200);
      return (await res.json()) as Record<string, unknown>;
    };
    // Auth0 delivers at least once; a load balancer sends each (re)delivery to any replica.
    assert.deepEqual(await deliver(replicas[0]), { received: 1, duplicates: 0 });
    assert.deepEqual(await deliver(replicas[1]), { received: 1, duplicates: 1 });
    assert.deepEqual(await deliver(replicas[2]), { received: 1, duplicates: 1 });
    await waitUntil(() => deliveries().length > 0, { what: 'the delivery recorded', timeout: 30_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(
      deliveries().map((l) => [l.what, l.pid]),
      [[event.id, replicas[0].pid]],
      'sent once, by the replica that received it first',
    );
  });

  function redisHashData(key: string): Promise<string | null> {
    return redisCommand(redis.url, 'HGET', key, 'data');
  }

  async function redisHasField(key: string, field: string): Promise<boolean> {
    const state = new SharedState({ target: parseRedisUrl(redis.url)!, prefix: 'probe' });
    try {
      if (!(await state.whenAvailable(3000))) return false;
      return (await state.command<number>('HEXISTS', key, field)) === 1;
    } finally {
      await state.close();
    }
  }
});
