/**
 * The jobs the emulator runs (user imports, user exports, verification e-mails), their states,
 * and the shape `GET /api/v2/jobs/{id}` answers with. Times are emulated epoch milliseconds.
 */
import type { ImportRowError } from './import-schema';
import type { CompiledFields, ExportField, ExportFormat } from './export-format';

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'expired';
export type JobType = 'users_import' | 'users_export' | 'verification_email';

export interface JobSummary {
  failed: number;
  updated: number;
  inserted: number;
  total: number;
}

/** One row of an import that did not make it in, as /jobs/{id}/errors shows it. */
export interface ImportFailure {
  user: unknown;
  errors: ImportRowError[];
}

interface JobBase {
  id: string;
  type: JobType;
  status: JobStatus;
  createdAt: number;
  /** When processing started (emulated ms). */
  startedAt?: number;
  finishedAt?: number;
  statusDetails?: string;
}

export interface ImportJob extends JobBase {
  type: 'users_import';
  connectionId: string;
  connectionName: string;
  upsert: boolean;
  externalId?: string;
  sendCompletionEmail: boolean;
  /** The parsed file; dropped once the job ends so finished jobs hold only their summary and errors. */
  rows?: unknown[];
  /** The raw file until it is parsed (parsing happens when processing starts, as Auth0 does). */
  file?: Buffer;
  total: number;
  processed: number;
  summary: JobSummary;
  failures: ImportFailure[];
}

export interface ExportJob extends JobBase {
  type: 'users_export';
  connectionId?: string;
  connectionName?: string;
  format: ExportFormat;
  limit?: number;
  /** The fields as requested (echoed back), absent when the default set is used. */
  fields?: ExportField[];
  compiled: CompiledFields;
  /** Users to export, counted when processing starts. */
  total: number;
  /** The file on disk and its name in the download URL, once written. */
  filePath?: string;
  fileName?: string;
  fileReady: boolean;
}

export interface VerificationEmailJob extends JobBase {
  type: 'verification_email';
  userId: string;
  clientId?: string;
  identity?: { user_id: string; provider: string };
  organizationId?: string;
}

export type Job = ImportJob | ExportJob | VerificationEmailJob;

/** Auth0's documented job limits. */
export const JOB_LIMITS = {
  /** Import jobs pending or processing at once, per tenant. */
  maxActiveImports: 2,
  /** Bytes of one import file (500 KB). */
  maxImportFileBytes: 500 * 1024,
  /** Import jobs still running after this are failed. */
  importTimeoutMs: 2 * 60 * 60 * 1000,
  /** Export jobs still running after this are failed. */
  exportTimeoutMs: 8 * 60 * 60 * 1000,
  /** Completed jobs created longer ago than this report `expired`. */
  completedExpiryMs: 2 * 60 * 60 * 1000,
  /** All job data is deleted this long after creation. */
  retentionMs: 24 * 60 * 60 * 1000,
} as const;

export const ACTIVE_IMPORTS_MESSAGE = 'There are 2 active import users jobs, please wait until some of them are finished and try again';

export function isActive(job: Job): boolean {
  return job.status === 'pending' || job.status === 'processing';
}
