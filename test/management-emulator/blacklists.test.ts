/**
 * auth0-blacklists in Node-RED against the emulator: a blacklisted token is listed and refused.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus } from './fixtures';

function claimsOf(token: string): Msg {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Msg;
}

describe('management nodes against the emulator: blacklists', function () {
  this.timeout(60000);
  const h = useHarness();

  it('blacklists a token by jti: it is listed (also by aud) and the API refuses it', async () => {
    const token = h.emulator.managementToken(['read:roles']);
    const { jti, aud } = claimsOf(token);
    const call = () => fetch(`${h.emulator.url}/api/v2/roles`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await call()).status, 200);

    assertStatus(await h.run('blacklists', 'create', { jti, aud }), 'create', 204);
    assert.deepEqual(payloadOf<Msg[]>(await h.run('blacklists', 'get', {})), [{ aud, jti }]);
    assert.deepEqual(payloadOf(await h.run('blacklists', 'get', { aud })), [{ aud, jti }]);
    assert.deepEqual(payloadOf(await h.run('blacklists', 'get', { aud: 'https://other.example.com/' })), []);
    assert.equal((await call()).status, 401, 'the blacklisted token is refused');

    await h.run('blacklists', 'create', { jti: 'no-audience-jti' });
    assert.deepEqual(
      payloadOf<Msg[]>(await h.run('blacklists', 'get', {}))
        .map((t) => t.jti)
        .sort(),
      [jti, 'no-audience-jti'].sort(),
    );
  });

  it('fails a missing jti before sending anything', async () => {
    const failure = await h.fail('blacklists', 'create', { aud: 'x' });
    assert.match(failure.message, /"jti"/);
    assert.equal(failure.statusCode, 0);
  });

  it('exercised every blacklists operation', () => {
    h.assertAllExercised('blacklists');
  });
});
