/**
 * Runs Action code as Auth0's runtime does, for every trigger the emulator serves: the code is
 * loaded as a CommonJS module in its own `node:vm` context, its handler (`onExecutePostLogin`, …)
 * is called with the trigger's `event` and `api`, and awaited within a time limit.
 *
 * A trigger runs the actions bound to it, in their order, each from its deployed version (code and
 * dependencies) with the action's secrets; an action that throws, or that denies, ends the trigger.
 * Every run is recorded as an execution (GET /api/v2/actions/executions/{id}).
 *
 * The emulator installs no dependency: `require` gives Node's own modules, and a declared
 * dependency only when a copy is installed beside the emulator; otherwise a clear error.
 * What an action leaves behind cannot end the emulator: a timer callback that throws, or a promise
 * of the action's that is rejected with nobody to catch it, fails the action while it runs (as
 * Auth0's runtime does) and is only logged after.
 * Limits (a stand-in, not a sandbox): the time limit stops synchronous code at once, but code
 * that loops forever after an `await` holds the emulator's process.
 */
import { randomUUID } from 'node:crypto';
import { builtinModules, createRequire } from 'node:module';
import { Script, createContext } from 'node:vm';
import type { JsonRecord } from '../../core/collection';
import type { Tenant } from '../../core/types';
import { actionBindings } from './executions';

/** Auth0 stops an action after 20 seconds; the seed `actionRuntime.timeLimitMs` changes it. */
export const DEFAULT_TIME_LIMIT_MS = 20_000;
const SETTINGS_DOC = 'action-runtime';

export interface ActionRuntimeSettings {
  timeLimitMs?: number;
}

export function actionRuntimeSettings(tenant: Tenant): ActionRuntimeSettings {
  return tenant.state.doc<ActionRuntimeSettings>(SETTINGS_DOC, () => ({}));
}

export function setActionRuntimeSettings(tenant: Tenant, settings: ActionRuntimeSettings): void {
  tenant.state.setDoc(SETTINGS_DOC, { ...actionRuntimeSettings(tenant), ...settings });
}

/** What a run needs of an action: its code and dependencies (of the deployed version, or the draft for a test), its secrets. */
export interface ActionSource {
  id: string;
  name: string;
  code: string;
  dependencies: readonly JsonRecord[];
  secrets: Record<string, string>;
}

export interface ActionRunResult {
  logs: string[];
  /** The error the action threw (or its time limit): its message. */
  error?: string;
  /** The error's class (`TypeError`, `SyntaxError`, …). */
  errorName?: string;
  startedAt: string;
  endedAt: string;
  durationMs: number;
}

/** An error the emulator raises inside an action for what it cannot do (a redirect, say): it fails the action like any other. */
export class EmulatorActionError extends Error {
  constructor(message: string) {
    super(`${message} (the Auth0 emulator cannot do this)`);
    this.name = 'EmulatorActionError';
  }
}

/** The class name of anything thrown (`Error` when it has none). */
function thrownName(value: unknown): string {
  const name = value !== null && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : 'Error';
}

/** The text of anything thrown, also from the action's own realm (where `instanceof Error` is false). */
export function thrownText(value: unknown): string {
  if (value !== null && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
    return (value as { message: string }).message;
  }
  if (typeof value === 'string') return value;
  return `the action threw ${value === null ? 'null' : typeof value}`;
}

/** The handler a trigger calls: post-login → onExecutePostLogin. */
export function handlerName(trigger: string): string {
  return `onExecute${trigger
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
}

const emulatorRequire = createRequire(__filename);
const BUILTINS = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The `require` an action's code gets. */
function actionRequire(action: ActionSource): (specifier: string) => unknown {
  return (specifier) => {
    if (typeof specifier !== 'string') throw new TypeError('require expects a module name');
    const bare = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
    if (BUILTINS.has(bare)) return emulatorRequire(specifier) as unknown;
    const name = packageOf(specifier);
    const declared = action.dependencies.find((d) => d.name === name);
    if (!declared) {
      throw new Error(`Cannot find module '${specifier}': the action '${action.name}' does not list ${name} in its dependencies`);
    }
    try {
      return emulatorRequire(specifier) as unknown;
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw err;
      throw new Error(
        `The action '${action.name}' requires ${name}@${String(declared.version)}, a dependency the Auth0 emulator does not install: ` +
          `install it beside the emulator (npm install ${name}) to run this action here`,
        { cause: err },
      );
    }
  };
}

/** Where an uncaught error of a running action goes: it fails that run (or, once over, its logs). */
type Uncaught = (error: unknown) => void;

/** The Promise prototypes of the actions' realms, each with where its unhandled rejections go. */
const actionRealms = new WeakMap<object, Uncaught>();
let listening = false;

/**
 * A promise an action rejects and never handles would end the emulator's process (Node's default);
 * one from an action's realm fails that action instead. Any other goes on as Node would treat it:
 * thrown, unless the host has its own listener.
 */
function onUnhandledRejection(reason: unknown, promise: Promise<unknown>): void {
  const uncaught = actionRealms.get(Object.getPrototypeOf(promise) as object);
  if (uncaught) {
    uncaught(reason);
    return;
  }
  if (process.listenerCount('unhandledRejection') === 1) throw reason;
}

function watchActionRealm(promisePrototype: object, uncaught: Uncaught): void {
  actionRealms.set(promisePrototype, uncaught);
  if (!listening) {
    listening = true;
    process.on('unhandledRejection', onUnhandledRejection);
  }
}

/** A timer function whose callback's throw fails the action instead of ending the process. */
function guardedTimer<A extends unknown[], R>(timer: (callback: (...args: A) => void, ...rest: never[]) => R, uncaught: Uncaught) {
  return (callback: unknown, ...rest: unknown[]): R => {
    if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
    const guarded = (...args: A): void => {
      try {
        (callback as (...a: A) => unknown)(...args);
      } catch (err) {
        uncaught(err);
      }
    };
    return (timer as (cb: (...args: A) => void, ...r: unknown[]) => R)(guarded, ...rest);
  };
}

/** Runs one action's handler with `event` and `api`; never throws (the error is in the result). */
export async function runAction(action: ActionSource, trigger: string, event: unknown, api: unknown, timeLimitMs: number): Promise<ActionRunResult> {
  const logs: string[] = [];
  const log = (...args: unknown[]): void => {
    logs.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const handoff: Record<string, unknown> = {};
  // Uncaught while the handler runs: the run fails with it; after: a log line.
  let failRun: ((error: unknown) => void) | undefined;
  const uncaught: Uncaught = (err) => {
    if (failRun) failRun(err);
    else log(`Uncaught after the action ended: ${thrownName(err)}: ${thrownText(err)}`);
  };
  const context = createContext(
    {
      console: { log, info: log, warn: log, error: log, debug: log },
      setTimeout: guardedTimer(setTimeout, uncaught),
      clearTimeout,
      setInterval: guardedTimer(setInterval, uncaught),
      clearInterval,
      setImmediate: guardedTimer(setImmediate, uncaught),
      clearImmediate,
      queueMicrotask,
      structuredClone,
      Buffer,
      URL,
      URLSearchParams,
      TextEncoder,
      TextDecoder,
      AbortController,
      fetch,
      atob,
      btoa,
      process: { env: {} },
      __handoff: handoff,
    },
    { name: `action ${action.name}` },
  );
  let error: string | undefined;
  let errorName: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const overTime = `Script execution did not complete within the time limit (${timeLimitMs} ms)`;
  const failed = new Promise<never>((_, reject) => {
    failRun = reject;
  });
  failed.catch(() => undefined);
  watchActionRealm(new Script('Promise.prototype').runInContext(context) as object, uncaught);
  try {
    const module = { exports: {} as Record<string, unknown> };
    Object.assign(handoff, { module, require: actionRequire(action) });
    // Loaded as a CommonJS module body, as Auth0 loads an action; the code's own line numbers kept.
    new Script(
      `(function (exports, require, module, __filename, __dirname) {${action.code}\n}).call(__handoff.module.exports, __handoff.module.exports, __handoff.require, __handoff.module, 'action.js', '/')`,
      { filename: `${action.name}.js` },
    ).runInContext(context, { timeout: timeLimitMs });
    const name = handlerName(trigger);
    const handler = module.exports[name];
    if (typeof handler !== 'function') throw new Error(`The action '${action.name}' does not export ${name}`);
    Object.assign(handoff, { handler, event, api });
    const left = Math.max(1, timeLimitMs - (Date.now() - started));
    const returned: unknown = new Script('__handoff.handler(__handoff.event, __handoff.api)').runInContext(context, { timeout: left });
    await Promise.race([
      Promise.resolve(returned),
      failed,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(overTime)), Math.max(1, timeLimitMs - (Date.now() - started)));
      }),
    ]);
  } catch (err) {
    // The vm's own limit (synchronous code) says the same as the awaited one.
    const timedOut = (err as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
    error = timedOut ? overTime : thrownText(err);
    errorName = thrownName(err);
  } finally {
    failRun = undefined;
    if (timer) clearTimeout(timer);
  }
  const ended = Date.now();
  return { logs, ...(error !== undefined ? { error, errorName } : {}), startedAt, endedAt: new Date(ended).toISOString(), durationMs: ended - started };
}

/** The actions bound to `trigger`, in order, each as its deployed version with the action's secrets. */
export function boundActions(tenant: Tenant, trigger: string): ActionSource[] {
  const actions = tenant.state.collection('actions');
  const versions = tenant.state.collection('action-versions');
  const sources: ActionSource[] = [];
  for (const binding of actionBindings(tenant)[trigger] ?? []) {
    const action = actions.get(binding.action_id);
    if (!action) continue;
    const deployed = typeof action.deployed_version_id === 'string' ? versions.get(action.deployed_version_id) : undefined;
    const from = deployed ?? action;
    sources.push(actionSource(action, from));
  }
  return sources;
}

/** An action as a run needs it: code and dependencies from `from` (a version, or the action's draft). */
export function actionSource(action: JsonRecord, from: JsonRecord = action): ActionSource {
  const secrets: Record<string, string> = {};
  for (const secret of (action.secrets as JsonRecord[] | undefined) ?? []) {
    if (typeof secret.name === 'string') secrets[secret.name] = typeof secret.value === 'string' ? secret.value : '';
  }
  return {
    id: String(action.id),
    name: String(action.name),
    code: typeof from.code === 'string' ? from.code : '',
    dependencies: (from.dependencies as JsonRecord[] | undefined) ?? [],
    secrets,
  };
}

export interface TriggerRun {
  /** The execution's id; undefined when nothing is bound. */
  executionId?: string;
  /** The action that failed (threw, or ran out of time) and its error. */
  failure?: { action: string; error: string };
  /** The action that stopped the trigger on purpose (api.access.deny). */
  stoppedBy?: string;
  logs: string[];
}

/**
 * Runs the actions bound to `trigger` in order: each gets `eventFor(action)` and `apiFor(action)`;
 * the trigger ends at the first failure, or when `stopped()` says an action ended it.
 */
export async function runTrigger(
  tenant: Tenant,
  trigger: string,
  eventFor: (action: ActionSource) => unknown,
  apiFor: (action: ActionSource) => unknown,
  stopped: () => boolean,
): Promise<TriggerRun> {
  const actions = boundActions(tenant, trigger);
  if (actions.length === 0) return { logs: [] };
  const timeLimitMs = actionRuntimeSettings(tenant).timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const results: JsonRecord[] = [];
  const run: TriggerRun = { logs: [] };
  for (const action of actions) {
    const result = await runAction(action, trigger, eventFor(action), apiFor(action), timeLimitMs);
    run.logs.push(...result.logs);
    results.push({
      action_name: action.name,
      ...(result.error !== undefined ? { error: { id: randomUUID(), msg: result.error, url: '' } } : {}),
      started_at: result.startedAt,
      ended_at: result.endedAt,
    });
    if (result.error !== undefined) {
      run.failure = { action: action.name, error: result.error };
      break;
    }
    if (stopped()) {
      run.stoppedBy = action.name;
      break;
    }
  }
  const stamp = tenant.clock.isoNow();
  const execution: JsonRecord = {
    id: randomUUID(),
    trigger_id: trigger,
    status: run.failure ? 'partial' : 'final',
    results,
    created_at: stamp,
    updated_at: stamp,
  };
  tenant.state.collection('action-executions').insert(execution);
  run.executionId = String(execution.id);
  return run;
}
