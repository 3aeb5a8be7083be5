/**
 * Splits an import into JSON-array files that Auth0 accepts: each file at most the byte limit,
 * measured on the exact bytes sent (`[` + users joined by `,` + `]`, UTF-8), and a user never cut
 * in two. Planning keeps only the boundaries, so a file's bytes exist only while it is uploaded.
 */
import { InputError, toError } from '../../shared/errors';

/** One planned file: users [start, end) of the list, and its exact size in bytes. */
export interface ImportFilePlan {
  start: number;
  end: number;
  bytes: number;
}

/** `[` and `]` around every file. */
const BRACKETS = 2;
/** The `,` between two users. */
const SEPARATOR = 1;

/** A user as the bytes of the file hold it; an InputError naming its index when it cannot be written as JSON. */
export function serialiseUser(user: unknown, index: number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(user);
  } catch (err) {
    throw new InputError('file_obj', `input "file_obj": the user at index ${index} cannot be written as JSON (${toError(err).message})`);
  }
  if (typeof text !== 'string' || !text.startsWith('{')) {
    throw new InputError('file_obj', `input "file_obj": the user at index ${index} is not written as a JSON object`);
  }
  return text;
}

function formatBytes(bytes: number): string {
  return bytes.toLocaleString('en-US');
}

/**
 * Greedy plan: each file takes users in order while its total stays within `maxBytes`.
 * Throws an InputError, before anything is sent, when one user alone cannot fit in a file.
 */
export function planImportFiles(users: readonly unknown[], maxBytes: number): ImportFilePlan[] {
  const files: ImportFilePlan[] = [];
  let current: ImportFilePlan | undefined;
  for (let index = 0; index < users.length; index++) {
    const size = Buffer.byteLength(serialiseUser(users[index], index), 'utf8');
    if (BRACKETS + size > maxBytes) {
      throw new InputError(
        'file_obj',
        `input "file_obj": the user at index ${index} is ${formatBytes(size)} bytes as JSON, more than one import file may hold ` +
          `(${formatBytes(maxBytes)} bytes in all, Auth0's 500 KB limit); make its metadata smaller`,
      );
    }
    if (current && current.bytes + SEPARATOR + size <= maxBytes) {
      current.bytes += SEPARATOR + size;
      current.end = index + 1;
      continue;
    }
    current = { start: index, end: index + 1, bytes: BRACKETS + size };
    files.push(current);
  }
  return files;
}

/** Splits a planned file in two halves of its users (for a service that refuses a file as too large). */
export function halveImportFile(users: readonly unknown[], file: ImportFilePlan): [ImportFilePlan, ImportFilePlan] | undefined {
  if (file.end - file.start < 2) return undefined;
  const middle = file.start + Math.floor((file.end - file.start) / 2);
  const measure = (start: number, end: number): number => {
    let bytes = BRACKETS + (end - start - 1) * SEPARATOR;
    for (let i = start; i < end; i++) bytes += Buffer.byteLength(serialiseUser(users[i], i), 'utf8');
    return bytes;
  };
  return [
    { start: file.start, end: middle, bytes: measure(file.start, middle) },
    { start: middle, end: file.end, bytes: measure(middle, file.end) },
  ];
}

/** The file's bytes: exactly what was planned, or an error when the users changed since planning. */
export function buildImportFile(users: readonly unknown[], file: ImportFilePlan): Buffer {
  const parts: string[] = [];
  for (let i = file.start; i < file.end; i++) parts.push(serialiseUser(users[i], i));
  const data = Buffer.from(`[${parts.join(',')}]`, 'utf8');
  if (data.length !== file.bytes) {
    throw new Error(
      `the users of import file ${file.start}..${file.end - 1} changed while the import was running (${data.length} bytes, ${file.bytes} planned)`,
    );
  }
  return data;
}
