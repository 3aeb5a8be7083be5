/**
 * Per-row validation of a user import file, after Auth0's published bulk-import user schema
 * (manage-users/user-migration/bulk-user-import-schema). Auth0 validates with a JSON-schema
 * validator, so the error codes and messages follow that validator's wording
 * (`INVALID_TYPE`, `INVALID_FORMAT`, `OBJECT_MISSING_REQUIRED_PROPERTY`, …).
 * A row that fails does not fail the job; its errors are served at /jobs/{id}/errors.
 */

export interface ImportRowError {
  code: string;
  message: string;
  path: string;
}

type Check = (value: unknown, path: string, errors: ImportRowError[]) => void;

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164_FORMAT = /^\+[1-9]\d{1,14}$/;
const BCRYPT_PATTERN = /^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/;
const URI_FORMAT = /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/;

const HASH_ALGORITHMS = ['argon2', 'bcrypt', 'hmac', 'ldap', 'md4', 'md5', 'sha1', 'sha256', 'sha512', 'pbkdf2', 'scrypt'] as const;
const ENCODINGS = ['base64', 'hex', 'utf8'] as const;

/** app_metadata keys that Auth0 reserves; the schema rejects them with a `not` clause. */
const RESERVED_APP_METADATA = [
  'clientID',
  'globalClientID',
  'global_client_id',
  'email_verified',
  'user_id',
  'identities',
  'lastIP',
  'lastLogin',
  'metadata',
  'created_at',
  'loginsCount',
  '_id',
  'email',
  'blocked',
  '__tenant',
];

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function expectType(expected: 'string' | 'boolean' | 'object' | 'array' | 'integer'): Check {
  return (value, path, errors) => {
    const found = typeName(value);
    const ok = expected === 'integer' ? found === 'integer' : found === expected;
    if (!ok) errors.push({ code: 'INVALID_TYPE', message: `Expected type ${expected} but found type ${found}`, path });
  };
}

function stringWith(test: (s: string) => ImportRowError | undefined): Check {
  return (value, path, errors) => {
    if (typeof value !== 'string') {
      errors.push({ code: 'INVALID_TYPE', message: `Expected type string but found type ${typeName(value)}`, path });
      return;
    }
    const problem = test(value);
    if (problem) errors.push({ ...problem, path });
  };
}

function format(name: string, re: RegExp, maxLength?: number): Check {
  return stringWith((s) => {
    if (maxLength !== undefined && s.length > maxLength) {
      return { code: 'MAX_LENGTH', message: `String is too long (${s.length} chars), maximum ${maxLength}`, path: '' };
    }
    return re.test(s) ? undefined : { code: 'INVALID_FORMAT', message: `Object didn't pass validation for format ${name}: ${s}`, path: '' };
  });
}

function pattern(re: RegExp): Check {
  return stringWith((s) => (re.test(s) ? undefined : { code: 'PATTERN', message: `String does not match pattern ${re.source}: ${s}`, path: '' }));
}

function maxLength(n: number): Check {
  return stringWith((s) => (s.length <= n ? undefined : { code: 'MAX_LENGTH', message: `String is too long (${s.length} chars), maximum ${n}`, path: '' }));
}

function oneOf(values: readonly string[]): Check {
  return (value, path, errors) => {
    if (typeof value !== 'string' || !values.includes(value)) {
      errors.push({ code: 'ENUM_MISMATCH', message: `No enum match for: ${JSON.stringify(value)}`, path });
    }
  };
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** An object with known properties, required ones, and no others (the schema sets additionalProperties false). */
function object(properties: Record<string, Check>, required: string[] = [], closed = true): Check {
  return (value, path, errors) => {
    if (typeName(value) !== 'object') {
      errors.push({ code: 'INVALID_TYPE', message: `Expected type object but found type ${typeName(value)}`, path });
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key of required) {
      if (record[key] === undefined) {
        errors.push({ code: 'OBJECT_MISSING_REQUIRED_PROPERTY', message: `Missing required property: ${key}`, path: join(path, key) });
      }
    }
    const extra = Object.keys(record).filter((k) => !(k in properties));
    if (closed && extra.length > 0) {
      errors.push({ code: 'OBJECT_ADDITIONAL_PROPERTIES', message: `Additional properties not allowed: ${extra.join(',')}`, path });
    }
    for (const [key, check] of Object.entries(properties)) {
      if (record[key] !== undefined) check(record[key], join(path, key), errors);
    }
  };
}

const encodedValue = object({ value: expectType('string'), encoding: oneOf(ENCODINGS) }, ['value']);

const customPasswordHash = object(
  {
    algorithm: oneOf(HASH_ALGORITHMS),
    hash: object(
      {
        value: expectType('string'),
        encoding: oneOf(ENCODINGS),
        digest: oneOf(['md4', 'md5', 'ripemd160', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'whirlpool']),
        key: encodedValue,
      },
      ['value'],
    ),
    salt: object({ value: expectType('string'), encoding: oneOf(ENCODINGS), position: oneOf(['prefix', 'suffix']) }, ['value']),
    password: object({ encoding: oneOf(['ascii', 'utf8', 'utf16le', 'ucs2', 'latin1', 'binary']) }),
    keylen: expectType('integer'),
    cost: expectType('integer'),
    blockSize: expectType('integer'),
    parallelization: expectType('integer'),
  },
  ['algorithm', 'hash'],
);

const metadata =
  (reserved: string[]): Check =>
  (value, path, errors) => {
    if (typeName(value) !== 'object') {
      errors.push({ code: 'INVALID_TYPE', message: `Expected type object but found type ${typeName(value)}`, path });
      return;
    }
    const record = value as Record<string, unknown>;
    if (reserved.some((key) => key in record)) {
      errors.push({ code: 'NOT_PASSED', message: "Data matches schema from 'not'", path });
    }
  };

const mfaFactor = object({
  totp: object({ secret: pattern(/^[A-Z2-7]+=*$/) }, ['secret']),
  phone: object({ value: format('e164', E164_FORMAT) }, ['value']),
  email: object({ value: format('email', EMAIL_FORMAT) }, ['value']),
});

const mfaFactors: Check = (value, path, errors) => {
  if (!Array.isArray(value)) {
    errors.push({ code: 'INVALID_TYPE', message: `Expected type array but found type ${typeName(value)}`, path });
    return;
  }
  if (value.length > 10) errors.push({ code: 'ARRAY_LENGTH_LONG', message: `Array is too long (${value.length}), maximum 10`, path });
  value.forEach((factor, i) => mfaFactor(factor, `${path}[${i}]`, errors));
};

const userProperties: Record<string, Check> = {
  email: format('email', EMAIL_FORMAT, 512),
  email_verified: expectType('boolean'),
  phone_number: format('e164', E164_FORMAT),
  phone_verified: expectType('boolean'),
  user_id: maxLength(255),
  username: maxLength(128),
  given_name: maxLength(150),
  family_name: maxLength(150),
  name: maxLength(300),
  nickname: maxLength(300),
  picture: format('uri', URI_FORMAT),
  blocked: expectType('boolean'),
  password_hash: pattern(BCRYPT_PATTERN),
  custom_password_hash: customPasswordHash,
  app_metadata: metadata(RESERVED_APP_METADATA),
  user_metadata: metadata([]),
  mfa_factors: mfaFactors,
};

const userObject = object(userProperties);

/**
 * The errors of one row of an import file; empty when the row is valid.
 * A user needs an e-mail, or a phone number where the connection uses phone identifiers.
 */
export function validateImportRow(row: unknown): ImportRowError[] {
  const errors: ImportRowError[] = [];
  userObject(row, '', errors);
  if (typeName(row) === 'object') {
    const record = row as Record<string, unknown>;
    if (record.email === undefined && record.phone_number === undefined) {
      errors.push({ code: 'OBJECT_MISSING_REQUIRED_PROPERTY', message: 'Missing required property: email', path: 'email' });
    }
    if (record.password_hash !== undefined && record.custom_password_hash !== undefined) {
      errors.push({
        code: 'CONFLICT',
        message: 'Only one of password_hash and custom_password_hash can be given',
        path: 'custom_password_hash',
      });
    }
  }
  return errors;
}

/** Hash and secret values replaced before a row is shown back at /jobs/{id}/errors, as Auth0 does. */
export function redactRow(row: unknown): unknown {
  if (typeName(row) !== 'object') return row;
  const copy = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
  const REDACTED = '[REDACTED]';
  if (copy.password_hash !== undefined) copy.password_hash = REDACTED;
  const custom = copy.custom_password_hash;
  if (custom && typeof custom === 'object') {
    const c = custom as Record<string, unknown>;
    for (const part of ['hash', 'salt']) {
      const inner = c[part];
      if (inner && typeof inner === 'object' && 'value' in inner) (inner as Record<string, unknown>).value = REDACTED;
    }
    const hash = c.hash as Record<string, unknown> | undefined;
    if (hash && hash.key && typeof hash.key === 'object') (hash.key as Record<string, unknown>).value = REDACTED;
  }
  if (Array.isArray(copy.mfa_factors)) {
    for (const factor of copy.mfa_factors) {
      const totp = factor && typeof factor === 'object' ? (factor as Record<string, unknown>).totp : undefined;
      if (totp && typeof totp === 'object') (totp as Record<string, unknown>).secret = REDACTED;
    }
  }
  return copy;
}
