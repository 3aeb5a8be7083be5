/**
 * Export files are handed out, as Auth0 does, at a signed, short-lived URL
 * (`…/<job>/<tenant>.json.gz?Expires=…&Signature=…&Key-Pair-Id=…`). The signature is an HMAC of
 * the path and the expiry, keyed by a secret the emulator draws at start, so a URL cannot be
 * forged or have its expiry stretched.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const EXPORT_PATH_PREFIX = '/user-exports/';
/** Validity of a download link, seconds (Auth0's documented 60 s). */
export const EXPORT_LINK_TTL_SECONDS = 60;

export class ExportUrlSigner {
  private readonly key: Buffer;
  readonly keyPairId: string;

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
    this.keyPairId = 'K' + createHmac('sha256', key).update('key-pair-id').digest('hex').slice(0, 13).toUpperCase();
  }

  private signature(path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }

  /** The query string that makes `path` downloadable until `expires` (epoch seconds). */
  sign(path: string, expires: number): string {
    const params = new URLSearchParams({
      Expires: String(expires),
      Signature: this.signature(path, expires),
      'Key-Pair-Id': this.keyPairId,
    });
    return `${path}?${params.toString()}`;
  }

  /** Why a download request may not proceed, or undefined when it may. */
  check(path: string, query: URLSearchParams, nowSeconds: number): 'missing' | 'bad-signature' | 'expired' | undefined {
    const expiresText = query.get('Expires');
    const given = query.get('Signature');
    if (!expiresText || !given || !/^\d+$/.test(expiresText)) return 'missing';
    const expires = Number(expiresText);
    const expected = Buffer.from(this.signature(path, expires));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'bad-signature';
    if (nowSeconds > expires) return 'expired';
    return undefined;
  }
}
