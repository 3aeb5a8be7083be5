/**
 * A request body held against its operation's schema in Auth0's API description (the contract's
 * "Bodies checked against Auth0's API description"), before anything is sent. ajv compiles each
 * endpoint's schema once, on the first body for it, and keeps the validator.
 *
 * - `bodyProblem(endpointKey, body)`: the first problem as `{ path: 'body.<path>', message }`, or
 *   undefined when the body fits (or the endpoint has no schema). For the emulator as well.
 * - `checkOperationBody(groupType, operationId, body)`: throws an InputError naming `body.<path>`.
 * Messages never carry a value except a short string outside an enum.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { InputError } from '../shared/errors';
import { bodySchemaFor, bodySchemaOfEndpoint, endpointKeyFor, type JsonSchema } from './descriptions';
import { toText } from '../shared/to-text';

export interface BodyProblem {
  /** `body.<path>`: `body.email`, `body.jwt_configuration.alg`, `body.permissions[0].permission_name`. */
  path: string;
  message: string;
}

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction | null>();

function validatorOf(key: string): ValidateFunction | null {
  let validator = validators.get(key);
  if (validator !== undefined) return validator;
  const schema = bodySchemaOfEndpoint(key);
  // Formats are documentation here: Auth0 checks them itself, and its idea of a URI or an e-mail is
  // not ajv's. verbose: an error carries its schema, for the nearest known property's name.
  ajv ??= new Ajv({ strict: false, validateFormats: false, allErrors: false, verbose: true });
  validator = schema ? ajv.compile(schema) : null;
  validators.set(key, validator);
  return validator;
}

/** `/permissions/0/permission_name` as `body.permissions[0].permission_name`. */
function bodyPath(instancePath: string, child?: string): string {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/');
  if (child !== undefined) segments.push(child);
  let out = 'body';
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  }
  return out;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The known name closest to a misspelt one, when it is close enough to be the one meant. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of known) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function typeText(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]).map((t) =>
    t === 'integer' ? 'a whole number' : t === 'null' ? 'null' : `${/^[aeiou]/.test(String(t)) ? 'an' : 'a'} ${String(t)}`,
  );
  return types.join(' or ');
}

function shown(value: unknown): string {
  return typeof value === 'string' && value.length <= 40 ? `; got "${value}"` : `; got ${describeValue(value)}`;
}

function problemOf(error: ErrorObject): BodyProblem {
  const parent = error.parentSchema as JsonSchema | undefined;
  switch (error.keyword) {
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return { path: bodyPath(error.instancePath, missing), message: `${bodyPath(error.instancePath, missing)} is required` };
    }
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      const where = error.instancePath === '' ? 'this body' : bodyPath(error.instancePath);
      const known = Object.keys(parent?.properties ?? {});
      const nearest = nearestName(extra, known);
      const hint = nearest
        ? `; did you mean ${bodyPath(error.instancePath, nearest)}?`
        : known.length > 0
          ? ` (it has ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''})`
          : '';
      return { path: bodyPath(error.instancePath, extra), message: `${bodyPath(error.instancePath, extra)} is not a property of ${where}${hint}` };
    }
    case 'type':
      return {
        path: bodyPath(error.instancePath),
        message: `${bodyPath(error.instancePath)} must be ${typeText((error.params as { type: unknown }).type)}, got ${describeValue(error.data)}`,
      };
    case 'enum': {
      const allowed = ((error.params as { allowedValues: unknown[] }).allowedValues ?? []).filter((v) => v !== null).map((v) => toText(v));
      return { path: bodyPath(error.instancePath), message: `${bodyPath(error.instancePath)} must be one of ${allowed.join(', ')}${shown(error.data)}` };
    }
    case 'const':
      return {
        path: bodyPath(error.instancePath),
        message: `${bodyPath(error.instancePath)} must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}${shown(error.data)}`,
      };
    case 'anyOf':
      return { path: bodyPath(error.instancePath), message: `${bodyPath(error.instancePath)} fits none of the forms Auth0's description allows` };
    default:
      return { path: bodyPath(error.instancePath), message: `${bodyPath(error.instancePath)} ${error.message ?? 'is not valid'}` };
  }
}

/** The `anyOf` alternative an error is in (its schema path up to the alternative's index), if any. */
function alternativeOf(error: ErrorObject): string | undefined {
  const match = /^(.*\/anyOf\/\d+)\//.exec(error.schemaPath);
  return match ? match[1] : undefined;
}

/**
 * The most telling of ajv's errors. Under `anyOf` every alternative reports its own: one whose
 * discriminating constant or enum (`type`, `method`, `action`) does not match is not the one meant,
 * so its errors go first; of the rest, the deepest into the body wins.
 */
function mostTelling(errors: readonly ErrorObject[]): ErrorObject {
  const mismatched = new Set<string>();
  for (const e of errors) {
    const alternative = alternativeOf(e);
    if (alternative && (e.keyword === 'enum' || e.keyword === 'const') && /^\/properties\/[^/]+\/(enum|const)$/.test(e.schemaPath.slice(alternative.length))) {
      mismatched.add(alternative);
    }
  }
  const meant = errors.filter((e) => e.keyword !== 'anyOf' && ![...mismatched].some((alt) => e.schemaPath.startsWith(`${alt}/`)));
  const candidates = meant.length > 0 ? meant : errors;
  const rank = (e: ErrorObject): number => {
    const depth = e.instancePath.split('/').length + (e.keyword === 'required' || e.keyword === 'additionalProperties' ? 1 : 0);
    return depth * 2 - (e.keyword === 'anyOf' ? 1 : 0);
  };
  return candidates.reduce((best, e) => (rank(e) > rank(best) ? e : best));
}

/** The body's first problem against the endpoint's schema, or undefined. */
export function bodyProblem(endpointKey: string, body: unknown): BodyProblem | undefined {
  const validate = validatorOf(endpointKey);
  if (!validate || validate(body)) return undefined;
  const errors = validate.errors ?? [];
  return errors.length === 0 ? { path: 'body', message: 'body does not fit its description' } : problemOf(mostTelling(errors));
}

/** Throws an InputError naming `body.<path>` when the body does not fit the operation's schema. */
export function checkOperationBody(groupType: string, operationId: string, body: unknown): void {
  const key = endpointKeyFor(groupType, operationId);
  if (key === undefined || !bodySchemaFor(groupType, operationId)) return;
  const problem = bodyProblem(key, body);
  if (problem) throw new InputError(problem.path, `${problem.message} (Auth0's API description; set checkBody off to send it anyway)`);
}
