/**
 * Our requests against the official `auth0` SDK's (v7): for every table case the SDK still offers,
 * the SDK call and our built request (sent through the real tenant client) both go to one loopback
 * recorder, and what arrived must match: method, encoded path, query, body and the
 * Auth0-Custom-Domain header. Cases the SDK no longer covers name their source in cases/.
 */
import assert from 'node:assert/strict';
import busboy from 'busboy';
import { ManagementClient } from 'auth0';
import { createTenantClient } from '../../nodes/tenant-client/client';
import type { TenantClient } from '../../nodes/shared/http-types';
import { startRecorder, type RecordedRequest, type Recorder } from '../helpers/recorder';
import { buildCase } from './build';
import { CASES, CUSTOM_DOMAIN } from './cases';

const SDK_DOMAIN = 'sdk-tenant.test';

interface Arrived {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  customDomain: string | undefined;
}

/** A multipart body as { fields, files: { field: parsed JSON content } }. */
function parseMultipart(req: RecordedRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, unknown> = {};
    const parser = busboy({ headers: req.headers });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        files[name] = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      });
    });
    parser.on('close', () => resolve({ fields, files }));
    parser.on('error', reject);
    parser.end(Buffer.from(req.body, 'utf8'));
  });
}

async function arrived(req: RecordedRequest): Promise<Arrived> {
  const type = String(req.headers['content-type'] ?? '');
  let body: unknown;
  if (type.startsWith('multipart/form-data')) body = await parseMultipart(req);
  else if (req.body !== '') body = JSON.parse(req.body);
  const header = req.headers['auth0-custom-domain'];
  return { method: req.method, path: req.path, query: req.query, body, customDomain: Array.isArray(header) ? header[0] : header };
}

/** Runs `send` and returns the one request it made. */
async function capture(recorder: Recorder, send: () => Promise<unknown>): Promise<Arrived> {
  const before = recorder.apiRequests().length;
  // The answer ({}) may not be what the SDK expects to parse: only the request matters here.
  await send().catch(() => undefined);
  const made = recorder.apiRequests().slice(before);
  assert.equal(made.length, 1, `exactly one request was sent (got ${made.length})`);
  return arrived(made[0]);
}

describe('management requests match the official auth0 SDK', () => {
  let recorder: Recorder;
  let sdk: ManagementClient;
  let ours: TenantClient;

  before(async () => {
    recorder = await startRecorder();
    const base = `http://${recorder.domain}`;
    sdk = new ManagementClient({
      domain: SDK_DOMAIN,
      token: 'static-test-token',
      telemetry: false,
      maxRetries: 0,
      withCustomDomainHeader: CUSTOM_DOMAIN,
      // The SDK always builds https://{domain}/api/v2/…: send it to the loopback recorder instead.
      fetch: (input, init) => fetch(String(input).replace(`https://${SDK_DOMAIN}`, base), init),
    });
    ours = createTenantClient({
      domain: recorder.domain,
      protocol: 'http',
      telemetry: false,
      connectTimeout: 5,
      readTimeout: 5,
      retries: 0,
      token: 'static-test-token',
      customDomain: CUSTOM_DOMAIN,
    });
  });

  after(async () => {
    ours?.close();
    await recorder?.close();
  });

  it('the recorder really sees the SDK (a sanity check on the set-up)', async () => {
    const got = await capture(recorder, () => sdk.roles.get('rol_1'));
    assert.deepEqual(got, { method: 'GET', path: '/api/v2/roles/rol_1', query: {}, body: undefined, customDomain: undefined });
    const authorization = recorder.apiRequests().at(-1)?.headers.authorization;
    assert.equal(authorization, 'Bearer static-test-token');
  });

  for (const c of CASES.filter((x) => x.sdk)) {
    it(`${c.group.name}.${c.op} ${JSON.stringify(c.values).slice(0, 70)}`, async () => {
      const fromSdk = await capture(recorder, () => c.sdk!(sdk));
      const spec = buildCase(c);
      const fromUs = await capture(recorder, () => ours.request(spec));
      assert.equal(fromUs.method, fromSdk.method, 'method');
      assert.equal(fromUs.path, fromSdk.path, 'path');
      assert.deepEqual(fromUs.query, fromSdk.query, 'query');
      assert.deepEqual(fromUs.body, fromSdk.body, 'body');
      assert.equal(fromUs.customDomain, fromSdk.customDomain, 'Auth0-Custom-Domain');
    });
  }

  it('every case without an SDK call names where its request comes from', () => {
    const unsourced = CASES.filter((c) => !c.sdk && !c.source).map((c) => `${c.group.name}.${c.op}`);
    assert.deepEqual(unsourced, []);
    const bySource = CASES.filter((c) => !c.sdk).map((c) => `${c.group.name}.${c.op}`);
    // Beyond the specification: beta endpoints v7 does not offer yet (clients search, experimentation).
    const beta = bySource.filter((id) => id === 'clients.search' || id.startsWith('experimentation.'));
    assert.equal(beta.length, 24);
    assert.deepEqual([...new Set(bySource.filter((id) => !beta.includes(id)))].sort(), [
      'actions.deploy_and_bind',
      'blacklists.create',
      'blacklists.get',
      'jobs.get_results',
      'users.delete_all_users',
    ]);
  });
});
