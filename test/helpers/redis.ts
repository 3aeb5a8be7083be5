/**
 * One real redis-server (scripts/local-redis) for the describe block that calls `useRedis()`:
 * started on a free loopback port in a `before` hook, stopped and its folder removed in an `after`
 * hook. Mocha runs `after` hooks in the order they are declared, so a suite whose own `after` still
 * needs Redis (nodes or connections to close first) declares that hook before calling `useRedis()`.
 */
import { RedisServer } from '../../scripts/local-redis';
import { readThrough, suiteResource } from './suite-resource';

/** The suite's Redis: readable from the hooks and tests that run after its `before` hook. */
export interface SuiteRedis {
  /** `redis://127.0.0.1:<port>/0` (with the password, when one is set). */
  readonly url: string;
  readonly port: number;
  /** Stops it; `begin()` starts it again on the same port, with the data written before. */
  stop(): Promise<void>;
  begin(): Promise<void>;
  restart(): Promise<void>;
}

export function useRedis(options: { password?: string } = {}): SuiteRedis {
  const started = suiteResource(
    'useRedis()',
    () => RedisServer.start(options),
    (server) => server.remove(),
  );
  return readThrough(started);
}
