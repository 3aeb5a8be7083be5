/**
 * What the emulator does with an action's code: "build" it (Auth0 compiles the code and installs
 * its dependencies; here the code is compiled and the dependency list checked) and, for the test
 * endpoint, run its draft once (runner.ts) with the given event and the trigger's `api`,
 * answering every command the code gave (api.access.deny, api.idToken.setCustomClaim, …).
 */
import { randomUUID } from 'node:crypto';
import { Script } from 'node:vm';
import type { JsonRecord } from '../../core/collection';
import type { Tenant } from '../../core/types';
import { toError } from '../../../nodes/shared/errors';
import { actionRuntimeSettings, actionSource, DEFAULT_TIME_LIMIT_MS, runAction } from './runner';
import { TriggerEffects, triggerApi } from './trigger-api';

export interface BuildError {
  id: string;
  msg: string;
  url: string;
}

/** Emulated time a build takes: long enough that a client has to wait for it. */
export const BUILD_DELAY_MS = 400;

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

/** Runs the action's draft once with `event` as POST /actions/actions/{id}/test does: its logs, the `api` calls it made, its error. */
export async function testRun(tenant: Tenant, action: JsonRecord, trigger: string, event: unknown): Promise<Record<string, unknown>> {
  const source = actionSource(action);
  const effects = new TriggerEffects();
  const given = event !== null && typeof event === 'object' && !Array.isArray(event) ? (event as Record<string, unknown>) : {};
  const timeLimitMs = actionRuntimeSettings(tenant).timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const result = await runAction(source, trigger, { secrets: source.secrets, ...given }, triggerApi(tenant, trigger, source.name, effects), timeLimitMs);
  return {
    logs: result.logs.join('\n'),
    stats: { total_request_duration_ms: result.durationMs, total_runtime_execution_duration_ms: result.durationMs },
    commands: effects.commands,
    ...(result.error !== undefined ? { error: { id: randomUUID(), msg: `${result.errorName ?? 'Error'}: ${result.error}`, url: '' } } : {}),
  };
}
