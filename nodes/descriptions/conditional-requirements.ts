/**
 * Requirements Auth0 documents in words, not in its schemas: a property that is required only
 * when another has a certain value (a database user needs a password, an sms user a phone
 * number). Data, each rule with the text it comes from; the body check applies them after the
 * schema, to the nodes' bodies (the emulator's routes know the connection's real strategy).
 *
 * Passwordless connections are always named `email` and `sms`; every other connection a user can
 * be created in is a database connection (Auth0: "Create a new user for a given database or
 * passwordless connection").
 */

export interface ConditionalRequirement {
  /** The endpoint key (`POST /api/v2/users`) of descriptions.ts. */
  endpoint: string;
  /** The rule applies when this property is a string that is one of `is` (or none of `isNot`). */
  when: { property: string; is?: readonly string[]; isNot?: readonly string[] };
  /** What the body then stands for, for the error: "a user of a database connection". */
  what: string;
  /** Each group needs one of its properties set (not absent, null or empty). */
  requires: readonly (readonly string[])[];
  /** Where Auth0 says so. */
  source: string;
}

const USERS_CREATE =
  'Auth0\'s Management API description, POST /api/v2/users: "`connection` is required but other parameters such as `email` and `password` are dependent upon the type of connection"; password: "Only valid for auth0 connection strategy"; username: "Only valid if the connection requires a username" (../shared/reference/auth0-openapi/management-api-oas.json)';
const PASSWORDLESS_START =
  "Auth0's Authentication API description, POST /passwordless/start: email \"required when connection is 'email'\", phone_number \"required when connection is 'sms'\" (../shared/reference/auth0-openapi/authentication-api-oas.json)";

export const CONDITIONAL_REQUIREMENTS: readonly ConditionalRequirement[] = [
  {
    endpoint: 'POST /api/v2/users',
    when: { property: 'connection', is: ['sms'] },
    what: 'a user of the sms connection',
    requires: [['phone_number']],
    source: USERS_CREATE,
  },
  {
    endpoint: 'POST /api/v2/users',
    when: { property: 'connection', is: ['email'] },
    what: 'a user of the email connection',
    requires: [['email']],
    source: USERS_CREATE,
  },
  {
    endpoint: 'POST /api/v2/users',
    when: { property: 'connection', isNot: ['sms', 'email'] },
    what: 'a user of a database connection',
    requires: [['email', 'username'], ['password']],
    source: USERS_CREATE,
  },
  {
    endpoint: 'POST /passwordless/start',
    when: { property: 'connection', is: ['email'] },
    what: 'a passwordless login by e-mail',
    requires: [['email']],
    source: PASSWORDLESS_START,
  },
  {
    endpoint: 'POST /passwordless/start',
    when: { property: 'connection', is: ['sms'] },
    what: 'a passwordless login by SMS',
    requires: [['phone_number']],
    source: PASSWORDLESS_START,
  },
];

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The first requirement of the endpoint's rules the body leaves unmet: its group and the rule. */
export function unmetRequirement(endpoint: string, body: unknown): { missing: readonly string[]; rule: ConditionalRequirement; value: string } | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  for (const rule of CONDITIONAL_REQUIREMENTS) {
    if (rule.endpoint !== endpoint) continue;
    const value = record[rule.when.property];
    if (typeof value !== 'string' || value === '') continue;
    if (rule.when.is && !rule.when.is.includes(value)) continue;
    if (rule.when.isNot?.includes(value)) continue;
    const missing = rule.requires.find((group) => !group.some((name) => isSet(record[name])));
    if (missing) return { missing, rule, value };
  }
  return undefined;
}
