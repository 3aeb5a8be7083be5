/**
 * The engine of auth0-job-watch: it polls each watched job through the tenant's client on a
 * self-rescheduling timer, backs off when polls fail, ends jobs that outlive Auth0's own limits,
 * and when a job ends sends it on (with an import's failed rows, or an export's users read from
 * its file as a stream). The node file wires it to Node-RED; this file knows no Node-RED runtime.
 */
import { Auth0Error, ConfigError, InputError, RateLimitError } from '../../shared/errors';
import type { TenantClient } from '../../shared/http-types';
import type { DoneFunction, NodeMessage, NodeStatus, SendFunction } from '../../shared/node-red-types';
import { encodePathSegment } from '../../shared/request';
import { JOB_LIMITS, isRunningStatus } from '../job-limits';
import { exportFormatOf, openExportFile, parseLocation } from './export-download';
import type { JobRef } from './job-refs';
import { watchStatus, type WatchProgress, type WatchTotals } from './progress';
import { ExportFileError, exportRecords } from './records';
import type { SavedJob, WatchStore } from './watch-store';

export type ExportOutput = 'array' | 'items';

/** Why a job went to output 2. */
export type FailReason = 'failed' | 'timeout' | 'not_found' | 'expired' | 'download_failed' | 'bad_file';

/** Extra wait past Auth0's own limit before the watch gives a stuck job up (Auth0 fails it itself first). */
const DEADLINE_GRACE_MS = 10 * 60 * 1000;
/** Longest wait between polls of a job whose polls keep failing. */
const MAX_BACKOFF_MS = 5 * 60 * 1000;
/** Downloads of one export file tried before the job goes to output 2. */
const MAX_DOWNLOAD_ATTEMPTS = 5;
/** Users sent before the watch lets Node-RED deliver them (keeps memory flat on big exports). */
const ITEMS_PER_TURN = 100;
/** Bytes of a waiting message's properties kept in the context store; beyond it only topic is kept. */
const MAX_SAVED_MESSAGE_BYTES = 64 * 1024;

type Job = Record<string, unknown>;

/** The input message a job came with, and how to finish it. */
interface InputTracker {
  remaining: number;
  error?: Error;
  send: SendFunction;
  done: DoneFunction;
}

/** A message waiting for a job's end: its properties (payload aside) travel with the output. */
interface Waiter {
  base: NodeMessage;
  saved: Record<string, unknown>;
  input?: InputTracker;
}

interface WatchedJob {
  id: string;
  addedAt: number;
  createdAt?: number;
  type?: string;
  last?: Job;
  /** Polls failed in a row. */
  failures: number;
  downloadAttempts: number;
  /** Export users already sent (items output), skipped when a download is tried again. */
  emitted: number;
  nextPollAt: number;
  busy: boolean;
  waiters: Waiter[];
}

export interface WatcherOptions {
  client(): TenantClient;
  intervalMs: number;
  exportOutput: ExportOutput;
  /** Where the watched jobs are kept (the node's context store, or Redis shared by replicas). */
  store: Pick<WatchStore, 'load' | 'save' | 'flush' | 'clear'>;
  status(status: NodeStatus | Record<string, never>): void;
  cloneMessage<T>(msg: T): T;
  /** node.send, for jobs resumed after a restart (they have no input message to answer). */
  send: SendFunction;
  /** node.error(err, msg): for Catch nodes. */
  error(err: Error, msg: NodeMessage): void;
  warn(message: string): void;
  now?: () => number;
}

function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

function limitFor(type: string | undefined): number {
  return type === 'users_export' ? JOB_LIMITS.exportTimeoutMs : JOB_LIMITS.importTimeoutMs;
}

/** A failure that a later poll will not fix. */
function isPermanent(err: unknown): boolean {
  if (err instanceof InputError || err instanceof ConfigError || err instanceof ExportFileError) return true;
  if (err instanceof Auth0Error) return err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 408 && err.statusCode !== 429;
  return false;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A message's properties as they can be stored: no payload, no http objects, small. */
export function savable(msg: NodeMessage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(msg)) {
    if (key === 'payload' || key === 'req' || key === 'res' || value === undefined || typeof value === 'function') continue;
    out[key] = value;
  }
  try {
    const text = JSON.stringify(out);
    if (text.length <= MAX_SAVED_MESSAGE_BYTES) return JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Circular or not JSON: keep what surely is.
  }
  const minimal: Record<string, unknown> = {};
  if (typeof msg._msgid === 'string') minimal._msgid = msg._msgid;
  if (typeof msg.topic === 'string') minimal.topic = msg.topic;
  return minimal;
}

export class JobWatcher {
  private readonly jobs = new Map<string, WatchedJob>();
  private readonly controller = new AbortController();
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private downloading: number | undefined;
  private readonly totals: WatchTotals = { completed: 0, failed: 0 };
  /** Resolves once the saved jobs are loaded; inputs wait for it so a save never overwrites them unread. */
  readonly ready: Promise<void>;

  constructor(private readonly options: WatcherOptions) {
    this.now = options.now ?? Date.now;
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
        id: ref.id, addedAt: now, failures: 0, downloadAttempts: 0, emitted: 0, nextPollAt: now, busy: false, waiters: [waiter],
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
        id: entry.id, addedAt: entry.addedAt, failures: 0, downloadAttempts: 0, emitted: 0, nextPollAt: now, busy: false,
        waiters: entry.messages.map((message) => ({ base: this.options.cloneMessage(message) as NodeMessage, saved: message })),
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
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.tick();
    }, Math.max(0, next - this.now()));
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
      const data = await this.getJob(job.id);
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
        if (data.type === 'users_export') await this.failed(job, 'expired', 'the export completed more than 2 hours ago; its file is no longer available', data);
        else await this.completed(job, data);
      } else if (this.pastDeadline(job)) {
        await this.failed(job, 'timeout', this.timeoutText(job), data);
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
      this.abandon(job, err as Error);
      return;
    } else if (this.pastDeadline(job)) {
      await this.failed(job, 'timeout', `${this.timeoutText(job)}; the last poll failed: ${errorText(err)}`, job.last);
      return;
    }
    job.failures += 1;
    let wait = Math.min(MAX_BACKOFF_MS, this.options.intervalMs * 2 ** job.failures);
    if (err instanceof RateLimitError && err.resetAt) wait = Math.max(wait, Math.min(MAX_BACKOFF_MS, err.resetAt * 1000 - this.now()));
    job.nextPollAt = this.now() + Math.max(this.options.intervalMs, Math.round(wait * (0.9 + Math.random() * 0.2)));
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

  private pastDeadline(job: WatchedJob): boolean {
    const since = Math.min(job.createdAt ?? job.addedAt, job.addedAt);
    return this.now() - since > limitFor(job.type) + DEADLINE_GRACE_MS;
  }

  private timeoutText(job: WatchedJob): string {
    const hours = limitFor(job.type) / 3_600_000;
    return `the job did not finish within ${hours} hours, Auth0's limit for ${job.type === 'users_export' ? 'export' : 'import'} jobs`;
  }

  private async getJob(id: string): Promise<Job> {
    const response = await this.options.client().request<Job>({
      method: 'GET',
      path: `/api/v2/jobs/${encodePathSegment(id)}`,
      auth: 'management',
      signal: this.controller.signal,
      operation: 'jobs.get',
    });
    const data = response.data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new Auth0Error('Auth0 answered the job poll without a job', { statusCode: response.statusCode, operation: 'jobs.get' });
    }
    return data;
  }

  // ---- endings -------------------------------------------------------------------------------

  private async completed(job: WatchedJob, data: Job): Promise<void> {
    if (data.type === 'users_export') {
      await this.sendExport(job, data);
    } else if (data.type === 'users_import') {
      const payload: Job = { ...data, errors: await this.importErrors(job.id, data) };
      this.finish(job, 'completed', (waiter) => this.message(waiter, payload, { jobId: job.id, type: data.type, status: data.status }));
    } else {
      this.finish(job, 'completed', (waiter) => this.message(waiter, { ...data }, { jobId: job.id, type: data.type, status: data.status }));
    }
  }

  /** An import's failed rows, `[]` when none (the endpoint answers 204). */
  private async importErrors(id: string, data: Job): Promise<unknown[]> {
    const summary = data.summary as { failed?: unknown } | undefined;
    if (summary && typeof summary.failed === 'number' && summary.failed === 0) return [];
    const response = await this.options.client().request<unknown>({
      method: 'GET',
      path: `/api/v2/jobs/${encodePathSegment(id)}/errors`,
      auth: 'management',
      signal: this.controller.signal,
      operation: 'jobs.get_failed_job',
    });
    return response.statusCode === 204 || !Array.isArray(response.data) ? [] : response.data;
  }

  private async failed(job: WatchedJob, reason: FailReason, details: string, data: Job | undefined): Promise<void> {
    const payload: Job = { ...(data ?? { id: job.id }) };
    if (reason === 'failed') {
      // The job's own error details; never lets a failing errors call hide the failure itself.
      try {
        const response = await this.options.client().request<unknown>({
          method: 'GET',
          path: `/api/v2/jobs/${encodePathSegment(job.id)}/errors`,
          auth: 'management',
          signal: this.controller.signal,
          operation: 'jobs.get_failed_job',
        });
        if (Array.isArray(response.data)) payload.errors = response.data;
        else if (response.statusCode !== 204 && response.data && typeof response.data === 'object') payload.error_details = response.data;
      } catch {
        // Without details the failure still goes out.
      }
    }
    this.finish(job, 'failed', (waiter) => this.message(waiter, payload, { jobId: job.id, type: payload.type ?? job.type, status: payload.status, reason, details }));
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

  /** Downloads, un-gzips and parses the file as a stream; sends one array or one message per user. */
  private async sendExport(job: WatchedJob, data: Job): Promise<void> {
    job.downloadAttempts += 1;
    const url = parseLocation(data.location);
    const format = exportFormatOf(data, url);
    const meta = { jobId: job.id, type: data.type, status: data.status, format };
    const stream = await openExportFile(this.options.client(), url, this.controller.signal);
    const perItem = this.options.exportOutput === 'items';
    const users: Record<string, unknown>[] = [];
    let index = 0;
    let held: Record<string, unknown> | undefined;
    this.downloading = 0;
    try {
      for await (const record of exportRecords(stream, format)) {
        if (this.closed) return;
        index += 1;
        this.downloading = index;
        if (!perItem) {
          users.push(record);
        } else if (index > job.emitted) {
          // One user held back, so the last message can carry parts.count for a join node.
          if (held) this.sendItem(job, held, job.emitted, meta);
          held = record;
        }
        if (index % ITEMS_PER_TURN === 0) {
          if (index % (ITEMS_PER_TURN * 10) === 0) this.showStatus();
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      this.downloading = undefined;
      stream.destroy();
    }
    if (this.closed) return;
    if (!perItem) {
      this.finish(job, 'completed', (waiter) => this.message(waiter, { ...data, users }, { ...meta, count: users.length }));
      return;
    }
    if (held) this.sendItem(job, held, job.emitted, meta, index);
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
    const progress: WatchProgress = { jobs: this.jobs.size };
    if (this.downloading !== undefined) progress.downloading = this.downloading;
    let percentSum = 0;
    let percentCount = 0;
    let retryAt: number | undefined;
    for (const job of this.jobs.values()) {
      const pct = Number(job.last?.percentage_done);
      if (Number.isFinite(pct)) {
        percentSum += pct;
        percentCount += 1;
      } else if (job.last && isRunningStatus(job.last.status)) {
        percentCount += 1; // pending: 0 %
      }
      const left = Number(job.last?.time_left_seconds);
      if (Number.isFinite(left)) progress.secondsLeft = Math.max(progress.secondsLeft ?? 0, left);
      if (job.failures > 0) retryAt = retryAt === undefined ? job.nextPollAt : Math.min(retryAt, job.nextPollAt);
    }
    if (percentCount > 0) progress.percent = percentSum / percentCount;
    if (retryAt !== undefined) progress.retryIn = Math.max(0, (retryAt - this.now()) / 1000);
    this.options.status(watchStatus(progress, this.totals));
  }
}
