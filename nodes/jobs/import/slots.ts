/**
 * Auth0 runs at most 2 import jobs per tenant at once and answers a third with 429. This keeps
 * the count per tenant client (shared by every node of the tenant), so the nodes of one
 * Node-RED never send a third: the rest wait in order, and the one at the front checks whether
 * a running job has finished. Imports started elsewhere show up as the service's 429, which
 * makes everyone wait a while before trying again.
 */
import { abortableSleep } from '../../shared/abortable-sleep';
import { JOB_LIMITS } from '../job-limits';

export interface ImportPace {
  /** Longest wait between two checks of the running jobs, ms. */
  pollMs: number;
  /** Shortest wait between two checks, ms (the job's own time-left hint is kept between the two). */
  minPollMs: number;
}

/** What a check of a running job found; `timeLeftMs` when the service said. */
export interface RunningCheck {
  running: boolean;
  timeLeftMs?: number;
}

export type JobCheck = (jobId: string) => Promise<RunningCheck>;

export interface AcquireOptions {
  check: JobCheck;
  signal: AbortSignal;
  pace: ImportPace;
  /** Called before each wait, with the number of jobs holding the slots. */
  onWait?: (running: number) => void;
  /** Go to the front of the line (a submission that the service just turned away). */
  front?: boolean;
}

/** A reserved slot: becomes a running job, or is given back. */
export interface ImportTicket {
  submitted(jobId: string): void;
  release(): void;
}

/** An abortable sleep that ends with the import's own stop error. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return abortableSleep(ms, signal, abortError);
}

function abortError(): Error {
  const err = new Error('the import was stopped (the node closed)');
  err.name = 'AbortError';
  return err;
}

export class ImportSlots {
  /** Jobs this Node-RED started that may still run: id → when submitted (ms). */
  private readonly running = new Map<string, number>();
  private reserved = 0;
  private readonly line: object[] = [];
  private readonly wakers = new Set<() => void>();
  /** Until when the service said it is full (imports started elsewhere). */
  private serviceFullUntil = 0;

  constructor(
    readonly limit: number = JOB_LIMITS.maxRunningImports,
    private readonly now: () => number = Date.now,
  ) {}

  /** Slots taken: running jobs plus reservations being submitted. */
  get busy(): number {
    return this.running.size + this.reserved;
  }

  /** Job ids believed to be running (for status and tests). */
  runningJobs(): string[] {
    return [...this.running.keys()];
  }

  /** The service answered 429: nobody submits again before `untilMs`. */
  serviceFull(untilMs: number): void {
    this.serviceFullUntil = Math.max(this.serviceFullUntil, untilMs);
  }

  /** Waits for a free slot, in order of arrival; the caller submits, then calls `submitted` or `release`. */
  async acquire(options: AcquireOptions): Promise<ImportTicket> {
    const me = {};
    if (options.front) this.line.unshift(me);
    else this.line.push(me);
    try {
      for (;;) {
        if (options.signal.aborted) throw abortError();
        this.dropStale();
        if (this.line[0] !== me) {
          await this.nextChange(options.signal);
          continue;
        }
        const now = this.now();
        if (now < this.serviceFullUntil) {
          options.onWait?.(this.busy);
          await this.pause(this.serviceFullUntil - now, options.signal);
          continue;
        }
        if (this.busy < this.limit) {
          this.line.shift();
          this.reserved += 1;
          this.notify();
          return this.ticket();
        }
        const hint = await this.refresh(options.check);
        if (this.busy < this.limit) continue;
        options.onWait?.(this.busy);
        const wait = Math.min(options.pace.pollMs, Math.max(options.pace.minPollMs, hint ?? options.pace.pollMs));
        await this.pause(wait, options.signal);
      }
    } finally {
      const at = this.line.indexOf(me);
      if (at >= 0) {
        this.line.splice(at, 1);
        this.notify();
      }
    }
  }

  private ticket(): ImportTicket {
    let open = true;
    const close = (): boolean => {
      if (!open) return false;
      open = false;
      this.reserved -= 1;
      return true;
    };
    return {
      submitted: (jobId: string) => {
        if (!close()) return;
        this.running.set(jobId, this.now());
        this.notify();
      },
      release: () => {
        if (close()) this.notify();
      },
    };
  }

  /** Asks after each running job; forgets the finished ones. Returns the shortest time left the service gave. */
  private async refresh(check: JobCheck): Promise<number | undefined> {
    let shortest: number | undefined;
    for (const id of [...this.running.keys()]) {
      const found = await check(id);
      if (!found.running) {
        this.running.delete(id);
        this.notify();
      } else if (found.timeLeftMs !== undefined) {
        shortest = shortest === undefined ? found.timeLeftMs : Math.min(shortest, found.timeLeftMs);
      }
    }
    return shortest;
  }

  /** A job past Auth0's import timeout no longer runs, whatever a failing check says. */
  private dropStale(): void {
    const cutoff = this.now() - JOB_LIMITS.importTimeoutMs;
    for (const [id, since] of this.running) if (since < cutoff) this.running.delete(id);
  }

  private nextChange(signal: AbortSignal): Promise<void> {
    return this.pause(undefined, signal);
  }

  /** Waits `ms` (forever when undefined) or until a slot or the line changes, whichever comes first. */
  private pause(ms: number | undefined, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(abortError());
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const finish = (): void => {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.wakers.delete(wake);
      };
      const wake = (): void => {
        finish();
        resolve();
      };
      const onAbort = (): void => {
        finish();
        reject(abortError());
      };
      this.wakers.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
      if (ms !== undefined) timer = setTimeout(wake, Math.max(0, ms));
    });
  }

  private notify(): void {
    for (const wake of [...this.wakers]) wake();
  }
}
