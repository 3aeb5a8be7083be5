/**
 * `jobs.import_users` of any size: the users are split into files Auth0 accepts (at most 500 KB,
 * never a user cut in two), and the files are submitted one by one while keeping at most 2 import
 * jobs running per tenant. The output lists the jobs, ready for an auth0-job-watch node.
 */
import { Auth0Error, InputError, toError } from '../shared/errors';
import type { ExecutorContext, ExecutorResult } from '../engine/executor-types';
import type { Auth0Response } from '../shared/http-types';
import { encodePathSegment } from '../engine/request';
import { JOB_LIMITS, isRunningStatus } from './job-limits';
import { buildImportFile, halveImportFile, type ImportFilePlan, planImportFiles } from './import/split';
import type { ImportPace, JobCheck, RunningCheck } from './import/slots';
import { importSlotsFor } from './import/tenant-import-slots';
import { readImportUsers } from './import/users-input';
import { toText } from '../shared/to-text';

const DEFAULT_PACE: ImportPace = { pollMs: 5000, minPollMs: 1000 };
let pace: ImportPace = { ...DEFAULT_PACE };

/**
 * How often a waiting import checks the running jobs, from Node-RED's settings
 * (`auth0JobsImportPollInterval`, seconds, default 5).
 */
export function configureImportPace(seconds: unknown): void {
  const n = typeof seconds === 'number' ? seconds : typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : NaN;
  if (!Number.isFinite(n) || n <= 0) {
    pace = { ...DEFAULT_PACE };
    return;
  }
  const pollMs = Math.min(Math.max(n * 1000, 10), 600_000);
  pace = { pollMs, minPollMs: Math.min(DEFAULT_PACE.minPollMs, pollMs) };
}

/** The byte limit of one import file (a constant; a parameter for tests of the splitting). */
export const MAX_IMPORT_FILE_BYTES = JOB_LIMITS.maxImportFileBytes;

type Job = Record<string, unknown> & { id: string };

interface Submitted {
  job: Job;
  response: Auth0Response;
}

function isJob(value: unknown): value is Job {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

/** Asks Auth0 whether a job still runs. A failed check counts as running: the slot is only freed on evidence. */
function jobCheck(ctx: ExecutorContext): JobCheck {
  return async (jobId: string): Promise<RunningCheck> => {
    try {
      const response = await ctx.client.request<Record<string, unknown>>({
        method: 'GET',
        path: `/api/v2/jobs/${encodePathSegment(jobId)}`,
        auth: 'management',
        signal: ctx.signal,
        operation: 'jobs.get',
      });
      const job = response.data ?? {};
      const left = Number(job.time_left_seconds);
      return isRunningStatus(job.status) ? { running: true, ...(Number.isFinite(left) && left >= 0 ? { timeLeftMs: left * 1000 } : {}) } : { running: false };
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      if (err instanceof Auth0Error && err.statusCode === 404) return { running: false };
      return { running: true };
    }
  };
}

/** An error of file `n` reworded for the flow: which connection, and which jobs already started. */
function importFailure(err: unknown, ctx: ExecutorContext, fileNo: number, files: number, jobs: Job[]): Error {
  if (!(err instanceof Auth0Error)) return toError(err);
  const connectionId = String(ctx.values.connection_id);
  let message = err.message;
  const connectionProblem = err.statusCode === 400 && (/connection/i.test(err.message) || err.errorCode === 'inexistent_connection');
  if (connectionProblem) {
    message =
      `connection_id "${connectionId}" cannot take an import: ${err.message.replace(/\s+$/, '')} ` +
      '(use the id, con_…, of a database connection of this tenant)';
  } else if (err.statusCode === 413) {
    message = `Auth0 refused import file ${fileNo} of ${files} as too large: ${err.message}`;
  }
  if (files > 1) message += ` (file ${fileNo} of ${files})`;
  if (jobs.length > 0) message += `; already started: ${jobs.map((j) => j.id).join(', ')}`;
  const details: ConstructorParameters<typeof Auth0Error>[1] = { statusCode: err.statusCode };
  if (err.errorCode !== undefined) details.errorCode = err.errorCode;
  if (err.error !== undefined) details.error = err.error;
  if (err.resetAt !== undefined) details.resetAt = err.resetAt;
  if (err.operation !== undefined) details.operation = err.operation;
  return new Auth0Error(message, details);
}

/** Submits one file once a slot is free; waits and tries again while the service says 2 imports run. */
async function submitFile(ctx: ExecutorContext, data: Buffer, label: string): Promise<Submitted | 'too-large'> {
  const slots = importSlotsFor(ctx.client);
  const check = jobCheck(ctx);
  const giveUpAt = Date.now() + JOB_LIMITS.importTimeoutMs;
  let turnedAway = false;
  for (;;) {
    const ticket = await slots.acquire({
      check,
      signal: ctx.signal,
      pace,
      front: turnedAway,
      onWait: (running) => ctx.progress(`${label} waiting (${running} running)`),
    });
    ctx.progress(label);
    let response: Auth0Response;
    try {
      response = await ctx.client.request(ctx.buildRequest({ ...ctx.values, file_obj: data }));
    } catch (err) {
      ticket.release();
      if (err instanceof Auth0Error && err.statusCode === 429 && Date.now() < giveUpAt && !ctx.signal.aborted) {
        // Imports started elsewhere fill the tenant's 2: wait a while, then try first in line.
        slots.serviceFull(Date.now() + pace.pollMs);
        turnedAway = true;
        ctx.progress(`${label} waiting (tenant busy)`);
        continue;
      }
      if (err instanceof Auth0Error && err.statusCode === 413) return 'too-large';
      throw err;
    }
    if (!isJob(response.data)) {
      ticket.release();
      throw new Auth0Error('Auth0 answered the import without a job id', { statusCode: response.statusCode, operation: 'jobs.import_users' });
    }
    ticket.submitted(response.data.id);
    return { job: response.data, response };
  }
}

export async function importUsers(ctx: ExecutorContext): Promise<ExecutorResult> {
  const users = readImportUsers(ctx.values.file_obj);
  const connectionId = toText(ctx.values.connection_id ?? '');
  if (!connectionId.startsWith('con_')) {
    throw new InputError(
      'connection_id',
      `input "connection_id" must be the id of a database connection (con_…), not its name ("${connectionId.slice(0, 60)}")`,
    );
  }
  const queue: ImportFilePlan[] = planImportFiles(users, MAX_IMPORT_FILE_BYTES);
  let files = queue.length;
  const jobs: Job[] = [];
  let last: Auth0Response | undefined;
  while (queue.length > 0) {
    const file = queue.shift() as ImportFilePlan;
    const fileNo = jobs.length + 1;
    const label = files > 1 ? `file ${fileNo}/${files}` : 'import';
    let submitted: Submitted | 'too-large';
    try {
      submitted = await submitFile(ctx, buildImportFile(users, file), label);
    } catch (err) {
      if (isAbort(err)) throw err;
      throw importFailure(err, ctx, fileNo, files, jobs);
    }
    if (submitted === 'too-large') {
      // The service counts the limit differently than planned: send the file as two halves.
      const halves = halveImportFile(users, file);
      if (!halves)
        throw importFailure(
          new Auth0Error(`the user at index ${file.start} alone is too large for an import file`, {
            statusCode: 413,
            errorCode: 'payload_too_large',
            operation: 'jobs.import_users',
          }),
          ctx,
          fileNo,
          files,
          jobs,
        );
      queue.unshift(...halves);
      files += 1;
      continue;
    }
    jobs.push(submitted.job);
    last = submitted.response;
  }
  const rateLimit = last?.rateLimit ?? {};
  return {
    // Always the list of jobs, however many files: a flow written against a small import keeps
    // working when the import grows past one file (auth0-job-watch takes the list as it is).
    payload: jobs,
    response: { statusCode: last?.statusCode ?? 0, rateLimit },
    msg: {
      auth0: {
        operation: ctx.op.id,
        group: ctx.group.name,
        statusCode: last?.statusCode ?? 0,
        rateLimit,
        jobs: jobs.map((job) => job.id),
        files: jobs.length,
        users: users.length,
      },
    },
  };
}
