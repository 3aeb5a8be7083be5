/**
 * The job engine against an in-memory host: states, pacing on the emulator clock, limits,
 * expiry, and the export file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Clock } from '../../emulator/core/clock';
import type { LogInput } from '../../emulator/core/logs';
import { JobEngine, JobError, type JobEmail, type JobsHost } from '../../emulator/management/jobs/job-engine';
import { jobErrorsView, jobView } from '../../emulator/management/jobs/job-view';
import type { ImportedProfile, ImportTarget } from '../../emulator/management/jobs/import-apply';
import type { ExportJob, ImportJob, Job } from '../../emulator/management/jobs/job-model';

interface StoredUser extends ImportedProfile {
  user_id: string;
  connection: string;
}

class FakeHost implements JobsHost {
  clock = new Clock();
  users = new Map<string, StoredUser>();
  emails: JobEmail[] = [];
  logs: LogInput[] = [];
  connections = [
    { id: 'con_AAAAAAAAAAAAAAAA', name: 'db', strategy: 'auth0' },
    { id: 'con_BBBBBBBBBBBBBBBB', name: 'google-oauth2', strategy: 'google-oauth2' },
  ];
  private n = 0;
  importTarget: ImportTarget = {
    findMatch: (connection, keys) => {
      for (const u of this.users.values()) {
        if (u.connection !== connection) continue;
        if ((keys.email && u.email === keys.email) || (keys.userId && u.user_id === `auth0|${keys.userId}`)) return u.user_id;
      }
      return undefined;
    },
    insert: (connection, profile) => {
      const user_id = `auth0|${profile.user_id ?? `gen${++this.n}`}`;
      this.users.set(user_id, { ...profile, user_id, connection });
      return user_id;
    },
    update: (id, changes) => {
      Object.assign(this.users.get(id)!, changes);
    },
  };
  tenantName = () => 'test-tenant';
  baseUrl = () => 'http://127.0.0.1:1';
  connectionById = (id: string) => this.connections.find((c) => c.id === id);
  exportUsers = (connection?: string) => [...this.users.values()].filter((u) => !connection || u.connection === connection);
  countUsers = (connection?: string) => this.exportUsers(connection).length;
  userEmail = (id: string) => (this.users.has(id) ? (this.users.get(id)!.email ?? null) : undefined);
  verificationLink = (id: string) => `http://127.0.0.1:1/verify?u=${encodeURIComponent(id)}`;
  sendEmail = (email: JobEmail) => void this.emails.push(email);
  log = (event: LogInput) => void this.logs.push(event);
}

const DB = 'con_AAAAAAAAAAAAAAAA';
const file = (rows: unknown) => Buffer.from(JSON.stringify(rows));

function importOf(engine: JobEngine, rows: unknown, extra: Partial<{ upsert: boolean; sendCompletionEmail: boolean; externalId: string }> = {}): ImportJob {
  return engine.createImport({ connectionId: DB, file: Buffer.isBuffer(rows) ? rows : file(rows), upsert: false, sendCompletionEmail: true, ...extra });
}

/** Waits (real time, the clock sped up) until the job leaves pending/processing. */
async function settle(engine: JobEngine, id: string): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const job = engine.get(id);
    if (!job) throw new Error('job vanished');
    if (job.status !== 'pending' && job.status !== 'processing') return job;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('job did not settle');
}

describe('emulator jobs: engine', () => {
  let host: FakeHost;
  let engine: JobEngine;
  beforeEach(() => {
    host = new FakeHost();
    engine = new JobEngine(host);
  });
  afterEach(() => {
    engine.close();
    host.clock.cancelAll();
  });

  it('moves an import through pending and processing to completed, on the emulated clock', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ email: `u${i}@example.com` }));
    const job = importOf(engine, rows, { externalId: 'ext-1' });
    assert.equal(job.status, 'pending');
    assert.match(job.id, /^job_[A-Za-z0-9]{16}$/);
    host.clock.advance(engine.pace.pendingMs + 1000); // one second of processing
    const mid = engine.get(job.id) as ImportJob;
    assert.equal(mid.status, 'processing');
    const view = jobView(mid, { pace: engine.pace, now: host.clock.now() });
    assert.equal(view.percentage_done, 40); // 200 of 500 rows
    assert.equal(view.time_left_seconds, 2);
    assert.equal(host.users.size, 200);
    host.clock.advance(10_000);
    const done = engine.get(job.id) as ImportJob;
    assert.equal(done.status, 'completed');
    assert.deepEqual(jobView(done, { pace: engine.pace, now: host.clock.now() }).summary, { failed: 0, updated: 0, inserted: 500, total: 500 });
    assert.equal(jobView(done, { pace: engine.pace, now: host.clock.now() }).external_id, 'ext-1');
    assert.equal(done.rows, undefined, 'rows are released once done');
    assert.equal(host.logs.filter((l) => l.type === 'sui').length, 1);
    assert.equal(host.emails.length, 1);
    assert.match(host.emails[0].subject, /Import user job for tenant test-tenant and connection db completed/);
    assert.match(host.emails[0].body, /New users: 500/);
    assert.equal(jobErrorsView(done).status, 204);
  });

  it('finishes by itself when the clock runs fast', async () => {
    host.clock.setSpeed(1000);
    const job = importOf(engine, [{ email: 'a@b.co' }], { sendCompletionEmail: false });
    // Only the engine's own timers move it: list() reads without bringing the job up to date.
    for (let i = 0; i < 300 && engine.list()[0].status !== 'completed'; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(engine.list()[0].status, 'completed', 'timers alone drove it to the end');
    assert.equal(engine.get(job.id)!.status, 'completed');
    assert.equal(host.emails.length, 0, 'no completion e-mail when send_completion_email is false');
  });

  it('keeps bad rows out without failing the job, and lists them at errors', () => {
    host.importTarget.insert('db', { email: 'taken@example.com' });
    const job = importOf(engine, [{ email: 'good@example.com', password_hash: 'nope' }, { email: 'good2@example.com' }, { email: 'taken@example.com' }, 42]);
    host.clock.advance(60_000);
    const done = engine.get(job.id) as ImportJob;
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.summary, { failed: 3, updated: 0, inserted: 1, total: 4 });
    const errors = jobErrorsView(done);
    assert.equal(errors.status, 200);
    const body = (errors as { body: Array<{ user: Record<string, unknown>; errors: Array<{ code: string }> }> }).body;
    assert.deepEqual(
      body.map((e) => e.errors[0].code),
      ['PATTERN', 'DUPLICATED_USER', 'INVALID_TYPE'],
    );
    assert.equal(body[0].user.password_hash, '[REDACTED]');
  });

  it('updates existing users with upsert', () => {
    importOf(engine, [{ email: 'a@b.co', user_id: 'one', name: 'Old', email_verified: true }]);
    host.clock.advance(60_000);
    const job = importOf(engine, [{ email: 'a@b.co', name: 'New' }, { email: 'c@d.co' }], { upsert: true });
    host.clock.advance(60_000);
    assert.deepEqual((engine.get(job.id) as ImportJob).summary, { failed: 0, updated: 1, inserted: 1, total: 2 });
    assert.equal(host.users.get('auth0|one')!.name, 'New');
    assert.equal(host.users.get('auth0|one')!.email_verified, false);
  });

  it('fails the job when the file is not JSON, with status_details, an fui log and e-mail', () => {
    const job = importOf(engine, Buffer.from('[{"email": '));
    host.clock.advance(5_000);
    const failed = engine.get(job.id)!;
    assert.equal(failed.status, 'failed');
    assert.match(failed.statusDetails!, /Failed to parse users file JSON/);
    const errors = jobErrorsView(failed);
    assert.equal(errors.status, 200);
    assert.equal((errors as { body: Record<string, unknown> }).body.status_details, failed.statusDetails);
    assert.equal(host.logs[0].type, 'fui');
    assert.match(host.emails[0].subject, / failed$/);
    const notArray = importOf(engine, { email: 'a@b.co' });
    host.clock.advance(5_000);
    assert.equal(engine.get(notArray.id)!.status, 'failed');
  });

  it('allows two active imports and answers the third with 429', () => {
    const rows = [{ email: 'x@y.co' }];
    importOf(engine, rows);
    importOf(engine, [{ email: 'z@y.co' }]);
    assert.throws(
      () => importOf(engine, rows),
      (err: unknown) =>
        err instanceof JobError &&
        err.statusCode === 429 &&
        err.message === 'There are 2 active import users jobs, please wait until some of them are finished and try again',
    );
    host.clock.advance(60_000);
    assert.equal(importOf(engine, [{ email: 'w@y.co' }]).status, 'pending', 'a slot opens once a job ends');
  });

  it('refuses unknown and non-database connections', () => {
    assert.throws(
      () => engine.createImport({ connectionId: 'con_CCCCCCCCCCCCCCCC', file: file([]), upsert: false, sendCompletionEmail: true }),
      (err: unknown) => err instanceof JobError && err.statusCode === 400 && err.errorCode === 'inexistent_connection',
    );
    assert.throws(
      () => engine.createImport({ connectionId: 'con_BBBBBBBBBBBBBBBB', file: file([]), upsert: false, sendCompletionEmail: true }),
      (err: unknown) => err instanceof JobError && err.statusCode === 400,
    );
  });

  it('reports completed jobs as expired after 2 hours and forgets them after 24', () => {
    const job = importOf(engine, [{ email: 'a@b.co' }]);
    host.clock.advance(60_000);
    assert.equal(engine.get(job.id)!.status, 'completed');
    host.clock.advance(2 * 3600_000);
    assert.equal(engine.get(job.id)!.status, 'expired');
    host.clock.advance(22 * 3600_000);
    assert.equal(engine.get(job.id), undefined);
  });

  it('writes a gzipped ndjson export and serves it only through a valid signed link', async () => {
    host.clock.setSpeed(1000);
    for (let i = 0; i < 1200; i++) host.importTarget.insert('db', { email: `u${i}@example.com`, user_metadata: { i } });
    const job = engine.createExport({ format: 'json', fields: [{ name: 'email' }, { name: 'user_metadata.i', export_as: 'i' }] });
    const done = (await settle(engine, job.id)) as ExportJob;
    assert.equal(done.status, 'completed');
    const location = engine.locationOf(done)!;
    const url = new URL(location);
    assert.match(url.pathname, /^\/user-exports\/job_[A-Za-z0-9]{16}\/test-tenant\.json\.gz$/);
    const target = engine.resolveDownload(url.pathname, url.searchParams);
    assert.ok('file' in target);
    const lines = gunzipSync(readFileSync(target.file))
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 1200);
    assert.deepEqual(lines[7], { email: 'u7@example.com', i: 7 });
    url.searchParams.set('Expires', String(Number(url.searchParams.get('Expires')) + 1));
    assert.deepEqual(engine.resolveDownload(url.pathname, url.searchParams), { refused: 'bad-signature' });
  });

  it('writes a CSV export of one connection with a limit', async () => {
    host.clock.setSpeed(1000);
    for (let i = 0; i < 10; i++) host.importTarget.insert('db', { email: `u${i}@example.com` });
    const job = engine.createExport({ format: 'csv', connectionId: DB, limit: 3, fields: [{ name: 'user_id', export_as: 'id' }, { name: 'email' }] });
    const done = (await settle(engine, job.id)) as ExportJob;
    const view = jobView(done, { pace: engine.pace, now: host.clock.now() });
    assert.equal(view.connection, 'db');
    assert.equal(view.limit, 3);
    const text = gunzipSync(readFileSync(done.filePath!)).toString();
    assert.equal(text, 'id,email\nauth0|gen1,u0@example.com\nauth0|gen2,u1@example.com\nauth0|gen3,u2@example.com\n');
  });

  it('runs a verification e-mail job to the outbox', () => {
    const id = host.importTarget.insert('db', { email: 'v@example.com' });
    const job = engine.createVerificationEmail({ userId: id });
    assert.equal(job.type, 'verification_email');
    host.clock.advance(5_000);
    assert.equal(engine.get(job.id)!.status, 'completed');
    assert.equal(host.emails[0].to, 'v@example.com');
    assert.match(host.emails[0].body, /verify\?u=auth0%7Cgen1/);
    assert.throws(
      () => engine.createVerificationEmail({ userId: 'auth0|nobody' }),
      (err: unknown) => err instanceof JobError && err.statusCode === 404,
    );
  });
});
