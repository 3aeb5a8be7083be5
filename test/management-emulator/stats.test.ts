/**
 * auth0-stats in Node-RED against the emulator: active users and daily counts follow logins.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { PASSWORD, createUser, passwordLogin } from './fixtures';

/** `YYYYMMDD` of an epoch time, in UTC as Auth0 counts days. */
function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
}

describe('management nodes against the emulator: stats', function () {
  this.timeout(60000);
  const h = useHarness();

  it('counts active users: a login adds one', async () => {
    const before = payloadOf<number>(await h.run('stats', 'active_users', {}));
    assert.equal(typeof before, 'number');
    const user = await createUser(h);
    assert.equal(payloadOf(await h.run('stats', 'active_users', {})), before, 'a user who never logged in is not active');
    assert.equal((await passwordLogin(h.emulator, String(user.email), PASSWORD)).status, 200);
    assert.equal(payloadOf(await h.run('stats', 'active_users', {})), before + 1);
  });

  it('counts logins per day between from_date and to_date', async () => {
    const today = day(h.emulator.clock.now());
    const countToday = async (): Promise<Msg> => {
      const days = payloadOf<Msg[]>(await h.run('stats', 'daily_stats', { from_date: today, to_date: today }));
      assert.equal(days.length, 1);
      return days[0];
    };
    const before = await countToday();
    const user = await createUser(h);
    await passwordLogin(h.emulator, String(user.email), PASSWORD);
    await passwordLogin(h.emulator, String(user.email), PASSWORD);
    const after = await countToday();
    assert.equal(after.logins, (before.logins as number) + 2);
    assert.equal(String(after.date).slice(0, 10).replace(/-/g, ''), today);

    const week = payloadOf<Msg[]>(await h.run('stats', 'daily_stats', { from_date: day(h.emulator.clock.now() - 6 * 86400000), to_date: today }));
    assert.equal(week.length, 7);
    const month = payloadOf<Msg[]>(await h.run('stats', 'daily_stats', {}));
    assert.equal(
      String(month[month.length - 1].date)
        .slice(0, 10)
        .replace(/-/g, ''),
      today,
      'without dates: up to today',
    );
    assert.equal((await h.fail('stats', 'daily_stats', { from_date: '2024-01-01' })).statusCode, 400);
  });

  it('exercised every stats operation', () => {
    h.assertAllExercised('stats');
  });
});
