/**
 * The acknowledged mode through SIGKILLs: three Node-RED processes on one tenant and one Redis,
 * auth0-log-watch and auth0-events with `ack`, each event written to a file by a `file` node (after
 * a delay, so writes are always in flight) whose `complete` node returns the message to the
 * watcher. Ten runs, each killing the holder of one watcher while events stream and the file node
 * writes: every event is written at least once, and an event written again is always marked
 * msg.auth0.redelivered (never a silent repeat).
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Emulator } from '../../emulator';
import { RedisServer } from '../../scripts/local-redis';
import type { Replica } from '../../scripts/node-red-replica';
import { eventSettings, produce } from '../events/support';
import { waitUntil } from '../helpers/wait';
import { type Cluster, leaseHolder, recordedLines, redisCommand, replicaTenant, startCluster } from './cluster';

const PREFIX = 'ack-kill-test';
const RUNS = 10;
/** How long the file node's write is held back: messages are outstanding while the kill comes. */
const WRITE_DELAY_MS = 120;

/** watcher → line (id, redelivered, pid) → delay → file (append) → complete → back to the watcher. */
function ackedChain(id: string, watcher: Record<string, unknown>, file: string, idOf: string, y: number): Record<string, unknown>[] {
  return [
    { ...watcher, id, z: 'tab', ack: true, maxUnacked: 50, x: 100, y, wires: [[`${id}Line`]] },
    {
      id: `${id}Line`,
      type: 'function',
      z: 'tab',
      func: `msg.payload = ${idOf} + ' ' + (msg.auth0.redelivered === true ? 1 : 0) + ' ' + global.get('pid'); return msg;`,
      outputs: 1,
      x: 250,
      y,
      wires: [[`${id}Delay`]],
    },
    {
      id: `${id}Delay`,
      type: 'delay',
      z: 'tab',
      pauseType: 'delay',
      timeout: String(WRITE_DELAY_MS),
      timeoutUnits: 'milliseconds',
      x: 400,
      y,
      wires: [[`${id}File`]],
    },
    {
      id: `${id}File`,
      type: 'file',
      z: 'tab',
      filename: file,
      filenameType: 'str',
      appendNewline: true,
      createDir: true,
      overwriteFile: 'false',
      encoding: 'none',
      x: 550,
      y,
      wires: [[]],
    },
    { id: `${id}Complete`, type: 'complete', z: 'tab', scope: [`${id}File`], uncaught: false, x: 550, y: y + 40, wires: [[id]] },
  ];
}

function flows(emu: Emulator, redisUrl: string, dir: string): unknown[] {
  return [
    { id: 'tab', type: 'tab', label: 'ack-kill' },
    replicaTenant(emu, redisUrl, PREFIX),
    ...ackedChain(
      'logs',
      { type: 'auth0-log-watch', tenant: 'tenant', interval: 0.2, start: 'oldest', startId: '', types: ['fp'], categories: [], output: 'event', store: '' },
      path.join(dir, 'logs.txt'),
      'msg.payload.log_id',
      100,
    ),
    ...ackedChain(
      'events',
      { type: 'auth0-events', tenant: 'tenant', types: ['user.created'], store: '' },
      path.join(dir, 'events.txt'),
      'msg.payload.id',
      300,
    ),
  ];
}

interface Written {
  id: string;
  redelivered: boolean;
  pid: number;
}

function written(file: string): Written[] {
  return recordedLines(file).map(([id, redelivered, pid]) => ({ id, redelivered: redelivered === '1', pid: Number(pid) }));
}

/** What went wrong: ids never written, and ids written again without the redelivered mark. */
function problems(lines: Written[], expected: string[]): string[] {
  const seen = new Set<string>();
  const silent: string[] = [];
  for (const line of lines) {
    if (seen.has(line.id) && !line.redelivered) silent.push(line.id);
    seen.add(line.id);
  }
  const missing = expected.filter((id) => !seen.has(id));
  return [...missing.map((id) => `never written: ${id}`), ...silent.map((id) => `written again without redelivered: ${id}`)];
}

describe('replicas: acknowledged mode through SIGKILLs while a file node writes', function () {
  this.timeout(300_000);
  let cluster: Cluster | undefined;
  let emu: Emulator;
  let redis: RedisServer;
  let dir: string;
  let replicas: Replica[] = [];

  before(async function () {
    cluster = await startCluster('auth0-ack-kill', flows, {
      prepare: async (emu) => {
        await eventSettings(emu, { heartbeatMs: 100, disconnectMs: 5000 });
      },
    });
    ({ emu, redis, dir, replicas } = cluster);
  });

  after(async function () {
    await cluster?.stop();
  });

  const holder = (nodeId: string): Promise<Replica> => leaseHolder(redis.url, PREFIX, replicas, nodeId);

  it(`ten runs: every event written at least once, repeats only as redeliveries`, async function () {
    const logIds: string[] = [];
    const eventIds: string[] = [];
    const logsFile = path.join(dir, 'logs.txt');
    const eventsFile = path.join(dir, 'events.txt');
    const allWritten = (): boolean => {
      const logs = new Set(written(logsFile).map((l) => l.id));
      const events = new Set(written(eventsFile).map((l) => l.id));
      return logIds.every((id) => logs.has(id)) && eventIds.every((id) => events.has(id));
    };
    const stream = (everyMs = 25): (() => void) => {
      let n = 0;
      const timer = setInterval(() => {
        logIds.push(emu.logs.write({ type: 'fp', description: `ack kill ${n++}` }).log_id);
        eventIds.push(...produce(emu, 1, ['user.created']));
      }, everyMs);
      return () => clearInterval(timer);
    };
    // Both watchers have their place before the first run (the first poll, the first offset).
    await holder('logs');
    await holder('events');
    // The events watcher starts from now: an event produced before it is connected (its first offset stored) never comes.
    await waitUntil(async () => (await redisCommand(redis.url, 'HGET', `${PREFIX}:state:events:checkpoint`, 'data')) !== null, {
      what: 'the events watcher stored no offset',
      timeout: 30_000,
      interval: 100,
    });
    let stop = stream();
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    await waitUntil(() => allWritten() && logIds.length > 0, {
      what: () =>
        `the first events: ${[...problems(written(logsFile), logIds), ...problems(written(eventsFile), eventIds)].slice(0, 4).join('; ')}; written ${written(logsFile).length} log events, ${written(eventsFile).length} events of ${logIds.length}/${eventIds.length}\n${replicas.map((r) => r.output().slice(-800)).join('\n---\n')}`,
      timeout: 30_000,
      interval: 100,
    });

    // A killed replica starts again in the background; a run waits for it only when fewer than two are up.
    const restarts: Promise<void>[] = [];
    for (let run = 0; run < RUNS; run++) {
      const watcher = run % 2 === 0 ? 'logs' : 'events';
      if (restarts.length >= 1 && replicas.length - restarts.length < 2) await restarts.shift();
      const victim = await holder(watcher);
      stop = stream();
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.round(Math.random() * 300)));
      await victim.kill();
      await new Promise((resolve) => setTimeout(resolve, 200));
      stop();
      restarts.push(victim.start());
      await waitUntil(allWritten, {
        what: () =>
          `run ${run + 1} (${watcher} holder killed): ${[...problems(written(logsFile), logIds), ...problems(written(eventsFile), eventIds)].slice(0, 5).join('; ')}`,
        timeout: 60_000,
        interval: 100,
      });
      await new Promise((resolve) => setTimeout(resolve, 300)); // room for a silent repeat to show up
      assert.deepEqual(problems(written(logsFile), logIds), [], `run ${run + 1}: the log watch`);
      assert.deepEqual(problems(written(eventsFile), eventIds), [], `run ${run + 1}: the events watcher`);
    }
    await Promise.all(restarts);
    const redelivered = [...written(logsFile), ...written(eventsFile)].filter((l) => l.redelivered).length;
    // The kills came while messages were outstanding: redelivery was exercised, not just avoided.
    assert.ok(redelivered > 0, 'no event was redelivered in ten kills');
    const senders = new Set(written(logsFile).map((l) => l.pid));
    assert.ok(senders.size >= 3, `the log watch moved between the processes (${senders.size} senders)`);
  });
});
