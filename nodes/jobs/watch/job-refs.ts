/**
 * What auth0-job-watch takes in msg.payload: a job id, a job object (with its id), or an array
 * of either (the output of auth0-jobs as it is). Checked whole before anything is polled.
 */
import { InputError } from '../../shared/errors';

export interface JobRef {
  id: string;
  /** The job object when one was given (its type and creation time start the deadline early). */
  job?: Record<string, unknown>;
}

/** Longest id accepted; Auth0's are about 20 characters. */
const MAX_ID_LENGTH = 128;

function refOf(item: unknown, where: string): JobRef {
  if (typeof item === 'string') return { id: checkId(item, where) };
  if (item && typeof item === 'object' && !Array.isArray(item) && !Buffer.isBuffer(item)) {
    const id = (item as Record<string, unknown>).id;
    if (typeof id !== 'string') throw new InputError('payload', `msg.payload${where} is an object without a job "id"`);
    return { id: checkId(id, where), job: item as Record<string, unknown> };
  }
  throw new InputError(
    'payload',
    `msg.payload${where} must be a job id or a job object, got ${item === null ? 'null' : Array.isArray(item) ? 'an array' : `a ${typeof item}`}`,
  );
}

function checkId(raw: string, where: string): string {
  const id = raw.trim();
  if (id === '') throw new InputError('payload', `msg.payload${where} is an empty job id`);
  if (id.length > MAX_ID_LENGTH || /\s/.test(id)) throw new InputError('payload', `msg.payload${where} is not a job id (job_…)`);
  return id;
}

/** The jobs to watch, each id once, in the order given. */
export function readJobRefs(payload: unknown): JobRef[] {
  const items = Array.isArray(payload) ? payload : [payload];
  if (items.length === 0) throw new InputError('payload', 'msg.payload is an empty list: there is no job to watch');
  const seen = new Map<string, JobRef>();
  items.forEach((item, index) => {
    const ref = refOf(item, Array.isArray(payload) ? `[${index}]` : '');
    if (!seen.has(ref.id)) seen.set(ref.id, ref);
  });
  return [...seen.values()];
}
