/**
 * Request cases for the jobs family (nodes/jobs/): jobs.
 */
import type { RequestCase } from './shared';
import { PY4, ODD, E } from './shared';
import { jobsGroup } from '../../../nodes/jobs/jobs.catalogue';

export const JOBS_CASES: readonly RequestCase[] = [
  // ── jobs ──────────────────────────────────────────────────────────────
  {
    group: jobsGroup,
    op: 'get',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/jobs/${E}` },
    sdk: (c) => c.jobs.get(ODD),
  },
  {
    group: jobsGroup,
    op: 'get_failed_job',
    values: { id: ODD },
    expect: { method: 'GET', path: `/api/v2/jobs/${E}/errors` },
    sdk: (c) => c.jobs.errors.get(ODD),
  },
  {
    group: jobsGroup,
    op: 'get_results',
    values: { job_id: ODD },
    expect: { method: 'GET', path: `/api/v2/jobs/${E}/results` },
    source: `${PY4} jobs.py Jobs.get_results (deprecated there; the endpoint is gone, so the node never sends it)`,
  },
  {
    group: jobsGroup,
    op: 'export_users',
    values: { body: { connection_id: 'con_1', format: 'csv', fields: [{ name: 'email' }] } },
    expect: { method: 'POST', path: '/api/v2/jobs/users-exports', body: { connection_id: 'con_1', format: 'csv', fields: [{ name: 'email' }] } },
    sdk: (c) => c.jobs.usersExports.create({ connection_id: 'con_1', format: 'csv', fields: [{ name: 'email' }] }),
  },
  {
    group: jobsGroup,
    op: 'import_users',
    values: { connection_id: 'con_1', file_obj: [{ email: 'a@example.com' }], external_id: 'batch-1' },
    expect: {
      method: 'POST',
      path: '/api/v2/jobs/users-imports',
      body: {
        fields: { connection_id: 'con_1', upsert: 'false', send_completion_email: 'true', external_id: 'batch-1' },
        files: { users: [{ email: 'a@example.com' }] },
      },
    },
    sdk: (c) =>
      c.jobs.usersImports.create({
        users: Buffer.from(JSON.stringify([{ email: 'a@example.com' }])),
        connection_id: 'con_1',
        upsert: false,
        send_completion_email: true,
        external_id: 'batch-1',
      }),
  },
  {
    group: jobsGroup,
    op: 'import_users',
    values: { connection_id: 'con_1', file_obj: '[{"email":"b@example.com"}]', upsert: 'true', send_completion_email: false },
    expect: {
      method: 'POST',
      path: '/api/v2/jobs/users-imports',
      body: { fields: { connection_id: 'con_1', upsert: 'true', send_completion_email: 'false' }, files: { users: [{ email: 'b@example.com' }] } },
    },
    sdk: (c) =>
      c.jobs.usersImports.create({
        users: Buffer.from('[{"email":"b@example.com"}]'),
        connection_id: 'con_1',
        upsert: true,
        send_completion_email: false,
      }),
  },
  {
    group: jobsGroup,
    op: 'send_verification_email',
    values: { body: { user_id: 'auth0|1', client_id: 'cl_1' } },
    expect: { method: 'POST', path: '/api/v2/jobs/verification-email', body: { user_id: 'auth0|1', client_id: 'cl_1' }, customDomain: true },
    sdk: (c) => c.jobs.verificationEmail.create({ user_id: 'auth0|1', client_id: 'cl_1' }),
  },
];
