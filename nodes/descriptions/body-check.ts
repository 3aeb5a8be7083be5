/**
 * A request body held against its operation's schema in Auth0's API description (the contract's
 * "Bodies checked against Auth0's API description"), before anything is sent. ajv compiles each
 * endpoint's schema once, on the first body for it, and keeps the validator.
 *
 * Two readings of the same schema:
 * - strict, for the emulator (`bodyProblem(endpointKey, body)`): every property the description
 *   does not list is refused, as Auth0 did at the description's date;
 * - forward-compatible, for the nodes (`checkOperationBody(groupType, operationId, body)`): a
 *   property the description does not list is refused only when it is a near miss of one it lists
 *   (a typo: "did you mean"); one that resembles nothing known may be newer than our copy of the
 *   description (roles' `type`), so it is sent, and returned for the node's warning. Then the
 *   requirements Auth0 documents in words (conditional-requirements.ts).
 * Both check the formats the description states (body-formats.ts). A problem is
 * `{ path: 'body.<path>', message }`; messages never carry a value except a short string.
 */
import Ajv, { type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import { InputError } from '../shared/errors';
import { bodySchemaFor, bodySchemaOfEndpoint, endpointKeyFor, type JsonSchema } from './descriptions';
import { addFormatsOf, CHECKED_FORMATS } from './body-formats';
import { unmetRequirement } from './conditional-requirements';
import { toText } from '../shared/to-text';

export interface BodyProblem {
  /** `body.<path>`: `body.email`, `body.jwt_configuration.alg`, `body.permissions[0].permission_name`. */
  path: string;
  message: string;
  /** A value outside the format the description states: its name and the value (cut to 200 characters). */
  format?: { name: string; value: string };
}

/** The keyword the forward-compatible reading puts where the description says `additionalProperties: false`. */
const KNOWN_OR_NEW = 'x-known-or-new-properties';
/** A property name longer than this is shown cut (a hostile name of 256 KB must not fill an error). */
const LONGEST_NAME_SHOWN = 60;
/** Unknown properties reported per body. */
const MOST_UNKNOWN = 20;
/**
 * Properties the description does not list that one body may hold (each is searched for a near
 * miss): no Auth0 body comes near, and a body of 200,000 of them held the event loop for seconds.
 */
export const MOST_UNLISTED = 100;

type Reading = 'strict' | 'forward';

let ajv: Ajv | undefined;
const validators: Record<Reading, Map<string, ValidateFunction | null>> = { strict: new Map(), forward: new Map() };
/** Forward-compatible validators of `anyOf` alternatives, by the description's (frozen, shared) schema object. */
const alternatives = new WeakMap<JsonSchema, ValidateFunction>();

/** Characters that would break a log line or forge a new one (line ends, escapes). */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A name as an error or a warning shows it: whole when short, else its start and its length; a
 * line end or other control character in it written as `\uXXXX`, so a name cannot forge a log line.
 */
export function shownName(name: string): string {
  return printable(name.length <= LONGEST_NAME_SHOWN ? name : `${name.slice(0, 40)}…(${name.length} characters)`);
}

function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function editDistance(a: string, b: string): number {
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

/**
 * The known name closest to a misspelt one, when it is close enough to be the one meant. Only
 * candidates whose length is within reach are compared (the distance is at least the difference
 * of the lengths), so a name of any length costs at most a few short comparisons.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of known) {
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

const TOO_MANY_UNLISTED: BodyProblem = {
  path: 'body',
  message: `body holds more than ${MOST_UNLISTED} properties Auth0's API description does not list (no Auth0 body has that many)`,
};

/**
 * The unlisted properties the check under way may still meet (checks run synchronously, one at a
 * time), and the objects already counted (ajv visits one again for each `anyOf` alternative).
 */
const unlisted = { left: Infinity, counted: new WeakSet<object>() };

/** The forward-compatible `additionalProperties: false`: refuses a near miss of a known name, takes any other. */
function knownOrNew(_value: boolean, data: Record<string, unknown>, parentSchema?: AnySchemaObject): boolean {
  const properties = (parentSchema as JsonSchema | undefined)?.properties ?? {};
  const known = Object.keys(properties);
  if (!unlisted.counted.has(data)) {
    unlisted.counted.add(data);
    // Counted before any is searched: only a lookup each.
    for (const name of Object.keys(data)) if (!Object.prototype.hasOwnProperty.call(properties, name)) unlisted.left -= 1;
  }
  if (unlisted.left < 0) {
    knownOrNew.errors = [{ keyword: KNOWN_OR_NEW, message: 'has too many unlisted properties', params: { tooMany: true } }];
    return false;
  }
  for (const name of Object.keys(data)) {
    if (Object.prototype.hasOwnProperty.call(properties, name)) continue;
    const meant = nearestName(name, known);
    if (meant !== undefined) {
      knownOrNew.errors = [{ keyword: KNOWN_OR_NEW, message: 'is a near miss', params: { additionalProperty: name, meant, known } }];
      return false;
    }
  }
  return true;
}
knownOrNew.errors = [] as Partial<ErrorObject>[];

function theAjv(): Ajv {
  if (!ajv) {
    // verbose: an error carries its schema, for the nearest known property's name.
    ajv = new Ajv({ strict: false, allErrors: false, verbose: true });
    // Before `properties`, where ajv checks `additionalProperties`: an alternative's near miss is its first error, as in the strict reading.
    ajv.addKeyword({ keyword: KNOWN_OR_NEW, type: 'object', schemaType: 'boolean', errors: true, before: 'properties', validate: knownOrNew });
  }
  return ajv;
}

/** The schema with every `additionalProperties: false` read the forward-compatible way. */
function forwardCompatible(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forwardCompatible);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) out[KNOWN_OR_NEW] = true;
    else out[key] = key === 'enum' || key === 'const' ? value : forwardCompatible(value);
  }
  return out;
}

function compile(schema: JsonSchema, reading: Reading): ValidateFunction {
  const compiler = theAjv();
  addFormatsOf(compiler, schema);
  return compiler.compile(reading === 'strict' ? schema : (forwardCompatible(schema) as AnySchemaObject));
}

function validatorOf(key: string, reading: Reading): ValidateFunction | null {
  let validator = validators[reading].get(key);
  if (validator !== undefined) return validator;
  const schema = bodySchemaOfEndpoint(key);
  validator = schema ? compile(schema, reading) : null;
  validators[reading].set(key, validator);
  return validator;
}

/** `body.a` + `b` → `body.a.b`; a numeric segment as an index. */
function childPath(parent: string, segment: string): string {
  return /^\d+$/.test(segment) ? `${parent}[${segment}]` : `${parent}.${shownName(segment)}`;
}

/** `/permissions/0/permission_name` as `body.permissions[0].permission_name`. */
function bodyPath(instancePath: string, child?: string): string {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/');
  if (child !== undefined) segments.push(child);
  let out = 'body';
  for (const raw of segments) out = childPath(out, raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  return out;
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
  return typeof value === 'string' && value.length <= 40 ? `; got "${printable(value)}"` : `; got ${describeValue(value)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A property of the body that is not known and is a near miss of `missing`: the misspelt required one. */
function misspeltAs(missing: string, data: unknown, known: readonly string[]): string | undefined {
  if (!isRecord(data)) return undefined;
  return Object.keys(data).find((name) => !known.includes(name) && nearestName(name, [missing]) === missing);
}

/** "body.x is not a property of <where>; did you mean body.y?" */
function notAProperty(instancePath: string, extra: string, meant: string | undefined, known: readonly string[]): BodyProblem {
  const where = instancePath === '' ? 'this body' : bodyPath(instancePath);
  const hint = meant
    ? `; did you mean ${bodyPath(instancePath, meant)}?`
    : known.length > 0
      ? ` (it has ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''})`
      : '';
  return { path: bodyPath(instancePath, extra), message: `${bodyPath(instancePath, extra)} is not a property of ${where}${hint}` };
}

function problemOf(error: ErrorObject, reading: Reading): BodyProblem {
  const parent = error.parentSchema as JsonSchema | undefined;
  switch (error.keyword) {
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      const misspelt = reading === 'forward' ? misspeltAs(missing, error.data, Object.keys(parent?.properties ?? {})) : undefined;
      if (misspelt !== undefined) {
        const problem = notAProperty(error.instancePath, misspelt, missing, []);
        return { ...problem, message: `${problem.message} (${bodyPath(error.instancePath, missing)} is required)` };
      }
      return { path: bodyPath(error.instancePath, missing), message: `${bodyPath(error.instancePath, missing)} is required` };
    }
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      const known = Object.keys(parent?.properties ?? {});
      return notAProperty(error.instancePath, extra, nearestName(extra, known), known);
    }
    case KNOWN_OR_NEW: {
      if ((error.params as { tooMany?: boolean }).tooMany) return TOO_MANY_UNLISTED;
      const { additionalProperty, meant, known } = error.params as { additionalProperty: string; meant: string; known: string[] };
      return notAProperty(error.instancePath, additionalProperty, meant, known);
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
    case 'format': {
      const name = (error.params as { format: string }).format;
      const words = CHECKED_FORMATS[name]?.words ?? `of the format ${name}`;
      return {
        path: bodyPath(error.instancePath),
        message: `${bodyPath(error.instancePath)} must be ${words}${shown(error.data)}`,
        format: { name, value: toText(error.data).slice(0, 200) },
      };
    }
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
    const named = e.keyword === 'required' || e.keyword === 'additionalProperties' || e.keyword === KNOWN_OR_NEW;
    const depth = e.instancePath.split('/').length + (named ? 1 : 0);
    return depth * 2 - (e.keyword === 'anyOf' ? 1 : 0);
  };
  return candidates.reduce((best, e) => (rank(e) > rank(best) ? e : best));
}

function firstProblem(validate: ValidateFunction | null, body: unknown, reading: Reading): BodyProblem | undefined {
  if (!validate || validate(body)) return undefined;
  const errors = validate.errors ?? [];
  return errors.length === 0 ? { path: 'body', message: 'body does not fit its description' } : problemOf(mostTelling(errors), reading);
}

/** The body's first problem against the endpoint's schema, read strictly (the emulator's check), or undefined. */
export function bodyProblem(endpointKey: string, body: unknown): BodyProblem | undefined {
  return firstProblem(validatorOf(endpointKey, 'strict'), body, 'strict');
}

function fits(alternative: JsonSchema, data: unknown): boolean {
  let validate = alternatives.get(alternative);
  if (!validate) {
    validate = compile(alternative, 'forward');
    alternatives.set(alternative, validate);
  }
  return validate(data);
}

/**
 * The properties of a body (that fits the forward-compatible reading) its description does not
 * list, as `body.<path>`: under `anyOf`, those of the fitting alternative that knows the most.
 */
function unknownProperties(schema: JsonSchema, data: unknown, path: string, out: string[]): void {
  if (out.length >= MOST_UNKNOWN) return;
  for (const part of schema.allOf ?? []) unknownProperties(part, data, path, out);
  if (schema.anyOf) {
    let best: string[] | undefined;
    for (const alternative of schema.anyOf) {
      if (!fits(alternative, data)) continue;
      const found: string[] = [];
      unknownProperties(alternative, data, path, found);
      if (!best || found.length < best.length) best = found;
      if (best.length === 0) break;
    }
    out.push(...(best ?? []));
  }
  if (isRecord(data)) {
    const properties = schema.properties ?? {};
    for (const [name, value] of Object.entries(data)) {
      const known = Object.prototype.hasOwnProperty.call(properties, name);
      const child = known ? properties[name] : typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      if (child) unknownProperties(child, value, childPath(path, name), out);
      else if (schema.additionalProperties === false && out.length < MOST_UNKNOWN) out.push(childPath(path, name));
    }
  } else if (Array.isArray(data) && schema.items) {
    const items = schema.items;
    data.forEach((item, i) => unknownProperties(items, item, `${path}[${i}]`, out));
  }
}

/** What the nodes' check finds: the first problem, else the properties sent beyond the description. */
export interface BodyCheck {
  problem?: BodyProblem;
  unknown: string[];
}

/** The forward-compatible check of a body for an endpoint (see the header). */
export function checkBodyFor(endpointKey: string, body: unknown): BodyCheck {
  const schema = bodySchemaOfEndpoint(endpointKey);
  if (!schema) return { unknown: [] };
  let problem: BodyProblem | undefined;
  unlisted.left = MOST_UNLISTED;
  unlisted.counted = new WeakSet();
  try {
    problem = firstProblem(validatorOf(endpointKey, 'forward'), body, 'forward');
  } finally {
    // Whichever of ajv's errors was the most telling, this is the one that ended the check.
    if (unlisted.left < 0) problem = TOO_MANY_UNLISTED;
    unlisted.left = Infinity;
  }
  problem ??= requirementProblem(endpointKey, body);
  if (problem) return { problem, unknown: [] };
  const unknown: string[] = [];
  unknownProperties(schema, body, 'body', unknown);
  return { unknown };
}

/** A requirement Auth0 documents in words, unmet (a misspelt property named as such). */
function requirementProblem(endpointKey: string, body: unknown): BodyProblem | undefined {
  const unmet = unmetRequirement(endpointKey, body);
  if (!unmet) return undefined;
  const { missing, rule, value } = unmet;
  const why = `required for ${rule.what} (${rule.when.property} "${shownName(value)}"), as Auth0 documents`;
  const known = Object.keys(bodySchemaOfEndpoint(endpointKey)?.properties ?? {});
  for (const name of missing) {
    const misspelt = misspeltAs(name, body, known);
    if (misspelt !== undefined) {
      const problem = notAProperty('', misspelt, name, []);
      return { ...problem, message: `${problem.message} (body.${name} is ${why})` };
    }
  }
  const names = missing.map((name) => `body.${name}`).join(' or ');
  return { path: `body.${missing[0]}`, message: `${names} is ${why}` };
}

/**
 * Throws an InputError naming `body.<path>` when the body does not fit the operation's schema;
 * returns the properties it has beyond the description (sent, for the node to warn about).
 */
export function checkOperationBody(groupType: string, operationId: string, body: unknown): string[] {
  const key = endpointKeyFor(groupType, operationId);
  if (key === undefined || !bodySchemaFor(groupType, operationId)) return [];
  const { problem, unknown } = checkBodyFor(key, body);
  if (problem) throw new InputError(problem.path, `${problem.message} (Auth0's API description; set checkBody off to send it anyway)`);
  return unknown;
}
