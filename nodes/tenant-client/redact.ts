/**
 * Secret scrubbing for every text the client puts in an error, a status or a log line.
 * The client never copies request headers or bodies into errors; this is the second line of
 * defence for text that comes from the service (which may echo what it was sent).
 */

const REDACTED = '[redacted]';

/** Shorter values are not scrubbed: replacing two letters everywhere would garble messages. */
const MIN_SECRET_LENGTH = 4;

/** Body keys whose values are secrets (passwords, OTPs, codes, client secrets, tokens). */
const SECRET_KEY = /pass(word)?|secret|token|otp|code|assertion|verifier|recovery|credential|authori[sz]ation|api_?key|private/i;

/** A set of secret strings, removed from any text passed through `scrub`. */
export class Redactor {
  private readonly secrets = new Set<string>();

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.add(s);
  }

  add(secret: string | undefined): this {
    if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) this.secrets.add(secret);
    return this;
  }

  /** A new redactor holding this one's secrets and the extra ones. */
  with(extra: Iterable<string | undefined>): Redactor {
    return new Redactor([...this.secrets, ...extra]);
  }

  scrub(text: string): string {
    let out = text;
    // Longest first, so a secret containing another is removed whole.
    const ordered = [...this.secrets].sort((a, b) => b.length - a.length);
    for (const secret of ordered) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
      // The service may echo a value URL-encoded (form bodies) or JSON-escaped.
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(REDACTED);
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
    }
    return out;
  }
}

/**
 * The secret-looking string values of a request body (JSON or form), by key name,
 * at any depth: `password`, `client_secret`, `otp`, `refresh_token`, `code_verifier`, …
 */
export function secretValuesOf(body: unknown, depth = 0): string[] {
  if (depth > 8 || body === null || typeof body !== 'object') return [];
  if (Buffer.isBuffer(body)) return [];
  const found: string[] = [];
  const entries: [string, unknown][] = Array.isArray(body) ? body.map((v, i) => [String(i), v]) : Object.entries(body as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (typeof value === 'string' && SECRET_KEY.test(key)) found.push(value);
    else if (Array.isArray(value) && SECRET_KEY.test(key)) found.push(...value.filter((v): v is string => typeof v === 'string'));
    else if (value !== null && typeof value === 'object') found.push(...secretValuesOf(value, depth + 1));
  }
  return found;
}
