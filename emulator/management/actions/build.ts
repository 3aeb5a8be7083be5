/**
 * What the emulator does with an action's code: "build" it (Auth0 compiles the code and installs
 * its dependencies; here the code is compiled, never run, and the dependency list checked) and,
 * for the test endpoint, run its handler once with a sample event and an `api` that records
 * every command the code gives (api.access.deny, api.idToken.setCustomClaim, …).
 */
import { randomUUID } from 'node:crypto';
import { Script, createContext } from 'node:vm';
import { toError } from '../../../nodes/shared/errors';

export interface BuildError {
  id: string;
  msg: string;
  url: string;
}

/** Emulated time a build takes: long enough that a client has to wait for it. */
export const BUILD_DELAY_MS = 400;
/** The test endpoint's run limit (Auth0 allows an action 20 s; a test here needs far less). */
const TEST_TIMEOUT_MS = 2000;

/** The build's errors: none when the code compiles and every dependency names a version. */
export function buildErrors(code: string, dependencies: readonly Record<string, unknown>[]): BuildError[] {
  const errors: BuildError[] = [];
  try {
    // Compiled as a CommonJS module body, which is how Auth0 loads an action.
    new Script(`(function (exports, require, module, __filename, __dirname) {\n${code}\n})`, { filename: 'action.js' });
  } catch (err) {
    errors.push({ id: 'a0e2c8f1-build-syntax', msg: `${toError(err).name}: ${toError(err).message}`, url: '' });
  }
  for (const dep of dependencies) {
    if (typeof dep.name !== 'string' || dep.name === '' || typeof dep.version !== 'string' || dep.version === '') {
      errors.push({ id: 'a0e2c8f1-build-dependency', msg: `Dependency ${JSON.stringify(dep).slice(0, 80)} needs a name and a version`, url: '' });
    }
  }
  return errors;
}

/** The handler a trigger calls: post-login → onExecutePostLogin. */
export function handlerName(trigger: string): string {
  return `onExecute${trigger
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
}

interface Command {
  name: string;
  args: unknown[];
}

/** An `api` object whose every method call, at any depth, is recorded as a command. */
function recordingApi(commands: Command[], path: string[] = []): unknown {
  const target = function recorded(): void {};
  return new Proxy(target, {
    get(_t, key) {
      if (typeof key === 'symbol' || key === 'then') return undefined;
      return recordingApi(commands, [...path, key]);
    },
    apply(_t, _this, args: unknown[]) {
      commands.push({ name: path.join('.'), args: JSON.parse(JSON.stringify(args ?? [])) as unknown[] });
      return undefined;
    },
  });
}

/** Runs the action's handler once, as POST /actions/actions/{id}/test does. */
export async function testRun(code: string, trigger: string, event: unknown): Promise<Record<string, unknown>> {
  const logs: string[] = [];
  const commands: Command[] = [];
  const module = { exports: {} as Record<string, unknown> };
  const log = (...args: unknown[]): void => {
    logs.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const context = createContext({ console: { log, info: log, warn: log, error: log } });
  const started = Date.now();
  const requireNothing = (name: string): never => {
    throw new Error(`Cannot find module '${name}' (the emulator does not install action dependencies)`);
  };
  let error: Record<string, unknown> | undefined;
  try {
    const wrapper = new Script(`(function (exports, require, module) {\n${code}\n})`, { filename: 'action.js' }).runInContext(context, {
      timeout: TEST_TIMEOUT_MS,
    }) as (exports: unknown, require: (name: string) => never, module: unknown) => void;
    wrapper(module.exports, requireNothing, module);
  } catch (err) {
    // Code that does not compile or throws while loading: the run's error, as Auth0 reports it.
    error = { id: randomUUID(), msg: `${toError(err).name}: ${toError(err).message}`, url: '' };
  }
  const handler = module.exports[handlerName(trigger)];
  if (!error && typeof handler !== 'function') {
    error = { id: randomUUID(), msg: `The action does not export ${handlerName(trigger)}`, url: '' };
  } else if (!error) {
    try {
      await Promise.race([
        Promise.resolve((handler as (e: unknown, a: unknown) => unknown)(event, recordingApi(commands))),
        new Promise((_, reject) => setTimeout(() => reject(new Error('Script execution did not complete within the time limit')), TEST_TIMEOUT_MS).unref()),
      ]);
    } catch (err) {
      error = { id: randomUUID(), msg: toError(err).message, url: '' };
    }
  }
  return {
    logs: logs.join('\n'),
    stats: { total_request_duration_ms: Date.now() - started, total_runtime_execution_duration_ms: Date.now() - started },
    commands,
    ...(error ? { error } : {}),
  };
}
