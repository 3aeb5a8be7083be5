/**
 * The engine of auth0-job-watch: it polls each watched job through the tenant's client on a
 * self-rescheduling timer and, when a job ends, sends it on to every message waiting for it. Its
 * rooms: job-polling.ts (the requests, backoff, Auth0's time limits), export-stream.ts (an
 * export's users read from its file as a stream), progress.ts (the status), watched-job.ts (what
 * is kept of each job). The node file wires it to Node-RED; this file knows no Node-RED runtime.
 */
import { Auth0Error, toError } from '../../shared/errors';
import type { TenantClient } from '../../shared/http-types';
import type { DoneFunction, NodeMessage, NodeStatus, SendFunction } from '../../shared/node-red-types';
import type { StatusText } from '../../shared/status-text';
import { exportFormatOf, parseLocation } from './export-download';
import { readExportUsers } from './export-stream';
import { JobRequests, isPermanent, nextPollAfterFailure, pastDeadline, timeoutText } from './job-polling';
import type { JobRef } from './job-refs';
import { progressOf, watchStatus, type WatchTotals } from './progress';
import { ExportFileError } from './records';
import { type InputTracker, type Job, type WatchedJob, type Waiter, parseTime, savable } from './watched-job';
import type { SavedJob, WatchStore } from './watch-store';

export type ExportOutput = 'array' | 'items';

/** Why a job went to output 2. */
export type FailReason = 'failed' | 'timeout' | 'not_found' | 'expired' | 'download_failed' | 'bad_file';

/** Downloads of one export file tried before the job goes to output 2. */
const MAX_DOWNLOAD_ATTEMPTS = 5;

export interface WatcherOptions {
  client(): TenantClient;
  intervalMs: number;
  exportOutput: ExportOutput;
  /** Where the watched jobs are kept (the node's context store, or Redis shared by replicas). */
  store: Pick<WatchStore, 'load' | 'save' | 'flush' | 'clear'>;
  status(status: NodeStatus | Record<string, never>): void;
  /** The status texts (see status-text.ts). */
  text: StatusText;
  cloneMessage<T>(msg: T): T;
  /** node.send, for jobs resumed after a restart (they have no input message to answer). */
  send: SendFunction;
  /** node.error(err, msg): for Catch nodes. */
  error(err: Error, msg: NodeMessage): void;
  warn(message: string): void;
  now?: () => number;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class JobWatcher {
  private readonly jobs = new Map<string, WatchedJob>();
  private readonly controller = new AbortController();
  private readonly requests: JobRequests;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private downloading: number | undefined;
  private readonly totals: WatchTotals = { completed: 0, failed: 0 };
  /** Resolves once the saved jobs are loaded; inputs wait for it so a save never overwrites them unread. */
  readonly ready: Promise<void>;

  constructor(private readonly options: WatcherOptions) {
    this.now = options.now ?? Date.now;
    this.requests = new JobRequests(() => options.client(), this.controller.signal);
    this.ready = this.resume();
  }

  /** Jobs being watched (for tests and status). */
  watchedIds(): string[] {
    return [...this.jobs.keys()];
  }

  /** Starts watching the jobs of one input message; `done` is called when all of them have ended. */
  async watch(refs: JobRef[], msg: NodeMessage, send: SendFunction, done: DoneFunction): Promise<void> {
    await this.ready;
    if (this.closed) return;
    const { payload: _payload, ...rest } = msg;
    const base = this.options.cloneMessage(rest) as NodeMessage;
    const saved = savable(rest);
    const input: InputTracker = { remaining: refs.length, send, done };
    const now = this.now();
    for (const ref of refs) {
      const waiter: Waiter = { base, saved, input };
      const existing = this.jobs.get(ref.id);
      if (existing) {
        existing.waiters.push(waiter);
        continue;
      }
      const job: WatchedJob = {
        id: ref.id,
        addedAt: now,
        failures: 0,
        downloadAttempts: 0,
        emitted: 0,
        nextPollAt: now,
        busy: false,
        waiters: [waiter],
      };
      const type = ref.job?.type;
      if (typeof type === 'string') job.type = type;
      const created = parseTime(ref.job?.created_at);
      if (created !== undefined) job.createdAt = created;
      this.jobs.set(ref.id, job);
    }
    this.save();
    this.schedule();
    this.showStatus();
  }

  /** Stops every timer and request; waits for the last save. `forget`: drop the saved jobs too. */
  async close(forget: boolean): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.controller.abort();
    await this.ready.catch(() => undefined);
    if (forget) await this.options.store.clear();
    else await this.options.store.flush();
  }

  // ---- scheduling ----------------------------------------------------------------------------

  private async resume(): Promise<void> {
    this.adopt(await this.options.store.load());
  }

  /** Watches saved jobs not watched yet (after a restart, or jobs another replica handed over); their ends go to node.send. */
  adopt(saved: SavedJob[]): void {
    if (this.closed) return;
    const now = this.now();
    for (const entry of saved) {
      if (this.jobs.has(entry.id)) continue;
      const job: WatchedJob = {
        id: entry.id,
        addedAt: entry.addedAt,
        failures: 0,
        downloadAttempts: 0,
        emitted: 0,
        nextPollAt: now,
        busy: false,
        waiters: entry.messages.map((message) => ({ base: this.options.cloneMessage(message), saved: message })),
      };
      if (entry.createdAt !== undefined) job.createdAt = entry.createdAt;
      if (entry.type !== undefined) job.type = entry.type;
      this.jobs.set(entry.id, job);
    }
    if (this.jobs.size > 0) {
      this.schedule();
      this.showStatus();
    }
  }

  /** One timer for the node, set for the job due first; re-set after every poll round. */
  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    let next: number | undefined;
    for (const job of this.jobs.values()) {
      if (!job.busy && (next === undefined || job.nextPollAt < next)) next = job.nextPollAt;
    }
    if (next === undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.tick();
      },
      Math.max(0, next - this.now()),
    );
  }

  /** Polls every due job; each reschedules when it is done, so a long download holds up no other job. */
  private tick(): void {
    const now = this.now();
    for (const job of this.jobs.values()) {
      if (job.busy || job.nextPollAt > now) continue;
      // poll() never rejects: each job's failure is handled on its own.
      void this.poll(job).then(() => {
        this.schedule();
        this.showStatus();
      });
    }
    this.schedule();
  }

  // ---- one poll ------------------------------------------------------------------------------

  private async poll(job: WatchedJob): Promise<void> {
    job.busy = true;
    try {
      const data = await this.requests.get(job.id);
      job.failures = 0;
      job.last = data;
      this.learn(job, data);
      const status = data.status;
      if (status === 'completed') {
        await this.completed(job, data);
      } else if (status === 'failed') {
        await this.failed(job, 'failed', typeof data.status_details === 'string' ? data.status_details : 'the job failed', data);
      } else if (status === 'expired') {
        // Completed more than 2 hours ago: an import's summary is still there, an export's file is not.
        if (data.type === 'users_export')
          await this.failed(job, 'expired', 'the export completed more than 2 hours ago; its file is no longer available', data);
        else await this.completed(job, data);
      } else if (pastDeadline(job, this.now())) {
        await this.failed(job, 'timeout', timeoutText(job), data);
      } else {
        job.nextPollAt = this.now() + this.options.intervalMs;
      }
    } catch (err) {
      if (this.closed) return;
      try {
        await this.pollFailed(job, err);
      } catch (second) {
        // Only a close can get here (an aborted errors request): the job stays saved for the next start.
        if (!this.closed) this.options.warn(`auth0-job-watch: job ${job.id}: ${errorText(second)}`);
      }
    } finally {
      job.busy = false;
    }
  }

  private async pollFailed(job: WatchedJob, err: unknown): Promise<void> {
    if (err instanceof Auth0Error && err.statusCode === 404 && err.operation === 'jobs.get') {
      await this.failed(job, 'not_found', `the job ${job.id} does not exist (Auth0 deletes jobs after 24 hours)`, job.last);
      return;
    }
    if (err instanceof ExportFileError) {
      await this.failed(job, 'bad_file', `the export file could not be read: ${err.message}`, job.last);
      return;
    }
    if (job.downloadAttempts > 0) {
      // The export completed; its file failed to arrive. A new poll gives a fresh link.
      if (job.downloadAttempts >= MAX_DOWNLOAD_ATTEMPTS) {
        await this.failed(job, 'download_failed', `the export file could not be downloaded in ${MAX_DOWNLOAD_ATTEMPTS} attempts: ${errorText(err)}`, job.last);
        return;
      }
    } else if (isPermanent(err)) {
      this.abandon(job, toError(err));
      return;
    } else if (pastDeadline(job, this.now())) {
      await this.failed(job, 'timeout', `${timeoutText(job)}; the last poll failed: ${errorText(err)}`, job.last);
      return;
    }
    job.failures += 1;
    job.nextPollAt = nextPollAfterFailure(job, err, this.options.intervalMs, this.now());
    if (job.failures === 1) this.options.warn(`auth0-job-watch: job ${job.id}: ${errorText(err)}; trying again with backoff`);
  }

  private learn(job: WatchedJob, data: Job): void {
    let changed = false;
    if (job.type === undefined && typeof data.type === 'string') {
      job.type = data.type;
      changed = true;
    }
    const created = parseTime(data.created_at);
    if (job.createdAt === undefined && created !== undefined) {
      job.createdAt = created;
      changed = true;
    }
    if (changed) this.save();
  }

  // ---- endings -------------------------------------------------------------------------------

  private async completed(job: WatchedJob, data: Job): Promise<void> {
    if (data.type === 'users_export') {
      await this.sendExport(job, data);
    } else if (data.type === 'users_import') {
      const payload: Job = { ...data, errors: await this.requests.importErrors(job.id, data) };
      this.finish(job, 'completed', (waiter) => this.message(waiter, payload, { jobId: job.id, type: data.type, status: data.status }));
    } else {
      this.finish(job, 'completed', (waiter) => this.message(waiter, { ...data }, { jobId: job.id, type: data.type, status: data.status }));
    }
  }

  private async failed(job: WatchedJob, reason: FailReason, details: string, data: Job | undefined): Promise<void> {
    const payload: Job = { ...(data ?? { id: job.id }) };
    // The job's own error details; a failing errors call never hides the failure itself.
    if (reason === 'failed') await this.requests.addFailureDetails(job.id, payload);
    this.finish(job, 'failed', (waiter) =>
      this.message(waiter, payload, { jobId: job.id, type: payload.type ?? job.type, status: payload.status, reason, details }),
    );
  }

  /** A job that cannot be watched (no permission, no tenant): each waiting message goes to Catch nodes. */
  private abandon(job: WatchedJob, err: Error): void {
    if (this.closed) return;
    this.jobs.delete(job.id);
    this.save();
    for (const waiter of job.waiters) {
      const msg = this.message(waiter, job.last ?? { id: job.id }, { jobId: job.id, type: job.type, statusCode: (err as Partial<Auth0Error>).statusCode ?? 0 });
      if (waiter.input) {
        waiter.input.error ??= err;
        this.settle(waiter.input);
      } else {
        this.options.error(err, msg);
      }
    }
  }

  /**
   * Sends one message per waiting message (to output 1 or 2; none when `build` gives none: the
   * users of an export went out one by one) and forgets the job. Nothing goes out once closed:
   * the job stays saved and is watched again at the next start.
   */
  private finish(job: WatchedJob, outcome: 'completed' | 'failed', build: (waiter: Waiter) => NodeMessage | undefined): void {
    if (this.closed) return;
    this.jobs.delete(job.id);
    this.save();
    this.totals[outcome] += 1;
    for (const waiter of job.waiters) {
      const msg = build(waiter);
      if (msg) this.output(waiter, outcome === 'completed' ? [msg, null] : [null, msg]);
      if (waiter.input) this.settle(waiter.input);
    }
  }

  private settle(input: InputTracker): void {
    input.remaining -= 1;
    if (input.remaining > 0) return;
    if (input.error) input.done(input.error);
    else input.done();
  }

  private output(waiter: Waiter, msgs: [NodeMessage | null, NodeMessage | null]): void {
    (waiter.input?.send ?? this.options.send)(msgs);
  }

  private message(waiter: Waiter, payload: unknown, auth0: Record<string, unknown>): NodeMessage {
    const msg = this.options.cloneMessage(waiter.base);
    msg.payload = payload;
    msg.auth0 = Object.fromEntries(Object.entries(auth0).filter(([, value]) => value !== undefined));
    return msg;
  }

  // ---- exports -------------------------------------------------------------------------------

  /** Reads the export's file as a stream; sends one array, or one message per user as they are read. */
  private async sendExport(job: WatchedJob, data: Job): Promise<void> {
    job.downloadAttempts += 1;
    const url = parseLocation(data.location);
    const format = exportFormatOf(data, url);
    const meta = { jobId: job.id, type: data.type, status: data.status, format };
    const read = await readExportUsers({
      client: this.options.client(),
      url,
      format,
      signal: this.controller.signal,
      perItem: this.options.exportOutput === 'items',
      alreadySent: job.emitted,
      closed: () => this.closed,
      reading: (count, showStatus) => {
        this.downloading = count;
        if (showStatus) this.showStatus();
      },
      item: (user, index, count) => this.sendItem(job, user, index, meta, count),
    });
    if (!read || this.closed) return;
    if (this.options.exportOutput !== 'items') {
      this.finish(job, 'completed', (waiter) => this.message(waiter, { ...data, users: read.users }, { ...meta, count: read.users.length }));
      return;
    }
    this.finish(job, 'completed', () => undefined);
  }

  /** One user of an export to every waiting message, as part `index` of the job's array. */
  private sendItem(job: WatchedJob, user: Record<string, unknown>, index: number, meta: Record<string, unknown>, count?: number): void {
    for (const waiter of job.waiters) {
      const msg = this.message(waiter, user, { ...meta, index, ...(count !== undefined ? { count } : {}) });
      const parts: Record<string, unknown> = { id: job.id, index, type: 'array', ...(count !== undefined ? { count } : {}) };
      if (waiter.base.parts !== undefined) parts.parts = waiter.base.parts;
      msg.parts = parts;
      this.output(waiter, [msg, null]);
    }
    job.emitted = index + 1;
  }

  // ---- state ---------------------------------------------------------------------------------

  private save(): void {
    this.options.store.save(() =>
      [...this.jobs.values()].map((job): SavedJob => {
        const entry: SavedJob = { id: job.id, addedAt: job.addedAt, messages: job.waiters.map((waiter) => waiter.saved) };
        if (job.createdAt !== undefined) entry.createdAt = job.createdAt;
        if (job.type !== undefined) entry.type = job.type;
        return entry;
      }),
    );
  }

  private showStatus(): void {
    if (this.closed) return;
    this.options.status(watchStatus(progressOf(this.jobs.values(), this.downloading, this.now()), this.totals, this.options.text));
  }
}
