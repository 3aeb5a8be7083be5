/** The node status of auth0-job-watch: short texts (Node-RED shows about 20 characters). */
import type { NodeStatus } from '../../shared/node-red-types';
import { isRunningStatus } from '../job-limits';
import type { StatusText } from '../../shared/status-text';
import type { WatchedJob } from './watched-job';

/** 45 s, 3 min, 1 h 5 min. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.round(s / 60)}m`;
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  return m > 0 ? `${h}h ${m}m` : `${h}h`;
}

export interface WatchProgress {
  jobs: number;
  /** Mean `percentage_done` of the jobs that reported one. */
  percent?: number;
  /** Longest `time_left_seconds` reported. */
  secondsLeft?: number;
  /** Seconds until the next try, when polls are failing. */
  retryIn?: number;
  /** Users read so far from an export file being downloaded. */
  downloading?: number;
}

export interface WatchTotals {
  completed: number;
  failed: number;
}

export function watchStatus(progress: WatchProgress, totals: WatchTotals, text: StatusText): NodeStatus | Record<string, never> {
  if (progress.downloading !== undefined) {
    return { fill: 'blue', shape: 'dot', text: text('exporting', { count: progress.downloading.toLocaleString('en-US') }) };
  }
  if (progress.jobs > 0) {
    const count = progress.jobs === 1 ? text('oneJob') : text('jobs', { count: progress.jobs });
    if (progress.retryIn !== undefined)
      return { fill: 'yellow', shape: 'ring', text: text('jobsRetry', { jobs: count, delay: formatDuration(progress.retryIn) }) };
    const parts = [count];
    if (progress.percent !== undefined) parts.push(`${Math.floor(progress.percent)}%`);
    if (progress.secondsLeft !== undefined && progress.secondsLeft > 0) parts.push(`~${formatDuration(progress.secondsLeft)}`);
    return { fill: 'blue', shape: 'dot', text: parts.join(' ') };
  }
  if (totals.completed === 0 && totals.failed === 0) return {};
  const done =
    totals.failed > 0 ? text('jobsDoneFailed', { completed: totals.completed, failed: totals.failed }) : text('jobsDone', { completed: totals.completed });
  return { fill: totals.failed > 0 ? 'red' : 'green', shape: totals.failed > 0 ? 'ring' : 'dot', text: done };
}

/** The progress of the watched jobs: their mean percentage, the longest time left, the next retry. */
export function progressOf(jobs: Iterable<WatchedJob>, downloading: number | undefined, now: number): WatchProgress {
  const progress: WatchProgress = { jobs: 0 };
  if (downloading !== undefined) progress.downloading = downloading;
  let percentSum = 0;
  let percentCount = 0;
  let retryAt: number | undefined;
  for (const job of jobs) {
    progress.jobs += 1;
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
  if (retryAt !== undefined) progress.retryIn = Math.max(0, (retryAt - now) / 1000);
  return progress;
}
