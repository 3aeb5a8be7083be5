/**
 * The official `auth0` SDK (v7) drives import and export jobs on the emulator to the end:
 * proof that the jobs speak Auth0, not only our own client's dialect.
 */
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { ManagementClient, ManagementError } from 'auth0';
import { startEmulator, type Emulator } from '../../emulator';
import { DEFAULT_DB_CONNECTION } from '../../emulator/core/state';

/** The SDK always speaks https to `domain`; the emulator serves http on loopback. */
function sdkFor(emu: Emulator): ManagementClient {
  return new ManagementClient({
    domain: emu.domain,
    clientId: emu.clientId,
    clientSecret: emu.clientSecret,
    fetch: (input: string | URL | Request, init?: RequestInit) => fetch(String(input instanceof Request ? input.url : input).replace(/^https:/, 'http:'), init),
  });
}

describe('emulator jobs through the official auth0 SDK', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let sdk: ManagementClient;
  let connectionId: string;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    sdk = sdkFor(emu);
  });
  after(async () => {
    await emu.close();
  });
  beforeEach(() => {
    emu.reset();
    emu.clock.setSpeed(1);
    connectionId = emu.state.connectionByName(DEFAULT_DB_CONNECTION)!.id;
  });

  /** Polls the job the way a client would, with the emulated clock running fast. */
  async function untilDone(id: string) {
    for (let i = 0; i < 500; i++) {
      const job = await sdk.jobs.get(id);
      if (job.status !== 'pending' && job.status !== 'processing') return job;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`job ${id} did not finish`);
  }

  it('imports users with usersImports.create and reads the summary and the failed rows', async () => {
    emu.clock.setSpeed(200);
    const users = [
      { email: 'sdk1@example.com', user_metadata: { source: 'sdk' } },
      { email: 'sdk2@example.com', email_verified: true },
      { email: 'broken', user_metadata: 'not an object' },
    ];
    const created = await sdk.jobs.usersImports.create({
      users: { data: Buffer.from(JSON.stringify(users)), filename: 'users.json', contentType: 'application/json' },
      connection_id: connectionId,
      upsert: false,
      external_id: 'sdk-run',
      send_completion_email: false,
    });
    assert.equal(created.type, 'users_import');
    assert.equal(created.status, 'pending');
    assert.equal(created.connection_id, connectionId);
    assert.equal(created.external_id, 'sdk-run');

    const done = await untilDone(created.id);
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.summary, { failed: 1, updated: 0, inserted: 2, total: 3 });

    const errors = await sdk.jobs.errors.get(created.id);
    assert.ok(Array.isArray(errors));
    assert.equal(errors.length, 1);
    assert.deepEqual(errors[0].user, users[2]);
    assert.deepEqual(errors[0].errors?.map((e) => e.code).sort(), ['INVALID_FORMAT', 'INVALID_TYPE']);

    const stored = emu.state.users.firstBy('email', 'sdk2@example.com');
    assert.ok(stored && stored.user_id.startsWith('auth0|'));
    assert.equal(stored.email_verified, true);
    assert.equal(emu.state.users.firstBy('email', 'sdk1@example.com')?.email_verified, false);
  });

  it("surfaces the 413 and 429 answers as the SDK's own errors", async () => {
    const tooBig = Buffer.alloc(520_000, 0x20);
    await assert.rejects(
      sdk.jobs.usersImports.create({ users: { data: tooBig, filename: 'users.json' }, connection_id: connectionId }),
      (err: unknown) => err instanceof ManagementError && err.statusCode === 413,
    );
    const file = () => ({ data: Buffer.from('[{"email":"q@example.com"}]'), filename: 'users.json' });
    await sdk.jobs.usersImports.create({ users: file(), connection_id: connectionId });
    await sdk.jobs.usersImports.create({ users: file(), connection_id: connectionId });
    await assert.rejects(
      sdk.jobs.usersImports.create({ users: file(), connection_id: connectionId }, { maxRetries: 0 }),
      (err: unknown) => err instanceof ManagementError && err.statusCode === 429 && /There are 2 active import users jobs/.test(JSON.stringify(err.body)),
    );
  });

  it('exports users with usersExports.create and downloads the file from location', async () => {
    emu.seed({ users: Array.from({ length: 40 }, (_, i) => ({ email: `x${i}@example.com`, password: 'Secret-123!' })) });
    emu.clock.setSpeed(200);
    const created = await sdk.jobs.usersExports.create({
      connection_id: connectionId,
      format: 'json',
      fields: [{ name: 'user_id' }, { name: 'email', export_as: 'mail' }],
    });
    assert.equal(created.type, 'users_export');
    const done = await untilDone(created.id);
    assert.equal(done.status, 'completed');
    assert.ok(done.location, 'a completed export has a location');
    const res = await fetch(done.location);
    assert.equal(res.status, 200);
    const lines = gunzipSync(Buffer.from(await res.arrayBuffer()))
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { user_id: string; mail: string });
    assert.equal(lines.length, 40);
    assert.deepEqual(Object.keys(lines[0]), ['user_id', 'mail']);
    assert.ok(lines.every((l) => l.user_id.startsWith('auth0|') && l.mail.endsWith('@example.com')));
  });

  it('creates a verification e-mail job', async () => {
    emu.seed({ users: [{ email: 'v@example.com', password: 'Secret-123!' }] });
    const user = emu.state.users.firstBy('email', 'v@example.com')!;
    emu.clock.setSpeed(200);
    const created = await sdk.jobs.verificationEmail.create({ user_id: user.user_id });
    assert.equal(created.type, 'verification_email');
    assert.equal((await untilDone(created.id)).status, 'completed');
    assert.equal(emu.outbox.last('v@example.com')?.kind, 'verify_email');
  });
});
