/**
 * auth0-jobs in Node-RED against the emulator: import (users appear), failed rows, export (the
 * file holds the users), verification e-mail, and the deprecated get_results.
 */
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { assertDeprecated, payloadOf, useHarness, type Msg } from './harness';
import { DB, assertStatus, createUser, unique } from './fixtures';

describe('management nodes against the emulator: jobs', function () {
  this.timeout(60000);
  const h = useHarness();
  let connectionId: string;
  before(async () => {
    connectionId = String(h.emulator.state.connectionByName(DB)?.id);
  });

  /** Reads the job through the node, jumping the emulator's clock until it is done. */
  const finished = async (id: unknown): Promise<Msg> => {
    for (let i = 0; i < 20; i += 1) {
      const job = payloadOf(await h.run('jobs', 'get', { id }));
      if (job.status !== 'pending' && job.status !== 'processing') return job;
      h.emulator.clock.advance(5000);
    }
    throw new Error(`job ${String(id)} did not finish`);
  };

  it('imports users: the job completes, the users exist, and there are no failed rows', async () => {
    const emails = [`${unique('imp')}@example.com`, `${unique('imp')}@example.com`];
    const created = await h.run('jobs', 'import_users', {
      connection_id: connectionId,
      file_obj: emails.map((email) => ({ email, email_verified: true })),
      send_completion_email: false,
    });
    assertStatus(created, 'import_users', 202);
    const [job] = payloadOf<Msg[]>(created);
    assert.equal(job.type, 'users_import');
    const done = await finished(job.id);
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.summary, { failed: 0, updated: 0, inserted: 2, total: 2 });
    for (const email of emails) {
      const found = payloadOf<Msg[]>(await h.run('users_by_email', 'search_users_by_email', { email }));
      assert.equal(found.length, 1, `${email} was imported`);
    }
    const noErrors = await h.run('jobs', 'get_failed_job', { id: job.id });
    assertStatus(noErrors, 'get_failed_job', 204);
    assert.ok(!payloadOf<unknown>(noErrors), 'no failed rows: an empty answer');
  });

  it('reads the failed rows of an import with duplicates', async () => {
    const existing = await createUser(h);
    const fresh = `${unique('imp')}@example.com`;
    const [job] = payloadOf<Msg[]>(
      await h.run('jobs', 'import_users', {
        connection_id: connectionId,
        users: JSON.stringify([{ email: existing.email }, { email: fresh }]),
        upsert: false,
        send_completion_email: false,
      }),
    );
    const done = await finished(job.id);
    assert.equal((done.summary as Msg).failed, 1);
    const errors = payloadOf<Msg[]>(await h.run('jobs', 'get_failed_job', { id: job.id }));
    assert.equal(errors.length, 1);
    assert.equal((errors[0].user as Msg).email, existing.email);
    assert.ok(Array.isArray(errors[0].errors) && (errors[0].errors as Msg[]).length > 0);
  });

  it('exports users: the completed job links a file holding them', async () => {
    const user = await createUser(h, { name: 'Exported Person' });
    const created = await h.run('jobs', 'export_users', { connection_id: connectionId, format: 'json', fields: ['email', 'name'] });
    assertStatus(created, 'export_users', 200);
    const done = await finished(payloadOf(created).id);
    assert.equal(done.status, 'completed');
    const file = await fetch(String(done.location));
    assert.equal(file.status, 200);
    const lines = gunzipSync(Buffer.from(await file.arrayBuffer()))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Msg);
    assert.ok(lines.some((row) => row.email === user.email && row.name === 'Exported Person'));
    assert.ok(lines.every((row) => Object.keys(row).every((key) => key === 'email' || key === 'name')));
  });

  it('sends a verification e-mail through a job', async () => {
    const user = await createUser(h, { email_verified: false, verify_email: false });
    const created = await h.run('jobs', 'send_verification_email', { body: { user_id: user.user_id } });
    assertStatus(created, 'send_verification_email', 201);
    assert.equal(payloadOf(created).type, 'verification_email');
    await finished(payloadOf(created).id);
    const mail = h.emulator.outbox.to(String(user.email)).find((m) => m.kind === 'verify_email');
    assert.ok(mail?.link, 'a verification e-mail with a link was sent');
  });

  it('reads 404 for a job that does not exist', async () => {
    assert.equal((await h.gone('jobs', 'get', { id: 'job_doesnotexist0000' })).errorCode, 'inexistent_job');
  });

  it('get_results is deprecated: a clear error, nothing sent', async () => {
    await assertDeprecated(h, 'jobs', 'get_results', { job_id: 'job_x' }, /no longer offered/i);
  });

  it('exercised every jobs operation', () => {
    h.assertAllExercised('jobs');
  });
});
