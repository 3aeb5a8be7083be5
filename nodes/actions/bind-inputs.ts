/**
 * deploy_and_bind's inputs as Auth0's request fields, checked before any request: dependencies
 * in any of three spellings, secrets as a map, the position and its companion input, the timeout.
 */
import { InputError } from '../shared/errors';

export interface Dependency {
  name: string;
  version: string;
  registry_url?: string;
}

export type BindPosition = 'first' | 'last' | 'index' | 'after';

export interface DeployAndBindPlan {
  name: string;
  trigger: string;
  code: string;
  dependencies?: Dependency[];
  runtime?: string;
  secrets?: { name: string; value: string }[];
  /** Unset: an action already bound keeps its place, a new binding goes last. */
  position?: BindPosition;
  index?: number;
  after?: string;
  displayName: string;
  timeoutMs: number;
}

function dependencyOf(item: unknown, index: number): Dependency {
  if (typeof item === 'string') {
    // "name@version", also for scoped names ("@scope/name@1.2.3").
    const at = item.lastIndexOf('@');
    if (at <= 0) throw new InputError('dependencies', `input "dependencies": item ${index} must be "name@version", got "${item.slice(0, 60)}"`);
    return { name: item.slice(0, at), version: item.slice(at + 1) };
  }
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const { name, version, registry_url: registry } = item as Record<string, unknown>;
    if (typeof name !== 'string' || name === '' || typeof version !== 'string' || version === '') {
      throw new InputError('dependencies', `input "dependencies": item ${index} needs a "name" and a "version"`);
    }
    if (registry !== undefined && typeof registry !== 'string')
      throw new InputError('dependencies', `input "dependencies": "registry_url" of item ${index} must be a string`);
    return registry === undefined ? { name, version } : { name, version, registry_url: registry };
  }
  throw new InputError('dependencies', `input "dependencies": item ${index} must be "name@version" or {name, version}`);
}

/** Dependencies as an array of {name, version}, of "name@version", or an object {name: version}. */
export function dependenciesOf(value: unknown): Dependency[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    try {
      list =
        text.startsWith('[') || text.startsWith('{')
          ? (JSON.parse(text) as unknown)
          : text
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean);
    } catch {
      throw new InputError('dependencies', 'input "dependencies" is not valid JSON');
    }
  }
  if (list && typeof list === 'object' && !Array.isArray(list)) {
    return Object.entries(list as Record<string, unknown>).map(([name, version]) => {
      if (typeof version !== 'string' || version === '')
        throw new InputError('dependencies', `input "dependencies": the version of "${name.slice(0, 60)}" must be a string`);
      return { name, version };
    });
  }
  if (!Array.isArray(list)) throw new InputError('dependencies', 'input "dependencies" must be an array or an object {name: version}');
  return list.map(dependencyOf);
}

/** Secrets as Auth0's [{name, value}], from an object {NAME: value}. */
export function secretsOf(value: unknown): { name: string; value: string }[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new InputError('secrets', 'input "secrets" must be an object {NAME: value}');
  return Object.entries(value as Record<string, unknown>).map(([name, secret]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      throw new InputError('secrets', `input "secrets": "${name.slice(0, 40)}" is not a valid secret name (letters, digits and _)`);
    if (typeof secret !== 'string') throw new InputError('secrets', `input "secrets": the value of ${name} must be a string`);
    return { name, value: secret };
  });
}

/** Every deploy_and_bind input checked and shaped; throws an InputError naming the input. */
export function planOf(values: Record<string, unknown>): DeployAndBindPlan {
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (name === '') throw new InputError('name', 'input "name" (the action\'s name) is missing');
  const code = values.code;
  if (typeof code !== 'string' || code.trim() === '') throw new InputError('code', 'input "code" (the action\'s source) is missing');
  const position = values.position as BindPosition | undefined;
  const plan: DeployAndBindPlan = {
    name,
    trigger: String(values.trigger),
    code,
    displayName: typeof values.display_name === 'string' && values.display_name !== '' ? values.display_name : name,
    timeoutMs: 60_000,
  };
  const dependencies = dependenciesOf(values.dependencies);
  if (dependencies) plan.dependencies = dependencies;
  const secrets = secretsOf(values.secrets);
  if (secrets) plan.secrets = secrets;
  if (typeof values.runtime === 'string' && values.runtime !== '') plan.runtime = values.runtime;
  if (position !== undefined) plan.position = position;
  if (position === 'index') {
    const index = values.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0)
      throw new InputError('index', 'input "index" must be a whole number from 0 with position index');
    plan.index = index;
  }
  if (position === 'after') {
    const after = typeof values.after === 'string' ? values.after.trim() : '';
    if (after === '') throw new InputError('after', 'input "after" (the action to run after) is missing with position after');
    if (after === name) throw new InputError('after', 'input "after" names the action being bound itself');
    plan.after = after;
  }
  if (values.timeout !== undefined) {
    const timeout = values.timeout;
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0 || timeout > 3600)
      throw new InputError('timeout', 'input "timeout" must be a number of seconds from 1 to 3600');
    plan.timeoutMs = timeout * 1000;
  }
  return plan;
}
