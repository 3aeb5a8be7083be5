/**
 * auth0-clients in Node-RED against the emulator: CRUD, and a rotated secret that is the only one
 * /oauth/token accepts afterwards.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { signAssertion } from '../../nodes/tenant-client/client-assertion';
import { itemsOf, payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, createApi, tokenRequest, unique } from './fixtures';

function publicKeyPem(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'pem', type: 'spki' }).toString();
}

describe('management nodes against the emulator: clients', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates an application, reads it back, updates it, deletes it, then reads 404', async () => {
    const name = unique('Portal ');
    const created = await h.run('clients', 'create', { body: { name, app_type: 'regular_web', callbacks: ['http://localhost:3000/callback'] } });
    assertStatus(created, 'create', 201);
    const client = payloadOf(created);
    assert.equal(typeof client.client_secret, 'string', 'the secret is shown with read:client_keys');

    const read = payloadOf(await h.run('clients', 'get', { id: client.client_id }));
    assert.equal(read.name, name);
    assert.deepEqual(read.callbacks, ['http://localhost:3000/callback']);
    const projected = payloadOf(await h.run('clients', 'get', { id: client.client_id, fields: 'name,app_type' }));
    assert.deepEqual(projected, { name, app_type: 'regular_web' });
    const listed = itemsOf(payloadOf(await h.run('clients', 'all', { fields: ['client_id', 'name'] })));
    assert.ok(listed.some((c) => c.client_id === client.client_id && c.name === name));

    await h.run('clients', 'update', { id: client.client_id, body: { callbacks: ['https://portal.example.com/cb'], description: 'the portal' } });
    const updated = payloadOf(await h.run('clients', 'get', { id: client.client_id }));
    assert.deepEqual(updated.callbacks, ['https://portal.example.com/cb']);
    assert.equal(updated.description, 'the portal');

    assertStatus(await h.run('clients', 'delete', { id: client.client_id }), 'delete', 204);
    assert.equal((await h.gone('clients', 'get', { id: client.client_id })).errorCode, 'inexistent_client');
  });

  it('lists every application with fetch all pages', async () => {
    h.emulator.seed({ clients: Array.from({ length: 110 }, (_, i) => ({ name: `bulk app ${i}` })) });
    const all = await h.run('clients', 'all', {}, 'all');
    const clients = itemsOf(payloadOf(all));
    assert.equal(clients.length, h.emulator.state.clients.size);
    assert.equal(new Set(clients.map((c) => c.client_id)).size, clients.length);
    assert.equal((all.auth0 as Msg & { paging: Msg }).paging.pages, 2);
  });

  it('rotates a secret: the output shows the new one, and only it gets a token', async () => {
    const audience = await createApi(h, ['read:things']);
    const client = payloadOf(await h.run('clients', 'create', { body: { name: unique('Worker '), app_type: 'non_interactive' } }));
    await h.run('client_grants', 'create', { body: { client_id: client.client_id, audience, scope: ['read:things'] } });
    const grant = (secret: unknown) =>
      tokenRequest(h.emulator, { grant_type: 'client_credentials', client_id: String(client.client_id), client_secret: String(secret), audience });
    assert.equal((await grant(client.client_secret)).status, 200);

    const rotated = await h.run('clients', 'rotate_secret', { id: client.client_id });
    assertStatus(rotated, 'rotate_secret', 200);
    const secret = payloadOf(rotated).client_secret;
    assert.equal(typeof secret, 'string');
    assert.notEqual(secret, client.client_secret);
    assert.equal(payloadOf(await h.run('clients', 'get', { id: client.client_id })).client_secret, secret);
    assert.equal((await grant(client.client_secret)).status, 401, 'the old secret is refused');
    assert.equal((await grant(secret)).status, 200, 'the new secret works');
  });

  it('lists the connections of an application, by strategy and all pages', async () => {
    const web = h.emulator.webClient.clientId;
    const all = itemsOf(payloadOf(await h.run('clients', 'get_connections', { id: web }, 'all')));
    assert.ok(all.length > 0 && all.every((c) => (c.enabled_clients as string[]).includes(web)));
    const auth0Only = itemsOf(payloadOf(await h.run('clients', 'get_connections', { id: web, strategy: ['auth0'] })), 'connections');
    assert.ok(auth0Only.length > 0 && auth0Only.every((c) => c.strategy === 'auth0'));
    await h.gone('clients', 'get_connections', { id: 'nobody' });
  });

  it('searches applications by name, and lists them by checkpoint and by type', async () => {
    const name = unique('Searchable ');
    const created = payloadOf(await h.run('clients', 'create', { body: { name, app_type: 'spa' } }));
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('clients', 'search', { extra_params: { q: name } }))).map((c) => c.client_id),
      [created.client_id],
    );
    const spas = itemsOf(payloadOf(await h.run('clients', 'all', { app_type: 'spa', per_page: 100 })));
    assert.ok(spas.some((c) => c.client_id === created.client_id) && spas.every((c) => c.app_type === 'spa'));
    const checkpoint = payloadOf(await h.run('clients', 'all', { take: 1 }));
    assert.equal(itemsOf(checkpoint, 'clients').length, 1);
    assert.equal(typeof checkpoint.next, 'string');
  });

  it('previews and registers an application from its metadata document; registering again refreshes it', async () => {
    const url = `https://${unique('agent')}.example.com/client.json`;
    const unknown = payloadOf(await h.run('clients', 'preview_cimd', { external_client_id: url }));
    assert.equal((unknown.validation as Msg).valid, false);
    assert.equal((await h.fail('clients', 'register_cimd', { external_client_id: url })).statusCode, 400);

    h.emulator.seed({
      collections: { 'cimd-documents': [{ id: url, client_id: url, client_name: 'Travel agent', redirect_uris: ['https://agent.example.com/cb'] }] },
    });
    const preview = payloadOf(await h.run('clients', 'preview_cimd', { external_client_id: url }));
    assert.equal((preview.validation as Msg).valid, true);
    assert.equal((preview.mapped_fields as Msg).name, 'Travel agent');
    const registered = await h.run('clients', 'register_cimd', { external_client_id: url });
    assertStatus(registered, 'register_cimd', 201);
    const clientId = payloadOf(registered).client_id;
    const client = payloadOf(await h.run('clients', 'get', { id: clientId }));
    assert.deepEqual([client.name, client.external_client_id, client.callbacks], ['Travel agent', url, ['https://agent.example.com/cb']]);
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('clients', 'all', { external_client_id: url }))).map((c) => c.client_id),
      [clientId],
    );

    h.emulator.seed({
      collections: { 'cimd-documents': [{ id: url, client_id: url, client_name: 'Travel agent 2', redirect_uris: ['https://agent.example.com/cb'] }] },
    });
    const again = await h.run('clients', 'register_cimd', { external_client_id: url });
    assertStatus(again, 'register_cimd', 200);
    assert.equal(payloadOf(again).client_id, clientId);
    assert.equal(payloadOf(await h.run('clients', 'get', { id: clientId })).name, 'Travel agent 2');
    assert.equal((await h.fail('clients', 'preview_cimd', { external_client_id: 'http://insecure.example.com/x' })).statusCode, 400);
  });

  it('registers a public key, enables it, and the private key JWT gets a token; at most two keys; a deleted key is refused', async () => {
    const audience = await createApi(h, ['read:things']);
    const client = payloadOf(await h.run('clients', 'create', { body: { name: unique('Keyed worker '), app_type: 'non_interactive' } }));
    const id = String(client.client_id);
    await h.run('client_grants', 'create', { body: { client_id: id, audience, scope: ['read:things'] } });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();

    const created = await h.run('clients', 'create_credential', { id, body: { credential_type: 'public_key', name: 'ci key', pem, alg: 'PS256' } });
    assertStatus(created, 'create_credential', 201);
    const credential = payloadOf(created);
    assert.match(String(credential.id), /^cred_/);
    assert.equal(credential.alg, 'PS256');
    assert.equal(typeof credential.kid, 'string');
    assert.equal(credential.pem, undefined, 'the PEM is never returned');
    const listed = payloadOf<Msg[]>(await h.run('clients', 'all_credentials', { id }));
    assert.deepEqual(
      listed.map((c) => c.id),
      [credential.id],
    );
    assert.equal(payloadOf(await h.run('clients', 'get_credential', { id, credential_id: credential.id })).name, 'ci key');
    const updated = await h.run('clients', 'update_credential', { id, credential_id: credential.id, body: { expires_at: '2099-01-01T00:00:00.000Z' } });
    assertStatus(updated, 'update_credential', 200);
    assert.equal(payloadOf(updated).expires_at, '2099-01-01T00:00:00.000Z');

    const assertionGrant = () =>
      tokenRequest(h.emulator, {
        grant_type: 'client_credentials',
        audience,
        client_id: id,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: signAssertion(privateKey, { clientId: id, domain: h.emulator.domain, alg: 'PS256', keyId: String(credential.kid) }),
      });
    const notEnabled = await assertionGrant();
    assert.equal(notEnabled.status, 401, 'a registered key is not used until enabled');
    assert.equal(notEnabled.body.error, 'invalid_client');
    await h.run('clients', 'update', { id, body: { client_authentication_methods: { private_key_jwt: { credentials: [{ id: credential.id }] } } } });
    const granted = await assertionGrant();
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    assert.equal(granted.body.scope, 'read:things');

    const second = publicKeyPem();
    assertStatus(await h.run('clients', 'create_credential', { id, body: { credential_type: 'public_key', pem: second } }), 'create_credential', 201);
    const third = await h.fail('clients', 'create_credential', { id, body: { credential_type: 'public_key', pem: publicKeyPem() } });
    assert.equal(third.statusCode, 400, 'a third credential is refused');

    assertStatus(await h.run('clients', 'delete_credential', { id, credential_id: credential.id }), 'delete_credential', 204);
    assert.equal((await h.gone('clients', 'get_credential', { id, credential_id: credential.id })).errorCode, 'inexistent_credential');
    assert.equal((await assertionGrant()).status, 401, 'the deleted key is refused');
  });

  it('exercised every clients operation', () => {
    h.assertAllExercised('clients');
  });
});
