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

/** The ConfigError for the first body property typed as a literal secret, else undefined. */
export function typedSecretError(groupType: string, operationId: string, bodyProperties: Record<string, Setting> | undefined): ConfigError | undefined {
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
