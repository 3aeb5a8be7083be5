/**
 * A Node-RED replica for `npm run replicas`, the replicas tests and bench: a real Node-RED in a
 * child process with its own user directory (this package linked into its node_modules, as an
 * installed package), on a given or free loopback port. It can be stopped gracefully (SIGINT, nodes close)
 * or killed (SIGKILL, nothing closes), and started again on the same user directory and flows.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { freePort } from './local-redis';

const root = path.resolve(__dirname, '..', '..');

function get(url: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${url} timed out`)));
  });
}

/**
 * A user directory with this package linked in and a settings file. `recording`: the function
 * nodes get a synchronous file append and the pid (tests and bench record what each replica sent
 * before it can be killed).
 */
export function replicaUserDir(dir: string, name: string, recording = false): string {
  const userDir = path.join(dir, name);
  const link = path.join(userDir, 'node_modules', '@idflow', 'node-red-auth0');
  fs.mkdirSync(path.dirname(link), { recursive: true });
  if (!fs.existsSync(link)) fs.symlinkSync(root, link, 'dir');
  fs.writeFileSync(
    path.join(userDir, 'settings.js'),
    `// Written by ${recording ? 'the replicas tests' : 'npm run replicas'}; changes are overwritten.
module.exports = {
    uiHost: '127.0.0.1',
    flowFile: 'flows.json',
    credentialSecret: 'node-red-auth0-replicas',
    telemetry: { enabled: false },
    editorTheme: { tours: false, projects: { enabled: false } },
    ${recording ? "functionGlobalContext: { fs: require('fs'), pid: process.pid }," : ''}
    logging: { console: { level: 'info', metrics: false, audit: false } }
};
`,
  );
  return userDir;
}

export class Replica {
  private child: ChildProcess | undefined;
  private log = '';
  url = '';
  pid = 0;

  /** `port`: 0 for a free one. `echo`: print its output, each line prefixed with the name. */
  constructor(
    readonly name: string,
    readonly userDir: string,
    private readonly port = 0,
    private readonly echo = false,
  ) {}

  output(): string {
    return this.log;
  }

  /** Starts Node-RED and waits until its flows have started. */
  async start(limitMs = 60_000): Promise<void> {
    const port = this.port || (await freePort());
    const child = spawn(
      process.execPath,
      [require.resolve('node-red/red.js'), '--userDir', this.userDir, '--port', String(port), '--settings', path.join(this.userDir, 'settings.js')],
      {
        cwd: this.userDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_RED_ENABLE_PROJECTS: 'false' },
      },
    );
    this.child = child;
    this.pid = child.pid ?? 0;
    this.url = `http://127.0.0.1:${port}`;
    const startedAt = this.log.length;
    const take = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      this.log += text;
      if (this.echo) process.stdout.write(text.replace(/^(?=.)/gm, `[${this.name}] `));
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const deadline = Date.now() + limitMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with code ${child.exitCode}:\n${this.log.slice(-4000)}`);
      try {
        const res = await get(`${this.url}/settings`);
        if (res.status === 200 && /Started flows/.test(this.log.slice(startedAt))) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(`${this.name} did not start:\n${this.log.slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Deploys `flows` (config nodes may carry `credentials`), a full deploy, as the editor does. */
  deploy(flows: unknown[]): Promise<void> {
    const body = JSON.stringify(flows);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.url}/flows`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Node-RED-Deployment-Type': 'full' },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () =>
            res.statusCode === 200 || res.statusCode === 204 ? resolve() : reject(new Error(`deploy to ${this.name}: ${res.statusCode} ${text}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** SIGINT: Node-RED stops its flows (every node's close runs) and exits. */
  stop(): Promise<void> {
    return this.end('SIGINT');
  }

  /** SIGKILL: the process is gone at once, mid-whatever. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  private end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });
  }
}
