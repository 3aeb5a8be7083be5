/**
 * The jobs endpoints over HTTP: imports (multipart, limits, per-row errors, upsert, failure),
 * exports (gzipped ndjson and CSV at a signed URL), verification e-mails.
 */
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import type { Emulator } from '../../emulator';
import { DEFAULT_DB_CONNECTION } from '../../emulator/core/state';
import { useEmulator } from '../helpers/emulator';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of any shape, asserted field by field
  headers: Headers;
}

describe('emulator jobs over HTTP', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let token: string;
  let connectionId: string;

  useEmulator((started) => (emu = started));
  beforeEach(() => {
    emu.reset();
    token = emu.managementToken();
    connectionId = emu.state.connectionByName(DEFAULT_DB_CONNECTION)!.id;
  });

  async function call(method: string, path: string, body?: unknown, auth = token): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${auth}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(emu.url + path, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  function importForm(users: unknown, fields: Record<string, string> = {}): FormData {
    const form = new FormData();
    const content = typeof users === 'string' || Buffer.isBuffer(users) ? users : JSON.stringify(users);
    form.append('users', new Blob([content], { type: 'application/json' }), 'users.json');
    form.append('connection_id', fields.connection_id ?? connectionId);
    for (const [key, value] of Object.entries(fields)) if (key !== 'connection_id') form.append(key, value);
    return form;
  }

  /** Moves the emulated clock past the job's work and reads it back once it has ended (export files are written asynchronously). */
  async function finish(id: string): Promise<Answer> {
    emu.clock.advance(10 * 60_000);
    for (let i = 0; ; i++) {
      const job = await call('GET', `/api/v2/jobs/${id}`);
      if ((job.body.status !== 'pending' && job.body.status !== 'processing') || i >= 200) return job;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  describe('users-imports', () => {
    it('imports users, keeps bad rows out, and reports them at /errors', async () => {
      emu.seed({ users: [{ email: 'taken@example.com', password: 'Secret-123!' }] });
      const created = await call(
        'POST',
        '/api/v2/jobs/users-imports',
        importForm(
          [
            { email: 'ann@example.com', given_name: 'Ann', user_metadata: { plan: 'gold' } },
            { email: 'bob@example.com', user_id: 'bob-1', email_verified: true },
            { email: 'not-an-email' },
            { email: 'taken@example.com' },
            { email: 'eve@example.com', password_hash: '$2b$10$C9ofDkkTx7.yHkmMqsQZGuYtFDldM9W6U8dJV5GLY5PiGL9vx71gq' },
          ],
          { external_id: 'batch-7' },
        ),
      );
      assert.equal(created.status, 202);
      assert.equal(created.body.status, 'pending');
      assert.equal(created.body.type, 'users_import');
      assert.equal(created.body.connection_id, connectionId);
      assert.equal(created.body.external_id, 'batch-7');
      assert.match(created.body.id, /^job_[A-Za-z0-9]{16}$/);
      assert.ok(!Number.isNaN(Date.parse(created.body.created_at)));

      const done = await finish(created.body.id);
      assert.equal(done.body.status, 'completed');
      assert.deepEqual(done.body.summary, { failed: 2, updated: 0, inserted: 3, total: 5 });

      const ann = emu.state.users.firstBy('email', 'ann@example.com')!;
      assert.match(ann.user_id, /^auth0\|[a-f0-9]{24}$/);
      assert.equal(ann.email_verified, false);
      assert.deepEqual(ann.user_metadata, { plan: 'gold' });
      assert.equal(emu.state.users.get('auth0|bob-1')?.email_verified, true);

      const errors = await call('GET', `/api/v2/jobs/${created.body.id}/errors`);
      assert.equal(errors.status, 200);
      assert.deepEqual(
        errors.body.map((e: { user: { email: string }; errors: Array<{ code: string }> }) => [e.user.email, e.errors[0].code]),
        [
          ['not-an-email', 'INVALID_FORMAT'],
          ['taken@example.com', 'DUPLICATED_USER'],
        ],
      );
      assert.equal(errors.body[0].errors[0].path, 'email');

      const mail = emu.outbox.messages.find((m) => m.kind === 'job_completion');
      assert.ok(mail, 'a completion e-mail is in the outbox');
      assert.match(mail.body, /New users: 3/);
      assert.ok(emu.logs.all().some((e) => e.type === 'sui' && e.connection_id === connectionId));
      assert.ok(emu.logs.all().some((e) => e.type === 'sapi' && e.description === 'Create a job to import users'));
    });

    it('shows progress while processing', async () => {
      const rows = Array.from({ length: 1000 }, (_, i) => ({ email: `p${i}@example.com` }));
      const created = await call('POST', '/api/v2/jobs/users-imports', importForm(rows));
      emu.clock.advance(1000 + 2500); // pending, then 2.5 s of processing at 200 rows/s
      const mid = await call('GET', `/api/v2/jobs/${created.body.id}`);
      assert.equal(mid.body.status, 'processing');
      assert.equal(mid.body.percentage_done, 50);
      assert.equal(mid.body.time_left_seconds, 3);
      assert.equal(mid.body.summary, undefined);
    });

    it('updates existing users with upsert, and only then', async () => {
      const first = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'u@example.com', name: 'Old', email_verified: true }]));
      await finish(first.body.id);
      const plain = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'u@example.com', name: 'Plain' }]));
      assert.deepEqual((await finish(plain.body.id)).body.summary, { failed: 1, updated: 0, inserted: 0, total: 1 });
      const upsert = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'u@example.com', name: 'New' }], { upsert: 'true' }));
      assert.deepEqual((await finish(upsert.body.id)).body.summary, { failed: 0, updated: 1, inserted: 0, total: 1 });
      const user = emu.state.users.firstBy('email', 'u@example.com')!;
      assert.equal(user.name, 'New');
      assert.equal(user.email_verified, false, 'email_verified false unless the row gives it');
    });

    it('turns imported MFA factors into confirmed enrollments', async () => {
      const created = await call(
        'POST',
        '/api/v2/jobs/users-imports',
        importForm([{ email: 'mfa@example.com', mfa_factors: [{ totp: { secret: 'JBSWY3DPEHPK3PXP' } }, { phone: { value: '+15555550123' } }] }]),
      );
      await finish(created.body.id);
      const user = emu.state.users.firstBy('email', 'mfa@example.com')!;
      const enrollments = emu.state.enrollments.findBy('user', user.user_id);
      assert.deepEqual(enrollments.map((e) => [e.type, e.status, e.phone_number]).sort(), [
        ['authenticator', 'confirmed', undefined],
        ['sms', 'confirmed', '+15555550123'],
      ]);
      assert.ok(!JSON.stringify(enrollments).includes('JBSWY3DPEHPK3PXP'), 'the TOTP secret is not shown');
    });

    it('answers 204 at /errors when every row went in, and sends no e-mail when asked not to', async () => {
      const created = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'ok@example.com' }], { send_completion_email: 'false' }));
      await finish(created.body.id);
      const errors = await call('GET', `/api/v2/jobs/${created.body.id}/errors`);
      assert.equal(errors.status, 204);
      assert.equal(emu.outbox.messages.filter((m) => m.kind === 'job_completion').length, 0);
    });

    it('fails the whole job when the file is not JSON', async () => {
      const created = await call('POST', '/api/v2/jobs/users-imports', importForm('[{"email": "a@b.co",'));
      assert.equal(created.status, 202);
      const failed = await finish(created.body.id);
      assert.equal(failed.body.status, 'failed');
      assert.match(failed.body.status_details, /^Failed to parse users file JSON/);
      const errors = await call('GET', `/api/v2/jobs/${created.body.id}/errors`);
      assert.equal(errors.status, 200);
      assert.equal(errors.body.status, 'failed');
      assert.equal(errors.body.status_details, failed.body.status_details);
      assert.ok(emu.logs.all().some((e) => e.type === 'fui'));
    });

    it('answers 413 for a file over 500 KB', async () => {
      const rows = (n: number) =>
        JSON.stringify(Array.from({ length: n }, (_, i) => ({ email: `big${String(i).padStart(5, '0')}@example.com`, name: 'x'.repeat(60) })));
      const justOver = rows(4971);
      assert.ok(justOver.length > 512_000 && justOver.length < 520_000, String(justOver.length));
      const answer = await call('POST', '/api/v2/jobs/users-imports', importForm(justOver));
      assert.equal(answer.status, 413);
      assert.equal(answer.body.statusCode, 413);
      assert.equal(answer.body.message, 'Payload content length greater than maximum allowed: 512000');
      const huge = await call('POST', '/api/v2/jobs/users-imports', importForm(rows(40_000)));
      assert.equal(huge.status, 413);
      assert.equal(emu.state.users.size, 0);
      const justUnder = rows(4970);
      assert.ok(justUnder.length <= 512_000, String(justUnder.length));
      assert.equal((await call('POST', '/api/v2/jobs/users-imports', importForm(justUnder))).status, 202);
    });

    it("accepts at most 2 active imports; the third is answered 429 with Auth0's message", async () => {
      assert.equal((await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'a1@example.com' }]))).status, 202);
      assert.equal((await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'a2@example.com' }]))).status, 202);
      const third = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'a3@example.com' }]));
      assert.equal(third.status, 429);
      assert.deepEqual(
        { statusCode: third.body.statusCode, error: third.body.error, message: third.body.message },
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'There are 2 active import users jobs, please wait until some of them are finished and try again',
        },
      );
      emu.clock.advance(60_000);
      assert.equal((await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'a3@example.com' }]))).status, 202);
    });

    it('refuses an unknown or malformed connection and a missing file', async () => {
      const unknown = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'a@example.com' }], { connection_id: 'con_AAAAAAAAAAAAAAAA' }));
      assert.equal(unknown.status, 400);
      assert.equal(unknown.body.errorCode, 'inexistent_connection');
      const malformed = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'a@example.com' }], { connection_id: 'nope' }));
      assert.equal(malformed.status, 400);
      assert.match(malformed.body.message, /connection_id/);
      const form = new FormData();
      form.append('connection_id', connectionId);
      const noFile = await call('POST', '/api/v2/jobs/users-imports', form);
      assert.equal(noFile.status, 400);
      assert.match(noFile.body.message, /users/);
    });

    it('needs create:users', async () => {
      const answer = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'a@example.com' }]), emu.managementToken(['read:users']));
      assert.equal(answer.status, 403);
    });
  });

  describe('users-exports', () => {
    beforeEach(() => {
      emu.seed({
        users: Array.from({ length: 250 }, (_, i) => ({
          email: `e${i}@example.com`,
          password: 'Secret-123!',
          user_metadata: { n: i, country: i % 2 ? 'NL' : 'FR' },
        })),
      });
    });

    async function download(location: string): Promise<{ status: number; text: string; type: string | null }> {
      const res = await fetch(location);
      const data = Buffer.from(await res.arrayBuffer());
      return {
        status: res.status,
        text: res.status === 200 ? gunzipSync(data).toString('utf8') : data.toString('utf8'),
        type: res.headers.get('content-type'),
      };
    }

    it('exports gzipped ndjson at a signed location', async () => {
      const created = await call('POST', '/api/v2/jobs/users-exports', {
        format: 'json',
        fields: [{ name: 'email' }, { name: 'user_metadata.country', export_as: 'country' }, { name: 'identities[0].connection', export_as: 'provider' }],
      });
      assert.equal(created.status, 200);
      assert.equal(created.body.type, 'users_export');
      assert.equal(created.body.status, 'pending');
      assert.equal(created.body.format, 'json');
      assert.equal(created.body.location, undefined);
      const done = await finish(created.body.id);
      assert.equal(done.body.status, 'completed');
      const location = new URL(done.body.location);
      assert.equal(location.origin, emu.url);
      assert.match(location.pathname, /^\/user-exports\/job_[A-Za-z0-9]{16}\/emulator\.json\.gz$/);
      assert.ok(location.searchParams.get('Expires') && location.searchParams.get('Signature'));
      const file = await download(location.href);
      assert.equal(file.status, 200);
      assert.equal(file.type, 'application/gzip');
      const lines = file.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      assert.equal(lines.length, 250);
      assert.deepEqual(lines[3], { email: 'e3@example.com', country: 'NL', provider: DEFAULT_DB_CONNECTION });

      const tampered = new URL(location.href);
      tampered.searchParams.set('Expires', String(Number(tampered.searchParams.get('Expires')) + 60));
      const refused = await download(tampered.href);
      assert.equal(refused.status, 403);
      assert.match(refused.text, /AccessDenied/);
    });

    it('exports CSV of one connection with a limit', async () => {
      const created = await call('POST', '/api/v2/jobs/users-exports', {
        connection_id: connectionId,
        format: 'csv',
        limit: 5,
        fields: [{ name: 'user_id', export_as: 'id' }, { name: 'email' }, { name: 'user_metadata.n', export_as: 'n' }],
      });
      assert.equal(created.body.connection, DEFAULT_DB_CONNECTION);
      assert.equal(created.body.limit, 5);
      const done = await finish(created.body.id);
      assert.equal(done.body.status, 'completed');
      const file = await download(done.body.location);
      const rows = file.text.trim().split('\n');
      assert.equal(rows[0], 'id,email,n');
      assert.equal(rows.length, 6);
      assert.match(rows[1], /^auth0\|[a-f0-9]{24},e0@example.com,0$/);
    });

    it('refuses bad bodies', async () => {
      assert.equal((await call('POST', '/api/v2/jobs/users-exports', { format: 'xml' })).status, 400);
      assert.equal((await call('POST', '/api/v2/jobs/users-exports', { format: 'csv', fields: [{ name: 'app_metadata' }] })).status, 400);
      assert.equal((await call('POST', '/api/v2/jobs/users-exports', { limit: 0 })).status, 400);
      assert.equal((await call('POST', '/api/v2/jobs/users-exports', { connection_id: 'con_AAAAAAAAAAAAAAAA' })).body.errorCode, 'inexistent_connection');
      assert.equal((await call('POST', '/api/v2/jobs/users-exports', { other: 1 })).status, 400);
    });
  });

  describe('verification-email and job lookups', () => {
    it('runs a verification_email job that mails a verification link', async () => {
      emu.seed({ users: [{ email: 'verify-me@example.com', password: 'Secret-123!' }] });
      const user = emu.state.users.firstBy('email', 'verify-me@example.com')!;
      const created = await call('POST', '/api/v2/jobs/verification-email', { user_id: user.user_id });
      assert.equal(created.status, 201);
      assert.equal(created.body.type, 'verification_email');
      const done = await finish(created.body.id);
      assert.equal(done.body.status, 'completed');
      const mail = emu.outbox.last('verify-me@example.com');
      assert.equal(mail?.kind, 'verify_email');
      assert.match(String(mail?.link), new RegExp(`^${emu.url}/u/email-verification\\?ticket=`));
      assert.equal((await call('POST', '/api/v2/jobs/verification-email', { user_id: 'auth0|nobody' })).status, 404);
      assert.equal((await call('POST', '/api/v2/jobs/verification-email', {})).status, 400);
    });

    it('answers 404 for an unknown job and forgets jobs after 24 hours', async () => {
      assert.equal((await call('GET', '/api/v2/jobs/job_AAAAAAAAAAAAAAAA')).status, 404);
      assert.equal((await call('GET', '/api/v2/jobs/job_AAAAAAAAAAAAAAAA/errors')).status, 404);
      const created = await call('POST', '/api/v2/jobs/users-imports', importForm([{ email: 'x@example.com' }]));
      emu.clock.advance(3 * 3600_000);
      assert.equal((await call('GET', `/api/v2/jobs/${created.body.id}`)).body.status, 'expired');
      emu.clock.advance(24 * 3600_000);
      // A fresh token: the first one expired with the clock's jump.
      assert.equal((await call('GET', `/api/v2/jobs/${created.body.id}`, undefined, emu.managementToken())).status, 404);
    });
  });
});
