/**
 * How long this process's event loop has been blocked, so that a connect or read timer does not
 * count against the service the time this process itself could not listen.
 *
 * Why: Node runs expired timers before it reads the sockets. After the loop was blocked (a busy
 * flow, a long GC, a starved CPU), a request's timer fires first, although its answer may be
 * sitting unread in the socket, or the service (or a proxy in this very process) could not be
 * served its request in the meantime. Measured in the bounded soak test under load: every read
 * timeout beyond the injected stalls came after such a block (the proxy had received the request
 * hundreds of ms late, or had the answer in hand when the client gave up).
 *
 * A sampler ticking every SAMPLE_MS while some request is waiting adds up its own lateness
 * (beyond the usual jitter); a timer compares the total at its start and when it fires.
 */
const SAMPLE_MS = 25;
/** Lateness of a tick below this is the usual timer jitter, not a blocked loop. */
const JITTER_MS = 5;

let blocked = 0;
let lastTick = 0;
let sampler: NodeJS.Timeout | undefined;
let watchers = 0;

function tick(): void {
  const now = performance.now();
  const late = now - lastTick - SAMPLE_MS;
  if (late > JITTER_MS) blocked += late;
  lastTick = now;
}

/** Milliseconds the event loop has been blocked since the sampler started, up to now. */
export function blockedMs(): number {
  if (!sampler) return blocked;
  // The tick that is due now may not have run yet (the caller's timer fired first).
  const late = performance.now() - lastTick - SAMPLE_MS;
  return late > JITTER_MS ? blocked + late : blocked;
}

/** Keeps the sampler running until the returned function is called (once). */
export function watchLoopLag(): () => void {
  watchers += 1;
  if (!sampler) {
    lastTick = performance.now();
    sampler = setInterval(tick, SAMPLE_MS);
    sampler.unref();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    watchers -= 1;
    if (watchers === 0 && sampler) {
      clearInterval(sampler);
      sampler = undefined;
    }
  };
}
