/**
 * A real redis-server (Debian's package) for the tests, the bench and `npm run replicas`: on a
 * free (or given) loopback port, in a directory of its own, with the append-only file on so a
 * restart keeps the data (as a production Redis for replicas should be set up).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function redisServerPath(): string {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('redis-server is not installed (Debian: apt-get install -y redis-server)');
  }
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;
  readonly dir: string;

  private constructor(
    readonly port: number,
    private readonly password?: string,
    dir?: string,
  ) {
    if (dir) fs.mkdirSync(dir, { recursive: true });
    this.dir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'auth0-redis-'));
  }

  /** `redis://` URL (with the password, when one is set). */
  get url(): string {
    return this.password ? `redis://default:${this.password}@127.0.0.1:${this.port}/0` : `redis://127.0.0.1:${this.port}/0`;
  }

  /** `port` and `dir` default to a free port and a temporary directory. */
  static async start(options: { password?: string; port?: number; dir?: string } = {}): Promise<RedisServer> {
    const server = new RedisServer(options.port ?? (await freePort()), options.password, options.dir);
    await server.begin();
    return server;
  }

  /** Starts (again) on the same port and directory: the data written before comes back. */
  async begin(): Promise<void> {
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
    ];
    if (this.password) args.push('--requirepass', this.password);
    const child = spawn(redisServerPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
      // With a password PING answers NOAUTH; the port answering at all is enough then.
      if (this.password ? await this.answers() : await ping(this.port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start: ${output}`);
  }

  /** Stops it (SIGTERM: it finishes writing its file); resolves when it has exited. */
  stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.begin();
  }

  async remove(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  }
}
