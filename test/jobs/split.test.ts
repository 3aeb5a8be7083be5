/**
 * Splitting an import into files Auth0 accepts: byte-exact sizes of what is sent, files as full as
 * the limit allows, a user never cut, and bad input refused with its index before anything is sent.
 */
import assert from 'node:assert/strict';
import { buildImportFile, halveImportFile, planImportFiles } from '../../nodes/jobs/import/split';
import { readImportUsers } from '../../nodes/jobs/import/users-input';
import { MAX_IMPORT_FILE_BYTES } from '../../nodes/jobs/import-executor';

/** A user whose JSON is exactly `bytes` long (`{"email":"…","name":"xxx…"}`), multi-byte characters optional. */
function userOfSize(index: number, bytes: number, char = 'x'): Record<string, unknown> {
  const base = JSON.stringify({ email: `u${index}@example.com`, name: '' }).length;
  const filler = bytes - base;
  assert.ok(filler >= 0, 'user size too small for the test');
  const charBytes = Buffer.byteLength(char);
  assert.equal(filler % charBytes, 0, 'size must be a whole number of characters');
  return { email: `u${index}@example.com`, name: char.repeat(filler / charBytes) };
}

function bytesOf(user: unknown): number {
  return Buffer.byteLength(JSON.stringify(user));
}

describe('jobs import: splitting into files', () => {
  it('keeps a small import in one file whose bytes are the JSON array itself', () => {
    const users = [{ email: 'a@example.com' }, { email: 'b@example.com', user_metadata: { é: 'ü' } }];
    const plan = planImportFiles(users, MAX_IMPORT_FILE_BYTES);
    assert.equal(plan.length, 1);
    const file = buildImportFile(users, plan[0]);
    assert.equal(file.toString('utf8'), JSON.stringify(users));
    assert.equal(plan[0].bytes, file.length, 'planned size is the exact size sent (UTF-8 bytes)');
  });

  it('fills each file up to the limit exactly and no further', () => {
    // Three users of 100 bytes: [a,b] is 2 + 100 + 1 + 100 = 203 bytes.
    const users = [userOfSize(0, 100), userOfSize(1, 100), userOfSize(2, 100)];
    assert.equal(bytesOf(users[0]), 100);
    const exact = planImportFiles(users, 203);
    assert.deepEqual(
      exact.map((f) => [f.start, f.end, f.bytes]),
      [
        [0, 2, 203],
        [2, 3, 102],
      ],
    );
    const oneShort = planImportFiles(users, 202);
    assert.deepEqual(
      oneShort.map((f) => [f.start, f.end, f.bytes]),
      [
        [0, 1, 102],
        [1, 2, 102],
        [2, 3, 102],
      ],
    );
    const all = planImportFiles(users, 304);
    assert.deepEqual(
      all.map((f) => [f.start, f.end, f.bytes]),
      [[0, 3, 304]],
    );
  });

  it('measures multi-byte characters as the bytes they are on the wire', () => {
    const users = [userOfSize(0, 100, 'é'), userOfSize(1, 99, '€'), userOfSize(2, 100, '😀')];
    users.forEach((user, i) => assert.equal(bytesOf(user), [100, 99, 100][i]));
    assert.ok(JSON.stringify(users).length < Buffer.byteLength(JSON.stringify(users)), 'characters and bytes differ here');
    assert.equal(planImportFiles(users, 202).length, 2, '2 + 100 + 1 + 99 = 202 bytes fit');
    assert.equal(planImportFiles(users, 201).length, 3, 'counting characters instead of bytes would have fitted two');
    const plan = planImportFiles(users, 203);
    assert.deepEqual(
      plan.map((f) => [f.start, f.end]),
      [
        [0, 2],
        [2, 3],
      ],
    );
    for (const file of plan) assert.equal(buildImportFile(users, file).length, file.bytes);
  });

  it('splits 5 MB of users into files of at most 500 KB, every user in exactly one file, in order', () => {
    const users = Array.from({ length: 6000 }, (_, i) => ({
      email: `user${i}@example.com`,
      given_name: 'Ünïcødé',
      user_metadata: { note: 'n'.repeat(600 + (i % 400)), i },
    }));
    const plan = planImportFiles(users, MAX_IMPORT_FILE_BYTES);
    assert.ok(plan.length > 8, `expected many files, got ${plan.length}`);
    let next = 0;
    const seen: string[] = [];
    for (const file of plan) {
      assert.equal(file.start, next, 'files follow each other with no gap or overlap');
      next = file.end;
      const data = buildImportFile(users, file);
      assert.equal(data.length, file.bytes);
      assert.ok(data.length <= MAX_IMPORT_FILE_BYTES, `file of ${data.length} bytes is over the limit`);
      const parsed = JSON.parse(data.toString('utf8')) as { email: string }[];
      assert.equal(parsed.length, file.end - file.start, 'each user is whole: the file parses to its users');
      seen.push(...parsed.map((u) => u.email));
    }
    assert.equal(next, users.length);
    assert.deepEqual(
      seen,
      users.map((u) => u.email),
    );
    // Greedy: a file could not have taken the next user without going over.
    for (let i = 0; i < plan.length - 1; i++) {
      assert.ok(plan[i].bytes + 1 + bytesOf(users[plan[i].end]) > MAX_IMPORT_FILE_BYTES, `file ${i} stopped early`);
    }
  });

  it('takes a user of exactly the largest size that fits alone, and refuses one byte more naming its index', () => {
    const fits = userOfSize(1, MAX_IMPORT_FILE_BYTES - 2);
    const plan = planImportFiles([{ email: 'a@example.com' }, fits], MAX_IMPORT_FILE_BYTES);
    assert.deepEqual(
      plan.map((f) => [f.start, f.end, f.bytes]),
      [
        [0, 1, 2 + bytesOf({ email: 'a@example.com' })],
        [1, 2, MAX_IMPORT_FILE_BYTES],
      ],
    );
    const tooBig = userOfSize(2, MAX_IMPORT_FILE_BYTES - 1);
    assert.throws(
      () => planImportFiles([{ email: 'a@example.com' }, fits, tooBig], MAX_IMPORT_FILE_BYTES),
      (err: Error & { input?: string }) =>
        err.name === 'InputError' && err.input === 'file_obj' && /index 2\b/.test(err.message) && /512,000 bytes/.test(err.message),
    );
  });

  it('refuses a user that cannot be written as JSON, naming its index', () => {
    const circular: Record<string, unknown> = { email: 'c@example.com' };
    circular.self = circular;
    assert.throws(() => planImportFiles([{ email: 'a@example.com' }, circular], MAX_IMPORT_FILE_BYTES), /index 1/);
    assert.throws(() => planImportFiles([{ email: 'a@example.com', n: BigInt(1) }], MAX_IMPORT_FILE_BYTES), /index 0/);
  });

  it('halves a file between users, each half measured exactly', () => {
    const users = Array.from({ length: 7 }, (_, i) => userOfSize(i, 50 + i));
    const [whole] = planImportFiles(users, MAX_IMPORT_FILE_BYTES);
    const halves = halveImportFile(users, whole);
    assert.ok(halves);
    assert.deepEqual(
      halves.map((f) => [f.start, f.end]),
      [
        [0, 3],
        [3, 7],
      ],
    );
    for (const half of halves) assert.equal(buildImportFile(users, half).length, half.bytes);
    assert.equal(halveImportFile(users, { start: 2, end: 3, bytes: 54 }), undefined, 'one user cannot be halved');
  });

  it('notices users that changed between planning and sending', () => {
    const users = [{ email: 'a@example.com' }];
    const [file] = planImportFiles(users, MAX_IMPORT_FILE_BYTES);
    users[0].email = 'longer-address@example.com';
    assert.throws(() => buildImportFile(users, file), /changed while the import was running/);
  });
});

describe('jobs import: reading the users', () => {
  it('takes an array, a JSON string or a Buffer holding one', () => {
    const users = [{ email: 'a@example.com' }];
    assert.deepEqual(readImportUsers(users), users);
    assert.deepEqual(readImportUsers(JSON.stringify(users)), users);
    assert.deepEqual(readImportUsers(Buffer.from('\uFEFF' + JSON.stringify(users))), users);
  });

  it('refuses an empty list, a non-array, items that are not user objects, and text that is not JSON', () => {
    const refused = (value: unknown, pattern: RegExp): void => {
      assert.throws(
        () => readImportUsers(value),
        (err: Error & { input?: string }) => err.name === 'InputError' && err.input === 'file_obj' && pattern.test(err.message),
        `${String(value)}`,
      );
    };
    refused([], /empty list/);
    refused('[]', /empty list/);
    refused('  ', /empty/);
    refused({ email: 'a@example.com' }, /must be an array of user objects, got an object/);
    refused([{ email: 'a@example.com' }, 'b@example.com'], /index 1 is a string/);
    refused([{ email: 'a@example.com' }, null], /index 1 is null/);
    refused([{ email: 'a@example.com' }, [{ email: 'c@example.com' }]], /index 1 is an array/);
    refused('not json', /not valid JSON/);
    refused('{"email":"a@example.com"}\n{"email":"b@example.com"}', /newline-delimited JSON/);
  });
});
