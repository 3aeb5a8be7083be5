/**
 * Values nested too deep for Node-RED. When a node fails a message (`done(err)`), Node-RED copies
 * it for each Catch node with a recursive clone, which overflows the stack on a message nested a
 * few thousand levels deep and brings the whole process down; sending to several wires does the
 * same. No Auth0 body or answer comes near MAX_MESSAGE_DEPTH levels, so deeper input is refused.
 *
 * The walk is iterative (a deep value must not overflow our own stack either), sees each object
 * once (shared and circular references, as Node-RED's clone), and skips `req` and `res` at the
 * message's top, which Node-RED never clones.
 */
import { InputError } from './errors';

/** Levels below a message's (or a delivered item's) top that are accepted. */
export const MAX_MESSAGE_DEPTH = 200;

const NOT_CLONED = new Set(['req', 'res']);

function isWalked(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

/**
 * The top-level key under which the value holds something nested deeper than `limit` levels (the
 * value itself counting as level 0), or undefined. With `cut`, every part beyond the limit is
 * replaced by a short text, in place, so the value can be copied afterwards.
 */
export function tooDeepUnder(value: unknown, options: { limit?: number; cut?: boolean; topLevel?: boolean } = {}): string | undefined {
  const limit = options.limit ?? MAX_MESSAGE_DEPTH;
  if (!isWalked(value)) return undefined;
  const seen = new WeakSet<object>([value]);
  let found: string | undefined;
  const stack: { value: object; depth: number; top: string | undefined }[] = [{ value, depth: 0, top: undefined }];
  while (stack.length > 0) {
    const { value: current, depth, top } = stack.pop() as { value: object; depth: number; top: string | undefined };
    for (const [key, child] of Object.entries(current)) {
      if (depth === 0 && options.topLevel && NOT_CLONED.has(key)) continue;
      if (!isWalked(child) || seen.has(child)) continue;
      seen.add(child);
      const under = top ?? key;
      if (depth + 1 < limit) {
        stack.push({ value: child, depth: depth + 1, top: under });
        continue;
      }
      found ??= under;
      if (!options.cut) return found;
      try {
        (current as Record<string, unknown>)[key] = `[nested deeper than ${limit} levels: cut]`;
      } catch {
        // A frozen object keeps its part; Node-RED's copy of it may then fail, as it would have anyway.
      }
    }
  }
  return found;
}

/**
 * For a node's input handler: an InputError when the message is nested deeper than
 * MAX_MESSAGE_DEPTH levels, after cutting the deeper parts out of it, so that `done(err)` can
 * give it to Catch nodes without crashing Node-RED. Undefined for any other message.
 */
export function deepMessageError(msg: object): InputError | undefined {
  const under = tooDeepUnder(msg, { cut: true, topLevel: true });
  if (under === undefined) return undefined;
  const name = `msg.${under.length > 60 ? `${under.slice(0, 40)}…` : under}`;
  return new InputError(
    name,
    `${name} is nested more than ${MAX_MESSAGE_DEPTH} levels deep, more than Node-RED can copy for a Catch node: refused (the part beyond was cut from the message)`,
  );
}

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another, read from its
 * bytes before it is parsed: parsing a 5 MB body nested two million levels deep takes seconds
 * (JSON.parse is linear, but slow on nesting), and such a body is refused anyway. Brackets inside
 * strings do not count; the text need not be valid JSON (JSON lines are read the same way).
 */
export function jsonNestedDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c)
        i += 1; // a backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if ((byte === 0x5d || byte === 0x7d) && depth > 0) depth -= 1;
  }
  return false;
}
