/**
 * auth0-log-alert across three Node-RED processes sharing one Redis (real processes, a real
 * redis-server): replicas that each receive part of one stream alert once per key and cooldown
 * and resolve once; a standby whose log watch takes over after a SIGKILL of the holder keeps the
 * counts the killed holder made.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Emulator } from '../../emulator';
import type { Replica } from '../../scripts/node-red-replica';
import { waitUntil } from '../helpers/wait';
import { logWatchNode } from '../logs/runtime';
import { alertNode as sharedAlertNode } from './support';
import { type Cluster, recordedLines, redisCommand, replicaTenant, startCluster } from '../replicas/cluster';

const PREFIX = 'alert-replicas';

function record(file: string, what: string): string {
  return `global.get('fs').appendFileSync(${JSON.stringify(file)}, ${what} + ' ' + global.get('pid') + '\\n'); return null;`;
}

function alertNode(id: string, wires: string[][], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return sharedAlertNode(id, wires, { z: 'tab', cooldown: 600, tenant: 'tenant', x: 300, ...overrides });
}

function flows(emu: Emulator, redisUrl: string, dir: string): unknown[] {
  const file = (name: string): string => path.join(dir, name);
  return [
    { id: 'tab', type: 'tab', label: 'alerts' },
    replicaTenant(emu, redisUrl, PREFIX),
    // Part of one stream comes to each replica (a load balancer in front of log stream receivers).
    { id: 'in', type: 'http in', z: 'tab', url: '/events', method: 'post', upload: false, x: 100, y: 100, wires: [['alert', 'answer']] },
    { id: 'answer', type: 'http response', z: 'tab', statusCode: '200', headers: {}, x: 300, y: 160, wires: [] },
    alertNode('alert', [['recordAlert'], ['recordResolved']]),
    {
      id: 'recordAlert',
      type: 'function',
      z: 'tab',
      func: record(file('alerts.txt'), "msg.payload.key + '#' + msg.payload.count"),
      outputs: 1,
      x: 500,
      y: 80,
      wires: [[]],
    },
    { id: 'recordResolved', type: 'function', z: 'tab', func: record(file('resolved.txt'), 'msg.payload.key'), outputs: 1, x: 500, y: 120, wires: [[]] },
    // The tenant's log, read by one replica at a time.
    logWatchNode({ z: 'tab', y: 240, wires: [['watchAlert']] }),
    { ...alertNode('watchAlert', [['recordWatchAlert'], []], { key: 'user' }), y: 240 },
    {
      id: 'recordWatchAlert',
      type: 'function',
      z: 'tab',
      func: record(file('watch-alerts.txt'), "msg.payload.key + '#' + msg.payload.count"),
      outputs: 1,
      x: 500,
      y: 240,
      wires: [[]],
    },
  ];
}

interface Line {
  what: string;
  pid: number;
}

function lines(file: string): Line[] {
  return recordedLines(file).map(([what, pid]) => ({ what, pid: Number(pid) }));
}

describe('auth0-log-alert: three replicas sharing one Redis', function () {
  this.timeout(180_000);
  let cluster: Cluster | undefined;
  let emu: Emulator;
  let redisUrl: string;
  let dir: string;
  let replicas: Replica[] = [];

  before(async function () {
    cluster = await startCluster('auth0-alert-replicas', flows);
    ({ emu, dir, replicas } = cluster);
    redisUrl = cluster.redis.url;
  });

  after(async function () {
    await cluster?.stop();
  });

  async function post(replica: Replica, events: unknown[]): Promise<void> {
    const res = await fetch(`${replica.url}/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) });
    assert.equal(res.status, 200);
  }

  it('alerts once per key and cooldown, and resolves once, when each replica receives part of the stream', async function () {
    const start = Date.parse('2026-11-01T00:00:00.000Z');
    const keys = Array.from({ length: 10 }, (_, k) => k);
    const event = (k: number, at: number, i: number): Record<string, unknown> => ({
      log_id: `${k}-${at}-${i}`,
      date: new Date(at).toISOString(),
      type: 'fp',
      user_id: `auth0|${k}`,
      ip: '10.0.0.1',
    });
    // Round 1: 12 failed logins per key within 10 minutes, spread over the three replicas, posted at once.
    const round = async (offsetMs: number): Promise<void> => {
      const posts: Promise<void>[] = [];
      for (let i = 0; i < 12; i++) {
        for (const k of keys) posts.push(post(replicas[(i + k) % 3], [event(k, start + offsetMs + i * 10_000 + k, i)]));
      }
      await Promise.all(posts);
    };
    await round(0);
    const alertsFile = path.join(dir, 'alerts.txt');
    await waitUntil(() => lines(alertsFile).length >= keys.length, {
      what: () => `alerts: ${JSON.stringify(lines(alertsFile))}`,
      timeout: 30_000,
      interval: 100,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // room for a second alert to show up
    const first = lines(alertsFile);
    assert.deepEqual(first.map((l) => l.what).sort(), keys.map((k) => `auth0|${k}|10.0.0.1#5`).sort(), 'one alert per key, at the fifth event');
    assert.ok(new Set(first.map((l) => l.pid)).size > 1, 'the alerts came from more than one replica');

    // Still within the cooldown: more events, no alert.
    await round(200_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(lines(alertsFile).length, keys.length, 'no second alert within the cooldown');
    // After the cooldown (and a new window): one alert more per key.
    await round(1_000_000);
    await waitUntil(() => lines(alertsFile).length >= 2 * keys.length, { what: () => `alerts: ${lines(alertsFile).length}`, timeout: 30_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(lines(alertsFile).length, 2 * keys.length, 'one alert per key and cooldown');

    // The clock moves on hours (another user's event): every key resolves, once across the three.
    await post(replicas[1], [event(99, start + 4 * 3600_000, 0)]);
    const resolvedFile = path.join(dir, 'resolved.txt');
    await waitUntil(() => lines(resolvedFile).length >= keys.length, {
      what: () => `resolved: ${JSON.stringify(lines(resolvedFile))}`,
      timeout: 30_000,
      interval: 100,
    });
    await new Promise((resolve) => setTimeout(resolve, 2500)); // every replica ticked more than once
    assert.deepEqual(
      lines(resolvedFile)
        .map((l) => l.what)
        .sort(),
      keys.map((k) => `auth0|${k}|10.0.0.1`).sort(),
      'each key resolved once',
    );
  });

  it('keeps the counts when a standby takes over the log watch after the holder is killed', async function () {
    const watchFile = path.join(dir, 'watch-alerts.txt');
    const write = (n: number): string[] =>
      Array.from({ length: n }, () => emu.logs.write({ type: 'fp', user_id: 'auth0|standby', ip: '10.0.0.9', description: 'Wrong password' }).log_id);
    const ids = write(3);
    // The holder read the three (its checkpoint says so) and counted them in Redis.
    const last = ids[ids.length - 1];
    await waitUntil(async () => ((await redisCommand(redisUrl, 'HGET', `${PREFIX}:state:watch:checkpoint`, 'data')) ?? '').includes(last), {
      what: 'the checkpoint past the third event',
      timeout: 30_000,
      interval: 100,
    });
    const window = await redisCommand(redisUrl, 'GET', `${PREFIX}:alert:watchAlert:k:auth0|standby`);
    assert.ok(window, 'the counts are in Redis');
    const leaseText = await redisCommand(redisUrl, 'GET', `${PREFIX}:lease:watch`);
    const holder = replicas.find((r) => r.pid === Number(String(leaseText).split(':')[1]));
    assert.ok(holder, `no holder for ${String(leaseText)}`);
    await holder.kill();
    write(2);
    await waitUntil(() => lines(watchFile).length > 0, { what: 'the alert from the standby', timeout: 30_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const alerts = lines(watchFile);
    assert.deepEqual(
      alerts.map((l) => l.what),
      ['auth0|standby#5'],
      'one alert, counting the three events the killed holder read',
    );
    assert.notEqual(alerts[0].pid, holder.pid);
    await holder.start();
  });
});
