/**
 * Registry of executors (see executor-types.ts). Each family registers its own at import time,
 * so no central list has to know them all.
 */
import type { Executor } from './executor-types';

const executors = new Map<string, Executor>();

export function registerExecutor(name: string, executor: Executor): void {
  if (executors.has(name) && executors.get(name) !== executor) {
    throw new Error(`executor "${name}" is registered twice`);
  }
  executors.set(name, executor);
}

export function findExecutor(name: string): Executor | undefined {
  return executors.get(name);
}
