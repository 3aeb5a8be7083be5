/**
 * A secret typed into a flow is refused: a body property that carries a secret (Auth0's
 * description marks it or holds one under it, or its name says so: nodes/shared/secret-names.ts)
 * takes its value from msg, flow, global or env only, as the edit form offers. A flow file that
 * still carries one typed as text or JSON (written by hand, or by an older form) fails with an
 * error naming the property, before any request; the value itself is never repeated.
 */
import { ConfigError } from '../shared/errors';
import { bodySchemaFor, secretBodyProperties } from '../descriptions/descriptions';
import { isSecretName } from '../shared/secret-names';
import type { OperationSpec } from '../shared/catalogue';

/** Where a secret may come from: never the flow file itself. */
export const SECRET_SOURCES: ReadonlySet<string> = new Set(['msg', 'flow', 'global', 'env']);

interface Setting {
  value: unknown;
  type?: string;
}

/** Whether a body property of the operation carries a secret: by the description, else (a property it does not describe) by name. */
function carriesSecret(groupType: string, operationId: string, name: string): boolean {
  if (secretBodyProperties(groupType, operationId).has(name)) return true;
  const described = bodySchemaFor(groupType, operationId);
  const known = [described, ...(described?.anyOf ?? [])].some((schema) => schema?.properties?.[name] !== undefined);
  return !known && isSecretName(name);
}

/** The names a literal whole body gives values to: a JSON object's keys, or the keys a JSONata object constructor writes; undefined when it cannot tell. */
function literalKeys(setting: Setting): string[] | undefined {
  if (typeof setting.value !== 'string') return typeof setting.value === 'object' && setting.value !== null ? Object.keys(setting.value) : undefined;
  // JSONata: the keys given a literal text (`"api_key": "…"`); one given an expression (`$env("…")`) reads its value from elsewhere.
  if (setting.type === 'jsonata') return [...setting.value.matchAll(/"([^"]+)"\s*:\s*"[^"]+"/g)].map((match) => match[1]);
  try {
    const parsed = JSON.parse(setting.value) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.keys(parsed) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ConfigError for a whole body typed into the flow (`params.body` as JSON, text or JSONata)
 * that gives a secret body property a value, else undefined. A body that is a map of secrets (a
 * hook's secrets) gives one with any key; one that cannot be read is judged as giving one.
 */
function typedBodyError(groupType: string, operation: OperationSpec, params: Record<string, unknown> | undefined): ConfigError | undefined {
  for (const input of operation.inputs) {
    if (!input.wholeBody || !input.secret) continue;
    const raw = params?.[input.name];
    const setting: Setting = raw !== null && typeof raw === 'object' && 'value' in raw ? raw : { value: raw };
    if (setting.value === undefined || setting.value === null || setting.value === '') continue;
    if (setting.type !== undefined && SECRET_SOURCES.has(setting.type)) continue;
    const keys = literalKeys(setting);
    const described = bodySchemaFor(groupType, operation.id);
    const map = ![described, ...(described?.anyOf ?? [])].some((schema) => Object.keys(schema?.properties ?? {}).length > 0);
    const secret =
      keys === undefined
        ? map
          ? '(the secrets)'
          : undefined
        : keys.find((key) => (map && setting.type !== 'jsonata') || carriesSecret(groupType, operation.id, key));
    if (secret === undefined) continue;
    return new ConfigError(
      `the ${input.name} of ${groupType} ${operation.id} gives the secret body property "${secret}" a value typed into the flow as ${setting.type ?? 'text'}: ` +
        'set the body (or that property) from msg, flow, global or env in the edit form (a secret is never saved in the flow file)',
    );
  }
  return undefined;
}

/** The ConfigError for the first body property typed as a literal secret (one by one, or in a whole body typed into the flow), else undefined. */
export function typedSecretError(
  groupType: string,
  operationId: string,
  bodyProperties: Record<string, Setting> | undefined,
  operation?: OperationSpec,
  params?: Record<string, unknown>,
): ConfigError | undefined {
  const inBody = operation ? typedBodyError(groupType, operation, params) : undefined;
  if (inBody) return inBody;
  for (const [name, setting] of Object.entries(bodyProperties ?? {})) {
    if (setting.value === undefined || setting.value === null || setting.value === '') continue;
    if (setting.type !== undefined && SECRET_SOURCES.has(setting.type)) continue;
    if (!carriesSecret(groupType, operationId, name)) continue;
    return new ConfigError(
      `body property "${name}" of ${groupType} ${operationId} carries a secret, but the flow holds it typed as ${setting.type ?? 'text'}: ` +
        'set it from msg, flow, global or env in the edit form (a secret is never saved in the flow file)',
    );
  }
  return undefined;
}
