/**
 * The catalogue held against Auth0's API reference, kept in the project as data:
 * test/fixtures/auth0-endpoints.json (one row per endpoint of the current Management and
 * Authentication API reference: api, group, method, path, query parameter names, lifecycle GA/EA/beta,
 * deprecated; derived from Auth0's published reference, see ../shared/reference/auth0-current-api.md).
 *
 * It fails on
 * - an operation whose method and path Auth0 does not list (unless the operation says it is legacy
 *   or deprecated, or it is one of the named GENERIC_PATHS),
 * - an endpoint no operation offers that is not a DELIBERATE_OMISSION (with its reason),
 * - a query input the endpoint does not take (unless a named QUERY_EXCEPTION),
 * - an operation whose lifecycle does not match the reference's (early access, beta, deprecated),
 * - an operation that does not reach a route of the emulator (the emulator's unknown-route 404).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type Emulator } from '../../emulator';
import type { GroupSpec, OperationSpec } from '../../nodes/shared/catalogue';

interface Endpoint {
  api: 'management' | 'authentication';
  group: string;
  method: string;
  path: string;
  query: string[];
  lifecycle: 'GA' | 'EA' | 'beta';
  deprecated?: boolean;
  /** false where the reference names the endpoint but not its parameters (too new for the API description). */
  query_known?: boolean;
}

const ROOT = path.resolve(__dirname, '..', '..', '..');
const ENDPOINTS = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'auth0-endpoints.json'), 'utf8')) as Endpoint[];
const NODES_DIR = path.resolve(__dirname, '..', '..', 'nodes');

/** `GET /api/v2/users/{}`: the path with its parameter names dropped, so `{id}` and `{user_id}` compare equal. */
const key = (method: string, p: string): string => `${method.toUpperCase()} ${p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '')}`;

/**
 * Operations whose path template stands for several endpoints of the reference (a path input picks
 * which): kept because the specification names them and their wire must not change; the reference's
 * own per-provider endpoints are offered beside them.
 */
const GENERIC_PATHS: Readonly<Record<string, string>> = {
  'guardian.get_factor_providers':
    "the specification's generic GET /guardian/factors/{factor_name}/providers/{name}; the per-provider operations (get_phone_twilio_provider, get_sns_provider, …) are beside it",
  'guardian.update_factor_providers':
    "the specification's generic PUT /guardian/factors/{factor_name}/providers/{name}; the per-provider operations (set_sns_provider, …) are beside it",
};

/** Endpoints of the reference the package deliberately does not offer, each with the reason a user would accept. */
const DELIBERATE_OMISSIONS: Readonly<Record<string, string>> = {
  'POST /users/{}/impersonate': 'Auth0 switched user impersonation off for every tenant; the auth0-social operation `impersonate` says so and sends nothing',
  'GET /api/v2/events':
    'a Server-Sent Events subscription, not a request with one answer: the auth0-events watcher node subscribes to it (with its offset kept, reconnects and exactly-once delivery)',
};

/** Query inputs the reference does not list for their endpoint, each with the reason it stays. */
const QUERY_EXCEPTIONS: Readonly<Record<string, string>> = {
  'GET /api/v2/logs q': 'the reference names the Lucene parameter `search`, but the API takes `q` and answers 400 to `search` (auth0/auth0-java#842)',
  'GET /api/v2/hooks include_fields':
    "an input of the specification (wire unchanged); Hooks reached their end of life on 2026-11-18 and the reference no longer describes the endpoint's parameters",
  'GET /api/v2/rules stage':
    'an input of the specification (wire unchanged); Rules reached their end of life on 2026-11-18 and the reference no longer lists the parameter',
  'GET /authorize screen_hint': 'Auth0 documents `screen_hint=signup` for /authorize, but its API description omits it (a known gap of the description)',
};

interface Found {
  group: GroupSpec;
  op: OperationSpec;
}

function catalogueOperations(): Found[] {
  const found: Found[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.catalogue.js')) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        for (const value of Object.values(require(full) as Record<string, unknown>)) {
          const group = value as GroupSpec;
          if (group && typeof group.type === 'string' && Array.isArray(group.operations)) for (const op of group.operations) found.push({ group, op });
        }
      }
    }
  };
  walk(NODES_DIR);
  return found;
}

const endpointKey = (e: Endpoint): string => key(e.method, e.path);
const byKey = new Map(ENDPOINTS.map((e) => [endpointKey(e), e]));
const outsideReference = (op: OperationSpec): boolean => op.lifecycle === 'legacy' || op.deprecated !== undefined;
const name = (f: Found): string => `${f.group.name}.${f.op.id}`;

describe("the catalogue against Auth0's API reference (test/fixtures/auth0-endpoints.json)", () => {
  const operations = catalogueOperations();

  it('reads the reference and the catalogues', () => {
    assert.ok(ENDPOINTS.length >= 500, `only ${ENDPOINTS.length} endpoints in the fixture`);
    assert.ok(operations.length >= 250, `only ${operations.length} operations found`);
  });

  it('has no operation whose method and path Auth0 does not list, unless marked legacy or deprecated', () => {
    const unknown = operations
      .filter((f) => !byKey.has(key(f.op.method, f.op.path)) && !outsideReference(f.op) && !GENERIC_PATHS[name(f)])
      .map((f) => `${name(f)}: ${f.op.method} ${f.op.path}`);
    assert.deepEqual(unknown, []);
  });

  it('names a real operation in every generic-path exception, and only where the path is not listed', () => {
    for (const id of Object.keys(GENERIC_PATHS)) {
      const f = operations.find((x) => name(x) === id);
      assert.ok(f, `${id} is no operation`);
      assert.ok(!byKey.has(key(f.op.method, f.op.path)), `${id} is listed: drop the exception`);
    }
  });

  it('offers every endpoint of the reference, except the deliberate omissions', () => {
    const offered = new Set(operations.filter((f) => !f.op.deprecated).map((f) => key(f.op.method, f.op.path)));
    const missing = ENDPOINTS.map(endpointKey).filter((k) => !offered.has(k) && !DELIBERATE_OMISSIONS[k]);
    assert.deepEqual(missing, []);
  });

  it('keeps the omission lists honest: each names an endpoint of the reference that is really not offered', () => {
    const offered = new Set(operations.filter((f) => !f.op.deprecated).map((f) => key(f.op.method, f.op.path)));
    for (const [k, reason] of Object.entries(DELIBERATE_OMISSIONS)) {
      assert.ok(byKey.has(k), `${k} is not in the reference`);
      assert.ok(!offered.has(k), `${k} is offered: drop the omission`);
      assert.ok(reason.length > 20, `${k}: say why`);
    }
  });

  it('has no query input the endpoint does not take', () => {
    const extra: string[] = [];
    for (const f of operations) {
      const endpoint = byKey.get(key(f.op.method, f.op.path));
      if (!endpoint || endpoint.query_known === false) continue;
      for (const input of f.op.inputs.filter((i) => i.in === 'query' && i.name !== 'extra_params')) {
        const wire = input.wireName ?? input.name;
        const label = `${f.op.method} ${f.op.path.replace(/\{[^}]*\}/g, '{}')} ${wire}`;
        if (endpoint.query.includes(wire) || QUERY_EXCEPTIONS[label]) continue;
        extra.push(`${name(f)}: ${label}`);
      }
    }
    assert.deepEqual(extra, []);
  });

  it('marks early-access, beta and deprecated endpoints so', () => {
    const wrong: string[] = [];
    for (const f of operations) {
      const endpoint = byKey.get(key(f.op.method, f.op.path));
      if (!endpoint || f.op.deprecated !== undefined) continue;
      const lifecycle = f.op.lifecycle ?? 'ga';
      const expected = endpoint.deprecated
        ? ['deprecated', 'legacy']
        : endpoint.lifecycle === 'EA'
          ? ['early-access']
          : endpoint.lifecycle === 'beta'
            ? ['beta']
            : ['ga'];
      if (expected.includes(lifecycle)) continue;
      wrong.push(`${name(f)}: ${lifecycle}, the reference says ${endpoint.deprecated ? 'deprecated' : endpoint.lifecycle}`);
    }
    assert.deepEqual(wrong, []);
  });

  describe('every operation reaches a route of the emulator', function () {
    this.timeout(60000);
    let emulator: Emulator;
    before(async () => {
      emulator = await startEmulator();
    });
    after(async () => {
      await emulator.close();
    });

    it('answers every operation with something other than its unknown-route 404', async () => {
      const token = emulator.managementToken();
      const unrouted: string[] = [];
      for (const f of operations.filter((x) => x.op.deprecated === undefined)) {
        const target = f.op.path.replace(/\{[^}]*\}/g, 'x');
        const withBody = f.op.method !== 'GET' && f.op.method !== 'DELETE';
        const response = await fetch(`${emulator.url}${target}`, {
          method: f.op.method,
          redirect: 'manual',
          headers: {
            ...(f.group.api === 'management' ? { authorization: `Bearer ${token}` } : {}),
            ...(withBody ? { 'content-type': 'application/json' } : {}),
          },
          body: withBody ? '{}' : undefined,
        });
        const text = await response.text();
        if (response.status !== 404) continue;
        const body = JSON.parse(text) as Record<string, unknown>;
        // The router's own answer for a path or method it has no route for (emulator/core/server.ts).
        const isUnknownRoute =
          f.group.api === 'management'
            ? body.message === 'Not Found' && body.errorCode === undefined
            : body.error === 'not_found' && body.error_description === 'Not Found';
        if (isUnknownRoute) unrouted.push(`${name(f)}: ${f.op.method} ${f.op.path}`);
      }
      assert.deepEqual(unrouted, []);
    });
  });
});
