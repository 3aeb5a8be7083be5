/**
 * The string formats Auth0's API descriptions state, as checks for ajv: the standard ones
 * (`email`, `uri`, `date-time`, `hostname`, `ipv4`, `ipv6`, `uuid`) from ajv-formats, and Auth0's
 * own names that are one of them with a twist (`strict-uri`, `email-or-empty`,
 * `strict-https-uri-or-null`, …). Auth0's other names (identifiers such as `role-id`, templates with
 * placeholders, `cidr`) say what a value means, not a shape that could be checked here: they pass.
 */
import type Ajv from 'ajv';
import addFormats, { type FormatName } from 'ajv-formats';
import type { JsonSchema } from './descriptions';

type Check = (value: string) => boolean;

function standard(name: FormatName): Check {
  const format = addFormats.get(name, 'full');
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === 'function') return (value) => format(value);
  if (typeof format === 'object' && 'validate' in format) {
    const validate = format.validate;
    if (validate instanceof RegExp) return (value) => validate.test(value);
    if (typeof validate === 'function') return (value) => (validate as (text: string) => boolean)(value);
  }
  return () => true;
}

/**
 * The longest e-mail address (RFC 5321: a 64-character local part, `@`, a 255-character domain).
 * Longer ones fail before the pattern runs: on a string of megabytes it took seconds.
 */
const LONGEST_EMAIL = 320;
const emailPattern = standard('email');
const email: Check = (value) => value.length <= LONGEST_EMAIL && emailPattern(value);
const uri = standard('uri');
const httpsUri: Check = (value) => /^https:/i.test(value) && uri(value);
const orEmpty =
  (check: Check): Check =>
  (value) =>
    value === '' || check(value);

/** Format name → its check, and the words an error uses for it. */
export const CHECKED_FORMATS: Readonly<Record<string, { check: Check; words: string }>> = {
  email: { check: email, words: 'an e-mail address' },
  'email-or-empty': { check: orEmpty(email), words: 'an e-mail address (or empty)' },
  uri: { check: uri, words: 'an absolute URI (as https://example.com/path)' },
  'strict-uri': { check: uri, words: 'an absolute URI (as https://example.com/path)' },
  url: { check: uri, words: 'a URL (as https://example.com/path)' },
  'url-or-null': { check: uri, words: 'a URL (as https://example.com/path)' },
  'absolute-uri-or-empty': { check: orEmpty(uri), words: 'an absolute URI (or empty)' },
  'strict-https-uri': { check: httpsUri, words: 'an https URI (as https://example.com/path)' },
  'strict-https-uri-or-null': { check: httpsUri, words: 'an https URI (as https://example.com/path)' },
  'absolute-https-uri-or-empty': { check: orEmpty(httpsUri), words: 'an https URI (or empty)' },
  'date-time': { check: standard('date-time'), words: 'a date and time (ISO 8601, as 2026-01-31T12:00:00Z)' },
  hostname: { check: standard('hostname'), words: 'a host name (as login.example.com)' },
  ipv4: { check: standard('ipv4'), words: 'an IPv4 address' },
  ipv6: { check: standard('ipv6'), words: 'an IPv6 address' },
  uuid: { check: standard('uuid'), words: 'a UUID' },
};

/** Each format a schema names, given to ajv: a check where it has one, else one that passes. */
export function addFormatsOf(ajv: Ajv, schema: JsonSchema | undefined): void {
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node !== null && typeof node === 'object') {
      const format = (node as JsonSchema).format;
      if (typeof format === 'string') seen.add(format);
      for (const value of Object.values(node)) if (value !== null && typeof value === 'object') visit(value);
    }
  };
  visit(schema);
  for (const name of seen) {
    if (ajv.formats[name] !== undefined) continue;
    const known = CHECKED_FORMATS[name];
    ajv.addFormat(name, known ? { type: 'string', validate: known.check } : true);
  }
}
