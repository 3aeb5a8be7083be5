/** Identifier generators in Auth0's formats. */
import { randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random bytes served from a pooled buffer: one system call per 64 KiB instead of one per id (bulk seeds, imports). */
const POOL_SIZE = 64 * 1024;
let pool = Buffer.alloc(0);
let poolOffset = 0;

export function pooledRandomBytes(length: number): Buffer {
  if (length > POOL_SIZE) return randomBytes(length);
  if (poolOffset + length > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = pool.subarray(poolOffset, poolOffset + length);
  poolOffset += length;
  return out;
}

/** Random alphanumeric string (used for client ids, connection ids, codes). */
export function randomAlnum(length: number): string {
  const bytes = pooledRandomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[bytes[i] % ALNUM.length];
  return out;
}

export function randomHex(bytes: number): string {
  return pooledRandomBytes(bytes).toString('hex');
}

/** Random base64url string (secrets, refresh tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Auth0-style prefixed id, e.g. `con_AbC123…` (16 characters after the prefix). */
export function prefixedId(prefix: string, length = 16): string {
  return `${prefix}_${randomAlnum(length)}`;
}

/** Auth0 database user id part: 24 hex characters, like a Mongo ObjectId. */
export function objectId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomHex(8);
}

/** Six-digit numeric code (passwordless OTP). */
export function numericCode(digits = 6): string {
  const n = randomBytes(4).readUInt32BE(0) % 10 ** digits;
  return String(n).padStart(digits, '0');
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID (26 characters of Crockford base32: time, then randomness), as Auth0's hook ids are. */
export function ulid(now = Date.now()): string {
  let time = '';
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  const bytes = pooledRandomBytes(16);
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[bytes[i] % 32];
  return time + random;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** `<prefix>_` and base58 characters, as Auth0's experimentation ids are (`flg_…`, `exp_…`; its description's patterns). */
export function base58Id(prefix: string, length = 22): string {
  const bytes = pooledRandomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += BASE58[bytes[i] % BASE58.length];
  return `${prefix}_${out}`;
}
