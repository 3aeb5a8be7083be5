/**
 * Jobs: `POST /api/v2/jobs/users-imports` (multipart), `POST /api/v2/jobs/users-exports`,
 * `POST /api/v2/jobs/verification-email`, `GET /api/v2/jobs/{id}`, `GET /api/v2/jobs/{id}/errors`,
 * and the signed download URL of export files. The work itself is in the engine beside it (job-engine.ts).
 */
import { createReadStream } from 'node:fs';
import { ApiError, badRequest, notFound } from '../../core/errors';
import { randomAlnum } from '../../core/ids';
import { RawReply, type RouteContext, type RouteRegistry, type RoutesModule, type Tenant } from '../../core/types';
import { createUser, updateUser } from '../../core/users';
import type { UserRecord } from '../../core/model';
import { createTicket } from '../../authentication/tickets';
import { JobEngine, JobError, type JobEmail, type JobsHost } from './job-engine';
import { jobErrorsView, jobView } from './job-view';
import { checkExportFields, type ExportField, type ExportFormat } from './export-format';
import { JOB_LIMITS, type Job } from './job-model';
import { tenantName } from '../group-helpers';
import { EXPORT_PATH_PREFIX } from './signed-url';
import type { ImportedProfile, ImportTarget } from './import-apply';

const CONNECTION_ID = /^con_[A-Za-z0-9]{16}$/;
/** Room for the multipart framing and text fields around the file. Files up to 4× the limit are read so they get Auth0's exact 413; bigger bodies are cut off by the core's own 413. */
const MULTIPART_OVERHEAD = 64 * 1024;

function payloadError(message: string, property?: string): ApiError {
  return badRequest(`Payload validation error: '${message}'${property ? ` on property ${property}` : ''}.`, 'invalid_body');
}

function connectionOf(user: UserRecord): string | undefined {
  return user.identities[0]?.connection;
}

/** The user store seen through the import's needs. */
function importTarget(tenant: Tenant): ImportTarget {
  return {
    findMatch(connectionName, keys) {
      const users = tenant.state.users;
      if (keys.email) {
        const found = users.firstBy('connection_email', `${connectionName}\n${keys.email.toLowerCase()}`);
        if (found) return found.user_id;
      }
      if (keys.userId) {
        const found = users.get(`auth0|${keys.userId}`);
        if (found && connectionOf(found) === connectionName) return found.user_id;
      }
      if (keys.username) {
        const found = users.firstBy('connection_username', `${connectionName}\n${keys.username.toLowerCase()}`);
        if (found) return found.user_id;
      }
      return undefined;
    },
    insert(connectionName, profile) {
      const { password_hash: _hash, custom_password_hash: _custom, mfa_factors: factors, ...fields } = profile;
      const now = tenant.clock.isoNow();
      const user = createUser(tenant.state, { ...fields, connection: connectionName }, { now, skipPasswordPolicy: true, passwordOptional: true });
      for (const factor of (factors ?? []) as MfaFactor[]) importEnrollment(tenant, user.user_id, factor, now);
      return user.user_id;
    },
    update(userId, changes: ImportedProfile) {
      const { password_hash: _hash, custom_password_hash: _custom, mfa_factors: _mfa, ...fields } = changes;
      updateUser(tenant.state, userId, fields, tenant.clock.isoNow());
    },
  };
}

/** The stored records themselves: the export only reads the fields it writes, so no copy is made per user. */
interface MfaFactor {
  totp?: { secret: string };
  phone?: { value: string };
  email?: { value: string };
}

/** An imported MFA factor becomes a confirmed guardian enrollment of the user, as in Auth0. */
function importEnrollment(tenant: Tenant, userId: string, factor: MfaFactor, now: string): void {
  const id = (kind: string) => `${kind}|dev_${randomAlnum(16)}`;
  if (factor.totp) {
    tenant.state.enrollments.insert({
      id: id('totp'),
      user_id: userId,
      status: 'confirmed',
      type: 'authenticator',
      auth_method: 'authenticator',
      enrolled_at: now,
    });
  } else if (factor.phone) {
    tenant.state.enrollments.insert({
      id: id('sms'),
      user_id: userId,
      status: 'confirmed',
      type: 'sms',
      auth_method: 'sms',
      phone_number: factor.phone.value,
      enrolled_at: now,
    });
  } else if (factor.email) {
    tenant.state.enrollments.insert({
      id: id('email'),
      user_id: userId,
      status: 'confirmed',
      type: 'email',
      auth_method: 'email',
      identifier: factor.email.value,
      enrolled_at: now,
    });
  }
}

function* usersOf(tenant: Tenant, connectionName?: string): Generator<Readonly<UserRecord>> {
  for (const user of tenant.state.users.values()) {
    if (connectionName === undefined || connectionOf(user) === connectionName) yield user;
  }
}

function jobsHost(tenant: Tenant): JobsHost {
  return {
    clock: tenant.clock,
    tenantName: () => tenantName(tenant),
    baseUrl: () => tenant.url,
    connectionById: (id) => tenant.state.connections.get(id),
    importTarget: importTarget(tenant),
    exportUsers: (connectionName) => usersOf(tenant, connectionName),
    countUsers: (connectionName) => {
      if (connectionName === undefined) return tenant.state.users.size;
      let n = 0;
      for (const user of tenant.state.users.values()) if (connectionOf(user) === connectionName) n += 1;
      return n;
    },
    userEmail: (userId) => {
      const user = tenant.state.users.get(userId);
      return user ? (user.email ?? null) : undefined;
    },
    verificationLink: (userId, clientId) => createTicket(tenant, { kind: 'email-verification', userId, clientId, markEmailAsVerified: true }),
    sendEmail: (email: JobEmail) => {
      tenant.outbox.push({
        channel: 'email',
        to: email.to,
        kind: email.kind === 'import_completion' ? 'job_completion' : 'verify_email',
        subject: email.subject,
        body: email.body,
        job_id: email.job_id,
        ...(email.user_id ? { user_id: email.user_id } : {}),
        ...(email.link ? { link: email.link } : {}),
      });
    },
    log: (event) => tenant.logs.write(event),
  };
}

function asApiError(err: unknown): unknown {
  return err instanceof JobError ? new ApiError(err.statusCode, err.message, err.errorCode) : err;
}

function booleanField(fields: Record<string, string>, name: string, fallback: boolean): boolean {
  const raw = fields[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw payloadError(`Expected type boolean but found type string`, name);
}

function checkConnectionId(value: unknown, required: boolean): string | undefined {
  if (value === undefined || value === '') {
    if (required) throw payloadError('Missing required property: connection_id');
    return undefined;
  }
  if (typeof value !== 'string') throw payloadError(`Expected type string but found type ${typeof value}`, 'connection_id');
  if (!CONNECTION_ID.test(value)) throw payloadError(`String does not match pattern ^con_[A-Za-z0-9]{16}$: ${value}`, 'connection_id');
  return value;
}

export const registerJobsRoutes: RoutesModule = (routes: RouteRegistry, tenant: Tenant) => {
  let engine: JobEngine | undefined;
  const jobs = (): JobEngine => (engine ??= new JobEngine(jobsHost(tenant)));
  const view = (job: Job) =>
    jobView(job, {
      pace: jobs().pace,
      now: tenant.clock.now(),
      location: job.type === 'users_export' ? jobs().locationOf(job) : undefined,
    });

  routes.management(
    'POST',
    '/api/v2/jobs/users-imports',
    'create:users',
    (ctx: RouteContext) => {
      const fields = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, string>;
      const file = ctx.files.find((f) => f.field === 'users');
      if (!file) throw payloadError('Missing required property: users');
      if (file.data.length > JOB_LIMITS.maxImportFileBytes) {
        throw new ApiError(413, `Payload content length greater than maximum allowed: ${JOB_LIMITS.maxImportFileBytes}`, 'payload_too_large');
      }
      const connectionId = checkConnectionId(fields.connection_id, true) as string;
      const request = {
        connectionId,
        file: file.data,
        upsert: booleanField(fields, 'upsert', false),
        sendCompletionEmail: booleanField(fields, 'send_completion_email', true),
        ...(fields.external_id ? { externalId: fields.external_id } : {}),
      };
      try {
        const job = jobs().createImport(request);
        // 202 Accepted, as Auth0 answers (recorded; the v7 SDK and the description agree).
        ctx.status = 202;
        return view(job);
      } catch (err) {
        throw asApiError(err);
      }
    },
    { description: 'Create a job to import users', multipartLimit: 4 * JOB_LIMITS.maxImportFileBytes + MULTIPART_OVERHEAD },
  );

  routes.management(
    'POST',
    '/api/v2/jobs/users-exports',
    'read:users',
    (ctx: RouteContext) => {
      const body = ctx.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body))
        throw payloadError(`Expected type object but found type ${Array.isArray(body) ? 'array' : typeof body}`);
      const record = body as Record<string, unknown>;
      const extra = Object.keys(record).filter((k) => !['connection_id', 'format', 'limit', 'fields'].includes(k));
      if (extra.length) throw payloadError(`Additional properties not allowed: ${extra.join(',')}`);
      const connectionId = checkConnectionId(record.connection_id, false);
      const format = (record.format ?? 'json') as ExportFormat;
      if (format !== 'json' && format !== 'csv') throw payloadError(`No enum match for: ${JSON.stringify(record.format)}`, 'format');
      let limit: number | undefined;
      if (record.limit !== undefined) {
        if (typeof record.limit !== 'number' || !Number.isInteger(record.limit))
          throw payloadError(`Expected type integer but found type ${typeof record.limit}`, 'limit');
        if (record.limit < 1) throw payloadError(`Value ${record.limit} is less than minimum 1`, 'limit');
        limit = record.limit;
      }
      let fields: ExportField[] | undefined;
      if (record.fields !== undefined) {
        const problem = checkExportFields(record.fields, format);
        if (problem) throw badRequest(problem, 'invalid_body');
        fields = (record.fields as ExportField[]).map((f) => (f.export_as !== undefined ? { name: f.name, export_as: f.export_as } : { name: f.name }));
      }
      try {
        const job = jobs().createExport({
          format,
          ...(connectionId ? { connectionId } : {}),
          ...(limit !== undefined ? { limit } : {}),
          ...(fields ? { fields } : {}),
        });
        // 200, as Auth0 answers (recorded; its description says 201).
        ctx.status = 200;
        return view(job);
      } catch (err) {
        throw asApiError(err);
      }
    },
    { description: 'Create a job to export users' },
  );

  routes.management(
    'POST',
    '/api/v2/jobs/verification-email',
    'update:users',
    (ctx: RouteContext) => {
      const body = ctx.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw payloadError('Missing required property: user_id');
      const record = body as Record<string, unknown>;
      const extra = Object.keys(record).filter((k) => !['user_id', 'client_id', 'identity', 'organization_id'].includes(k));
      if (extra.length) throw payloadError(`Additional properties not allowed: ${extra.join(',')}`);
      if (typeof record.user_id !== 'string' || record.user_id === '') throw payloadError('Missing required property: user_id');
      for (const key of ['client_id', 'organization_id']) {
        if (record[key] !== undefined && typeof record[key] !== 'string') throw payloadError(`Expected type string but found type ${typeof record[key]}`, key);
      }
      let identity: { user_id: string; provider: string } | undefined;
      if (record.identity !== undefined) {
        const given = record.identity as Record<string, unknown>;
        if (!given || typeof given !== 'object' || typeof given.user_id !== 'string' || typeof given.provider !== 'string') {
          throw payloadError('Missing required property: user_id, provider', 'identity');
        }
        identity = { user_id: given.user_id, provider: given.provider };
      }
      if (typeof record.client_id === 'string' && !tenant.state.clients.has(record.client_id)) {
        throw new ApiError(404, 'The client does not exist', 'inexistent_client');
      }
      try {
        const job = jobs().createVerificationEmail({
          userId: record.user_id,
          ...(typeof record.client_id === 'string' ? { clientId: record.client_id } : {}),
          ...(identity ? { identity } : {}),
          ...(typeof record.organization_id === 'string' ? { organizationId: record.organization_id } : {}),
        });
        ctx.status = 201;
        return view(job);
      } catch (err) {
        throw asApiError(err);
      }
    },
    { description: 'Send a verification email' },
  );

  routes.management('GET', '/api/v2/jobs/:id', ['create:users', 'read:users'], (ctx: RouteContext) => {
    const job = jobs().get(ctx.params.id);
    if (!job) throw notFound('The job does not exist', 'inexistent_job');
    return view(job);
  });

  routes.management('GET', '/api/v2/jobs/:id/errors', ['create:users', 'read:users'], (ctx: RouteContext) => {
    const job = jobs().get(ctx.params.id);
    if (!job) throw notFound('The job does not exist', 'inexistent_job');
    const errors = jobErrorsView(job);
    ctx.status = errors.status;
    return errors.status === 200 ? errors.body : undefined;
  });

  // The export file, at the signed URL a completed export job's `location` gives.
  routes.raw('GET', `${EXPORT_PATH_PREFIX}:job/:file`, (ctx: RouteContext) => {
    const query = new URLSearchParams(ctx.req.url?.split('?')[1] ?? '');
    const found = jobs().resolveDownload(ctx.path, query);
    if ('refused' in found) {
      const status = found.refused === 'not-found' ? 404 : 403;
      const message = found.refused === 'expired' ? 'Request has expired' : found.refused === 'not-found' ? 'Not Found' : 'Access denied';
      return RawReply.text(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${status === 404 ? 'NoSuchKey' : 'AccessDenied'}</Code><Message>${message}</Message></Error>`,
        'application/xml',
        status,
      );
    }
    return new RawReply(200, createReadStream(found.file), {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${found.name}"`,
    });
  });

  routes.onReset(() => engine?.reset());
  routes.onClose(() => engine?.close());
};
