/**
 * `npm start` (the built script, as the npm script runs it) on free ports with a fresh user
 * directory, for the tests that walk what a newcomer does: what it printed, its Node-RED's URL,
 * the emulator's credentials it printed, and a login at the emulator as a user's browser makes one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from './node-red-process';
import { root } from '../package/package-files';
import { waitUntil } from './wait';

export interface StartedNpmStart {
  /** Node-RED's address, without a trailing slash. */
  url: string;
  userDir: string;
  /** Everything npm start and its Node-RED printed so far. */
  output: () => string;
  /** A password login at the emulator with the web application npm start printed (its log records it). */
  passwordLogin(username: string, password: string): Promise<number>;
  stop(): Promise<void>;
}

/** Where an npm start runs: a second start on the same ones is a restart. */
export interface NpmStartPlace {
  userDir: string;
  nodeRedPort: number;
  emulatorPort: number;
}

export async function npmStartPlace(name: string): Promise<NpmStartPlace> {
  return {
    userDir: fs.mkdtempSync(path.join(os.tmpdir(), `idflow-node-red-auth0-${name}-`)),
    nodeRedPort: await freePort(),
    emulatorPort: await freePort(),
  };
}

/**
 * Starts npm start and waits until it is ready. With a `place` of the caller's, stop() leaves its
 * user directory for the next start (the caller removes it); without, a fresh one is made and removed.
 */
export async function startNpmStart(name: string, env: Record<string, string> = {}, place?: NpmStartPlace): Promise<StartedNpmStart> {
  const own = place === undefined;
  const { userDir, nodeRedPort, emulatorPort } = place ?? (await npmStartPlace(name));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist', 'scripts', 'start.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_RED_PORT: String(nodeRedPort), EMULATOR_PORT: String(emulatorPort), NODE_RED_USER_DIR: userDir, ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    if (own) fs.rmSync(userDir, { recursive: true, force: true });
  };
  try {
    await waitUntil(() => /Node-RED editor: (http:\/\/\S+?)\/? /.test(output), {
      what: () => `npm start to get ready:\n${output.slice(-3000)}`,
      timeout: 150_000,
      interval: 250,
      abort: () => (child.exitCode != null ? `npm start exited with ${child.exitCode}:\n${output.slice(-3000)}` : undefined),
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const url = (/Node-RED editor: (http:\/\/\S+?)\/? /.exec(output) as RegExpExecArray)[1];
  const domain = (/AUTH0_DOMAIN=(\S+)/.exec(output) as RegExpExecArray)[1];
  const web = /AUTH0_WEB_CLIENT_ID=(\S+)\s+client secret (\S+)/.exec(output) as RegExpExecArray;
  return {
    url,
    userDir,
    output: () => output,
    passwordLogin: async (username, password) => {
      const res = await fetch(`http://${domain}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username, password, client_id: web[1], client_secret: web[2] }),
      });
      await res.text();
      return res.status;
    },
    stop,
  };
}

/** The deployed flows, as the admin API gives them. */
export async function adminFlows(url: string): Promise<unknown[]> {
  const res = await fetch(`${url}/flows`);
  if (res.status !== 200) throw new Error(`GET /flows: ${res.status}`);
  return (await res.json()) as unknown[];
}

/** An inject node's button, as the editor presses it. */
export async function pressInject(url: string, id: string): Promise<void> {
  const res = await fetch(`${url}/inject/${id}`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`POST /inject/${id}: ${res.status}`);
}
