/** The `jobs` group: long-running jobs (user imports and exports, verification e-mails). */
import { common, type GroupSpec } from '../shared/catalogue';

const jobId = common.id('The id of the job (job_…).');

export const jobsGroup: GroupSpec = {
  type: 'auth0-jobs',
  name: 'jobs',
  paletteLabel: 'jobs',
  api: 'management',
  summary: "Starts user import and export jobs and verification e-mails, and reads a job's status and errors.",
  details: [
    'Jobs run in the background: the response is the job (id and status pending). Poll it with get, or send it to an auth0-job-watch node, until it is completed or failed. A completed export carries the URL of its file in location.',
    "import_users uploads the users (file_obj, also read as users: an array of user objects, a JSON string or a Buffer) as the multipart file part users. Any number of users is accepted: they are split into JSON files of at most 500 KB (measured on the exact bytes sent, a user never split), one import job each. Auth0 runs at most 2 import jobs per tenant at once, so the files wait for a free slot (the node status shows file 3/12); a 429 about active import jobs started elsewhere is waited out, not failed. msg.payload is always the list of jobs (one per file, so a flow written for a small import keeps working as it grows); msg.auth0.jobs lists their ids. Wire an auth0-job-watch node after it to get each job's summary and failed rows.",
    "Bad input fails before anything is sent: an empty list, an item that is not a user object, a user that alone is over 500 KB (its index is named), a connection name instead of its id. An unknown connection is the service's 400, reworded to name connection_id. When upsert is false, users that already exist (same e-mail, user id or username) fail; when true they are updated with the upsertable attributes only. When send_completion_email is true, the tenant owners get an e-mail when each job is done. Node-RED setting auth0JobsImportPollInterval (seconds, default 5): how often a waiting import checks the running jobs.",
    'Use the export job to read more than the 1,000 users that listing allows.',
  ],
  references: [
    { title: 'Management API: Jobs', url: 'https://auth0.com/docs/api/management/v2/jobs/get-jobs-by-id' },
    { title: 'Bulk user imports', url: 'https://auth0.com/docs/manage-users/user-migration/bulk-user-imports' },
    { title: 'Bulk user exports', url: 'https://auth0.com/docs/manage-users/user-migration/bulk-user-exports' },
  ],
  operations: [
    {
      id: 'get',
      label: 'Get job',
      description: 'Reads a job: its status, progress and, for a completed export, the file location.',
      method: 'GET',
      path: '/api/v2/jobs/{id}',
      inputs: [jobId],
      scopes: ['create:users', 'read:users'],
      group: 'Read',
    },
    {
      id: 'get_failed_job',
      label: 'Get job errors',
      description: 'Reads the error details of a job: for an import, each failed user with its errors.',
      method: 'GET',
      path: '/api/v2/jobs/{id}/errors',
      inputs: [jobId],
      scopes: ['create:users', 'read:users'],
      group: 'Read',
    },
    {
      id: 'get_results',
      label: 'Get job results (removed)',
      description: 'Deprecated: Auth0 removed the job results endpoint. Use get with the job id instead.',
      method: 'GET',
      path: '/api/v2/jobs/{job_id}/results',
      inputs: [{ name: 'job_id', in: 'path', type: 'string', required: true, description: 'The id of the job.' }],
      deprecated: 'Auth0 removed the job results endpoint; use get with the job id instead',
      group: 'Read',
    },
    {
      id: 'export_users',
      label: 'Export users',
      description:
        'Starts a job that exports users to a file (ndjson or CSV, gzipped); poll it with get for the file URL, or send it to an auth0-job-watch node, which downloads and parses the file.',
      method: 'POST',
      path: '/api/v2/jobs/users-exports',
      inputs: [
        common.body('The whole export request ({ connection_id, format, limit, fields }); the separate inputs below take precedence over its keys.', false),
        { name: 'connection_id', in: 'body', type: 'string', description: 'The id (con_…) of the connection to export; all users of the tenant without it.' },
        { name: 'format', in: 'body', type: 'string', enum: ['json', 'csv'], description: 'json (newline-delimited JSON, one user per line) or csv.' },
        {
          name: 'fields',
          in: 'body',
          type: 'any',
          description:
            'The fields to export: names ("email,name" or ["email", "user_metadata.plan"]) or [{ "name": …, "export_as": … }]; Auth0\'s default set when unset. CSV needs each metadata field named.',
        },
        { name: 'limit', in: 'body', type: 'integer', description: 'Export at most this many users.' },
      ],
      scopes: ['read:users'],
      group: 'Jobs',
      executor: 'jobs.export_users',
    },
    {
      id: 'import_users',
      label: 'Import users',
      description:
        "Starts the jobs that import users into a database connection: the users are split into files under Auth0's 500 KB limit (a user is never split) and at most 2 import jobs run per tenant at once, the rest waiting their turn. The output is the list of jobs (one per file), ready for an auth0-job-watch node.",
      method: 'POST',
      path: '/api/v2/jobs/users-imports',
      contentType: 'multipart',
      inputs: [
        {
          name: 'connection_id',
          in: 'multipart',
          type: 'string',
          required: true,
          description: 'The id (con_…) of the database connection to import into; not its name.',
        },
        {
          name: 'file_obj',
          in: 'multipart',
          type: 'file',
          wireName: 'users',
          aliases: ['users'],
          required: true,
          description: 'The users: an array of user objects, a JSON string or a Buffer holding a JSON array.',
        },
        { name: 'upsert', in: 'multipart', type: 'boolean', default: false, description: 'Update users that already exist (true) or fail them (false).' },
        { name: 'send_completion_email', in: 'multipart', type: 'boolean', default: true, description: 'E-mail the tenant owners when the job completes.' },
        { name: 'external_id', in: 'multipart', type: 'string', description: 'Your own id for the job, returned with it.' },
      ],
      scopes: ['create:users'],
      group: 'Jobs',
      executor: 'jobs.import_users',
    },
    {
      id: 'send_verification_email',
      label: 'Send verification e-mail',
      description: 'Sends a user an e-mail with a link to verify their e-mail address.',
      method: 'POST',
      path: '/api/v2/jobs/verification-email',
      inputs: [common.body('The request: user_id (required), client_id, identity ({ user_id, provider }), organization_id.')],
      customDomainHeader: true,
      scopes: ['update:users'],
      group: 'Jobs',
    },
  ],
};
