/**
 * The JSON the Management API answers for a job (`POST /jobs/…` and `GET /jobs/{id}`), and for
 * `GET /jobs/{id}/errors`.
 */
import type { ImportFailure, Job } from './job-model';
import type { JobPace } from './job-engine';

export interface JobViewOptions {
  /** The signed download link of a completed export. */
  location?: string;
  pace: JobPace;
  /** The emulated present, for an export's progress. */
  now: number;
}

export function jobView(job: Job, options: JobViewOptions): Record<string, unknown> {
  const view: Record<string, unknown> = {
    type: job.type,
    status: job.status,
    created_at: new Date(job.createdAt).toISOString(),
    id: job.id,
  };
  if (job.type === 'users_import') {
    view.connection_id = job.connectionId;
    view.connection = job.connectionName;
    if (job.externalId !== undefined) view.external_id = job.externalId;
    if (job.status === 'processing') {
      view.percentage_done = job.total === 0 ? 0 : Math.floor((job.processed / job.total) * 100);
      view.time_left_seconds = Math.ceil((job.total - job.processed) / options.pace.importRowsPerSecond);
    }
    if (job.status === 'completed' || job.status === 'expired') view.summary = { ...job.summary };
  } else if (job.type === 'users_export') {
    if (job.connectionId !== undefined) {
      view.connection_id = job.connectionId;
      view.connection = job.connectionName;
    }
    view.format = job.format;
    if (job.limit !== undefined) view.limit = job.limit;
    if (job.fields !== undefined) view.fields = job.fields.map((f) => ({ ...f }));
    if (job.status === 'processing') {
      const durationMs = (job.total / options.pace.exportUsersPerSecond) * 1000;
      const elapsedMs = Math.max(0, options.now - (job.startedAt ?? options.now));
      // Held below 100 until the file is written.
      view.percentage_done = durationMs === 0 ? 99 : Math.min(99, Math.floor((elapsedMs / durationMs) * 100));
      view.time_left_seconds = Math.max(0, Math.ceil((durationMs - elapsedMs) / 1000));
    }
    if (options.location !== undefined) view.location = options.location;
  }
  if (job.status === 'failed' && job.statusDetails !== undefined) view.status_details = job.statusDetails;
  return view;
}

/** What /jobs/{id}/errors answers: a failed job's own details, the failed rows, or nothing (204). */
export function jobErrorsView(job: Job): { status: 200; body: unknown } | { status: 204 } {
  if (job.status === 'failed') {
    const body: Record<string, unknown> = {
      status: job.status,
      type: job.type,
      created_at: new Date(job.createdAt).toISOString(),
      id: job.id,
    };
    if (job.type === 'users_import') body.connection_id = job.connectionId;
    if (job.statusDetails !== undefined) body.status_details = job.statusDetails;
    return { status: 200, body };
  }
  if (job.type === 'users_import' && job.failures.length > 0) {
    return { status: 200, body: job.failures.map((f: ImportFailure) => ({ user: f.user, errors: f.errors.map((e) => ({ ...e })) })) };
  }
  return { status: 204 };
}
