/** auth0-self-service-profiles in Node-RED against the emulator: profiles, custom texts, SSO tickets. */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness } from './harness';
import { assertStatus, unique } from './fixtures';
import { crudRoundTrip } from './resource-crud';

describe('management nodes against the emulator: self-service profiles', function () {
  this.timeout(60000);
  const h = useHarness();

  it('creates a profile, reads it, lists it (all pages too), updates it, deletes it, then reads 404', async () => {
    await crudRoundTrip(h, {
      group: 'self_service_profiles',
      idInput: 'profile_id',
      itemsKey: 'self_service_profiles',
      pages: true,
      ops: { list: 'all', create: 'create', get: 'get', update: 'update', delete: 'delete' },
      body: { name: unique('sso'), allowed_strategies: ['oidc', 'samlp'] },
      change: { description: 'for enterprise customers' },
    });
  });

  it('sets and reads the custom text of a page', async () => {
    const profile = payloadOf(await h.run('self_service_profiles', 'create', { body: { name: unique('sso') } }));
    const where = { profile_id: profile.id, language: 'en', page: 'get-started' };
    assert.deepEqual(payloadOf(await h.run('self_service_profiles', 'get_custom_text', where)), {});
    await h.run('self_service_profiles', 'update_custom_text', { ...where, body: { introduction: 'Welcome, administrator' } });
    assert.deepEqual(payloadOf(await h.run('self_service_profiles', 'get_custom_text', where)), { introduction: 'Welcome, administrator' });
    await assert.rejects(h.run('self_service_profiles', 'get_custom_text', { ...where, language: 'xx' }), /language/);
  });

  it('creates an SSO ticket link, revokes it, and a second revoke is 404', async () => {
    const profile = payloadOf(await h.run('self_service_profiles', 'create', { body: { name: unique('sso') } }));
    const created = await h.run('self_service_profiles', 'create_sso_ticket', {
      profile_id: profile.id,
      body: { connection_config: { name: unique('acme') }, ttl_sec: 3600 },
    });
    assertStatus(created, 'create_sso_ticket', 201);
    const link = new URL(String(payloadOf(created).ticket));
    const ticketId = String(link.searchParams.get('ticket'));
    assert.ok(ticketId.length > 10);
    assertStatus(await h.run('self_service_profiles', 'revoke_sso_ticket', { profile_id: profile.id, ticket_id: ticketId }), 'revoke_sso_ticket', 202);
    await h.gone('self_service_profiles', 'revoke_sso_ticket', { profile_id: profile.id, ticket_id: ticketId });
    assert.equal((await h.fail('self_service_profiles', 'create_sso_ticket', { profile_id: 'ssp_none', body: {} })).statusCode, 404);
    assert.ok(itemsOf(payloadOf(await h.run('self_service_profiles', 'all', {}))).length >= 1);
  });

  it('exercised every self_service_profiles operation', () => {
    h.assertAllExercised('self_service_profiles');
  });
});
