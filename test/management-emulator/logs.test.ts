/**
 * auth0-logs in Node-RED against the emulator: search with q, sort and fields, get by id,
 * checkpoint reading with from/take, fetch all pages by checkpoint and by page.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness, type Msg } from './harness';
import { PASSWORD, createUser, passwordLogin } from './fixtures';

describe('management nodes against the emulator: logs', function () {
  this.timeout(60000);
  const h = useHarness();
  before(async () => {
    h.emulator.seed({
      logs: Array.from({ length: 150 }, (_, i) => ({ type: i % 3 === 0 ? 'fp' : 's', description: `seeded ${i}`, user_name: `seeded${i}@example.com` })),
    });
  });

  it('searches with q (include_totals by default), sorts, projects fields, and gets one event by id', async () => {
    const user = await createUser(h);
    await passwordLogin(h.emulator, String(user.email), 'wrong');
    await passwordLogin(h.emulator, String(user.email), PASSWORD);

    const search = payloadOf(await h.run('logs', 'search', { q: `user_id:"${String(user.user_id)}"` }));
    const events = itemsOf(search, 'logs');
    assert.equal(search.total, 2);
    assert.deepEqual(
      events.map((e) => e.type),
      ['s', 'fp'],
      'newest first by default',
    );
    const ascending = itemsOf(payloadOf(await h.run('logs', 'search', { q: `user_id:"${String(user.user_id)}"`, sort: 'date:1' })), 'logs');
    assert.deepEqual(
      ascending.map((e) => e.type),
      ['fp', 's'],
    );
    const fields = itemsOf(payloadOf(await h.run('logs', 'search', { q: 'type:fp', fields: ['log_id', 'type'], per_page: 5 })), 'logs');
    assert.equal(fields.length, 5);
    assert.ok(fields.every((e) => e.type === 'fp' && Object.keys(e).sort().join() === 'log_id,type'));

    const one = payloadOf(await h.run('logs', 'get', { id: events[1].log_id }));
    assert.equal(one.type, 'fp');
    assert.equal(one.user_id, user.user_id);
    assert.equal((await h.gone('logs', 'get', { id: '90000000000000000000999999' })).errorCode, 'inexistent_log');
  });

  it('reads by checkpoint: from_param and take give the events after the checkpoint, oldest first', async () => {
    const all = h.emulator.logs.all();
    const from = all[9].log_id;
    const page = payloadOf<Msg[]>(await h.run('logs', 'search', { from_param: from, take: 10 }));
    assert.deepEqual(
      page.map((e) => e.log_id),
      all.slice(10, 20).map((e) => e.log_id),
    );
  });

  it('fetches every event by checkpoint, and every match of a search by page', async () => {
    const total = h.emulator.logs.size;
    assert.ok(total > 150);
    const all = await h.run('logs', 'search', {}, 'all');
    const events = itemsOf(payloadOf(all));
    const paging = (all.auth0 as Msg & { paging: Msg }).paging;
    assert.equal(paging.mode, 'checkpoint');
    assert.equal(events.length, total);
    assert.deepEqual(
      events.map((e) => e.log_id),
      h.emulator.logs
        .all()
        .slice(0, total)
        .map((e) => e.log_id),
    );

    const later = await h.run('logs', 'search', { from_param: events[total - 6].log_id }, 'all');
    assert.equal(itemsOf(payloadOf(later)).length, 5, 'fetch all from a checkpoint gives only what follows it');

    const matches = await h.run('logs', 'search', { q: 'type:s' }, 'all');
    const successes = itemsOf(payloadOf(matches));
    const expected = h.emulator.logs.all().filter((e) => e.type === 's').length;
    assert.ok(expected > 100);
    assert.equal(successes.length, expected);
    assert.ok(successes.every((e) => e.type === 's'));
    assert.equal((matches.auth0 as Msg & { paging: Msg }).paging.mode, 'page');
  });

  it('exercised every logs operation', () => {
    h.assertAllExercised('logs');
  });
});
