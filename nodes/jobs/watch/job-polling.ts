/**
 * The polling side of auth0-job-watch: the requests about one job (its state, an import's failed
 * rows, a failed job's details), what a failed poll means (give up, or try again with backoff),
 * and Auth0's own time limits, past which a job is given up as timed out.
 */
import type { BackoffPolicy } from '../../shared/backoff';
import { Auth0Error, ConfigError, InputError, TenantClosedError } from '../../shared/errors';
import type { TenantClient } from '../../shared/http-types';
import { encodePathSegment } from '../../engine/request';
import { JOB_LIMITS } from '../job-limits';
import { failureWaitMs } from '../../watch/failure-wait';
import { ExportFileError } from './records';
import type { Job, WatchedJob } from './watched-job';

/** Extra wait past Auth0's own limit before the watch gives a stuck job up (Auth0 fails it itself first). */
const DEADLINE_GRACE_MS = 10 * 60 * 1000;
/** Longest wait between polls of a job whose polls keep failing. */
const MAX_BACKOFF_MS = 5 * 60 * 1000;

function limitFor(type: string | undefined): number {
  return type === 'users_export' ? JOB_LIMITS.exportTimeoutMs : JOB_LIMITS.importTimeoutMs;
}

/** A failure that a later poll will not fix. */
export function isPermanent(err: unknown): boolean {
  // The config node closed under the watch (a redeploy): the watch itself is about to close.
  if (err instanceof TenantClosedError) return false;
  if (err instanceof InputError || err instanceof ConfigError || err instanceof ExportFileError) return true;
  if (err instanceof Auth0Error) return err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 408 && err.statusCode !== 429;
  return false;
}

export function pastDeadline(job: WatchedJob, now: number): boolean {
  const since = Math.min(job.createdAt ?? job.addedAt, job.addedAt);
  return now - since > limitFor(job.type) + DEADLINE_GRACE_MS;
}

export function timeoutText(job: WatchedJob): string {
  const hours = limitFor(job.type) / 3_600_000;
  return `the job did not finish within ${hours} hours, Auth0's limit for ${job.type === 'users_export' ? 'export' : 'import'} jobs`;
}

/**
 * When to poll a job again after `job.failures` failed polls in a row: the watchers' one failure
 * wait (watch/failure-wait.ts) with the job watch's numbers: two intervals after the first, then
 * doubling up to five minutes (±10 %), never before a 429's reset, never sooner than the interval.
 */
export function nextPollAfterFailure(job: WatchedJob, err: unknown, intervalMs: number, now: number): number {
  const policy: BackoffPolicy = { firstMs: intervalMs, capMs: MAX_BACKOFF_MS, jitter: [0.9, 1.1] };
  return now + Math.max(intervalMs, failureWaitMs(err, job.failures + 1, policy, now));
}

/** The requests about a job, through the tenant's client, ended by the watch's signal. */
export class JobRequests {
  constructor(
    private readonly client: () => TenantClient,
    private readonly signal: AbortSignal,
  ) {}

  async get(id: string): Promise<Job> {
    const response = await this.client().request<Job>({
      method: 'GET',
      path: `/api/v2/jobs/${encodePathSegment(id)}`,
      auth: 'management',
      signal: this.signal,
      operation: 'jobs.get',
    });
    const data = response.data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new Auth0Error('Auth0 answered the job poll without a job', { statusCode: response.statusCode, operation: 'jobs.get' });
    }
    return data;
  }

  /** An import's failed rows, `[]` when none (the endpoint answers 204). */
  async importErrors(id: string, data: Job): Promise<unknown[]> {
    const summary = data.summary as { failed?: unknown } | undefined;
    if (summary && typeof summary.failed === 'number' && summary.failed === 0) return [];
    const response = await this.errors(id);
    return response.statusCode === 204 || !Array.isArray(response.data) ? [] : (response.data as unknown[]);
  }

  /** A failed job's own error details, added to `payload`; a failing request adds nothing (the failure still goes out). */
  async addFailureDetails(id: string, payload: Job): Promise<void> {
    try {
      const response = await this.errors(id);
      if (Array.isArray(response.data)) payload.errors = response.data;
      else if (response.statusCode !== 204 && response.data && typeof response.data === 'object') payload.error_details = response.data;
    } catch {
      // Without details the failure still goes out.
    }
  }

  private errors(id: string): Promise<{ statusCode: number; data: unknown }> {
    return this.client().request<unknown>({
      method: 'GET',
      path: `/api/v2/jobs/${encodePathSegment(id)}/errors`,
      auth: 'management',
      signal: this.signal,
      operation: 'jobs.get_failed_job',
    });
  }
}
