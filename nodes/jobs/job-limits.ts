/**
 * Auth0's documented limits on jobs (bulk-user-imports / bulk-user-exports guides), in one place
 * for the import splitter, the per-tenant import cap and the job watcher.
 */
export const JOB_LIMITS = {
  /** Bytes of one import file: "The file size limit for a bulk import is 500KB". */
  maxImportFileBytes: 500 * 1024,
  /** Import jobs a tenant runs at once; a third is answered 429. */
  maxRunningImports: 2,
  /** Import jobs still running after this are failed by Auth0. */
  importTimeoutMs: 2 * 60 * 60 * 1000,
  /** Export jobs still running after this are failed by Auth0. */
  exportTimeoutMs: 8 * 60 * 60 * 1000,
  /** All job data is deleted this long after the job was created. */
  retentionMs: 24 * 60 * 60 * 1000,
} as const;

/** Job states that mean the job is still waiting or working. */
export function isRunningStatus(status: unknown): boolean {
  return status === 'pending' || status === 'processing';
}
