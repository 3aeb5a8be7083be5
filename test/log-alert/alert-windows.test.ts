/**
 * The in-process windows of auth0-log-alert against a brute-force model that keeps every event of
 * every key: counts, first and last times, types, samples, alerts, resolutions and the key limit,
 * over random sequences with late events, several types and keys dropped for new ones. The same
 * sequence runs through windows saved and restored again and again (the record as the memory store
 * keeps it, and through JSON as a file store writes it), which must answer exactly the same.
 */
import assert from 'node:assert/strict';
import { AlertWindows, type Counted, type Resolution, isWindowsRecord, windowShape } from '../../nodes/logs/log-alert/alert-windows';
import { random } from './support';

interface Seen {
  index: number;
  at: number;
  type: string;
}

/** The rules of alert-windows.ts, computed from every event kept. */
class Model {
  private readonly keys = new Map<string, { events: Seen[]; samples: { index: number; id: string }[]; alertedAt: number; dropAt: number }>();
  /** Least recently seen first. */
  private order: string[] = [];
  dropped = 0;

  constructor(private readonly shape: ReturnType<typeof windowShape>) {}

  private cutoff(now: number): number {
    return Math.floor(now / this.shape.bucketMs) - this.shape.buckets;
  }

  private live(key: string, cutoff: number): Seen[] {
    const state = this.keys.get(key);
    if (!state) return [];
    state.events = state.events.filter((e) => e.index > cutoff);
    state.samples = state.samples.filter((s) => s.index > cutoff);
    return state.events;
  }

  add(key: string, at: number, now: number, type: string, id: string, late: boolean): Partial<Counted> | undefined {
    const cutoff = this.cutoff(now);
    let state = this.keys.get(key);
    if (state) this.order = this.order.filter((k) => k !== key);
    else {
      state = { events: [], samples: [], alertedAt: -1, dropAt: -1 };
      this.keys.set(key, state);
      if (this.keys.size > this.shape.maxKeys) {
        const oldest = this.order.shift() as string;
        const gone = this.keys.get(oldest);
        if (gone && (gone.alertedAt >= 0 || gone.events.some((e) => e.index > cutoff))) this.dropped += 1;
        this.keys.delete(oldest);
      }
    }
    this.order.push(key);
    this.live(key, cutoff);
    const index = Math.floor(at / this.shape.bucketMs);
    if (index <= cutoff) return undefined;
    state.events.push({ index, at, type });
    if (state.samples.length < this.shape.sampleSize) state.samples.push({ index, id });
    const count = state.events.length;
    let alert = false;
    if (count >= this.shape.threshold) {
      // The newest bucket at which the events from it on still reach the threshold.
      const indexes = state.events.map((e) => e.index).sort((a, b) => b - a);
      state.dropAt = (indexes[this.shape.threshold - 1] + this.shape.buckets) * this.shape.bucketMs;
      if ((state.alertedAt < 0 || now - state.alertedAt >= this.shape.cooldownMs) && !late) {
        alert = true;
        state.alertedAt = now;
      }
    }
    if (!alert) return undefined;
    const times = state.events.map((e) => e.at);
    return {
      count,
      firstAt: Math.min(...times),
      lastAt: Math.max(...times),
      types: [...new Set(state.events.map((e) => e.type))].sort(),
      sample: state.samples.map((s) => ({ id: s.id })),
    };
  }

  resolve(now: number): Resolution[] {
    const out: Resolution[] = [];
    for (const [key, state] of this.keys) {
      if (state.alertedAt < 0 || state.dropAt + this.shape.cooldownMs > now) continue;
      out.push({ key, count: this.live(key, this.cutoff(now)).length, alertedAt: state.alertedAt, belowSince: state.dropAt, at: now });
      state.alertedAt = -1;
      state.dropAt = -1;
    }
    return out;
  }

  get size(): number {
    return this.keys.size;
  }
}

function byKey(list: Resolution[]): Resolution[] {
  return [...list].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function comparable(counted: Counted | undefined): Partial<Counted> | undefined {
  if (!counted) return undefined;
  return {
    count: counted.count,
    firstAt: counted.firstAt,
    lastAt: counted.lastAt,
    types: [...counted.types].sort(),
    sample: counted.sample.map((e) => ({ id: e.id as string })),
  };
}

describe('auth0-log-alert windows in this process', function () {
  this.timeout(120_000);

  for (const seed of [1, 2, 3]) {
    it(`count as the brute-force model, also when saved and restored over and over (seed ${seed})`, () => {
      const next = random(seed);
      const shape = windowShape(60_000, { threshold: 4, cooldownMs: 30_000, maxKeys: 40 });
      const model = new Model(shape);
      // Kept all along; saved and restored every few hundred events (memory form, JSON form).
      const steady = new AlertWindows(shape);
      let restored = new AlertWindows(shape);
      const start = Date.parse('2026-11-01T00:00:00.000Z');
      let clock = start;
      let alerts = 0;
      let resolutions = 0;
      for (let i = 0; i < 20_000; i++) {
        clock += Math.floor(next() * 600);
        // Late events, some already outside the window.
        const at = next() < 0.1 ? clock - Math.floor(next() * 90_000) : clock;
        const key = `k${Math.floor(60 * next() ** 2)}`;
        const type = next() < 0.8 ? 'fp' : next() < 0.5 ? 'fu' : 'fcoa';
        const late = next() < 0.05;
        const event = { id: `e${i}`, type, nested: { dropped: true } };
        const want = model.resolve(clock);
        for (const windows of [steady, restored]) assert.deepEqual(byKey(windows.resolve(clock)), byKey(want), `resolved at event ${i}`);
        resolutions += want.length;
        const expected = model.add(key, at, clock, type, event.id, late);
        for (const windows of [steady, restored]) {
          const got = windows.add(key, at, clock, type, event, late);
          assert.deepEqual(comparable(got), expected, `event ${i} of ${key}`);
          if (got) assert.ok(!('nested' in got.sample[0]), 'a sample keeps plain fields only');
        }
        if (expected) alerts += 1;
        assert.equal(steady.size, model.size);
        assert.equal(steady.dropped, model.dropped);
        if (i % 397 === 396) {
          const record = restored.toRecord('signature', { newest: clock, seenAt: 0 });
          const stored: unknown = i % 2 === 0 ? record : JSON.parse(JSON.stringify(record));
          assert.ok(isWindowsRecord(stored), 'the record is taken back');
          restored = new AlertWindows(shape);
          restored.restore(stored);
          assert.equal(restored.size, model.size);
          assert.equal(restored.dropped, model.dropped);
        }
      }
      assert.ok(alerts > 200 && resolutions > 20, `a sequence with few alerts (${alerts}) or resolutions (${resolutions})`);
      assert.ok(model.dropped > 100, `few keys dropped (${model.dropped})`);
    });
  }

  it('refuses a record whose columns do not fit together', () => {
    const windows = new AlertWindows(windowShape(60_000, { threshold: 2, cooldownMs: 60_000, maxKeys: 10 }));
    windows.add('a', 1000, 1000, 'fp', { id: 1 }, false);
    windows.add('b', 2000, 2000, 'fu', { id: 2 }, false);
    const record = JSON.parse(JSON.stringify(windows.toRecord('s', { newest: 2000, seenAt: 0 }))) as Record<string, unknown[]>;
    assert.ok(isWindowsRecord(record));
    assert.ok(!isWindowsRecord({ ...record, order: [0, 0] }), 'a key twice in the order');
    assert.ok(!isWindowsRecord({ ...record, buckets: (record.buckets as number[]).slice(1) }), 'a bucket cut short');
    assert.ok(!isWindowsRecord({ ...record, samples: [] }), 'samples missing');
    assert.ok(!isWindowsRecord({ ...record, version: 1 }), 'another version');
  });

  it('gives each alert its own copy of the sample: changing one changes neither the next alert nor the stored state', () => {
    const windows = new AlertWindows(windowShape(60_000, { threshold: 2, cooldownMs: 0, maxKeys: 10 }));
    const event = { id: 'e1', type: 'fp', ip: '10.0.0.1' };
    windows.add('a', 1000, 1000, 'fp', event, false);
    event.ip = 'changed after counting';
    const first = windows.add('a', 1100, 1100, 'fp', { id: 'e2', type: 'fp' }, false);
    assert.ok(first);
    assert.deepEqual(first.sample[0], { id: 'e1', type: 'fp', ip: '10.0.0.1' }, 'the sample was taken when the event was counted');
    first.sample[0].ip = 'changed by a later node';
    const record = windows.toRecord('s', { newest: 1100, seenAt: 0 });
    assert.deepEqual(record.samples[0], { id: 'e1', type: 'fp', ip: '10.0.0.1' }, 'the stored state is not the alert');
    const second = windows.add('a', 1200, 1200, 'fp', { id: 'e3', type: 'fp' }, false);
    assert.ok(second);
    assert.equal(second.sample[0].ip, '10.0.0.1');
  });

  it('takes back a record stored by the earlier version, with each sample as JSON text', () => {
    const shape = windowShape(60_000, { threshold: 3, cooldownMs: 0, maxKeys: 10 });
    const windows = new AlertWindows(shape);
    windows.add('a', 1000, 1000, 'fp', { id: 'e1', type: 'fp' }, false);
    windows.add('a', 1100, 1100, 'fp', { id: 'e2', type: 'fp' }, false);
    const record = JSON.parse(JSON.stringify(windows.toRecord('s', { newest: 1100, seenAt: 0 }))) as { samples: unknown[] };
    const earlier = { ...record, samples: record.samples.map((sample, i) => (i === 0 ? JSON.stringify(sample) : '{not json')) };
    assert.ok(isWindowsRecord(earlier));
    const restored = new AlertWindows(shape);
    restored.restore(earlier);
    const alert = restored.add('a', 1200, 1200, 'fp', { id: 'e3', type: 'fp' }, false);
    assert.ok(alert);
    assert.deepEqual(alert.sample, [{ id: 'e1', type: 'fp' }, {}, { id: 'e3', type: 'fp' }], 'unreadable text gives an empty sample');
    assert.ok(!isWindowsRecord({ ...record, samples: [1, 2] }), 'a sample neither text nor object');
  });

  it('makes a stored sample again as it makes one from an event: plain fields only, however the store was written', () => {
    const shape = windowShape(60_000, { threshold: 2, cooldownMs: 0, maxKeys: 10 });
    const windows = new AlertWindows(shape);
    windows.add('a', 1000, 1000, 'fp', { id: 'e1', type: 'fp' }, false);
    const record = windows.toRecord('s', { newest: 1000, seenAt: 0 });
    // Anyone on the tab can read the memory store's record: its samples cannot be changed through it.
    assert.throws(() => {
      (record.samples[0] as Record<string, unknown>).id = 'changed through the store';
    }, TypeError);
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) many[`f${i}`] = i;
    const hostile = [
      { id: 'nested', details: { secret: 'kept by no sample' }, list: [1, 2] },
      JSON.stringify({ id: 'text', ['__proto__']: { isAdmin: true }, long: 'x'.repeat(1000) }),
      Object.defineProperty({ id: 'getter' }, 'boom', {
        enumerable: true,
        get() {
          throw new Error('read me not');
        },
      }),
      many,
    ];
    for (const [i, stored] of hostile.entries()) {
      const restored = new AlertWindows(shape);
      restored.restore({ ...record, samples: [stored] });
      const alert = restored.add('a', 1100, 1100, 'fp', { id: 'e2', type: 'fp' }, false);
      assert.ok(alert, `alert ${i}`);
      const sample = alert.sample[0];
      if (i === 0) assert.deepEqual(sample, { id: 'nested' });
      if (i === 1) {
        assert.deepEqual(Object.keys(sample), ['id', 'long']);
        assert.equal(Object.getPrototypeOf(sample), Object.prototype);
        assert.equal(String((sample as Record<string, unknown>).long).length, 257, 'cut at 256 characters and an ellipsis');
      }
      if (i === 2) assert.deepEqual(sample, {}, 'a field that throws when read gives an empty sample');
      if (i === 3) assert.equal(Object.keys(sample).length, 64, 'at most 64 fields');
    }
  });
});
