/**
 * auth0-keys in Node-RED against the emulator: signing key rotation and revocation change the key
 * list, the JWKS and which tokens verify, as in Auth0; the custom signing key set; encryption keys through create, wrapping key, import
 * and rekey; Network ACL keys whose secret is never returned.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus } from './fixtures';

describe('management nodes against the emulator: keys', function () {
  this.timeout(60000);
  const h = useHarness();

  const signingKeys = async (): Promise<Msg[]> => payloadOf<Msg[]>(await h.run('keys', 'all_signing_keys', {}));

  it('lists the signing keys, starting from the key the emulator signs tokens with', async () => {
    const keys = await signingKeys();
    const current = keys.find((k) => k.current);
    const tokenKid = JSON.parse(Buffer.from(h.emulator.managementToken().split('.')[0], 'base64url').toString('utf8')).kid;
    assert.equal(current?.kid, tokenKid);
    assert.equal(keys.filter((k) => k.next).length, 1, 'one next key');
    assert.deepEqual(payloadOf(await h.run('keys', 'get_signing_key', { kid: tokenKid })), current);
  });

  it('rotates: next becomes current, current becomes previous; a previous key can be revoked, the current cannot', async () => {
    const before = await signingKeys();
    const earlyToken = h.emulator.managementToken(); // signed with the key about to be rotated out
    const oldCurrent = before.find((k) => k.current)!;
    const oldNext = before.find((k) => k.next)!;
    const rotated = payloadOf(await h.run('keys', 'rotate_signing_key', {}));
    assert.equal(rotated.kid, oldNext.kid);
    const after = await signingKeys();
    assert.equal(after.find((k) => k.current)?.kid, oldNext.kid);
    assert.equal(after.find((k) => k.previous)?.kid, oldCurrent.kid);
    const newNext = after.find((k) => k.next);
    assert.ok(newNext && newNext.kid !== oldNext.kid && newNext.kid !== oldCurrent.kid, 'a new next key');

    const jwksKids = async (): Promise<string[]> =>
      ((await (await fetch(`${h.emulator.url}/.well-known/jwks.json`)).json()) as { keys: Msg[] }).keys.map((k) => String(k.kid));
    assert.deepEqual(
      (await jwksKids()).sort(),
      [oldCurrent.kid, oldNext.kid, newNext.kid].map(String).sort(),
      'the JWKS lists the previous, current and next key',
    );
    const kidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')).kid;
    const oldToken = h.emulator.managementToken(); // signed after the rotation
    assert.equal(kidOf(oldToken), oldNext.kid, 'new tokens are signed with the new current key');

    assert.equal((await h.fail('keys', 'revoke_signing_key', { kid: oldNext.kid })).statusCode, 400, 'the current key cannot be revoked');
    // The node's cached management token was signed with the key about to be revoked: the node fetches a new one on the 401.
    const revoked = payloadOf(await h.run('keys', 'revoke_signing_key', { kid: oldCurrent.kid }));
    assert.equal(revoked.kid, oldCurrent.kid);
    const read = payloadOf(await h.run('keys', 'get_signing_key', { kid: oldCurrent.kid }));
    assert.equal(read.revoked, true);
    assert.equal(typeof read.revoked_at, 'string');
    assert.equal((await h.fail('keys', 'get_signing_key', { kid: 'no-such-kid' })).statusCode, 404);
    assert.ok(!(await jwksKids()).includes(String(oldCurrent.kid)), 'a revoked key leaves the JWKS');
    const probe = await fetch(`${h.emulator.url}/api/v2/keys/signing`, { headers: { authorization: `Bearer ${oldToken}` } });
    assert.equal(probe.status, 200, 'tokens of the current key still work');
    const early = await fetch(`${h.emulator.url}/api/v2/keys/signing`, { headers: { authorization: `Bearer ${earlyToken}` } });
    assert.equal(early.status, 401, 'tokens of the revoked key no longer verify');
  });

  it('after a reset, signs with the key made at start again', async () => {
    h.emulator.reset();
    const start = (await signingKeys()).find((k) => k.current)!.kid;
    await h.run('keys', 'rotate_signing_key', {});
    assert.notEqual((await signingKeys()).find((k) => k.current)!.kid, start);
    h.emulator.reset();
    assert.equal((await signingKeys()).find((k) => k.current)!.kid, start);
    assert.deepEqual(
      (await signingKeys()).filter((k) => k.previous),
      [],
      'no retired keys after a reset',
    );
  });

  it('sets, reads and deletes the custom signing key set', async () => {
    assert.equal((await h.fail('keys', 'get_custom_signing_keys', {})).statusCode, 404);
    const jwks = { keys: [{ kty: 'RSA', kid: 'custom-1', use: 'sig', alg: 'RS256', n: 'sXch', e: 'AQAB' }] };
    assert.deepEqual(payloadOf(await h.run('keys', 'set_custom_signing_keys', { body: jwks })), jwks);
    assert.deepEqual(payloadOf(await h.run('keys', 'get_custom_signing_keys', {})), jwks);
    assert.equal((await h.fail('keys', 'set_custom_signing_keys', { body: { keys: [{ kty: 'RSA', d: 'private' }] } })).statusCode, 400, 'no private keys');
    assertStatus(await h.run('keys', 'delete_custom_signing_keys', {}), 'delete_custom_signing_keys', 204);
    assert.equal((await h.fail('keys', 'get_custom_signing_keys', {})).statusCode, 404);
  });

  it('brings an encryption key through create, wrapping key and import, then rekeys and deletes', async () => {
    const initial = itemsOf(payloadOf(await h.run('keys', 'all_encryption_keys', { include_totals: true })), 'keys');
    const master = initial.find((k) => k.type === 'tenant-master-key' && k.state === 'active');
    assert.ok(master, 'a tenant master key');
    const created = payloadOf(await h.run('keys', 'create_encryption_key', { body: { type: 'customer-provided-root-key' } }));
    assert.equal(created.state, 'pre-activation');
    const wrapping = payloadOf(await h.run('keys', 'create_encryption_wrapping_key', { kid: created.kid }));
    assert.match(String(wrapping.public_key), /BEGIN PUBLIC KEY/);
    const imported = payloadOf(
      await h.run('keys', 'import_encryption_key', { kid: created.kid, body: { wrapped_key: Buffer.from('key material').toString('base64') } }),
    );
    assert.equal(imported.state, 'active');
    assert.equal(imported.wrapped_key, undefined, 'the key material is never returned');
    assert.equal(payloadOf(await h.run('keys', 'get_encryption_key', { kid: created.kid })).state, 'active');
    assert.equal((await h.fail('keys', 'import_encryption_key', { kid: created.kid, body: { wrapped_key: 'AAAA' } })).statusCode, 409, 'imported once');

    assertStatus(await h.run('keys', 'rekey_encryption_keys', {}), 'rekey_encryption_keys', 204);
    const afterRekey = itemsOf(payloadOf(await h.run('keys', 'all_encryption_keys', {})));
    const masters = afterRekey.filter((k) => k.type === 'tenant-master-key' && k.state === 'active');
    assert.equal(masters.length, 1);
    assert.notEqual(masters[0].kid, master.kid, 'a new tenant master key');

    assertStatus(await h.run('keys', 'delete_encryption_key', { kid: created.kid }), 'delete_encryption_key', 204);
    assert.equal((await h.fail('keys', 'get_encryption_key', { kid: created.kid })).statusCode, 404);
  });

  it('adds a Network ACL key whose value is never shown, lists, reads and deletes it', async () => {
    const created = payloadOf(await h.run('keys', 'create_network_acl_key', { body: { name: 'edge', alg: 'hmac-sha256', value: 'shared-secret-value' } }));
    assert.equal(created.value, undefined);
    assert.match(String(created.fingerprint), /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(created).includes('shared-secret-value'));
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('keys', 'all_network_acl_keys', {})), 'keys').map((k) => k.id),
      [created.id],
    );
    assert.deepEqual(payloadOf(await h.run('keys', 'get_network_acl_key', { id: created.id })), created);
    assertStatus(await h.run('keys', 'delete_network_acl_key', { id: created.id }), 'delete_network_acl_key', 204);
    assert.equal((await h.fail('keys', 'get_network_acl_key', { id: created.id })).statusCode, 404);
  });

  it('exercised every keys operation', () => {
    h.assertAllExercised('keys');
  });
});
