/**
 * Tenant configuration groups on the emulator: custom domains, e-mail templates and provider,
 * prompts, tenant settings, rules and their configuration, hooks and their secrets.
 */
import assert from 'node:assert/strict';
import { useEmulator } from './groups-support';

describe('emulator groups: custom domains', () => {
  const h = useEmulator();

  it('creates a domain pending verification, verifies, updates and deletes it', async () => {
    const created = await h.call('POST', '/api/v2/custom-domains', { domain: 'Login.Example.com', type: 'auth0_managed_certs' });
    assert.equal(created.status, 201);
    const id = created.body.custom_domain_id;
    assert.match(id, /^cd_[A-Za-z0-9]{16}$/);
    assert.equal(created.body.domain, 'login.example.com');
    assert.equal(created.body.status, 'pending_verification');
    assert.equal(created.body.verification.methods[0].name, 'CNAME');
    assert.equal(created.body.verification.status, 'pending');
    const txt = await h.call('POST', '/api/v2/custom-domains', { domain: 'id.example.com', type: 'auth0_managed_certs', verification_method: 'txt' });
    assert.equal(txt.body.verification.methods[0].name, 'txt');
    assert.equal((await h.call('POST', '/api/v2/custom-domains', { domain: 'login.example.com', type: 'auth0_managed_certs' })).status, 409);
    assert.equal((await h.call('POST', '/api/v2/custom-domains', { domain: 'not a domain', type: 'auth0_managed_certs' })).status, 400);
    assert.equal((await h.call('POST', '/api/v2/custom-domains', { domain: 'x.example.com', type: 'free_certs' })).status, 400);

    const verified = await h.call('POST', `/api/v2/custom-domains/${id}/verify`);
    assert.equal(verified.body.status, 'ready');
    assert.match(verified.body.origin_domain_name, /edge\.tenants\.auth0\.com$/);
    assert.equal((await h.call('GET', `/api/v2/custom-domains/${id}`)).body.status, 'ready');

    const patched = await h.call('PATCH', `/api/v2/custom-domains/${id}`, { custom_client_ip_header: 'cf-connecting-ip' });
    assert.equal(patched.body.custom_client_ip_header, 'cf-connecting-ip');
    assert.equal((await h.call('GET', '/api/v2/custom-domains')).body.length, 2);
    assert.equal((await h.call('DELETE', `/api/v2/custom-domains/${id}`)).status, 204);
    assert.equal((await h.call('GET', `/api/v2/custom-domains/${id}`)).status, 404);
    assert.equal((await h.call('POST', `/api/v2/custom-domains/${id}/verify`)).status, 404);
  });
});

describe('emulator groups: e-mail templates and provider', () => {
  const h = useEmulator();
  const template = { template: 'verify_email', body: '<p>{{ url }}</p>', from: 'me@example.com', subject: 'Verify', syntax: 'liquid', enabled: true };

  it('creates, reads, patches and replaces a template', async () => {
    assert.equal((await h.call('GET', '/api/v2/email-templates/verify_email')).status, 404);
    const created = await h.call('POST', '/api/v2/email-templates', template);
    assert.equal(created.status, 201);
    assert.equal((await h.call('POST', '/api/v2/email-templates', template)).status, 409);
    assert.equal((await h.call('GET', '/api/v2/email-templates/verify_email')).body.subject, 'Verify');
    const patched = await h.call('PATCH', '/api/v2/email-templates/verify_email', { subject: 'Please verify', urlLifetimeInSeconds: 3600 });
    assert.equal(patched.body.subject, 'Please verify');
    assert.equal(patched.body.body, '<p>{{ url }}</p>');
    const put = await h.call('PUT', '/api/v2/email-templates/welcome_email', { ...template, template: 'welcome_email', subject: 'Welcome' });
    assert.equal(put.status, 200);
    assert.equal((await h.call('GET', '/api/v2/email-templates/welcome_email')).body.subject, 'Welcome');
    assert.equal((await h.call('GET', '/api/v2/email-templates/no_such_template')).status, 400);
    assert.equal((await h.call('POST', '/api/v2/email-templates', { template: 'reset_email' })).status, 400);
  });

  it('configures, reads (without secrets), updates and deletes the provider', async () => {
    assert.equal((await h.call('GET', '/api/v2/emails/provider')).status, 404);
    const created = await h.call('POST', '/api/v2/emails/provider', {
      name: 'sendgrid',
      credentials: { api_key: 'SG.secret' },
      default_from_address: 'no-reply@example.com',
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.name, 'sendgrid');
    assert.equal(created.body.enabled, true);
    assert.ok(!JSON.stringify(created.body).includes('SG.secret'), 'the API key is never shown');
    assert.equal((await h.call('POST', '/api/v2/emails/provider', { name: 'sendgrid', credentials: {} })).status, 409);
    const patched = await h.call('PATCH', '/api/v2/emails/provider', { enabled: false });
    assert.equal(patched.body.enabled, false);
    const read = await h.call('GET', '/api/v2/emails/provider?fields=name,enabled');
    assert.deepEqual(read.body, { name: 'sendgrid', enabled: false });
    assert.equal((await h.call('POST', '/api/v2/emails/provider', { name: 'mailgun', credentials: { api_key: 'k' } })).status, 409, 'still configured');
    assert.equal((await h.call('DELETE', '/api/v2/emails/provider')).status, 204);
    assert.equal((await h.call('GET', '/api/v2/emails/provider')).status, 404);
    assert.equal((await h.call('POST', '/api/v2/emails/provider', { name: 'pigeon', credentials: {} })).status, 400);
  });
});

describe('emulator groups: prompts and tenant settings', () => {
  const h = useEmulator();

  it('reads and updates prompt settings and custom text', async () => {
    assert.deepEqual((await h.call('GET', '/api/v2/prompts')).body, {
      universal_login_experience: 'new',
      identifier_first: false,
      webauthn_platform_first_factor: false,
    });
    const patched = await h.call('PATCH', '/api/v2/prompts', { identifier_first: true });
    assert.equal(patched.body.identifier_first, true);
    assert.equal((await h.call('GET', '/api/v2/prompts')).body.identifier_first, true);
    assert.equal((await h.call('PATCH', '/api/v2/prompts', { universal_login_experience: 'old' })).status, 400);

    assert.deepEqual((await h.call('GET', '/api/v2/prompts/login/custom-text/en')).body, {});
    const text = { login: { title: 'Welcome back', description: 'Log in to continue' } };
    assert.deepEqual((await h.call('PUT', '/api/v2/prompts/login/custom-text/en', text)).body, text);
    assert.deepEqual((await h.call('GET', '/api/v2/prompts/login/custom-text/en')).body, text);
    assert.deepEqual((await h.call('GET', '/api/v2/prompts/login/custom-text/fr')).body, {});
    assert.equal((await h.call('GET', '/api/v2/prompts/nope/custom-text/en')).status, 400);
    assert.equal((await h.call('PUT', '/api/v2/prompts/login/custom-text/en', { login: { title: 5 } })).status, 400);
  });

  it('reads and updates tenant settings, merging flags', async () => {
    const settings = await h.call('GET', '/api/v2/tenants/settings');
    assert.equal(settings.status, 200);
    assert.ok('friendly_name' in settings.body);
    await h.call('PATCH', '/api/v2/tenants/settings', { flags: { enable_client_connections: false } });
    const patched = await h.call('PATCH', '/api/v2/tenants/settings', {
      friendly_name: 'Acme',
      flags: { revoke_refresh_token_grant: true },
      allowed_logout_urls: ['http://localhost:1880'],
    });
    assert.equal(patched.body.friendly_name, 'Acme');
    assert.equal(patched.body.flags.enable_client_connections, false);
    assert.equal(patched.body.flags.revoke_refresh_token_grant, true);
    assert.equal(patched.body.flags.enable_sso, true, "a new tenant's flags are kept");
    const read = await h.call('GET', '/api/v2/tenants/settings?fields=friendly_name,allowed_logout_urls');
    assert.deepEqual(read.body, { friendly_name: 'Acme', allowed_logout_urls: ['http://localhost:1880'] });
    assert.equal((await h.call('PATCH', '/api/v2/tenants/settings', { friendly_name: 7 })).status, 400);
    assert.equal((await h.call('PATCH', '/api/v2/tenants/settings', { tenant_colour: 'red' })).status, 400);
    assert.equal((await h.call('GET', '/api/v2/tenants/settings', undefined, h.emu.managementToken(['read:users']))).status, 403);
  });
});

describe('emulator groups: rules and rules configs', () => {
  const h = useEmulator();

  it('creates rules in order, filters, updates and deletes them', async () => {
    const first = await h.call('POST', '/api/v2/rules', { name: 'add-roles', script: 'function (user, context, cb) { cb(null, user, context); }' });
    assert.equal(first.status, 201);
    assert.match(first.body.id, /^rul_/);
    assert.equal(first.body.order, 1);
    assert.equal(first.body.enabled, true);
    assert.equal(first.body.stage, 'login_success');
    const second = await h.call('POST', '/api/v2/rules', { name: 'deny-blocked', script: 'x', enabled: false });
    assert.equal(second.body.order, 2);
    assert.equal((await h.call('POST', '/api/v2/rules', { name: 'add-roles', script: 'y' })).status, 409);
    assert.equal((await h.call('POST', '/api/v2/rules', { name: 'no script' })).status, 400);

    assert.deepEqual(
      (await h.call('GET', '/api/v2/rules?enabled=true')).body.map((r: { name: string }) => r.name),
      ['add-roles'],
    );
    const totals = await h.call('GET', '/api/v2/rules?include_totals=true&per_page=1');
    assert.equal(totals.body.total, 2);
    assert.equal(totals.body.rules.length, 1);
    const patched = await h.call('PATCH', `/api/v2/rules/${second.body.id}`, { enabled: true, order: 0 });
    assert.equal(patched.body.enabled, true);
    assert.deepEqual((await h.call('GET', '/api/v2/rules?fields=name')).body, [{ name: 'deny-blocked' }, { name: 'add-roles' }]);
    assert.equal((await h.call('DELETE', `/api/v2/rules/${first.body.id}`)).status, 204);
    assert.equal((await h.call('GET', `/api/v2/rules/${first.body.id}`)).status, 404);
  });

  it('sets, lists (keys only) and unsets rule configuration values', async () => {
    const set = await h.call('PUT', '/api/v2/rules-configs/API_KEY', { value: 's3cr3t' });
    assert.deepEqual(set.body, { key: 'API_KEY', value: 's3cr3t' });
    await h.call('PUT', '/api/v2/rules-configs/OTHER', { value: 'v' });
    const listed = await h.call('GET', '/api/v2/rules-configs');
    assert.deepEqual(listed.body, [{ key: 'API_KEY' }, { key: 'OTHER' }]);
    assert.ok(!JSON.stringify(listed.body).includes('s3cr3t'));
    assert.equal((await h.call('PUT', '/api/v2/rules-configs/API_KEY', {})).status, 400);
    assert.equal((await h.call('PUT', '/api/v2/rules-configs/bad%20key', { value: 'v' })).status, 400);
    assert.equal((await h.call('DELETE', '/api/v2/rules-configs/API_KEY')).status, 204);
    assert.deepEqual((await h.call('GET', '/api/v2/rules-configs')).body, [{ key: 'OTHER' }]);
  });
});

describe('emulator groups: hooks', () => {
  const h = useEmulator();

  it('creates, reads, updates and deletes a hook, and manages its secrets without showing them', async () => {
    const created = await h.call('POST', '/api/v2/hooks', { name: 'my-hook', script: 'module.exports = function () {}', triggerId: 'credentials-exchange' });
    assert.equal(created.status, 201);
    assert.equal(created.body.enabled, false);
    assert.deepEqual(created.body.dependencies, {});
    const id = created.body.id;
    assert.equal((await h.call('POST', '/api/v2/hooks', { name: 'bad', script: 'x', triggerId: 'on-coffee' })).status, 400);
    assert.equal((await h.call('POST', '/api/v2/hooks', { name: 'my-hook', script: 'x', triggerId: 'credentials-exchange' })).status, 409);

    const patched = await h.call('PATCH', `/api/v2/hooks/${id}`, { enabled: true, dependencies: { lodash: '4.17.21' } });
    assert.equal(patched.body.enabled, true);
    assert.equal((await h.call('GET', `/api/v2/hooks/${id}`)).body.dependencies.lodash, '4.17.21');
    assert.equal((await h.call('GET', '/api/v2/hooks?enabled=true')).body.length, 1);
    assert.equal((await h.call('GET', '/api/v2/hooks?triggerId=post-change-password')).body.length, 0);

    assert.equal((await h.call('POST', `/api/v2/hooks/${id}/secrets`, { API_KEY: 'k1', OTHER: 'o1' })).status, 201);
    assert.deepEqual((await h.call('GET', `/api/v2/hooks/${id}/secrets`)).body, { API_KEY: '_VALUE_NOT_SHOWN_', OTHER: '_VALUE_NOT_SHOWN_' });
    assert.equal((await h.call('POST', `/api/v2/hooks/${id}/secrets`, { API_KEY: 'again' })).status, 409);
    assert.equal((await h.call('PATCH', `/api/v2/hooks/${id}/secrets`, { API_KEY: 'k2' })).status, 201);
    assert.equal((await h.call('PATCH', `/api/v2/hooks/${id}/secrets`, { MISSING: 'x' })).status, 404);
    assert.equal(
      h.emu.state.collection('hooks').get(id)?.secrets && (h.emu.state.collection('hooks').get(id)!.secrets as Record<string, string>).API_KEY,
      'k2',
    );
    assert.equal((await h.call('DELETE', `/api/v2/hooks/${id}/secrets`, ['OTHER'])).status, 204);
    assert.deepEqual(Object.keys((await h.call('GET', `/api/v2/hooks/${id}/secrets`)).body), ['API_KEY']);
    assert.ok(!JSON.stringify((await h.call('GET', `/api/v2/hooks/${id}`)).body).includes('"k2"'), 'secrets are not part of the hook');

    assert.equal((await h.call('DELETE', `/api/v2/hooks/${id}`)).status, 204);
    assert.equal((await h.call('GET', `/api/v2/hooks/${id}`)).status, 404);
  });
});
