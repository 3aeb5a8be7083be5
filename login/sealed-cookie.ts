/**
 * Cookies whose value is encrypted and authenticated: AES-256-GCM with a key derived (HKDF-SHA256)
 * from the cookie secret, a fresh 96-bit IV per value, and the cookie's name as additional data, so
 * a value can neither be read, nor changed by a single byte, nor moved to a cookie of another name.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CookieSealer {
  private readonly key: Buffer;

  /** `purpose` separates the keys of different uses of one secret. */
  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `@idflow/node-red-auth0/login ${purpose}`, 32));
  }

  seal(name: string, value: unknown): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(name, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The value, or undefined for anything not sealed by this key under this name. */
  open(name: string, sealed: string | undefined): unknown {
    if (!sealed || !/^[A-Za-z0-9_-]+$/.test(sealed)) return undefined;
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 1 + IV_BYTES + TAG_BYTES + 1 || raw[0] !== VERSION) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(1, 1 + IV_BYTES));
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
}

export function readCookies(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  const header = req.headers.cookie;
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

export interface CookieAttributes {
  path: string;
  secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  /** Strict: sent only with requests from this site (Lax otherwise). */
  strict?: boolean;
}

/** Adds a Set-Cookie header (keeping any others): always HttpOnly, SameSite=Lax unless `strict`. */
export function setCookie(res: ServerResponse, name: string, value: string, attributes: CookieAttributes): void {
  // A name is an HTTP token and a value base64url: nothing can add an attribute or a header.
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || !/^[A-Za-z0-9_-]*$/.test(value)) throw new Error('a cookie name or value of an unexpected shape');
  const cookie = [
    `${name}=${value}`,
    `Path=${attributes.path}`,
    `Max-Age=${Math.max(0, Math.floor(attributes.maxAge))}`,
    ...(attributes.maxAge <= 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    'HttpOnly',
    attributes.strict ? 'SameSite=Strict' : 'SameSite=Lax',
    ...(attributes.secure ? ['Secure'] : []),
  ].join('; ');
  const existing = res.getHeader('Set-Cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}
