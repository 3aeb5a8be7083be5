/**
 * auth0-log-alert in a Node-RED runtime: its counts equal a brute-force reference computation over
 * 100,000 generated log events and 10,000 keys at every alert and resolved message; the key limit
 * drops the least recently seen keys; time is the events' own (a backlog counts as it happened,
 * late events alert or only count); every input shape; restarts keep the counts.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { wallClock } from '../../nodes/logs/log-alert/event-clock';
import {
  Collector,
  closeContextStores,
  coreNodes,
  deploy,
  errorCalls,
  helper,
  loadContextStores,
  restartProcess,
  statusCalls,
  stopFlows,
  startFlows,
  useSettings,
  removeAtExit,
} from '../helpers/node-red';
import { waitUntil } from '../helpers/wait';
import { type FlowHelper, withoutSpies } from '../../bench/util';
import { logModules } from '../logs/runtime';
import { ALERT, ALERTS, DONE, RESOLVED, Reference, alertFlow, logSequence, random, userIpKey, type LogLine } from './support';

const START = Date.parse('2026-11-01T00:00:00.000Z');

interface AlertPayload {
  rule: string;
  key: string;
  count: number;
  threshold: number;
  window: number;
  firstAt: string;
  lastAt: string;
  sample: Record<string, unknown>[];
  types: string[];
  text: string;
}

interface ResolvedPayload {
  rule: string;
  key: string;
  resolved: true;
  count: number;
  alertedAt: string;
  belowSince: string;
  resolvedAt: string;
}

function modules(): unknown[] {
  return [...logModules('auth0-log-alert'), ...coreNodes('24-complete.js')];
}

/** Sends messages into the alert node and waits until it finished them all. */
async function feed(messages: Record<string, unknown>[], done: Collector): Promise<void> {
  const node = helper.getNode(ALERT);
  if (!node) throw new Error('the alert node is not deployed');
  const before = done.messages.length;
  for (const msg of messages) node.receive(msg);
  await waitUntil(() => done.messages.length >= before + messages.length, {
    what: () => `${done.messages.length - before} of ${messages.length} messages finished; errors ${JSON.stringify(errorCalls(ALERT).slice(0, 2))}`,
    timeout: 300_000,
  });
}

function event(at: number, fields: Partial<LogLine> = {}): LogLine {
  return {
    log_id: String(at),
    date: new Date(at).toISOString(),
    type: 'fp',
    user_id: 'auth0|ada',
    user_name: 'ada@example.com',
    ip: '10.0.0.1',
    description: 'Wrong password',
    ...fields,
  };
}

describe('auth0-log-alert', function () {
  this.timeout(600_000);
  const realWall = (): number => Date.now();
  let wall = START;

  beforeEach(() => {
    wall = START;
    wallClock.now = () => wall;
  });
  afterEach(async () => {
    wallClock.now = realWall;
    await helper.unload();
    // A fresh memory store: no test reads another's counts.
    await closeContextStores();
  });

  it('counts exactly as a brute-force reference over 100,000 events and 10,000 keys, at every alert and resolved message', async () => {
    const threshold = 4;
    const windowSeconds = 60;
    const cooldownSeconds = 30;
    const maxLateMs = 5000;
    const events = logSequence(100_000, 10_000, { seed: 31, start: START, gapMs: 400, lateMs: maxLateMs });
    // The wall clock stands still at the sequence's end: the node's clock is the newest event time.
    wall = Date.parse(events[events.length - 1].date) + 1;
    const flow = alertFlow({ threshold, window: windowSeconds, cooldown: cooldownSeconds });
    await helper.load(modules(), flow, {});
    // The helper's spies record every send: quadratic over 100,000 events; Node-RED has none.
    withoutSpies(helper as unknown as FlowHelper, flow);
    const alerts = new Collector(ALERTS).attach();
    const resolved = new Collector(RESOLVED).attach();
    const done = new Collector(DONE).attach();
    // Batches (as auth0-log-watch sends them) and single events (as a log stream does).
    const messages: Record<string, unknown>[] = [];
    for (let i = 0; i < events.length;) {
      if (i % 2000 < 1000) messages.push({ payload: events[i++] });
      else {
        messages.push({ payload: events.slice(i, i + 100) });
        i += 100;
      }
    }
    await feed(messages, done);

    // The reference: every counted event kept, each count made from all of them.
    const rules = { bucketMs: 1000, buckets: 60, threshold, cooldownMs: cooldownSeconds * 1000 };
    const reference = new Reference(rules, maxLateMs);
    const expected: { key: string; count: number; firstAt: number; lastAt: number; types: string[]; clock: number }[] = [];
    const alertedAt = new Map<string, number>();
    for (const e of events) {
      if (e.type === 's') continue; // not a login failure
      const key = userIpKey(e);
      if (!reference.receive(key, Date.parse(e.date), e.type)) continue;
      const clock = reference.clock;
      const facts = reference.facts(key, clock);
      const last = alertedAt.get(key);
      if (facts.count >= threshold && (last === undefined || clock - last >= rules.cooldownMs)) {
        alertedAt.set(key, clock);
        expected.push({ key, ...facts, clock });
      }
    }
    const got = alerts.payloads<AlertPayload>();
    assert.ok(expected.length > 1000, `the sequence makes few alerts (${expected.length})`);
    assert.equal(got.length, expected.length, 'as many alerts as the reference');
    got.forEach((alert, i) => {
      const want = expected[i];
      assert.deepEqual(
        [alert.key, alert.count, alert.firstAt, alert.lastAt, [...alert.types].sort()],
        [want.key, want.count, new Date(want.firstAt).toISOString(), new Date(want.lastAt).toISOString(), want.types],
        `alert ${i}`,
      );
      assert.equal(alert.threshold, threshold);
      assert.equal(alert.window, windowSeconds);
      assert.ok(alert.sample.length >= 1 && alert.sample.length <= 3);
      for (const sample of alert.sample) assert.equal(`${String(sample.user_id)}|${String(sample.ip)}`, alert.key, 'a sample of another key');
    });

    // Each resolved message: the count at its time, below the threshold since belowSince for the cooldown, sent at the first check after.
    const resolutions = resolved.payloads<ResolvedPayload>();
    assert.ok(resolutions.length > 100, `few resolved messages (${resolutions.length})`);
    const open = new Map<string, number>();
    const alertTimes = new Map<string, number[]>();
    for (const a of expected) alertTimes.set(a.key, [...(alertTimes.get(a.key) ?? []), a.clock]);
    for (const r of resolutions) {
      const at = Date.parse(r.resolvedAt);
      const below = Date.parse(r.belowSince);
      assert.equal(r.resolved, true);
      // The node resolves before it counts the event that moved its clock there.
      const index = reference.evaluations.indexOf(at);
      assert.ok(index >= 0, 'resolved at a time the node did not check');
      assert.equal(r.count, reference.facts(r.key, at, index).count, `resolved ${r.key} at ${r.resolvedAt}`);
      const lastAlert = (alertTimes.get(r.key) ?? []).filter((t) => t < at).pop();
      assert.equal(Date.parse(r.alertedAt), lastAlert, `the alert it resolves (${r.key})`);
      assert.ok(open.get(r.key) !== lastAlert, `resolved twice: ${r.key}`);
      open.set(r.key, lastAlert as number);
      assert.ok(reference.facts(r.key, below - 1).count >= threshold, `${r.key} was not at the threshold just before ${r.belowSince}`);
      for (const t of reference.changes(r.key, below, at)) {
        assert.ok(reference.facts(r.key, t, index).count < threshold, `${r.key} back at the threshold at ${new Date(t).toISOString()}`);
      }
      assert.ok(at >= below + rules.cooldownMs, 'resolved before the cooldown');
      assert.ok(index === 0 || reference.evaluations[index - 1] < below + rules.cooldownMs, `${r.key} could have resolved at an earlier check`);
    }
    // An alert not resolved by the end cannot be resolved at the end.
    const end = reference.clock;
    for (const [key, times] of alertTimes) {
      const last = times[times.length - 1];
      if (open.get(key) === last) continue;
      const counts = reference.changes(key, end - rules.cooldownMs, end).map((t) => reference.facts(key, t).count);
      assert.ok(Math.max(...counts) >= threshold, `${key} should have resolved by the end`);
    }
  });

  it('keeps at most maxKeys keys, dropping the least recently seen, and counts the drops in its status', async () => {
    const maxKeys = 100;
    await helper.load(modules(), alertFlow({ threshold: 3, window: 86400, maxKeys, key: 'user' }), {});
    const alerts = new Collector(ALERTS).attach();
    const done = new Collector(DONE).attach();
    const next = random(7);
    const keys: string[] = [];
    for (let i = 0; i < 5000; i++) keys.push(`auth0|${Math.floor(300 * next() ** 2)}`);
    await feed(
      keys.map((user, i) => ({ payload: event(START + i * 10, { user_id: user }) })),
      done,
    );
    // Brute force: a key is still kept when fewer than maxKeys other keys were seen since it was last seen.
    const expected: { key: string; count: number }[] = [];
    const counts = new Map<string, number>();
    const alerted = new Set<string>();
    keys.forEach((user, i) => {
      const others = new Set<string>();
      let j = i - 1;
      for (; j >= 0 && keys[j] !== user && others.size < maxKeys; j--) others.add(keys[j]);
      const kept = j >= 0 && keys[j] === user && others.size < maxKeys;
      if (!kept) alerted.delete(user);
      const count = kept ? (counts.get(user) ?? 0) + 1 : 1;
      counts.set(user, count);
      if (count >= 3 && !alerted.has(user)) {
        alerted.add(user);
        expected.push({ key: user, count });
      }
    });
    assert.deepEqual(
      alerts.payloads<AlertPayload>().map((a) => ({ key: a.key, count: a.count })),
      expected,
    );
    await waitUntil(() => statusCalls(ALERT).some((s) => /\d+ dropped/.test(String(s.text))), { what: () => JSON.stringify(statusCalls(ALERT).slice(-2)) });
    const status = statusCalls(ALERT).pop();
    assert.match(String(status?.text), /^100 keys, \d+ alerts?, \d+ dropped$/);
  });

  it('shows its status again only when it changed, not on every tick to every open editor', async function () {
    this.timeout(10_000);
    await helper.load(modules(), alertFlow({ threshold: 3, window: 600, key: 'user' }), {});
    const done = new Collector(DONE).attach();
    // Three ticks with nothing new: the status stays as it was first shown.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    assert.deepEqual(
      statusCalls(ALERT).map((s) => s.text),
      ['0 keys, 0 alerts'],
    );
    await feed([{ payload: event(START, { user_id: 'auth0|a' }) }], done);
    await waitUntil(() => statusCalls(ALERT).length === 2, { what: () => JSON.stringify(statusCalls(ALERT)) });
    await new Promise((resolve) => setTimeout(resolve, 2200));
    assert.deepEqual(
      statusCalls(ALERT).map((s) => s.text),
      ['0 keys, 0 alerts', '1 key, 0 alerts'],
    );
  });

  it('alerts once per key and cooldown, resolves on the second output once the count stayed below for the cooldown', async () => {
    await helper.load(modules(), alertFlow({ threshold: 5, window: 600, cooldown: 300 }), {});
    const alerts = new Collector(ALERTS).attach();
    const resolved = new Collector(RESOLVED).attach();
    const done = new Collector(DONE).attach();
    // 8 failed logins a minute apart: one alert at the fifth.
    await feed(
      Array.from({ length: 8 }, (_, i) => ({ payload: event(START + i * 60_000) })),
      done,
    );
    assert.equal(alerts.messages.length, 1);
    const alert = alerts.messages[0];
    assert.equal(alert.topic, 'custom');
    const payload = alert.payload as AlertPayload;
    assert.deepEqual(
      { ...payload, sample: payload.sample.length, text: typeof payload.text },
      {
        rule: 'custom',
        key: 'auth0|ada|10.0.0.1',
        count: 5,
        threshold: 5,
        window: 600,
        firstAt: '2026-11-01T00:00:00.000Z',
        lastAt: '2026-11-01T00:04:00.000Z',
        sample: 3,
        types: ['fp'],
        text: 'string',
      },
    );
    assert.equal(payload.sample[0].log_id, String(START));
    assert.match(payload.text, /^custom: 5 events for auth0\|ada\|10\.0\.0\.1 within 10 min \(threshold 5; fp\)/);
    // Six minutes on the wall clock after the last event: still 5 in the window (events 3..7), no resolve.
    wall = START + 7 * 60_000 + 1;
    const lastSeen = wall;
    wall = lastSeen + 60_000;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(resolved.messages.length, 0);
    // The count falls below 5 when the bucket of 00:03 leaves the window (00:13), then 300 s of cooldown: 00:18.
    wall = lastSeen + 12 * 60_000;
    await waitUntil(() => resolved.messages.length === 1, { what: 'the resolved message' });
    const r = resolved.messages[0].payload as ResolvedPayload;
    assert.equal(r.key, 'auth0|ada|10.0.0.1');
    assert.equal(r.resolved, true);
    assert.equal(r.belowSince, '2026-11-01T00:13:00.000Z');
    assert.equal(r.alertedAt, '2026-11-01T00:04:00.000Z');
    assert.equal(resolved.messages[0].topic, 'custom');
    // Again over the threshold: a new alert (the cooldown has passed).
    await feed(
      Array.from({ length: 5 }, (_, i) => ({ payload: event(START + 30 * 60_000 + i * 1000) })),
      done,
    );
    assert.equal(alerts.messages.length, 2);
  });

  it('reads CloudEvents of auth0-events (time, type, data.object) and batches of them', async () => {
    await helper.load(modules(), alertFlow({ categories: [], types: ['user.created'], key: 'connection', threshold: 3, name: 'sign-up burst' }), {});
    const alerts = new Collector(ALERTS).attach();
    const done = new Collector(DONE).attach();
    const cloudEvent = (i: number, type = 'user.created'): Record<string, unknown> => ({
      specversion: '1.0',
      id: `evt_${i}`,
      type,
      source: 'urn:auth0:tenant.example.com',
      time: new Date(START + i * 1000).toISOString(),
      data: { object: { user_id: `auth0|${i}`, connection: 'Username-Password-Authentication' } },
    });
    await feed([{ payload: cloudEvent(1) }, { payload: [cloudEvent(2), cloudEvent(3, 'user.deleted'), cloudEvent(4)] }], done);
    assert.equal(alerts.messages.length, 1);
    assert.equal(alerts.messages[0].topic, 'sign-up burst');
    const payload = alerts.messages[0].payload as AlertPayload;
    assert.equal(payload.key, 'Username-Password-Authentication');
    assert.equal(payload.count, 3);
    assert.deepEqual(payload.types, ['user.created']);
    assert.deepEqual(
      payload.sample.map((s) => s.id),
      ['evt_1', 'evt_2', 'evt_4'],
    );
    assert.ok(!('data' in payload.sample[0]), 'a sample keeps only plain top-level fields');
  });

  it('counts a backlog as it happened; with late "count" an event older than the window does not alert', async () => {
    // A backlog of 2 hours ago: spread over 30 minutes, never 5 within 10 minutes, so no alert.
    wall = START + 3 * 3600_000;
    await helper.load(modules(), alertFlow({ late: 'count', threshold: 5, window: 600 }), {});
    const alerts = new Collector(ALERTS).attach();
    const done = new Collector(DONE).attach();
    await feed(
      Array.from({ length: 7 }, (_, i) => ({ payload: event(START + i * 5 * 60_000) })),
      done,
    );
    assert.equal(alerts.messages.length, 0, 'events 5 minutes apart are never 5 within 10 minutes');
    // An old burst: counted, not alerted (late: count); then live events alert at once.
    await feed(
      Array.from({ length: 6 }, (_, i) => ({ payload: event(START + 3600_000 + i * 1000, { user_id: 'auth0|bob' }) })),
      done,
    );
    assert.equal(alerts.messages.length, 0, 'a late burst only counts');
    await feed([{ payload: event(wall - 1000, { user_id: 'auth0|bob' }) }], done);
    assert.equal(alerts.messages.length, 0, 'the old burst left the window long before now');
    await feed(
      Array.from({ length: 5 }, (_, i) => ({ payload: event(wall + i, { user_id: 'auth0|eve' }) })),
      done,
    );
    assert.equal(alerts.messages.length, 1);
    assert.equal((alerts.messages[0].payload as AlertPayload).key, 'auth0|eve|10.0.0.1');

    // With late "alert" (the default) the same old burst alerts.
    await helper.unload();
    await closeContextStores();
    await helper.load(modules(), alertFlow({ late: 'alert' }), {});
    const again = new Collector(ALERTS).attach();
    const done2 = new Collector(DONE).attach();
    await feed(
      Array.from({ length: 6 }, (_, i) => ({ payload: event(START + 3600_000 + i * 1000, { user_id: 'auth0|bob' }) })),
      done2,
    );
    assert.equal(again.messages.length, 1);
    assert.equal((again.messages[0].payload as AlertPayload).firstAt, new Date(START + 3600_000).toISOString());
  });

  it('skips what it cannot count (no time, no key, not an object) and refuses settings that cannot work', async () => {
    await helper.load(modules(), alertFlow({ threshold: 1, key: 'details.request.ip' }), {});
    const alerts = new Collector(ALERTS).attach();
    const done = new Collector(DONE).attach();
    await feed(
      [
        { payload: 'text' },
        { payload: { type: 'fp' } },
        { payload: event(START) },
        { payload: { ...event(START), details: { request: { ip: '192.0.2.9' } } } },
      ],
      done,
    );
    assert.deepEqual(
      alerts.payloads<AlertPayload>().map((a) => a.key),
      ['192.0.2.9'],
    );
    await helper.unload();
    for (const [overrides, message] of [
      [{ key: 'not a path!' }, /"key" must be one of user, ip, user\+ip/],
      [{ rule: 'nope' }, /unknown rule "nope"/],
      [{ threshold: 0 }, /"threshold" must be a whole number above 0/],
      [{ late: 'sometimes' }, /"late" must be alert or count/],
      [{ categories: ['login_failures'] }, /unknown log category: login_failures/],
    ] as const) {
      await helper.load(modules(), alertFlow(overrides), {});
      const error = errorCalls(ALERT)[0];
      assert.match(String(error?.err), message);
      assert.equal(statusCalls(ALERT).pop()?.text, 'configuration');
      await helper.unload();
    }
  });

  it("takes a preset by name alone (a hand-written flow): the preset's types, key and threshold", async () => {
    await helper.load(modules(), alertFlow({ rule: 'failed_logins_user', categories: undefined, types: undefined, key: '', threshold: '', window: '' }), {});
    const alerts = new Collector(ALERTS).attach();
    const done = new Collector(DONE).attach();
    await feed(
      Array.from({ length: 5 }, (_, i) => ({ payload: event(START + i * 1000, { ip: `10.0.0.${i}`, type: i === 0 ? 's' : 'fp' }) })),
      done,
    );
    assert.equal(alerts.messages.length, 0, 'a successful login is not a failed one');
    await feed([{ payload: event(START + 5000, { type: 'fu' }) }], done);
    assert.equal(alerts.messages.length, 1);
    assert.equal((alerts.messages[0].payload as AlertPayload).key, 'auth0|ada');
    assert.match((alerts.messages[0].payload as AlertPayload).text, /^Failed logins per user: 5 events/);
  });

  it('keeps its counts across a redeploy, and across a restart with a persistent context store', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth0-log-alert-'));
    const restoreSettings = useSettings({
      contextStorage: { default: { module: 'memory' }, disk: { module: 'localfilesystem', config: { dir, flushInterval: 1 } } },
    });
    try {
      await helper.load(modules(), [], {});
      await loadContextStores();
      await deploy(alertFlow({ store: 'disk' }), {});
      let alerts = new Collector(ALERTS).attach();
      let done = new Collector(DONE).attach();
      await feed(
        [0, 1, 2].map((i) => ({ payload: event(START + i * 1000) })),
        done,
      );
      await stopFlows();
      await startFlows();
      alerts = new Collector(ALERTS).attach();
      done = new Collector(DONE).attach();
      await feed([{ payload: event(START + 3000) }], done);
      assert.equal(alerts.messages.length, 0);
      await restartProcess();
      alerts = new Collector(ALERTS).attach();
      done = new Collector(DONE).attach();
      await feed([{ payload: event(START + 4000) }], done);
      assert.equal(alerts.messages.length, 1, 'the fifth failed login, counted across a redeploy and a restart, alerts');
      assert.equal((alerts.messages[0].payload as AlertPayload).count, 5);
      // The status still counts that alert after a redeploy and a restart: it was sent.
      const alertStatus = (): string => String(statusCalls(ALERT).pop()?.text);
      await waitUntil(() => alertStatus() === '1 key, 1 alert', { what: alertStatus });
      await stopFlows();
      await startFlows();
      await waitUntil(() => alertStatus() === '1 key, 1 alert', { what: alertStatus });
      await restartProcess();
      await waitUntil(() => alertStatus() === '1 key, 1 alert', { what: alertStatus });
      // A changed window starts over.
      await deploy(alertFlow({ store: 'disk', window: 300 }), {});
      alerts = new Collector(ALERTS).attach();
      done = new Collector(DONE).attach();
      await feed([{ payload: event(START + 5000) }], done);
      assert.equal(alerts.messages.length, 0);
    } finally {
      await closeContextStores();
      restoreSettings();
      removeAtExit(dir); // Node-RED may still be cleaning it
    }
  });
});
