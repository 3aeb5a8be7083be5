/**
 * A value of unknown type as text, as `String(value)` gives it, except that a plain object shows
 * as its JSON rather than "[object Object]" (an input, a setting or an answer field that was not
 * the string it should be still reads in an error).
 */
export function toText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'symbol':
    case 'undefined':
      return String(value);
    case 'function':
      return `[function ${value.name}]`;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.join(',');
  const own = value as { toString(): string };
  if (own.toString !== Object.prototype.toString) return own.toString();
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[object Object]';
  }
}
