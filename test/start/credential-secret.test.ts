/**
 * npm start's credentialSecret (scripts/credential-secret.ts): random, made once and kept; a
 * credentials file sealed with the fixed public secret of earlier versions is sealed again with it.
 */
import assert from 'node:assert/strict';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureCredentialSecret } from '../../scripts/credential-secret';

const key = (secret: string): Buffer => createHash('sha256').update(secret).digest();

function seal(secret: string, value: unknown): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-ctr', key(secret), iv);
  return iv.toString('hex') + cipher.update(JSON.stringify(value), 'utf8', 'base64') + cipher.final('base64');
}

function open(secret: string, sealed: string): unknown {
  const decipher = createDecipheriv('aes-256-ctr', key(secret), Buffer.from(sealed.slice(0, 32), 'hex'));
  return JSON.parse(decipher.update(sealed.slice(32), 'base64', 'utf8') + decipher.final('utf8'));
}

describe('npm start: the credential secret', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-credential-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is random, made once, kept for the next start, readable by its owner only', () => {
    const first = ensureCredentialSecret(dir);
    assert.match(first, /^[0-9a-f]{64}$/);
    assert.equal(ensureCredentialSecret(dir), first);
    assert.equal(fs.statSync(path.join(dir, '.credential-secret')).mode & 0o077, 0);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'idflow-credential-secret-'));
    try {
      assert.notEqual(ensureCredentialSecret(other), first);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('seals again, with the new secret, credentials sealed with the old public one', () => {
    const credentials = { cfg: { clientSecret: 'typed-into-the-editor' } };
    fs.writeFileSync(path.join(dir, 'flows_cred.json'), JSON.stringify({ $: seal('node-red-auth0-local-emulator', credentials) }));
    const secret = ensureCredentialSecret(dir);
    const sealed = (JSON.parse(fs.readFileSync(path.join(dir, 'flows_cred.json'), 'utf8')) as { $: string }).$;
    assert.deepEqual(open(secret, sealed), credentials);
    assert.throws(() => open('node-red-auth0-local-emulator', sealed));
  });
});
