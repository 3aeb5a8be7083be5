/**
 * The tests' Node-RED in a child process, as a user runs it (beside node-red.ts, the in-process
 * one): a user directory of its own, a free loopback port, the admin HTTP API, any installed
 * Node-RED (4 or 5, see test/package/node-red-runtimes.ts) on any Node.js. Also npm in a child
 * process, and a few HTTP helpers.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { freePort } from '../../scripts/local-redis';
import { waitUntil } from './wait';

// The one free-port finder, for the tests that import it from here.
export { freePort };

export function run(command: string, args: string[], cwd: string, timeoutMs = 240000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd,
        timeout: timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
      },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${err.message}\n${stderr.slice(-4000)}`));
        else resolve(stdout);
      },
    );
  });
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.setTimeout(30000, () => req.destroy(new Error(`GET ${url} timed out`)));
  });
}

/** A JSON request to a Node-RED admin or HTTP endpoint. */
export function send(method: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = http.request(url, { method, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(data.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.setTimeout(30000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.end(data);
  });
}

/** A minimal settings file: loopback only, no tours, no update checks, plain logging. */
export function writeSettings(userDir: string, extraSettings = ''): string {
  const file = path.join(userDir, 'settings.js');
  fs.writeFileSync(
    file,
    `module.exports = {
    uiHost: '127.0.0.1',
    flowFile: 'flows.json',
    credentialSecret: 'pack-test',
    telemetry: { enabled: false, updateNotification: false },
    editorTheme: { tours: false, projects: { enabled: false } },
    logging: { console: { level: 'info', metrics: false, audit: false } },${extraSettings}
};
`,
  );
  return file;
}

export interface NodeRedProcess {
  url: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `red.js` with a user directory on a free port and waits until its admin API answers.
 * `node` is the Node.js binary to run it with (Node-RED 5 needs Node.js 22); `extraSettings`, more
 * properties for settings.js (JavaScript text, e.g. an adminAuth block).
 */
export async function startNodeRed(
  redJs: string,
  userDir: string,
  limitMs = 90000,
  node = process.execPath,
  extraSettings = '',
  /** A port chosen beforehand (e.g. one the settings must name); default a free one. */
  chosenPort?: number,
  /** More environment variables for Node-RED. */
  env: Record<string, string> = {},
): Promise<NodeRedProcess> {
  const port = chosenPort ?? (await freePort());
  const settings = writeSettings(userDir, extraSettings);
  const child: ChildProcess = spawn(node, [redJs, '--userDir', userDir, '--port', String(port), '--settings', settings], {
    cwd: userDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_RED_ENABLE_PROJECTS: 'false', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGINT');
    });
  const started = async (): Promise<boolean> => {
    try {
      const res = await get(`${url}/settings`);
      // With adminAuth, /settings answers 401 to a request without a token: it is up all the same.
      return (res.status === 200 || res.status === 401) && /Started flows|Server now running/.test(output);
    } catch {
      return false; // not listening yet
    }
  };
  try {
    await waitUntil(started, {
      what: () => `Node-RED to start:\n${output.slice(-4000)}`,
      timeout: limitMs,
      interval: 250,
      abort: () => (child.exitCode !== null ? `Node-RED exited with code ${child.exitCode}:\n${output.slice(-4000)}` : undefined),
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, output: () => output, stop };
}
