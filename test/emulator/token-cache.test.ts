/**
 * The emulator keeps verified management tokens by their signature: a token that reuses a
 * cached token's signature with another payload is still checked, and refused.
 */
import assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../../emulator';
import { call } from './http';

describe('emulator management token cache', function () {
  let emu: Emulator;

  before(async function () {
    emu = await startEmulator({ port: 0 });
  });

  after(async function () {
    await emu.close();
  });

  it('refuses a forged payload under a cached signature, and still accepts the genuine token', async function () {
    const api = (token: string) => call(emu.url, 'GET', '/api/v2/users', undefined, { token });
    const good = emu.managementToken(['read:users']);
    assert.equal((await api(good)).status, 200); // now cached
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'read:users delete:users' })).toString('base64url')}.${signature}`;
    const refused = await api(forged);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.message, 'Invalid token');
    // The forged one did not take the genuine one's place.
    assert.equal((await api(good)).status, 200);
    const deleted = await call(emu.url, 'DELETE', '/api/v2/users/auth0%7Cnobody', undefined, { token: forged });
    assert.equal(deleted.status, 401);
  });
});
