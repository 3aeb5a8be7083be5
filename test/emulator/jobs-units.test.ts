/**
 * Unit tests of the jobs pieces that need no server: row validation, redaction, upsert rules,
 * export formatting, signed links.
 */
import assert from 'node:assert/strict';
import { redactRow, validateImportRow } from '../../emulator/management/jobs/import-schema';
import { applyImportRow, type ImportedProfile, type ImportTarget } from '../../emulator/management/jobs/import-apply';
import { checkExportFields, compileFields, csvHeader, parseFieldPath, toCsvRow, toNdjsonLine } from '../../emulator/management/jobs/export-format';
import { ExportUrlSigner } from '../../emulator/management/jobs/signed-url';

const BCRYPT = '$2b$10$C9ofDkkTx7.yHkmMqsQZGuYtFDldM9W6U8dJV5GLY5PiGL9vx71gq';

describe('emulator jobs: import row validation', () => {
  it('accepts a full, valid user', () => {
    const errors = validateImportRow({
      email: 'a@example.com',
      email_verified: true,
      user_id: 'abc',
      username: 'alice',
      given_name: 'A',
      family_name: 'B',
      name: 'A B',
      nickname: 'ab',
      picture: 'https://example.com/a.png',
      blocked: false,
      password_hash: BCRYPT,
      app_metadata: { plan: 'gold' },
      user_metadata: { theme: 'dark' },
      mfa_factors: [{ totp: { secret: 'JBSWY3DPEHPK3PXP' } }],
    });
    assert.deepEqual(errors, []);
  });

  it('reports type, format, unknown-property and missing-email errors with paths', () => {
    const errors = validateImportRow({ email: 'not-an-email', email_verified: 'yes', favourite: 1 });
    const codes = errors.map((e) => `${e.code}@${e.path}`).sort();
    assert.deepEqual(codes, ['INVALID_FORMAT@email', 'INVALID_TYPE@email_verified', 'OBJECT_ADDITIONAL_PROPERTIES@'].sort());
    assert.match(errors.find((e) => e.code === 'OBJECT_ADDITIONAL_PROPERTIES')!.message, /favourite/);
    const missing = validateImportRow({ name: 'No Email' });
    assert.deepEqual(
      missing.map((e) => e.code),
      ['OBJECT_MISSING_REQUIRED_PROPERTY'],
    );
    assert.equal(missing[0].path, 'email');
  });

  it('rejects a row that is not an object, reserved app_metadata keys and a bad custom hash', () => {
    assert.equal(validateImportRow('x')[0].code, 'INVALID_TYPE');
    assert.equal(validateImportRow({ email: 'a@b.co', app_metadata: { user_id: 1 } })[0].code, 'NOT_PASSED');
    const bad = validateImportRow({ email: 'a@b.co', custom_password_hash: { algorithm: 'rot13' } });
    assert.deepEqual(bad.map((e) => `${e.code}@${e.path}`).sort(), [
      'ENUM_MISMATCH@custom_password_hash.algorithm',
      'OBJECT_MISSING_REQUIRED_PROPERTY@custom_password_hash.hash',
    ]);
  });

  it('redacts hashes and TOTP secrets in rows shown back', () => {
    const row = {
      email: 'a@b.co',
      password_hash: BCRYPT,
      custom_password_hash: { algorithm: 'sha256', hash: { value: 'deadbeef', key: { value: 'k' } }, salt: { value: 's' } },
      mfa_factors: [{ totp: { secret: 'JBSWY3DPEHPK3PXP' } }],
    };
    const shown = JSON.stringify(redactRow(row));
    assert.ok(!shown.includes(BCRYPT) && !shown.includes('deadbeef') && !shown.includes('JBSWY3DPEHPK3PXP') && !shown.includes('"s"'));
    assert.ok(shown.includes('a@b.co'));
    assert.equal(row.password_hash, BCRYPT, 'the original row is left alone');
  });
});

class MemoryTarget implements ImportTarget {
  users = new Map<string, ImportedProfile & { connection: string }>();
  private next = 1;
  findMatch(connection: string, keys: { email?: string; userId?: string; username?: string }): string | undefined {
    for (const [id, u] of this.users) {
      if (u.connection !== connection) continue;
      if ((keys.email && u.email === keys.email) || (keys.userId && id === `auth0|${keys.userId}`) || (keys.username && u.username === keys.username))
        return id;
    }
    return undefined;
  }
  insert(connection: string, profile: ImportedProfile): string {
    const id = `auth0|${profile.user_id ?? String(this.next++)}`;
    this.users.set(id, { ...profile, connection });
    return id;
  }
  update(userId: string, changes: ImportedProfile): void {
    Object.assign(this.users.get(userId)!, changes);
  }
}

describe('emulator jobs: upsert rules', () => {
  it('inserts with email_verified false unless given, and refuses duplicates without upsert', () => {
    const target = new MemoryTarget();
    const first = applyImportRow(target, 'db', { email: 'a@b.co', name: 'A' }, false);
    assert.equal(first.kind, 'inserted');
    assert.equal(target.users.get((first as { userId: string }).userId)!.email_verified, false);
    const dup = applyImportRow(target, 'db', { email: 'a@b.co', name: 'A2' }, false);
    assert.deepEqual(dup, { kind: 'failed', errors: [{ code: 'DUPLICATED_USER', message: 'The user already exist', path: '' }] });
    const other = applyImportRow(target, 'other-db', { email: 'a@b.co' }, false);
    assert.equal(other.kind, 'inserted', 'another connection is not a duplicate');
  });

  it('with upsert updates only upsertable attributes and resets email_verified', () => {
    const target = new MemoryTarget();
    const first = applyImportRow(target, 'db', { email: 'a@b.co', user_id: 'u1', username: 'alice', email_verified: true, name: 'A' }, false);
    const id = (first as { userId: string }).userId;
    assert.equal(id, 'auth0|u1');
    const again = applyImportRow(target, 'db', { email: 'a@b.co', username: 'mallory', name: 'A2', user_metadata: { x: 1 } }, true);
    assert.deepEqual(again, { kind: 'updated', userId: id });
    const user = target.users.get(id)!;
    assert.equal(user.name, 'A2');
    assert.deepEqual(user.user_metadata, { x: 1 });
    assert.equal(user.username, 'alice', 'username is not upsertable');
    assert.equal(user.email_verified, false);
    applyImportRow(target, 'db', { user_id: 'u1', email: 'a@b.co', email_verified: true }, true);
    assert.equal(target.users.get(id)!.email_verified, true);
  });
});

describe('emulator jobs: export formatting', () => {
  const user = { user_id: 'auth0|1', email: 'a@b.co', name: 'Doe, "J"', identities: [{ connection: 'db' }], user_metadata: { country: 'NL' } };

  it('splits field paths', () => {
    assert.deepEqual(parseFieldPath('identities[0].connection'), ['identities', 0, 'connection']);
    assert.deepEqual(parseFieldPath('user_metadata.country'), ['user_metadata', 'country']);
  });

  it('writes ndjson lines keyed by export_as, leaving absent fields out', () => {
    const fields = compileFields([{ name: 'user_id' }, { name: 'identities[0].connection', export_as: 'provider' }, { name: 'nickname' }]);
    assert.equal(toNdjsonLine(user, fields), '{"user_id":"auth0|1","provider":"db"}\n');
  });

  it('writes CSV with a header and RFC 4180 quoting', () => {
    const fields = compileFields([{ name: 'email' }, { name: 'name' }, { name: 'user_metadata.country', export_as: 'country' }, { name: 'nickname' }]);
    assert.equal(csvHeader(fields), 'email,name,country,nickname\n');
    assert.equal(toCsvRow(user, fields), 'a@b.co,"Doe, ""J""",NL,\n');
  });

  it('checks requested fields', () => {
    assert.equal(checkExportFields([{ name: 'email' }], 'csv'), undefined);
    assert.match(checkExportFields([{ name: 'user_metadata' }], 'csv')!, /cannot be exported as CSV/);
    assert.equal(checkExportFields([{ name: 'user_metadata' }], 'json'), undefined);
    assert.match(checkExportFields([{}], 'json')!, /name/);
    assert.match(
      checkExportFields(
        Array.from({ length: 31 }, (_, i) => ({ name: `f${i}` })),
        'json',
      )!,
      /maximum 30/,
    );
  });
});

describe('emulator jobs: signed export links', () => {
  it('accepts its own signature until expiry and refuses tampering', () => {
    const signer = new ExportUrlSigner();
    const signed = signer.sign('/user-exports/job_1/t.json.gz', 1000);
    const [path, query] = signed.split('?');
    assert.equal(signer.check(path, new URLSearchParams(query), 999), undefined);
    assert.equal(signer.check(path, new URLSearchParams(query), 1001), 'expired');
    const stretched = new URLSearchParams(query);
    stretched.set('Expires', '99999');
    assert.equal(signer.check(path, stretched, 999), 'bad-signature');
    assert.equal(signer.check('/user-exports/job_2/t.json.gz', new URLSearchParams(query), 999), 'bad-signature');
    assert.equal(signer.check(path, new URLSearchParams(''), 999), 'missing');
    assert.equal(new ExportUrlSigner().check(path, new URLSearchParams(query), 999), 'bad-signature');
  });
});
