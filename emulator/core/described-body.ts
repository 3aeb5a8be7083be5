/**
 * Request bodies of the Management API held against the schemas derived from Auth0's API
 * description (nodes/descriptions/: the same compiled validators the nodes check their bodies
 * with), before any route sees them: what the description refuses, the emulator refuses with
 * Auth0's error body, `400 {statusCode, error: 'Bad Request', message: "Payload validation error:
 * '…'", errorCode: 'invalid_body'}`, in Auth0's words ("Missing required property", "Additional
 * properties not allowed", "Expected type … but found type …", "No enum match for", "Object didn't
 * pass validation for format …"). The routes
 * keep only the checks the description cannot express (uniqueness, values that depend on the
 * tenant, Auth0's own rules beyond it).
 */
import { bodyProblem, type BodyProblem } from '../../nodes/descriptions/body-check';
import { endpointFor } from '../../nodes/descriptions/descriptions';
import { ApiError, badRequest } from './errors';

/** `body.a.b[0].c` → `a.b[0].c`; `body` → ''. */
function propertyPath(path: string): string {
  return path === 'body' ? '' : path.replace(/^body\.?/, '');
}

/** The last property name of a path and the path of its parent. */
function splitLast(path: string): { parent: string; name: string } {
  const at = path.lastIndexOf('.');
  return at < 0 ? { parent: '', name: path } : { parent: path.slice(0, at), name: path.slice(at + 1) };
}

function jsonTypeWord(text: string): string {
  if (text.includes('whole number')) return 'integer';
  const match = /\b(string|number|boolean|object|array|null)\b/.exec(text);
  return match ? match[1] : text;
}

/** A problem found by the description's validator, worded as Auth0 words its payload errors. */
export function auth0PayloadError(problem: BodyProblem): ApiError {
  const path = propertyPath(problem.path);
  const on = (property: string) => (property ? ` on property ${property}` : '');
  const after = problem.message.slice(problem.path.length).trim();
  let text: string;
  let property = path;
  if (problem.format) {
    text = `Object didn't pass validation for format ${problem.format.name}: ${problem.format.value}`;
  } else if (after.startsWith('is required')) {
    const { parent, name } = splitLast(path);
    text = `Missing required property: ${name}`;
    property = parent;
  } else if (after.startsWith('is not a property')) {
    const { parent, name } = splitLast(path);
    text = `Additional properties not allowed: ${name}`;
    property = parent;
  } else if (after.startsWith('must be one of')) {
    const got = /; got (.*)$/.exec(after)?.[1] ?? 'the value';
    text = `No enum match for: ${got}`;
  } else if (after.startsWith('must be')) {
    const [wanted, found] = after.replace(/^must be /, '').split(', got ');
    text = `Expected type ${jsonTypeWord(wanted)} but found type ${jsonTypeWord(found ?? '')}`;
  } else {
    text = after || 'Invalid payload';
  }
  return badRequest(`Payload validation error: '${text}'${on(property)}.`, 'invalid_body');
}

/** The writes of the core groups, whose validators are compiled before the first request. */
const EAGER_ENDPOINTS = ['users', 'roles', 'organizations', 'clients', 'connections', 'resource-servers'].flatMap((group) => [
  `POST /api/v2/${group}`,
  `PATCH /api/v2/${group}/{}`,
]);

/**
 * Reads the descriptions and compiles the core groups' validators once per process, at start:
 * compiling a schema takes tens of milliseconds, which inside a request would hold its answer
 * (and every other one) up. The other endpoints compile on their first body.
 */
export function prepareBodyChecks(): void {
  for (const key of EAGER_ENDPOINTS) bodyProblem(key, undefined);
}

/** Throws Auth0's 400 when a JSON body does not fit the endpoint's description. */
export function checkBodyAgainstDescription(method: string, path: string, body: unknown): void {
  if (body === undefined) return;
  const key = endpointFor(method, path);
  if (key === undefined) return;
  const problem = bodyProblem(key, body);
  if (problem) throw auth0PayloadError(problem);
}
