/**
 * The users of an import as the node receives them (`file_obj`, also read as `users`): an array
 * of user objects, or a JSON string or Buffer holding one. Checked whole before anything is sent.
 */
import { InputError, toError } from '../../shared/errors';

const INPUT = 'file_obj';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function parseText(text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw new InputError(INPUT, `input "${INPUT}" is empty: give the users to import as an array of user objects`);
  try {
    return JSON.parse(trimmed);
  } catch (err) {
    // An Auth0 export is newline-delimited JSON, a common thing to feed back in.
    const hint = trimmed.startsWith('{') && trimmed.includes('\n') ? ' It looks like newline-delimited JSON (an Auth0 export): make it an array first.' : '';
    throw new InputError(INPUT, `input "${INPUT}" is not valid JSON (${toError(err).message}); give a JSON array of user objects.${hint}`);
  }
}

/** The users as an array of plain objects, or an InputError saying what is wrong and where. */
export function readImportUsers(value: unknown): Record<string, unknown>[] {
  const parsed = Buffer.isBuffer(value) ? parseText(value.toString('utf8')) : typeof value === 'string' ? parseText(value) : value;
  if (!Array.isArray(parsed)) {
    throw new InputError(INPUT, `input "${INPUT}" must be an array of user objects, got ${describe(parsed)}`);
  }
  if (parsed.length === 0) throw new InputError(INPUT, `input "${INPUT}" is an empty list: there are no users to import`);
  for (let index = 0; index < parsed.length; index++) {
    const user: unknown = parsed[index];
    if (user === null || typeof user !== 'object' || Array.isArray(user) || Buffer.isBuffer(user)) {
      throw new InputError(INPUT, `input "${INPUT}": the user at index ${index} is ${describe(user)}, not a user object`);
    }
  }
  return parsed as Record<string, unknown>[];
}
