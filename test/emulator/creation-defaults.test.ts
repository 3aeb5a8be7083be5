/**
 * Shapes by rule (issue 29): what Auth0 fills in when a resource is created comes from
 * emulator/management/creation-defaults.json, derived from Auth0's recordings and description by
 * scripts/derive-creation-defaults.ts, and is applied at creation only: a resource created with its
 * required fields reads back as Auth0 fills it, and a PATCH of one field changes that field alone.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Emulator } from '../../emulator';
import { useEmulator } from './groups-support';
import { derive, managementDescription, OUTPUT, serialized } from '../../scripts/derive-creation-defaults';
import { creationDefaults } from '../../emulator/management/creation-defaults';
import { readCassettes, recordingsDir } from './recordings/cassettes';
import { client } from './http';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

function get(value: unknown, at: readonly string[]): unknown {
  let current = value;
  for (const key of at) current = current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  return current;
}

describe('emulator: what Auth0 fills in at creation, by rule', function () {
  this.timeout(60_000);
  const tenant = useEmulator();
  let emu: Emulator;
  let api: ReturnType<typeof client>;
  beforeEach(() => ({ emu, api } = tenant));

  it('the committed creation-defaults.json is what the derivation makes of the recordings and the description', () => {
    const committed = fs.readFileSync(path.join(repoRoot, OUTPUT), 'utf8');
    const derived = derive(managementDescription(repoRoot), readCassettes(recordingsDir(repoRoot)));
    assert.equal(committed, serialized(derived), 'run npm run derive:creation-defaults');
    // The rule keeps what Auth0 read from elsewhere out: no OIDC discovery, no certificate subject.
    const oidc = creationDefaults('/api/v2/connections', 'oidc').map((d) => d.path.join('.'));
    assert.ok(!oidc.some((p) => p.startsWith('options.oidc_metadata')), oidc.join(', '));
    assert.ok(!creationDefaults('/api/v2/connections', 'samlp').some((d) => d.path.includes('subject')));
  });

  it('a connection of each recorded strategy, created with only its required fields, reads back with every default of its strategy', async () => {
    const strategies = ['auth0', 'google-oauth2', 'linkedin', 'windowslive', 'waad', 'oidc', 'okta', 'samlp', 'email', 'sms'];
    for (const strategy of strategies) {
      const name = `c-${strategy.replace(/[^a-z0-9]/g, '')}`;
      const created = await api('POST', '/api/v2/connections', { name, strategy });
      assert.equal(created.status, 201, `${strategy}: ${created.text}`);
      const read = await api('GET', `/api/v2/connections/${created.body.id}`);
      assert.deepEqual(read.body, created.body, `${strategy}: what the create answered is what a read answers`);
      for (const { path: at, value, whenParent } of creationDefaults('/api/v2/connections', strategy)) {
        if (whenParent) continue;
        assert.deepEqual(get(read.body, at), value, `${strategy}: ${at.join('.')}`);
      }
    }
    // The example: the database connection's `authentication` switch.
    const database = await api('POST', '/api/v2/connections', { name: 'plain-db', strategy: 'auth0' });
    assert.deepEqual(database.body.authentication, { active: true });
  });

  it('a PATCH of one field changes that field only: no default arrives with it (the tenant drift report stays quiet)', async () => {
    const created = await api('POST', '/api/v2/connections', { name: 'patched', strategy: 'auth0', options: { disable_signup: true } });
    const patched = await api('PATCH', `/api/v2/connections/${created.body.id}`, { display_name: 'Patched' });
    assert.equal(patched.status, 200);
    const { display_name: _changed, ...rest } = patched.body as Record<string, unknown>;
    const { display_name: _before, ...was } = created.body as Record<string, unknown>;
    assert.deepEqual(rest, was);
    // Also for the tenant's own database connection, which no create made.
    const [database] = (await api('GET', '/api/v2/connections?name=Username-Password-Authentication')).body as Array<Record<string, unknown>>;
    const again = await api('PATCH', `/api/v2/connections/${String(database?.id)}`, { display_name: 'Users' });
    assert.deepEqual(again.body.options, database?.options, 'the options are as they were');
  });

  it('a client created with only its name has the defaults; its secret is read back with read:client_keys only', async () => {
    const created = await api('POST', '/api/v2/clients', { name: 'Minimal' });
    assert.equal(created.status, 201);
    for (const { path: at, value, whenParent } of creationDefaults('/api/v2/clients')) {
      if (whenParent || at[0] === 'oidc_conformant') continue;
      assert.notEqual(get(created.body, at), undefined, at.join('.'));
      if (at.length > 1) assert.deepEqual(get(created.body, at), value, at.join('.'));
    }
    assert.equal(created.body.organization_usage, 'deny', "the description's default, which no recording contradicts");
    const withKeys = await api('GET', `/api/v2/clients/${created.body.client_id}`);
    assert.equal(withKeys.body.client_secret, created.body.client_secret);
    const readOnly = client(emu.url, emu.managementToken(['read:clients']));
    const withoutKeys = await readOnly('GET', `/api/v2/clients/${created.body.client_id}`);
    assert.equal(withoutKeys.body.client_secret, undefined);
  });
});
