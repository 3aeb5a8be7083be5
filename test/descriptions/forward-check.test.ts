/**
 * The body check's two readings: the nodes' forward-compatible one (a near miss refused, a
 * property that resembles nothing known sent and reported), the emulator's strict one (every
 * unknown property refused, as Auth0 did at the description's date); the formats the description
 * states; the requirements Auth0 documents in words; a hostile property name.
 */
import assert from 'node:assert/strict';
import { MOST_UNLISTED, bodyProblem, checkBodyFor, checkOperationBody, nearestName } from '../../nodes/descriptions/body-check';
import { CONDITIONAL_REQUIREMENTS } from '../../nodes/descriptions/conditional-requirements';
import { descriptionsData } from '../../nodes/descriptions/descriptions';
import { InputError } from '../../nodes/shared/errors';
import { auth0PayloadError } from '../../emulator/core/described-body';

function refused(groupType: string, op: string, body: unknown): InputError {
  try {
    checkOperationBody(groupType, op, body);
  } catch (err) {
    assert.ok(err instanceof InputError, String(err));
    return err;
  }
  throw new assert.AssertionError({ message: `${groupType}.${op} took ${JSON.stringify(body).slice(0, 200)}` });
}

const DB_USER = { connection: 'Username-Password-Authentication', email: 'newbie@example.com', password: 'Str0ng-enough!' };

describe('the body check: forward-compatible in the nodes, strict in the emulator', () => {
  it('sends a property that resembles nothing known and reports it (roles type, organizations third_party_client_access)', () => {
    assert.deepEqual(checkOperationBody('auth0-roles', 'create', { name: 'admin', type: 'tenant' }), ['body.type']);
    assert.deepEqual(checkOperationBody('auth0-organizations', 'create_organization', { name: 'acme', third_party_client_access: 'allow' }), [
      'body.third_party_client_access',
    ]);
    assert.deepEqual(checkOperationBody('auth0-roles', 'create', { name: 'admin' }), []);
  });

  it('keeps refusing every unknown property in the emulator, in Auth0 words', () => {
    const problem = bodyProblem('POST /api/v2/roles', { name: 'admin', type: 'tenant' });
    assert.equal(problem?.path, 'body.type');
    assert.match(auth0PayloadError(required(problem)).message, /Additional properties not allowed: type/);
  });

  it('refuses a near miss of a known property, naming the one meant', () => {
    const err = refused('auth0-users', 'create', { ...DB_USER, emial: 'x@example.com' });
    assert.equal(err.input, 'body.emial');
    assert.match(err.message, /did you mean body\.email\?/);
  });

  it('reports only what the fitting alternative does not know (anyOf), nested', () => {
    const stream = (authorization: Record<string, unknown>) => ({
      name: 'hooks',
      destination: { type: 'webhook', configuration: { webhook_endpoint: 'https://example.com/hook', webhook_authorization: authorization } },
    });
    assert.deepEqual(checkOperationBody('auth0-event-streams', 'create', stream({ method: 'bearer', token: 't' })), []);
    assert.deepEqual(checkOperationBody('auth0-event-streams', 'create', stream({ method: 'bearer', token: 't', rotation_policy: 'x' })), [
      'body.destination.configuration.webhook_authorization.rotation_policy',
    ]);
  });
});

describe('the body check: formats the description states', () => {
  it('refuses an e-mail address without a domain, naming body.email', () => {
    const err = refused('auth0-users', 'create', { ...DB_USER, email: 'newbie2@' });
    assert.equal(err.input, 'body.email');
    assert.match(err.message, /body\.email must be an e-mail address; got "newbie2@"/);
  });

  it('refuses an e-mail address longer than any can be (320 characters), before its pattern runs', () => {
    const long = `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(5)}com`;
    assert.equal(refused('auth0-users', 'create', { ...DB_USER, email: long }).input, 'body.email');
    assert.equal(refused('auth0-users', 'create', { ...DB_USER, email: `${'a.'.repeat(1_200_000)}@b.co` }).input, 'body.email');
  });

  it('refuses a URI that is none and a date that is none', () => {
    assert.equal(refused('auth0-users', 'create', { ...DB_USER, picture: 'my face' }).input, 'body.picture');
    assert.equal(checkBodyFor('POST /api/v2/users', { ...DB_USER, picture: 'https://example.com/me.png' }).problem, undefined);
    const dated = Object.entries(descriptionsData().endpoints).find(([, e]) => e.body?.properties?.expires_at?.format === 'date-time');
    if (dated) {
      const problem = checkBodyFor(dated[0], { expires_at: 'next tuesday' }).problem;
      assert.ok(problem, `${dated[0]} took a date that is none`);
      assert.match(problem.message, /date and time|body\.expires_at|required/);
    }
  });

  it('words a format problem in the emulator as Auth0 does', () => {
    const problem = required(bodyProblem('POST /api/v2/users', { ...DB_USER, email: 'newbie2@' }));
    assert.equal(auth0PayloadError(problem).message, "Payload validation error: 'Object didn't pass validation for format email: newbie2@' on property email.");
  });
});

describe('the body check: requirements Auth0 documents in words', () => {
  it('needs a password and an e-mail address or user name for a user of a database connection', () => {
    const err = refused('auth0-users', 'create', { connection: 'Username-Password-Authentication', email: 'newbie@example.com' });
    assert.equal(err.input, 'body.password');
    assert.match(err.message, /body\.password is required for a user of a database connection/);
    assert.equal(refused('auth0-users', 'create', { connection: 'db', password: 'x' }).input, 'body.email');
    checkOperationBody('auth0-users', 'create', { connection: 'db', username: 'newbie', password: 'x' });
  });

  it('needs phone_number on sms and email on email', () => {
    assert.equal(refused('auth0-users', 'create', { connection: 'sms' }).input, 'body.phone_number');
    assert.equal(refused('auth0-users', 'create', { connection: 'email', email: '' }).input, 'body.email');
    checkOperationBody('auth0-users', 'create', { connection: 'sms', phone_number: '+15555550100' });
    assert.equal(refused('auth0-passwordless', 'sms', { client_id: 'c', connection: 'sms', send: 'code' }).input, 'body.phone_number');
  });

  it('says "did you mean" for a misspelt required key, documented or described', () => {
    const password = refused('auth0-users', 'create', { connection: 'db', email: 'a@example.com', pasword: 'x' });
    assert.equal(password.input, 'body.pasword');
    assert.match(password.message, /did you mean body\.password\?/);
    const connection = refused('auth0-users', 'create', { conection: 'db', email: 'a@example.com', password: 'x' });
    assert.equal(connection.input, 'body.conection');
    assert.match(connection.message, /did you mean body\.connection\?/);
  });

  it('keeps each rule on an endpoint of the data, with its source', () => {
    for (const rule of CONDITIONAL_REQUIREMENTS) {
      const body = descriptionsData().endpoints[rule.endpoint]?.body;
      assert.ok(body, rule.endpoint);
      for (const name of [rule.when.property, ...rule.requires.flat()]) assert.ok(body.properties?.[name], `${rule.endpoint} has no ${name}`);
      assert.match(rule.source, /Auth0's .*description/);
    }
  });
});

describe('the body check: a hostile property name', function () {
  // Unbounded, the nearest-name search over a 256 KB name took seconds (issue 32.8); bounded, it compares nothing.
  this.timeout(3000);
  const name = 'q'.repeat(256 * 1024);

  it('finds no near name for a name far longer than every known one, at once', () => {
    assert.equal(nearestName(name, ['friendly_name', 'picture_url', 'support_email']), undefined);
  });

  it('sends it from a node, naming it cut; the emulator refuses it with a short message', () => {
    const unknown = checkOperationBody('auth0-tenants', 'update', { friendly_name: 'Acme', [name]: 1 });
    assert.equal(unknown.length, 1);
    assert.ok(unknown[0].length < 120, unknown[0].slice(0, 200));
    const problem = required(bodyProblem('PATCH /api/v2/tenants/settings', { [name]: 1 }));
    assert.ok(problem.message.length < 1000 && problem.path.length < 120);
    assert.ok(auth0PayloadError(problem).message.length < 1000);
  });
});

describe('the body check: a body of countless unlisted properties', () => {
  // Each was searched for a near miss: 200,000 of them held the event loop for about 7 s.
  const many = (count: number, prefix: string): Record<string, number> => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 1]));

  it('refuses a body with more unlisted properties than any Auth0 body has, naming body', () => {
    const err = refused('auth0-users', 'create', { ...DB_USER, ...many(200_000, 'qzzzzz') });
    assert.equal(err.input, 'body');
    assert.match(err.message, new RegExp(`more than ${MOST_UNLISTED} properties Auth0's API description does not list`));
  });

  it('counts them across the objects of an array', () => {
    const permissions = Array.from({ length: 5_000 }, (_, i) => ({ resource_server_identifier: 'https://api', permission_name: 'read', [`zq${i}`]: 1 }));
    assert.equal(refused('auth0-roles', 'add_permissions', { permissions }).input, 'body');
  });

  it('still sends a body with a few', () => {
    assert.equal(checkOperationBody('auth0-roles', 'create', { name: 'admin', ...many(MOST_UNLISTED - 1, 'qzzzzz') }).length, 20);
  });
});

describe('the body check: names and values that would forge a log line', () => {
  it('writes a line end in an unlisted name (the warning) and in a refused one (the error) as \\u000a', () => {
    const [unknown] = checkOperationBody('auth0-users', 'create', { ...DB_USER, 'zzzz\n[error] forged': 1 });
    assert.equal(unknown, 'body.zzzz\\u000a[error] forged');
    const err = refused('auth0-users', 'create', { ...DB_USER, 'pasword\r\n': 'x' });
    assert.doesNotMatch(err.message, /[\r\n]/);
    assert.doesNotMatch(err.input, /[\r\n]/);
  });

  it('writes one in a value an error shows as \\u000a', () => {
    const err = refused('auth0-users', 'create', { ...DB_USER, email: 'a\n[error] forged' });
    assert.match(err.message, /got "a\\u000a\[error\] forged"/);
  });
});

function required<T>(value: T | undefined): T {
  assert.ok(value !== undefined);
  return value;
}
