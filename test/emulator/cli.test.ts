/** The emulator's command line: starts, prints its URL and credentials, serves, and exits cleanly on SIGTERM/SIGINT. */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { parseArgs } from '../../emulator/cli';
import { signAssertion } from '../../nodes/tenant-client/client-assertion';

const CLI = join(__dirname, '..', '..', 'emulator', 'cli.js');

function start(args: string[]): { child: ChildProcess; output: Promise<string> } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const output = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('Press Ctrl+C')) resolve(text);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${text}`)));
  });
  return { child, output };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('emulator CLI', function () {
  this.timeout(20_000);

  it('prints URL and credentials, serves the seed, rate-limits, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-cli-'));
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify({ users: [{ email: 'seed@example.com', password: 'Passw0rd!' }] }));
    const { child, output } = start([
      '--port',
      '0',
      '--client-id',
      'cli-client',
      '--client-secret',
      'cli-secret',
      '--seed',
      seedFile,
      '--rate-limit',
      '50',
      '--burst',
      '60',
    ]);
    const text = await output;
    const url = /URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    assert.ok(url, text);
    assert.match(text, /Client ID:\s+cli-client/);
    assert.match(text, /Client secret:\s+cli-secret/);
    assert.match(text, /not a real identity service/);
    const domain = url.slice('http://'.length);
    const token = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'cli-client', client_secret: 'cli-secret', audience: `https://${domain}/api/v2/` }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const users = await fetch(`${url}/api/v2/users`, { headers: { authorization: `Bearer ${token.access_token}` } });
    assert.equal(users.headers.get('x-ratelimit-limit'), '60');
    assert.deepEqual(
      ((await users.json()) as Array<{ email: string }>).map((u) => u.email),
      ['seed@example.com'],
    );
    const exited = exitCode(child);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  it('registers a public key for the machine-to-machine client: its private key JWT gets a token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-cli-key-'));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = join(dir, 'public.pem');
    writeFileSync(keyFile, publicKey.export({ format: 'pem', type: 'spki' }).toString());
    const { child, output } = start(['--port', '0', '--client-id', 'cli-keyed', '--client-public-key', keyFile, '--client-key-alg', 'RS384']);
    try {
      const text = await output;
      assert.match(text, /Private key JWT: the client's public key is registered \(RS384, kid \S+\)/);
      const url = /URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1] ?? '';
      const domain = url.slice('http://'.length);
      const assertion = signAssertion(privateKey, { clientId: 'cli-keyed', domain, alg: 'RS384' });
      const token = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: 'cli-keyed',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          audience: `https://${domain}/api/v2/`,
        }),
      });
      assert.equal(token.status, 200, await token.clone().text());
    } finally {
      const exited = exitCode(child);
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('exits 0 on SIGINT and 2 on a bad option', async () => {
    const { child, output } = start(['--port', '0']);
    await output;
    const exited = exitCode(child);
    child.kill('SIGINT');
    assert.equal(await exited, 0);
    const bad = spawn(process.execPath, [CLI, '--bogus'], { stdio: 'ignore' });
    assert.equal(await exitCode(bad), 2);
  });

  it("starts at a plan's per-endpoint limits, sped up", async () => {
    const options = parseArgs(['--rate-limit-plan', 'professional', '--plan-speed', '60']);
    const perMinuteAt60 = (limit: { perSecond: number; burst?: number } | undefined): [number, number | undefined] => [
      Math.round(limit?.perSecond ?? 0),
      limit?.burst,
    ];
    assert.deepEqual(perMinuteAt60(options.rateLimit?.endpoints?.['users-read']), [500, 40], '500 a minute sped up 60×: 500 a second');
    assert.deepEqual(perMinuteAt60(options.rateLimit?.endpoints?.logs), [100, 10]);
    assert.throws(() => parseArgs(['--rate-limit-plan', 'gold']), /unknown rate-limit plan/);
    assert.throws(() => parseArgs(['--plan-speed', '2']), /needs --rate-limit-plan/);
  });
});
