/**
 * The per-tenant import slots: never more than 2 jobs at once, the rest wait in order of
 * arrival, a slot frees when a check finds its job ended, and a service "full" answer holds
 * everyone back. Checks are answered by the test, so no clock is involved.
 */
import assert from 'node:assert/strict';
import { ImportSlots, type RunningCheck } from '../../nodes/jobs/import/slots';

const pace = { pollMs: 5, minPollMs: 1 };

describe('jobs import: slots per tenant', () => {
  it('gives 2 slots at once; a third waits until a check finds a job ended', async () => {
    const slots = new ImportSlots(2);
    const finished = new Set<string>();
    const checked: string[] = [];
    const check = async (id: string): Promise<RunningCheck> => {
      checked.push(id);
      return { running: !finished.has(id) };
    };
    const signal = new AbortController().signal;
    const a = await slots.acquire({ check, signal, pace });
    a.submitted('job_a');
    const b = await slots.acquire({ check, signal, pace });
    b.submitted('job_b');
    assert.equal(slots.busy, 2);
    let waited = 0;
    const third = slots.acquire({
      check,
      signal,
      pace,
      onWait: () => {
        waited += 1;
      },
    });
    let granted = false;
    void third.then(() => {
      granted = true;
    });
    while (waited < 3) await new Promise((resolve) => setTimeout(resolve, 1));
    assert.equal(granted, false, 'a third slot is not given while 2 jobs run');
    assert.ok(checked.includes('job_a') && checked.includes('job_b'), 'the running jobs were checked');
    finished.add('job_b');
    const c = await third;
    c.submitted('job_c');
    assert.deepEqual(slots.runningJobs().sort(), ['job_a', 'job_c']);
  });

  it('serves waiters in order of arrival, and a released reservation frees its slot at once', async () => {
    const slots = new ImportSlots(1);
    const signal = new AbortController().signal;
    const check = async (): Promise<RunningCheck> => ({ running: true });
    const first = await slots.acquire({ check, signal, pace });
    const order: string[] = [];
    const second = slots.acquire({ check, signal, pace }).then((t) => {
      order.push('second');
      return t;
    });
    const third = slots.acquire({ check, signal, pace }).then((t) => {
      order.push('third');
      return t;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(order, []);
    first.release();
    (await second).release();
    (await third).release();
    assert.deepEqual(order, ['second', 'third']);
    assert.equal(slots.busy, 0);
  });

  it('holds everyone back while the service says it is full, the turned-away one first', async () => {
    let now = 1000;
    const slots = new ImportSlots(2, () => now);
    const controller = new AbortController();
    const check = async (): Promise<RunningCheck> => ({ running: false });
    slots.serviceFull(now + 50);
    let granted = false;
    const waiting = slots.acquire({ check, signal: controller.signal, pace, front: true }).then((t) => {
      granted = true;
      return t;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(granted, false);
    now += 60;
    (await waiting).release();
    assert.equal(granted, true);
  });

  it('stops waiting when the node closes', async () => {
    const slots = new ImportSlots(1);
    const controller = new AbortController();
    const check = async (): Promise<RunningCheck> => ({ running: true });
    (await slots.acquire({ check, signal: controller.signal, pace })).submitted('job_x');
    const waiting = slots.acquire({ check, signal: controller.signal, pace });
    controller.abort();
    await assert.rejects(waiting, { name: 'AbortError' });
    assert.equal(slots.busy, 1, 'the aborted waiter took nothing');
  });
});
