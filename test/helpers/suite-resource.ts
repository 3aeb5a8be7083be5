/**
 * Something a describe block starts in a `before` hook and ends in an `after` hook (a Redis, a
 * browser session, a Node-RED harness): the hooks registered where this is called, and the accessor
 * that reads it from the hooks and tests in between.
 */
export function suiteResource<T>(name: string, start: (context: Mocha.Context) => Promise<T>, end: (value: T) => Promise<void>): () => T {
  let value: T | undefined;
  before(async function () {
    value = await start(this);
  });
  after(async function () {
    const started = value;
    value = undefined;
    if (started !== undefined) await end(started);
  });
  return () => {
    if (value === undefined) throw new Error(`${name}: it runs only between the before and after hooks of its suite`);
    return value;
  };
}

/**
 * The resource read through `current` as an object of its own type, for a suite to keep in a
 * `const`: each property is read from what `current()` returns at that moment (methods bound to it).
 */
export function readThrough<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      const property: unknown = Reflect.get(value, key);
      return typeof property === 'function' ? (property as (...args: unknown[]) => unknown).bind(value) : property;
    },
  });
}
