/**
 * The management token is kept in Redis encrypted (AES-256-GCM) with a key derived from the
 * application's client secret, which every replica of the tenant has and Redis does not: someone
 * who can read Redis, but not the flows' credentials, cannot use the token.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class TokenCipher {
  private readonly key: Buffer;

  constructor(secret: string, context: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, context, 'node-red-auth0 shared management token', 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
  }

  /** The plain text, or undefined when it was not encrypted with this key (another secret, or tampered). */
  decrypt(sealed: string): string | undefined {
    const parts = sealed.split('.');
    if (parts.length !== 3) return undefined;
    try {
      const [iv, tag, data] = parts.map((p) => Buffer.from(p, 'base64'));
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
