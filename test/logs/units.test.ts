/**
 * The logs family's pieces on their own: the category filter, log_id order, the checkpoint key,
 * the log stream body formats, the bounded dedupe set, retry delays, stream status tracking,
 * the authorization check and the poll loop's timing rules.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { LOG_CATEGORIES, logTypeMatcher, logTypeTable, unknownCategories } from '../../nodes/logs/log-watch/log-categories';
import { LOG_STREAM_CATEGORIES, allLogTypes, logTypeOf } from '../../nodes/logs/log-types';
import { deriveFromReference, serialiseLogTypes, LOG_TYPES_FILE } from '../../scripts/derive-log-types';
import { checkpointKey } from '../../nodes/logs/log-watch/log-checkpoint';
import { compareLogIds, isAfter } from '../../nodes/logs/log-watch/log-reader';
import { BodyFormatError, parseStreamBody } from '../../nodes/logs/log-stream-in/log-stream-body';
import { DELETED, REDACTED, StreamStatusTracker, withoutSecrets } from '../../nodes/logs/log-stream-watch/log-stream-changes';
import { listSetting, readLogWatchSettings } from '../../nodes/logs/log-watch/log-watch-settings';
import { PollLoop } from '../../nodes/watch/poll-loop';
import { RecentIds } from '../../nodes/receive/recent-ids';
import { failureText, retryDelayMs } from '../../nodes/watch/failure-wait';
import { sameSecret } from '../../nodes/shared/same-secret';
import { byteLimit, routePath } from '../../nodes/receive/http-node-route';
import { lastEventText } from '../../nodes/watch/watch-status';
import { Auth0Error, ConfigError, RateLimitError } from '../../nodes/shared/errors';
import { statusText } from '../helpers/messages';

describe('logs: log type categories', () => {
  it('login failures are Auth0\'s "Login - Failure" filter: f, fc, fco, fcoa, fens, fp, fu', () => {
    const match = logTypeMatcher([], ['login_failure']);
    for (const code of ['f', 'fc', 'fco', 'fcoa', 'fens', 'fp', 'fu']) assert.ok(match(code), code);
    for (const code of ['s', 'fs', 'limit_wc', 'fapi', undefined, 42]) assert.ok(!match(code), String(code));
  });

  it('categories and codes add up; empty means every event', () => {
    const match = logTypeMatcher(['fapi'], ['blocked', 'breached_password']);
    for (const code of ['fapi', 'limit_wc', 'limit_mu', 'limit_sul', 'pwd_leak', 'signup_pwd_leak']) assert.ok(match(code), code);
    assert.ok(!match('fp'));
    const all = logTypeMatcher([], []);
    assert.ok(all('anything') && all('s'));
  });

  it('the MFA category takes every Guardian code, also ones added later (gd_ prefix)', () => {
    const match = logTypeMatcher([], ['mfa']);
    assert.ok(match('gd_auth_failed') && match('gd_some_future_code') && match('mfar'));
    assert.ok(!match('f'));
  });

  it('every category is non-empty and ids are unique; the editor table offers every type of the catalogue with its meaning', () => {
    const ids = new Set<string>();
    for (const category of LOG_CATEGORIES) {
      assert.ok(!ids.has(category.id), `duplicate ${category.id}`);
      ids.add(category.id);
      assert.ok(category.codes.length + (category.prefixes?.length ?? 0) > 0, category.id);
    }
    const table = logTypeTable();
    assert.equal(table.categories.length, LOG_CATEGORIES.length);
    assert.equal(table.codes.length, 167);
    assert.ok(table.codes.some((c) => c.code === 'limit_wc' && /blocked/i.test(c.label)));
    for (const code of ['appi', 'fd', 'fi', 'scv', 'passkey_challenge_failed', 'ciba_start_failed', 'directory_sync_failed', 'kms_key_state_changed'])
      assert.ok(
        table.codes.some((c) => c.code === code && c.label !== ''),
        `${code} is not offered`,
      );
  });

  it("log types: every code of Auth0's catalogue with its meaning and a log stream filter category; an unknown code is 'unknown log type', other", () => {
    assert.deepEqual(logTypeOf('fp'), { code: 'fp', description: 'Failed Login - Invalid Password', category: 'auth.login.fail' });
    assert.deepEqual(logTypeOf('seacft').category, 'auth.token_exchange.success');
    assert.deepEqual(logTypeOf('gd_auth_failed'), { code: 'gd_auth_failed', description: 'Multi-factor authentication failed.', category: 'other' });
    assert.deepEqual(logTypeOf('no_such_type'), { code: 'no_such_type', description: 'unknown log type', category: 'other' });
    assert.deepEqual(logTypeOf(undefined), { code: '', description: 'unknown log type', category: 'other' });
    assert.deepEqual(logTypeOf('constructor').description, 'unknown log type');
    for (const type of allLogTypes()) {
      assert.ok(LOG_STREAM_CATEGORIES.includes(type.category), `${type.code}: ${type.category}`);
      assert.ok(type.description.length > 0, type.code);
    }
  });

  it('the committed log type table is what scripts/derive-log-types.ts derives from the reference', function () {
    const derived = deriveFromReference();
    if (!derived) this.skip();
    else assert.equal(fs.readFileSync(LOG_TYPES_FILE, 'utf8'), serialiseLogTypes(derived), 'run npm run derive:log-types');
  });

  it('an unknown category is reported, not ignored', () => {
    assert.deepEqual(unknownCategories(['login_failure', 'nope']), ['nope']);
    assert.throws(() => readLogWatchSettings({ id: 'n', type: 'auth0-log-watch', categories: ['nope'] }), ConfigError);
  });
});

describe('logs: auth0-log-watch settings', () => {
  it('defaults: every 10 s, start now, one message per event, default store', () => {
    const s = readLogWatchSettings({ id: 'n', type: 'auth0-log-watch' });
    assert.equal(s.intervalMs, 10_000);
    assert.equal(s.start, 'now');
    assert.equal(s.batch, false);
    assert.equal(s.store, undefined);
    assert.equal(s.startSignature, 'now');
  });

  it('start id needs a start id, and the id is part of the checkpoint signature', () => {
    assert.throws(() => readLogWatchSettings({ id: 'n', type: 't', start: 'id', startId: ' ' }), /startId/);
    assert.equal(readLogWatchSettings({ id: 'n', type: 't', start: 'id', startId: '900123' }).startSignature, 'id:900123');
    assert.throws(() => readLogWatchSettings({ id: 'n', type: 't', start: 'later' }), /start/);
    assert.throws(() => readLogWatchSettings({ id: 'n', type: 't', interval: -1 }), /interval/);
    assert.throws(() => readLogWatchSettings({ id: 'n', type: 't', output: 'stream' }), /output/);
  });

  it('types may be an array or a comma-separated string', () => {
    assert.deepEqual(listSetting(['fp', ' fu ', 'fp', '']), ['fp', 'fu']);
    assert.deepEqual(listSetting('fp, limit_wc,,fu'), ['fp', 'limit_wc', 'fu']);
    assert.deepEqual(listSetting(undefined), []);
  });
});

describe('logs: log_id order and the checkpoint key', () => {
  it('Auth0 log_ids (fixed-width digits) compare as strings; digit strings of other widths by width', () => {
    assert.ok(compareLogIds('90020230726131118200088000000000000001223372038981421504', '90020230726131118200088000000000000001223372038981421505') < 0);
    assert.ok(compareLogIds('99', '100') < 0);
    assert.ok(isAfter('900002', '900001'));
    assert.ok(!isAfter('900001', '900001'));
    assert.ok(!isAfter('900000', '900001'));
    assert.ok(isAfter('anything', null));
    // Ids of an unknown scheme are never dropped, except an exact repeat.
    assert.ok(isAfter('abc', 'xyz'));
    assert.ok(!isAfter('abc', 'abc'));
  });

  it('the flow-context key is a plain name (a dot would be read as a property path)', () => {
    assert.equal(checkpointKey('a1b2.c3d4'), 'auth0LogWatch_a1b2_c3d4');
    assert.match(checkpointKey('0123456789abcdef'), /^[A-Za-z0-9_]+$/);
  });
});

describe('logs: log stream bodies', () => {
  const a = { log_id: '1', type: 'fp', date: '2026-01-01T00:00:00.000Z' };
  const b = { log_id: '2', type: 's' };

  it('reads JSON lines, a JSON array and a single object', () => {
    assert.deepEqual(parseStreamBody(`${JSON.stringify(a)}\n${JSON.stringify(b)}\n`), [a, b]);
    assert.deepEqual(parseStreamBody(`${JSON.stringify(a)}\r\n\r\n${JSON.stringify(b)}`), [a, b]);
    assert.deepEqual(parseStreamBody(JSON.stringify([a, b])), [a, b]);
    assert.deepEqual(parseStreamBody(JSON.stringify(a)), [a]);
    assert.deepEqual(parseStreamBody(Buffer.from(JSON.stringify([a]))), [a]);
    assert.deepEqual(parseStreamBody([a, b]), [a, b], 'a body a middleware already parsed');
    assert.deepEqual(parseStreamBody(''), []);
  });

  it("unwraps Auth0's {log_id, data} items, keeping the log_id", () => {
    const wrapped = { log_id: '90001', data: { type: 'limit_wc', date: '2026-01-01T00:00:00.000Z', user_name: 'ada' } };
    assert.deepEqual(parseStreamBody(JSON.stringify(wrapped)), [{ type: 'limit_wc', date: '2026-01-01T00:00:00.000Z', user_name: 'ada', log_id: '90001' }]);
    assert.deepEqual(
      parseStreamBody(`${JSON.stringify(wrapped)}\n${JSON.stringify(a)}`).map((e) => e.log_id),
      ['90001', '1'],
    );
  });

  it('refuses what is not JSON objects', () => {
    assert.throws(() => parseStreamBody('{"a":1}\nnot json'), BodyFormatError);
    assert.throws(() => parseStreamBody('[1, 2]'), BodyFormatError);
    assert.throws(() => parseStreamBody('hello'), BodyFormatError);
  });
});

describe('logs: recent ids (dedupe)', () => {
  it('says whether an id is new, and stays within its capacity (oldest forgotten first)', () => {
    const recent = new RecentIds(3);
    assert.ok(recent.add('a'));
    assert.ok(!recent.add('a'));
    recent.add('b');
    recent.add('c');
    recent.add('d');
    assert.equal(recent.size, 3);
    assert.ok(!recent.has('a'));
    assert.ok(recent.add('a'), 'forgotten ids count as new');
    for (let i = 0; i < 10_000; i++) recent.add(`x${i}`);
    assert.equal(recent.size, 3);
  });

  it('forgets ids older than its window', () => {
    let now = 0;
    const recent = new RecentIds(100, 1000, () => now);
    recent.add('a');
    now = 500;
    assert.ok(recent.add('b'));
    assert.ok(recent.has('a'));
    now = 1600;
    assert.ok(!recent.has('a'));
    assert.ok(recent.add('a'));
    assert.ok(recent.size <= 2);
  });
});

describe('logs: retry delays and failure texts', () => {
  it('waits for the reset after a 429, else backs off exponentially up to a cap', () => {
    const now = 1_000_000_000_000;
    const limited = new RateLimitError('slow down', { statusCode: 429, resetAt: now / 1000 + 5 });
    const wait = retryDelayMs(limited, 1, 10_000, now, () => 0);
    assert.equal(wait, 5000);
    const server = new Auth0Error('down', { statusCode: 503 });
    const waits = [1, 2, 3, 4, 10, 30].map((n) => retryDelayMs(server, n, 10_000, now, () => 0.5));
    assert.deepEqual(waits, [1000, 2000, 4000, 8000, 60_000, 60_000]);
    assert.equal(
      retryDelayMs(server, 30, 300_000, now, () => 0.5),
      300_000,
      'a longer interval is the cap',
    );
  });

  it('names failures briefly', () => {
    assert.equal(failureText(new Auth0Error('x', { statusCode: 503 }), statusText), 'HTTP 503');
    assert.equal(failureText(new Auth0Error('x', { statusCode: 0, errorCode: 'ETIMEDOUT' }), statusText), 'timeout');
    assert.equal(failureText(new RateLimitError('x', { statusCode: 429 }), statusText), 'rate limited');
    assert.equal(failureText(new Auth0Error('x', { statusCode: 200, errorCode: 'invalid_response' }), statusText), 'bad response');
    assert.equal(failureText(new ConfigError('x'), statusText), 'configuration');
  });

  it('shows the time of the last event, or its day when older', () => {
    const now = new Date(2026, 10, 21, 15, 0, 0);
    assert.equal(lastEventText(statusText, new Date(2026, 10, 21, 14, 3, 22).toISOString(), now), 'last 14:03:22');
    assert.equal(lastEventText(statusText, new Date(2026, 10, 20, 9, 0, 0).toISOString(), now), 'last 2026-11-20');
    assert.equal(lastEventText(statusText, null, now), undefined);
  });
});

describe('logs: log stream status tracking', () => {
  const stream = (id: string, status: string) => ({
    id,
    name: id,
    type: 'http',
    status,
    sink: { httpEndpoint: 'https://x', httpAuthorization: 'Bearer secret' },
  });

  it('the first poll is the baseline; later a changed status is reported once, a removed stream as deleted', () => {
    const tracker = new StreamStatusTracker();
    assert.deepEqual(tracker.update([stream('a', 'active'), stream('b', 'paused')]), []);
    assert.deepEqual(tracker.update([stream('a', 'active'), stream('b', 'paused')]), []);
    const changes = tracker.update([stream('a', 'suspended'), stream('b', 'paused'), stream('c', 'active')]);
    assert.deepEqual(
      changes.map((c) => [c.stream.id, c.previousStatus, c.status]),
      [['a', 'active', 'suspended']],
    );
    assert.deepEqual(
      tracker.update([stream('a', 'suspended'), stream('c', 'paused')]).map((c) => [c.stream.id, c.previousStatus, c.status]),
      [
        ['c', 'active', 'paused'],
        ['b', 'paused', DELETED],
      ],
    );
    assert.deepEqual(tracker.counts(), { suspended: 1, paused: 1 });
  });

  it('a reported stream carries no sink credentials', () => {
    const clean = withoutSecrets(stream('a', 'active'));
    assert.equal((clean.sink as Record<string, unknown>).httpAuthorization, REDACTED);
    assert.equal((clean.sink as Record<string, unknown>).httpEndpoint, 'https://x');
    assert.ok(!JSON.stringify(clean).includes('Bearer secret'));
  });
});

describe('logs: log stream receiver helpers', () => {
  it('accepts only the exact configured Authorization value; none configured accepts nothing', () => {
    assert.ok(sameSecret('Bearer abc', 'Bearer abc'));
    assert.ok(!sameSecret('Bearer abd', 'Bearer abc'));
    assert.ok(!sameSecret('Bearer abc ', 'Bearer abc'));
    assert.ok(!sameSecret(undefined, 'Bearer abc'));
    assert.ok(!sameSecret('', ''));
    assert.ok(!sameSecret('anything', undefined));
  });

  it("paths start with a slash; size limits read Node-RED's format", () => {
    assert.equal(routePath('auth0/logs'), '/auth0/logs');
    assert.equal(routePath('/x'), '/x');
    assert.equal(routePath('  '), '');
    assert.equal(byteLimit('5mb', 1), 5 * 1024 * 1024);
    assert.equal(byteLimit('500kb', 1), 500 * 1024);
    assert.equal(byteLimit(1234, 1), 1234);
    assert.equal(byteLimit('lots', 7), 7);
  });
});

describe('logs: the poll loop', () => {
  it('never overlaps polls, and a poll asked for during one runs right after it', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const loop = new PollLoop(async () => {
      runs += 1;
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      running -= 1;
      return { delayMs: 60_000 };
    });
    const first = loop.pollNow();
    const second = loop.pollNow();
    const third = loop.pollNow();
    assert.equal(runs, 1);
    release();
    assert.equal(await first, undefined);
    // second and third share the next poll.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 2);
    release();
    await Promise.all([second, third]);
    assert.equal(runs, 2);
    assert.equal(maxRunning, 1);
    await loop.stop();
  });

  it("hands a poll's error to the callers that asked for it, tells the run it was asked for", async () => {
    const triggered: boolean[] = [];
    const loop = new PollLoop(async (wasAsked) => {
      triggered.push(wasAsked);
      return { delayMs: 60_000, error: new Error('boom') };
    });
    const err = await loop.pollNow();
    assert.equal(err?.message, 'boom');
    assert.deepEqual(triggered, [true]);
    await loop.stop();
  });

  it('stop waits for the poll in progress and nothing runs afterwards', async () => {
    let runs = 0;
    let finished = false;
    const loop = new PollLoop(async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
      return { delayMs: 0 };
    });
    loop.start(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await loop.stop();
    assert.ok(finished, 'stop returned before the poll ended');
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(runs, after);
    assert.equal(await loop.pollNow(), undefined);
    assert.equal(runs, after);
  });
});
