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
