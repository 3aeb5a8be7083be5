/** Typed reads of query-string parameters, failing with Auth0's 400 invalid_query_string. */
import { invalidQuery } from './errors';

export class QueryReader {
  constructor(readonly params: URLSearchParams) {}

  has(name: string): boolean {
    return this.params.has(name);
  }

  /** The value, or undefined when absent (an empty value counts as absent). */
  str(name: string): string | undefined {
    const value = this.params.get(name);
    return value === null || value === '' ? undefined : value;
  }

  int(name: string, options: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.str(name);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw)) throw invalidQuery(`Query validation error: '${name}' must be an integer`);
    const value = Number(raw);
    if (options.min !== undefined && value < options.min) {
      throw invalidQuery(`Query validation error: '${name}' must be greater than or equal to ${options.min}`);
    }
    if (options.max !== undefined && value > options.max) {
      throw invalidQuery(`Query validation error: '${name}' must be less than or equal to ${options.max}`);
    }
    return value;
  }

  bool(name: string): boolean | undefined {
    const raw = this.str(name);
    if (raw === undefined) return undefined;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw invalidQuery(`Query validation error: '${name}' must be a boolean`);
  }

  /** Comma-separated list (repeated parameters are joined too). */
  list(name: string): string[] | undefined {
    const all = this.params.getAll(name);
    if (all.length === 0) return undefined;
    const items = all
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    return items.length ? items : undefined;
  }
}
