/**
 * What an Action leaves uncaught cannot end the emulator (`npm start` runs it in its own process):
 * a promise rejected with nobody to catch it, a timer callback that throws. Run through the
 * command line, as Node treats an uncaught error in a process of its own.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const CLI = join(__dirname, '..', '..', 'emulator', 'cli.js');

describe('emulator: an Action that leaves an error uncaught', function () {
  this.timeout(30_000);
  let child: ChildProcess;
  let url = '';
  let token = '';
  let output = '';
  let exited: number | null | undefined;

  before(async () => {
    child = spawn(process.execPath, [CLI, '--port', '0', '--client-id', 'uncaught-client', '--client-secret', 'uncaught-secret'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.on('exit', (code) => {
      exited = code;
    });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (output.includes('Press Ctrl+C')) resolve();
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    url = /URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
    assert.ok(url, output);
    const answer = (await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'uncaught-client',
        client_secret: 'uncaught-secret',
        audience: `https://${url.slice('http://'.length)}/api/v2/`,
      }),
    }).then((r) => r.json())) as { access_token: string };
    token = answer.access_token;
  });
  after(() => {
    if (exited === undefined) child.kill('SIGTERM');
  });

  /** Creates the action, waits for its build, runs it through the test endpoint: the answer's payload. */
  async function testRun(name: string, code: string): Promise<Record<string, unknown>> {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = (await fetch(`${url}/api/v2/actions/actions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, code, supported_triggers: [{ id: 'post-login', version: 'v3' }] }),
    }).then((r) => r.json())) as { id: string };
    for (let i = 0; i < 50; i++) {
      const action = (await fetch(`${url}/api/v2/actions/actions/${created.id}`, { headers }).then((r) => r.json())) as { status: string };
      if (action.status === 'built') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const res = await fetch(`${url}/api/v2/actions/actions/${created.id}/test`, { method: 'POST', headers, body: JSON.stringify({ payload: {} }) });
    assert.equal(res.status, 200);
    return ((await res.json()) as { payload: Record<string, unknown> }).payload;
  }

  async function stillServes(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(exited, undefined, `the emulator ended: ${output}`);
    const res = await fetch(`${url}/api/v2/actions/actions`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
  }

  it('a promise the action rejects and never handles: the emulator goes on serving', async () => {
    await testRun('rejects', `exports.onExecutePostLogin = async () => { Promise.reject(new Error('nobody catches this')); };`);
    await stillServes();
  });

  it('a timer callback that throws while the action runs fails the action with that error; the emulator goes on serving', async () => {
    const payload = await testRun(
      'timer-throws',
      `exports.onExecutePostLogin = async () => {
  setTimeout(() => { throw new Error('thrown in a timer'); }, 5);
  await new Promise((resolve) => setTimeout(resolve, 300));
};`,
    );
    assert.match(String((payload.error as { msg?: unknown } | undefined)?.msg), /thrown in a timer/);
    await stillServes();
  });

  it('a timer callback that throws after the action ended: the emulator goes on serving', async () => {
    await testRun('timer-throws-late', `exports.onExecutePostLogin = async () => { setTimeout(() => { throw new Error('late'); }, 50); };`);
    await stillServes();
  });
});
