/**
 * The help's part from Auth0's API descriptions (nodes/descriptions): each operation's body
 * properties (name, type, required, meaning) and what the answer holds. Compact, since Node-RED
 * sends every node's help with the editor's node list.
 */
import { answerFieldsFor, bodySchemaFor, type JsonSchema } from '../nodes/descriptions/descriptions';
import type { GroupSpec, OperationSpec } from '../nodes/shared/catalogue';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `string`, `array of string`, `object | null`. */
export function schemaType(schema: JsonSchema): string {
  if (schema.type === undefined) {
    if (schema.anyOf) return [...new Set(schema.anyOf.map(schemaType))].join(' | ');
    if (schema.allOf) return schemaType(schema.allOf[0]);
    return schema.properties ? 'object' : 'any';
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.map((t) => (t === 'array' && schema.items ? `array of ${schemaType(schema.items)}` : t)).join(' | ');
}

/** The body's properties; of alternatives, all of them, required where every alternative requires it. */
function bodyProperties(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  if (schema.properties || !schema.anyOf) return { properties: schema.properties ?? {}, required: new Set(schema.required ?? []) };
  const parts = schema.anyOf.map(bodyProperties);
  const properties: Record<string, JsonSchema> = {};
  for (const part of parts) for (const [name, prop] of Object.entries(part.properties)) properties[name] ??= prop;
  const required = new Set(Object.keys(properties).filter((name) => parts.every((part) => part.required.has(name))));
  return { properties, required };
}

function propertyNotes(prop: JsonSchema): string {
  const notes: string[] = [];
  const values = prop.enum?.filter((v) => v !== null);
  if (values && values.length > 0 && values.length <= 10) notes.push(`one of ${values.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(', ')}`);
  const fields = Object.keys(prop.properties ?? prop.items?.properties ?? {});
  if (fields.length > 0) notes.push(`fields ${fields.slice(0, 12).map(escapeHtml).join(', ')}${fields.length > 12 ? ', …' : ''}`);
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

/** The body properties and the answer of one operation, as help HTML; empty when the descriptions have neither. */
export function descriptionHelp(group: GroupSpec, op: OperationSpec): string {
  const lines: string[] = [];
  const body = bodySchemaFor(group.type, op.id);
  if (body) {
    const { properties, required } = bodyProperties(body);
    const names = Object.keys(properties).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
    if (names.length > 0) {
      lines.push(
        "<p>Body properties (Auth0's API description; checked before sending unless <i>Check body</i> is off):</p>",
        '<ul>',
        ...names.map((name) => {
          const prop = properties[name];
          const meaning = prop.description ? `: ${escapeHtml(prop.description)}` : '';
          return `<li><code>${escapeHtml(name)}</code> <i>${escapeHtml(schemaType(prop))}</i>${required.has(name) ? ', required' : ''}${meaning}${propertyNotes(prop)}</li>`;
        }),
        '</ul>',
      );
    }
  }
  const answer = answerFieldsFor(group.type, op.id);
  if (answer?.fields && answer.fields.length > 0) {
    // Names only: their types and meanings are in Auth0's reference, and this goes out with every editor load.
    const what = answer.type === 'array' ? 'an array of objects with' : `${/^[aeiou]/.test(answer.type) ? 'an' : 'a'} ${escapeHtml(answer.type)} with`;
    lines.push(`<p>Answer (<code>msg.payload</code>): ${what} <code>${answer.fields.map((f) => escapeHtml(f.name)).join(', ')}</code>.</p>`);
  }
  return lines.join('\n');
}
