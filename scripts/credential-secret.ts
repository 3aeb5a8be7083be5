/**
 * The `credentialSecret` of `npm start`'s Node-RED: made at first start (32 random bytes) and kept
 * in the user directory (ignored by git, readable by its owner only), so the credentials typed
 * into that editor are encrypted with a key nobody else has. Earlier versions used a fixed,
 * public secret: a credentials file encrypted with it is re-encrypted with the new one.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const SECRET_FILE = '.credential-secret';
/** The fixed secret earlier versions wrote into the settings. */
const OLD_PUBLIC_SECRET = 'node-red-auth0-local-emulator';
/** Node-RED's own encryption of its credentials file (runtime/lib/nodes/credentials.js). */
const ALGORITHM = 'aes-256-ctr';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

function decrypt(secret: string, sealed: string): string {
  const decipher = createDecipheriv(ALGORITHM, keyOf(secret), Buffer.from(sealed.slice(0, 32), 'hex'));
  return decipher.update(sealed.slice(32), 'base64', 'utf8') + decipher.final('utf8');
}

function encrypt(secret: string, plain: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv(ALGORITHM, keyOf(secret), iv);
  return iv.toString('hex') + cipher.update(plain, 'utf8', 'base64') + cipher.final('base64');
}

/** The user directory's secret, made (and the old credentials file moved over to it) on first use. */
export function ensureCredentialSecret(userDir: string, flowFile = 'flows.json'): string {
  const file = path.join(userDir, SECRET_FILE);
  if (fs.existsSync(file)) {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(kept)) return kept;
  }
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  reencryptOldCredentials(path.join(userDir, flowFile.replace(/\.json$/, '_cred.json')), secret);
  return secret;
}

/** A credentials file sealed with the old public secret, sealed again with the new one (else left as it is). */
function reencryptOldCredentials(credFile: string, secret: string): void {
  if (!fs.existsSync(credFile)) return;
  try {
    const sealed = (JSON.parse(fs.readFileSync(credFile, 'utf8')) as { $?: unknown }).$;
    if (typeof sealed !== 'string') return;
    const plain = decrypt(OLD_PUBLIC_SECRET, sealed);
    JSON.parse(plain); // the old secret did open it
    fs.writeFileSync(credFile, JSON.stringify({ $: encrypt(secret, plain) }), { mode: 0o600 });
  } catch {
    // Not sealed with the old secret: npm start deploys the examples' credentials again anyway.
  }
}
