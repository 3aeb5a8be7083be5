/**
 * The pieces of a tenant snapshot on their own: comparing (ignore paths, arrays, singletons,
 * resources not read, fingerprints of another key), rewriting items (secrets, volatile fields,
 * the id and name kept), the config node's fingerprints, the help's list of resources and the
 * connection check's list of the snapshot's reads.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fingerprinter } from '../../nodes/config/fingerprint-key';
import { referenceDir } from '../../scripts/derive-descriptions';
import { missingScopes } from '../../nodes/config/connection-check-route';
import { registerGroup } from '../../nodes/config/group-registry';
import { compareSnapshots } from '../../nodes/tenant-config/snapshot-diff';
import { patternSegments, rewrite, type Json } from '../../nodes/tenant-config/snapshot-paths';
import { SNAPSHOT_RESOURCES, VOLATILE_EVERYWHERE } from '../../nodes/tenant-config/snapshot-resources';
import { answerPathsOf, descriptionsData } from '../../nodes/descriptions/descriptions';
import { secretKind } from '../../nodes/shared/secret-names';
import { CUSTOM_TEXT_PROMPTS } from '../../nodes/tenant/prompts.catalogue';
import { snapshotScopeGroup } from '../../nodes/tenant-config/snapshot-scopes';
import { desiredSnapshot, snapshotSettings } from '../../nodes/tenant-config/snapshot-settings';

const root = path.resolve(__dirname, '..', '..', '..');
const fp = (text: string) => `hmac-sha256:${Buffer.from(text).toString('hex').slice(0, 32).padEnd(32, '0')}`;

describe('tenant snapshot: comparing', () => {
  const before: Record<string, Json> = {
    clients: { a: { client_id: 'a', name: 'App', description: 'x', callbacks: ['https://a/1'], metadata: { team: 'x' } }, b: { client_id: 'b', name: 'Gone' } },
    tenant_settings: { friendly_name: 'Acme', flags: { x: true } },
    email_provider: null,
    roles: { r: { id: 'r', name: 'admin', description: 'old' } },
  };
  const after: Record<string, Json> = {
    clients: {
      a: { client_id: 'a', name: 'App', description: 'y', callbacks: ['https://a/1', 'https://a/2'], metadata: { team: 'y' } },
      c: { client_id: 'c', name: 'New' },
    },
    tenant_settings: { friendly_name: 'Acme', flags: { x: false } },
    email_provider: { name: 'sendgrid' },
  };

  it('one change per item, arrays as one path, singletons by their resource name, a resource not read on one side not compared', () => {
    const changes = compareSnapshots(before, after);
    assert.deepEqual(
      changes.map((c) => [c.resource, c.id, c.name, c.change, c.paths]),
      [
        ['clients', 'a', 'App', 'changed', ['callbacks', 'description', 'metadata.team']],
        ['clients', 'b', 'Gone', 'removed', []],
        ['clients', 'c', 'New', 'added', []],
        ['email_provider', 'email_provider', 'e-mail provider', 'added', []],
        ['tenant_settings', 'tenant_settings', 'tenant settings', 'changed', ['flags.x']],
      ],
    );
    assert.deepEqual(changes[0].before, { callbacks: ['https://a/1'], description: 'x', 'metadata.team': 'x' });
    assert.equal(changes[1].after, null);
  });

  it('ignore paths: <resource>.<path>, * for any resource or key, a leading $. or $.resources.', () => {
    const changes = compareSnapshots(before, after, { ignore: ['clients.description', '*.metadata', '$.resources.tenant_settings.flags.*'] });
    assert.deepEqual(
      changes.filter((c) => c.change === 'changed').map((c) => [c.resource, c.paths]),
      [['clients', ['callbacks']]],
    );
  });

  it('fingerprints made with another key are not changes; with the same key they are', () => {
    const was = { clients: { a: { client_id: 'a', client_secret: fp('one') } } };
    const now = { clients: { a: { client_id: 'a', client_secret: fp('two') } } };
    assert.equal(compareSnapshots(was, now).length, 1);
    assert.equal(compareSnapshots(was, now, { fingerprintsIncomparable: true }).length, 0);
  });
});

describe('tenant snapshot: rewriting an item', () => {
  const rules = {
    drop: ['**.updated_at', 'enabled_clients'].map(patternSegments),
    secrets: ['options.**.*secret*', 'sink.httpAuthorization', 'credentials'].map(patternSegments),
    settings: [],
    secretName: secretKind,
    keep: ['key', 'name'],
    fingerprint: fp,
  };

  it('sorts keys, drops volatile fields at any depth, fingerprints secrets by path and by key name, keeps the id and name', () => {
    const item = {
      name: 'c',
      updated_at: 'now',
      enabled_clients: ['x'],
      options: { deep: { client_secret: 's1', updated_at: 'then' }, scope: ['email'] },
      sink: { httpAuthorization: 'Bearer s2', httpEndpoint: 'https://x' },
      credentials: { api_key: 's3' },
      key: 'PARTNER_KEY',
      nested: { token: 's4', refresh_token: { rotation_type: 'rotating' } },
    };
    const out = rewrite(item, rules) as Record<string, unknown>;
    assert.deepEqual(Object.keys(out), ['credentials', 'key', 'name', 'nested', 'options', 'sink']);
    const text = JSON.stringify(out);
    for (const secret of ['s1', 'Bearer s2', 's3', 's4', 'now', 'then']) assert.ok(!text.includes(`"${secret}"`), secret);
    assert.equal(out.key, 'PARTNER_KEY');
    assert.deepEqual((out.nested as Record<string, unknown>).refresh_token, { rotation_type: 'rotating' });
    assert.equal(typeof out.credentials, 'string');
  });
});

describe('tenant snapshot: timestamps that move on their own, from the description', () => {
  it("are the answers' *_at date-times no request body takes, not a hand list", () => {
    const action = (answerPathsOf('GET /api/v2/actions/actions').volatile ?? []).map((path) => path.join('.'));
    for (const path of ['built_at', 'deployed_version.built_at', 'updated_at', 'created_at']) assert.ok(action.includes(path), `${path}: ${action.join(', ')}`);
    // expires_at is set through request bodies: configuration, not noise.
    const all = Object.values(descriptionsData().answerPaths ?? {}).flatMap((paths) => (paths.volatile ?? []).map((path) => path[path.length - 1]));
    assert.ok(all.length > 50 && !all.includes('expires_at'));
    assert.deepEqual(
      [...VOLATILE_EVERYWHERE, ...SNAPSHOT_RESOURCES.flatMap((resource) => resource.volatile ?? [])].filter(
        (path) => /(^|\.)[a-z_]+_at$/.test(path) && path !== 'verification.last_verified_at',
      ),
      [],
      'a *_at timestamp is listed by hand',
    );
  });
});

describe('tenant snapshot: the config node fingerprints', () => {
  it('keyed by the config node credential: stable, another key gives others, the key id tells them apart, no secret in them', () => {
    const one = fingerprinter({ clientSecret: 'config-secret-1' }, 'acme.auth0.com');
    const same = fingerprinter({ clientSecret: 'config-secret-1' }, 'acme.auth0.com');
    const other = fingerprinter({ clientSecret: 'config-secret-2' }, 'acme.auth0.com');
    assert.ok(one && same && other);
    assert.equal(one.fingerprint('app-secret'), same.fingerprint('app-secret'));
    assert.notEqual(one.fingerprint('app-secret'), one.fingerprint('app-secret2'));
    assert.notEqual(one.fingerprint('app-secret'), other.fingerprint('app-secret'));
    assert.equal(one.keyId, same.keyId);
    assert.notEqual(one.keyId, other.keyId);
    assert.match(one.fingerprint('app-secret'), /^hmac-sha256:[0-9a-f]{32}$/);
    assert.equal(fingerprinter({}, 'acme.auth0.com'), undefined);
    assert.ok(fingerprinter({ token: 'a.b.c' }, 'acme.auth0.com'));
  });
});

describe('tenant snapshot: settings, help and the connection check', () => {
  it('settings: mode, store and ignore are checked; a desired snapshot must have resources', () => {
    assert.deepEqual(snapshotSettings({ id: 'n', type: 't', mode: 'snapshot', store: ' file ', ignore: 'clients.description\n, roles.name' }), {
      mode: 'snapshot',
      store: 'file',
      ignore: ['clients.description', 'roles.name'],
    });
    assert.equal(snapshotSettings({ id: 'n', type: 't' }).mode, 'changes');
    assert.throws(() => snapshotSettings({ id: 'n', type: 't', mode: 'diff' }), /mode must be/);
    assert.equal(desiredSnapshot({}), undefined);
    assert.deepEqual(desiredSnapshot({ desired: '{"resources":{"roles":{}}}' }), { resources: { roles: {} } });
    assert.throws(() => desiredSnapshot({ desired: { roles: {} } }), /resources/);
    assert.throws(() => desiredSnapshot({ desired: '{' }), /not valid JSON/);
  });

  it('the help names every resource of a snapshot', () => {
    const help = fs.readFileSync(path.join(root, 'nodes', 'tenant-config', 'locales', 'en-US', 'auth0-tenant-snapshot.html'), 'utf8');
    const missing = SNAPSHOT_RESOURCES.filter((resource) => !help.includes(`<code>${resource.name}</code>`)).map((resource) => resource.name);
    assert.deepEqual(missing, []);
  });

  it('Check connection lists the snapshot reads the token lacks scopes for, as reads of the node (not by msg.operation)', () => {
    const group = snapshotScopeGroup();
    registerGroup(group);
    const allScopes = group.operations.flatMap((op) => op.scopes ?? []);
    const missing = missingScopes(
      [{ id: 'snap', type: 'auth0-tenant-snapshot', name: 'nightly' }],
      allScopes.filter((scope) => scope !== 'read:log_streams'),
    );
    assert.deepEqual(
      missing.map((m) => [m.type, m.operation, m.scopes, m.byMessage]),
      [['auth0-tenant-snapshot', 'log_streams.list', ['read:log_streams'], false]],
    );
    assert.ok(
      group.operations.every((op) => op.method === 'GET'),
      'a snapshot only reads',
    );
  });
});

describe('tenant snapshot: the values it reads one by one', () => {
  const dir = referenceDir();
  const description = dir ? path.join(dir, 'management-api-oas.json') : '';
  const described = (schema: string): string[] | undefined => {
    if (!description || !fs.existsSync(description)) return undefined;
    const api = JSON.parse(fs.readFileSync(description, 'utf8')) as { components: { schemas: Record<string, { enum?: string[] }> } };
    return api.components.schemas[schema]?.enum;
  };

  it("the prompts with custom text are Auth0's PromptGroupNameEnum", function () {
    const names = described('PromptGroupNameEnum');
    if (!names) this.skip(); // the reference is beside the repository in development, not in a clone
    assert.deepEqual([...CUSTOM_TEXT_PROMPTS].sort(), [...names].sort());
  });

  it('the e-mail templates are the values of the catalogue input', () => {
    const emailTemplates = SNAPSHOT_RESOURCES.find((resource) => resource.name === 'email_templates');
    const op = emailTemplates?.read.group.operations.find((candidate) => candidate.id === emailTemplates.read.op);
    assert.ok((op?.inputs.find((input) => input.name === 'template_name')?.enum?.length ?? 0) > 10);
    assert.equal(emailTemplates?.each?.[0].values, undefined);
  });
});
