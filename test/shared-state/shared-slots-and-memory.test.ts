/**
 * The import slots and the receivers' duplicate memory shared through a real redis-server by
 * several "processes" (each with its own connection and its own local state).
 */
import assert from 'node:assert/strict';
import { ImportSlots, type RunningCheck } from '../../nodes/jobs/import/slots';
import { RecentIds } from '../../nodes/receive/recent-ids';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedImportSlots } from '../../nodes/jobs/import/shared-import-slots';
import { SharedRecentIds } from '../../nodes/receive/shared-recent-ids';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { useRedis } from '../helpers/redis';

const pace = { pollMs: 5, minPollMs: 1 };

describe('shared state: import slots and duplicate memory across processes (Redis)', function () {
  this.timeout(20000);
  const redis = useRedis();
  const states: SharedState[] = [];
  let prefix = '';
  let n = 0;

  beforeEach(function () {
    prefix = `slots${++n}`;
  });
  afterEach(async function () {
    for (const s of states.splice(0)) await s.close();
  });

  async function connect(): Promise<SharedState> {
    const s = new SharedState({ target: parseRedisUrl(redis.url)!, prefix });
    states.push(s);
    assert.ok(await s.whenAvailable(5000));
    return s;
  }

  it('two imports running across three processes; a third waits until a check finds one ended', async function () {
    const slots = await Promise.all([connect(), connect(), connect()]).then((all) => all.map((s) => new SharedImportSlots(s, new ImportSlots(2))));
    const finished = new Set<string>();
    const check = async (id: string): Promise<RunningCheck> => ({ running: !finished.has(id) });
    const signal = new AbortController().signal;
    (await slots[0].acquire({ check, signal, pace })).submitted('job_a');
    (await slots[1].acquire({ check, signal, pace })).submitted('job_b');
    let waited = 0;
    let granted = false;
    const third = slots[2]
      .acquire({
        check,
        signal,
        pace,
        onWait: () => {
          waited += 1;
        },
      })
      .then((t) => {
        granted = true;
        return t;
      });
    while (waited < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    assert.equal(granted, false, 'the third process does not submit while two jobs run elsewhere');
    finished.add('job_a');
    (await third).submitted('job_c');
    const running = await states[0].command<string[]>('HKEYS', `${prefix}:imports:running`);
    assert.deepEqual(running.sort(), ['job_b', 'job_c']);
  });

  it('a reservation given back frees the slot for another process at once', async function () {
    const [a, b] = await Promise.all([connect(), connect()]).then((all) => all.map((s) => new SharedImportSlots(s, new ImportSlots(1))));
    const check = async (): Promise<RunningCheck> => ({ running: true });
    const signal = new AbortController().signal;
    const held = await a.acquire({ check, signal, pace });
    // a's limit is 1 locally but the shared limit (its own `limit`) counts across: b waits.
    let granted = false;
    const next = b.acquire({ check, signal, pace }).then((t) => {
      granted = true;
      return t;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(granted, false);
    held.release();
    (await next).release();
  });

  it('Redis away: each process counts its own slots, as without Redis', async function () {
    const s = await connect();
    const slots = new SharedImportSlots(s, new ImportSlots(2));
    await redis.stop();
    try {
      for (let i = 0; i < 50 && s.available; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const check = async (): Promise<RunningCheck> => ({ running: true });
      const signal = new AbortController().signal;
      (await slots.acquire({ check, signal, pace })).submitted('job_x');
      assert.deepEqual(slots.runningJobs(), ['job_x']);
    } finally {
      await redis.begin();
    }
  });

  it('a log_id received by one replica is a duplicate on another; the memory expires', async function () {
    const [a, b] = await Promise.all([connect(), connect()]);
    const memoryA = new SharedRecentIds(a, 'receiver', new RecentIds(100, 300));
    const memoryB = new SharedRecentIds(b, 'receiver', new RecentIds(100, 300));
    assert.deepEqual(await memoryA.addAll(['l1', 'l2']), [true, true]);
    assert.deepEqual(await memoryB.addAll(['l2', 'l3']), [false, true], 'l2 came to the other replica first');
    assert.deepEqual(await memoryA.addAll(['l3']), [false]);
    const other = new SharedRecentIds(a, 'another-receiver', new RecentIds(100, 300));
    assert.deepEqual(await other.addAll(['l1']), [true], 'each receiver node has its own memory');
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.deepEqual(await memoryB.addAll(['l1']), [true], 'forgotten after the window');
  });
});
