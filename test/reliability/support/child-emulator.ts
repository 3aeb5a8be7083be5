/**
 * The emulator's CLI in a child process: its sockets, timers and memory are not the test
 * process's, so what this process holds is the package's (and Node-RED's) alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

export interface ChildEmulator {
  url: string;
  domain: string;
  clientId: string;
  clientSecret: string;
  audience: string;
  control(method: string, route: string, body?: unknown): Promise<void>;
  stop(): Promise<void>;
}

/** The emulator's CLI in a child process, on a free port. */
export async function startChildEmulator(): Promise<ChildEmulator> {
  const cli = path.resolve(__dirname, '..', '..', '..', 'emulator', 'cli.js');
  const child: ChildProcess = spawn(process.execPath, [cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const banner = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${String(code)})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('Press Ctrl+C')) resolve(text);
    });
  });
  const field = (name: string): string => {
    const match = new RegExp(`${name}:\\s+(\\S+)`).exec(banner);
    if (!match) throw new Error(`no ${name} in the emulator's banner`);
    return match[1];
  };
  const url = field('URL');
  return {
    url,
    domain: field('Domain'),
    clientId: field('Client ID'),
    clientSecret: field('Client secret'),
    audience: field('Management API'),
    async control(method, route, body) {
      const res = await fetch(`${url}/__emulator/${route}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.status >= 300) throw new Error(`emulator control ${method} ${route}: ${res.status}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
