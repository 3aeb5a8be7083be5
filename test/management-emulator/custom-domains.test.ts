/**
 * auth0-custom-domains in Node-RED against the emulator: create (pending verification), read,
 * verify (ready), delete.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';
import { assertStatus, unique } from './fixtures';

describe('management nodes against the emulator: custom domains', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a domain, reads it back, verifies it, deletes it, then reads 404', async () => {
    const domain = `${unique('login')}.example.com`;
    const created = await h.run('custom_domains', 'create_new', { body: { domain, type: 'auth0_managed_certs', verification_method: 'txt' } });
    assertStatus(created, 'create_new', 201);
    const record = payloadOf(created);
    assert.equal(record.status, 'pending_verification');
    const method = ((record.verification as Msg).methods as Msg[])[0];
    assert.equal(method.name, 'txt');

    const id = record.custom_domain_id;
    assert.equal(payloadOf(await h.run('custom_domains', 'get', { id })).domain, domain);
    const listed = payloadOf<Msg[]>(await h.run('custom_domains', 'all', {}));
    assert.deepEqual(
      listed.map((d) => d.custom_domain_id),
      [id],
    );

    const verified = payloadOf(await h.run('custom_domains', 'verify', { id }));
    assert.equal(verified.status, 'ready');
    assert.equal(typeof verified.origin_domain_name, 'string');
    assert.equal(payloadOf(await h.run('custom_domains', 'get', { id })).status, 'ready');

    assertStatus(await h.run('custom_domains', 'delete', { id }), 'delete', 204);
    assert.equal((await h.gone('custom_domains', 'get', { id })).errorCode, 'inexistent_custom_domain');
    assert.deepEqual(payloadOf(await h.run('custom_domains', 'all', {})), []);
  });

  it('sends a Catch node the 409 of a domain created twice', async () => {
    const domain = `${unique('twice')}.example.com`;
    await h.run('custom_domains', 'create_new', { body: { domain, type: 'self_managed_certs' } });
    const failure = await h.fail('custom_domains', 'create_new', { body: { domain, type: 'self_managed_certs' } });
    assert.equal(failure.statusCode, 409);
  });

  it('updates a domain, tests it once ready, and makes it the default domain', async () => {
    const domain = `${unique('default')}.example.com`;
    const id = payloadOf(await h.run('custom_domains', 'create_new', { body: { domain, type: 'auth0_managed_certs' } })).custom_domain_id;
    const updated = payloadOf(await h.run('custom_domains', 'update', { id, body: { tls_policy: 'recommended', domain_metadata: { team: 'identity' } } }));
    assert.deepEqual(updated.domain_metadata, { team: 'identity' });
    assert.equal((await h.fail('custom_domains', 'test', { id })).statusCode, 409, 'a pending domain cannot be tested');
    assert.equal((await h.fail('custom_domains', 'update_default', { body: { domain } })).statusCode, 400, 'only a ready domain can be the default');
    await h.run('custom_domains', 'verify', { id });
    assert.equal(payloadOf(await h.run('custom_domains', 'test', { id })).success, true);

    assert.equal(payloadOf(await h.run('custom_domains', 'get_default', {})).domain, h.emulator.domain, 'the tenant domain until one is chosen');
    const chosen = payloadOf(await h.run('custom_domains', 'update_default', { body: { domain } }));
    assert.equal(chosen.domain, domain);
    assert.equal(chosen.is_default, true);
    assert.equal(payloadOf(await h.run('custom_domains', 'get_default', {})).custom_domain_id, id);
  });

  it('filters with q, sorts, and pages by checkpoint through every domain', async () => {
    const names = ['c', 'a', 'b'].map((letter) => `${letter}${unique('page')}.example.com`);
    for (const domain of names) await h.run('custom_domains', 'create_new', { body: { domain, type: 'self_managed_certs' } });
    const found = payloadOf<Msg[]>(await h.run('custom_domains', 'all', { q: `domain:${names[1]}` }));
    assert.deepEqual(
      found.map((d) => d.domain),
      [names[1]],
    );
    const sorted = payloadOf<Msg[]>(await h.run('custom_domains', 'all', { sort: 'domain:1', fields: 'domain' }));
    const domains = sorted.map((d) => String(d.domain));
    assert.deepEqual(domains, [...domains].sort());
    assert.deepEqual(Object.keys(sorted[0]), ['domain']);
    const page = payloadOf(await h.run('custom_domains', 'all', { take: 2 }));
    assert.equal((page.custom_domains as Msg[]).length, 2);
    assert.equal(typeof page.next, 'string');
    const all = payloadOf<Msg[]>(await h.run('custom_domains', 'all', { take: 2 }, 'all'));
    assert.ok(all.length >= 3);
    assert.equal(new Set(all.map((d) => d.custom_domain_id)).size, all.length);
  });

  it('exercised every custom_domains operation', () => {
    h.assertAllExercised('custom_domains');
  });
});
