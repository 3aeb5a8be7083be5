/**
 * Runs the tenant's jobs on the emulator's clock: `pending` → `processing` → `completed`
 * (or `failed`), at a pace in emulated time, so a faster clock finishes them sooner and
 * `clock.advance()` jumps them ahead. A timer drives each running job, and every read first
 * brings the job up to the clock's present, so what a poll sees is always current.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../core/clock';
import type { LogInput } from '../../core/logs';
import { prefixedId } from '../../core/ids';
import { redactRow, validateImportRow } from './import-schema';
import { applyImportRow, type ImportedProfile, type ImportTarget } from './import-apply';
import { writeExportFile } from './export-file';
import { compileFields, DEFAULT_EXPORT_FIELDS, DEFAULT_JSON_EXPORT_FIELDS, type ExportField, type ExportFormat } from './export-format';
import { EXPORT_LINK_TTL_SECONDS, EXPORT_PATH_PREFIX, ExportUrlSigner } from './signed-url';
import { ACTIVE_IMPORTS_MESSAGE, isActive, JOB_LIMITS, type ExportJob, type ImportJob, type Job, type VerificationEmailJob } from './job-model';

export interface JobConnection {
  id: string;
  name: string;
  strategy: string;
}

/** A message for the outbox (tests and examples read it). */
export interface JobEmail {
  kind: 'import_completion' | 'verification_email';
  to: string;
  subject: string;
  body: string;
  /** The link the message carries (verification e-mails). */
  link?: string;
  user_id?: string;
  job_id: string;
}

/** What the engine needs from the rest of the emulator. */
export interface JobsHost {
  clock: Clock;
  tenantName(): string;
  /** The emulator's base URL (`http://127.0.0.1:port`), for export download links. */
  baseUrl(): string;
  connectionById(id: string): JobConnection | undefined;
  importTarget: ImportTarget;
  /** A lazy iterator over users in the Management API's shape, optionally of one connection. */
  exportUsers(connectionName?: string): Iterable<unknown>;
  countUsers(connectionName?: string): number;
  /** The e-mail of a user, or undefined when there is no such user. */
  userEmail(userId: string): string | undefined | null;
  /** A link the user follows to verify their e-mail. */
  verificationLink(userId: string, clientId?: string): string;
  sendEmail(email: JobEmail): void;
  log(event: LogInput): void;
}

/** Pace of jobs in emulated time; tests speed the clock up rather than change these. */
export interface JobPace {
  pendingMs: number;
  importRowsPerSecond: number;
  exportUsersPerSecond: number;
  tickMs: number;
}

export const DEFAULT_JOB_PACE: JobPace = {
  pendingMs: 1000,
  importRowsPerSecond: 200,
  exportUsersPerSecond: 5000,
  tickMs: 250,
};

export class JobError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

export interface ImportRequest {
  connectionId: string;
  file: Buffer;
  upsert: boolean;
  externalId?: string;
  sendCompletionEmail: boolean;
}

export interface ExportRequest {
  connectionId?: string;
  format: ExportFormat;
  limit?: number;
  fields?: ExportField[];
}

export interface VerificationEmailRequest {
  userId: string;
  clientId?: string;
  identity?: { user_id: string; provider: string };
  organizationId?: string;
}

const FAILED_TO_PARSE = 'Failed to parse users file JSON when importing users. Make sure it is valid JSON.';
const NOT_AN_ARRAY = 'Failed to parse users file JSON when importing users. The file must hold a JSON array of users.';

export class JobEngine {
  private readonly jobs = new Map<string, Job>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly aborts = new Map<string, AbortController>();
  private readonly signer = new ExportUrlSigner();
  private exportDir: string | undefined;
  readonly pace: JobPace;

  constructor(
    private readonly host: JobsHost,
    pace: Partial<JobPace> = {},
  ) {
    this.pace = { ...DEFAULT_JOB_PACE, ...pace };
  }

  // ---- creation ----------------------------------------------------------------------------

  createImport(request: ImportRequest): ImportJob {
    const connection = this.requireConnection(request.connectionId);
    if (connection.strategy !== 'auth0') {
      throw new JobError(400, `The connection ${connection.name} is not a database connection; users can only be imported into one.`, 'invalid_body');
    }
    this.sweep();
    const active = [...this.jobs.values()].filter((job) => job.type === 'users_import' && isActive(this.refresh(job)));
    if (active.length >= JOB_LIMITS.maxActiveImports) throw new JobError(429, ACTIVE_IMPORTS_MESSAGE, 'too_many_requests');
    const job: ImportJob = {
      id: prefixedId('job'),
      type: 'users_import',
      status: 'pending',
      createdAt: this.host.clock.now(),
      connectionId: connection.id,
      connectionName: connection.name,
      upsert: request.upsert,
      sendCompletionEmail: request.sendCompletionEmail,
      file: request.file,
      total: 0,
      processed: 0,
      summary: { failed: 0, updated: 0, inserted: 0, total: 0 },
      failures: [],
    };
    if (request.externalId !== undefined) job.externalId = request.externalId;
    this.add(job);
    return job;
  }

  createExport(request: ExportRequest): ExportJob {
    let connection: JobConnection | undefined;
    if (request.connectionId !== undefined) connection = this.requireConnection(request.connectionId);
    this.sweep();
    const fields = request.fields ?? (request.format === 'json' ? DEFAULT_JSON_EXPORT_FIELDS : DEFAULT_EXPORT_FIELDS);
    const job: ExportJob = {
      id: prefixedId('job'),
      type: 'users_export',
      status: 'pending',
      createdAt: this.host.clock.now(),
      format: request.format,
      compiled: compileFields(fields),
      total: 0,
      fileReady: false,
    };
    if (connection) {
      job.connectionId = connection.id;
      job.connectionName = connection.name;
    }
    if (request.limit !== undefined) job.limit = request.limit;
    if (request.fields !== undefined) job.fields = request.fields;
    this.add(job);
    return job;
  }

  createVerificationEmail(request: VerificationEmailRequest): VerificationEmailJob {
    const email = this.host.userEmail(request.userId);
    if (email === undefined) throw new JobError(404, 'The user does not exist.', 'inexistent_user');
    if (email === null) throw new JobError(400, 'The user does not have an email address.', 'invalid_body');
    this.sweep();
    const job: VerificationEmailJob = {
      id: prefixedId('job'),
      type: 'verification_email',
      status: 'pending',
      createdAt: this.host.clock.now(),
      userId: request.userId,
    };
    if (request.clientId !== undefined) job.clientId = request.clientId;
    if (request.identity !== undefined) job.identity = request.identity;
    if (request.organizationId !== undefined) job.organizationId = request.organizationId;
    this.add(job);
    return job;
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The job brought up to the present, or undefined when unknown or past retention. */
  get(id: string): Job | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (this.host.clock.now() - job.createdAt > JOB_LIMITS.retentionMs) {
      this.remove(job);
      return undefined;
    }
    return this.refresh(job);
  }

  /** Jobs known now (for tests and the control API). */
  list(): Job[] {
    return [...this.jobs.values()];
  }

  /** The signed download link of a completed export, valid for Auth0's 60 seconds. */
  locationOf(job: ExportJob): string | undefined {
    if (job.status !== 'completed' || !job.fileName) return undefined;
    const path = `${EXPORT_PATH_PREFIX}${job.id}/${job.fileName}`;
    const expires = Math.floor(Date.now() / 1000) + EXPORT_LINK_TTL_SECONDS;
    return this.host.baseUrl() + this.signer.sign(path, expires);
  }

  /**
   * The file behind a download URL path (`/user-exports/<job>/<name>`), when the signature
   * and expiry hold; otherwise the reason it is refused.
   */
  resolveDownload(path: string, query: URLSearchParams): { file: string; name: string } | { refused: 'not-found' | 'missing' | 'bad-signature' | 'expired' } {
    const check = this.signer.check(path, query, Math.floor(Date.now() / 1000));
    if (check) return { refused: check };
    const [jobId, name] = path.slice(EXPORT_PATH_PREFIX.length).split('/');
    const job = jobId ? this.get(jobId) : undefined;
    if (!job || job.type !== 'users_export' || job.status !== 'completed' || !job.filePath || job.fileName !== name) {
      return { refused: 'not-found' };
    }
    return { file: job.filePath, name: job.fileName };
  }

  // ---- lifecycle ---------------------------------------------------------------------------

  /** Drops every job, timer and export file (emulator reset). */
  reset(): void {
    for (const job of [...this.jobs.values()]) this.remove(job);
    if (this.exportDir) {
      rmSync(this.exportDir, { recursive: true, force: true });
      this.exportDir = undefined;
    }
  }

  close(): void {
    this.reset();
  }

  // ---- the state machine -------------------------------------------------------------------

  private add(job: Job): void {
    this.jobs.set(job.id, job);
    this.schedule(job, this.pace.pendingMs);
  }

  private schedule(job: Job, delayMs: number): void {
    const previous = this.timers.get(job.id);
    if (previous) this.host.clock.clearTimeout(previous);
    if (!isActive(job)) {
      this.timers.delete(job.id);
      return;
    }
    this.timers.set(
      job.id,
      this.host.clock.setTimeout(
        () => {
          this.timers.delete(job.id);
          if (this.jobs.get(job.id) === job) this.schedule(this.refresh(job), this.pace.tickMs);
        },
        Math.max(1, delayMs),
      ),
    );
  }

  /** Advances a job to the clock's present; returns it. */
  private refresh(job: Job): Job {
    const now = this.host.clock.now();
    if (job.status === 'pending' && now >= job.createdAt + this.pace.pendingMs) this.start(job, job.createdAt + this.pace.pendingMs);
    if (job.status === 'processing') {
      if (job.type === 'users_import') this.advanceImport(job, now);
      else if (job.type === 'users_export') this.advanceExport(job, now);
    }
    const timeout = job.type === 'users_export' ? JOB_LIMITS.exportTimeoutMs : JOB_LIMITS.importTimeoutMs;
    if (isActive(job) && now - job.createdAt > timeout) this.fail(job, 'Job timed out.');
    if (job.status === 'completed' && now - job.createdAt > JOB_LIMITS.completedExpiryMs) this.expire(job);
    return job;
  }

  private start(job: Job, at: number): void {
    job.status = 'processing';
    job.startedAt = at;
    if (job.type === 'users_import') this.parseImport(job);
    else if (job.type === 'users_export') this.startExport(job);
    else this.finishVerification(job, at);
  }

  private parseImport(job: ImportJob): void {
    const file = job.file;
    job.file = undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse((file ?? Buffer.alloc(0)).toString('utf8'));
    } catch {
      this.fail(job, FAILED_TO_PARSE);
      return;
    }
    if (!Array.isArray(parsed)) {
      this.fail(job, NOT_AN_ARRAY);
      return;
    }
    job.rows = parsed;
    job.total = parsed.length;
    job.summary.total = parsed.length;
  }

  private advanceImport(job: ImportJob, now: number): void {
    const rows = job.rows ?? [];
    const elapsed = Math.max(0, now - (job.startedAt ?? now));
    const target = Math.min(job.total, Math.floor((elapsed / 1000) * this.pace.importRowsPerSecond));
    while (job.processed < target) {
      const row = rows[job.processed];
      job.processed += 1;
      this.importRow(job, row);
    }
    if (job.processed >= job.total) {
      job.rows = undefined;
      this.complete(job, (job.startedAt ?? now) + (job.total / this.pace.importRowsPerSecond) * 1000);
    }
  }

  private importRow(job: ImportJob, row: unknown): void {
    const errors = validateImportRow(row);
    if (errors.length > 0) {
      job.summary.failed += 1;
      job.failures.push({ user: redactRow(row), errors });
      return;
    }
    let outcome;
    try {
      outcome = applyImportRow(this.host.importTarget, job.connectionName, row as ImportedProfile, job.upsert);
    } catch (err) {
      outcome = { kind: 'failed' as const, errors: [{ code: 'CONFLICT', message: err instanceof Error ? err.message : String(err), path: '' }] };
    }
    if (outcome.kind === 'failed') {
      job.summary.failed += 1;
      job.failures.push({ user: redactRow(row), errors: outcome.errors });
    } else {
      job.summary[outcome.kind] += 1;
    }
  }

  private startExport(job: ExportJob): void {
    const total = this.host.countUsers(job.connectionName);
    job.total = job.limit !== undefined ? Math.min(job.limit, total) : total;
    const dir = this.ensureExportDir();
    job.fileName = `${this.host.tenantName()}.${job.format}.gz`;
    job.filePath = join(dir, `${job.id}.${job.format}.gz`);
    const abort = new AbortController();
    this.aborts.set(job.id, abort);
    writeExportFile(job.filePath, this.host.exportUsers(job.connectionName), job.format, job.compiled, job.limit, abort.signal).then(
      (result) => {
        this.aborts.delete(job.id);
        job.total = result.users;
        job.fileReady = true;
        if (this.jobs.get(job.id) === job) this.schedule(this.refresh(job), this.pace.tickMs);
      },
      (err: unknown) => {
        this.aborts.delete(job.id);
        if (this.jobs.get(job.id) === job && isActive(job)) {
          this.fail(job, `Failed to write the export file: ${err instanceof Error ? err.message : String(err)}`);
        }
      },
    );
  }

  private advanceExport(job: ExportJob, now: number): void {
    const due = (job.startedAt ?? now) + (job.total / this.pace.exportUsersPerSecond) * 1000;
    if (job.fileReady && now >= due) this.complete(job, due);
  }

  private finishVerification(job: VerificationEmailJob, at: number): void {
    const email = this.host.userEmail(job.userId);
    if (!email) {
      this.fail(job, 'The user does not exist or has no email address.');
      return;
    }
    const link = this.host.verificationLink(job.userId, job.clientId);
    this.host.sendEmail({
      kind: 'verification_email',
      to: email,
      subject: 'Verify your email',
      body: `Please verify your email address by following this link: ${link}`,
      link,
      user_id: job.userId,
      job_id: job.id,
    });
    this.complete(job, at);
  }

  private complete(job: Job, at: number): void {
    job.status = 'completed';
    job.finishedAt = Math.min(at, this.host.clock.now());
    this.timers.delete(job.id);
    if (job.type === 'users_import') {
      this.host.log({
        type: 'sui',
        description: 'Successful Users Import',
        connection: job.connectionName,
        connection_id: job.connectionId,
        strategy: 'auth0',
        strategy_type: 'database',
        details: { job_id: job.id, summary: { ...job.summary }, ...(job.externalId !== undefined ? { external_id: job.externalId } : {}) },
      });
      this.completionEmail(job, 'completed');
    }
  }

  private fail(job: Job, details: string): void {
    job.status = 'failed';
    job.statusDetails = details;
    job.finishedAt = this.host.clock.now();
    this.timers.delete(job.id);
    this.aborts.get(job.id)?.abort();
    if (job.type === 'users_import') {
      job.rows = undefined;
      job.file = undefined;
      this.host.log({
        type: 'fui',
        description: details,
        connection: job.connectionName,
        connection_id: job.connectionId,
        strategy: 'auth0',
        strategy_type: 'database',
        details: { job_id: job.id },
      });
      this.completionEmail(job, 'failed');
    }
  }

  private expire(job: Job): void {
    job.status = 'expired';
    if (job.type === 'users_export' && job.filePath) {
      void rm(job.filePath, { force: true });
      job.filePath = undefined;
    }
  }

  private completionEmail(job: ImportJob, outcome: 'completed' | 'failed'): void {
    if (!job.sendCompletionEmail) return;
    const tenant = this.host.tenantName();
    const body =
      outcome === 'failed'
        ? (job.statusDetails ?? 'The import failed.')
        : [
            `New users: ${job.summary.inserted}`,
            `Updated users: ${job.summary.updated}`,
            `Failed users: ${job.summary.failed}`,
            `Total users: ${job.summary.total}`,
          ].join('\n');
    this.host.sendEmail({
      kind: 'import_completion',
      to: `owners@${tenant}`,
      subject: `[Auth0] Import user job for tenant ${tenant} and connection ${job.connectionName} ${outcome}`,
      body,
      job_id: job.id,
    });
  }

  private remove(job: Job): void {
    const timer = this.timers.get(job.id);
    if (timer) this.host.clock.clearTimeout(timer);
    this.timers.delete(job.id);
    this.aborts.get(job.id)?.abort();
    this.aborts.delete(job.id);
    if (job.type === 'users_export' && job.filePath) void rm(job.filePath, { force: true });
    this.jobs.delete(job.id);
  }

  /** Deletes jobs past Auth0's 24-hour retention. */
  private sweep(): void {
    const now = this.host.clock.now();
    for (const job of [...this.jobs.values()]) {
      if (now - job.createdAt > JOB_LIMITS.retentionMs) this.remove(job);
    }
  }

  private requireConnection(id: string): JobConnection {
    const connection = this.host.connectionById(id);
    if (!connection) throw new JobError(400, 'The connection does not exist.', 'inexistent_connection');
    return connection;
  }

  private ensureExportDir(): string {
    if (!this.exportDir) this.exportDir = mkdtempSync(join(tmpdir(), 'auth0-emulator-exports-'));
    return this.exportDir;
  }
}
