/**
 * Reads a node's .html the way the Flow Library's scorecard does (node-red-dev `checknodes`):
 * every `<script … type="text/javascript" …>` block is parsed with acorn and each
 * `….registerType(<type>, <definition>)` call is examined; the type must be a string literal,
 * the definition an object literal whose category, color, icon, inputs and outputs are literals
 * and whose defaults and credentials are inline objects. Also splits out the edit template and
 * the help text.
 */
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';

/** The scorecard's own pattern for the script blocks it parses. */
const SCORECARD_SCRIPT = /<script.+?type=['"]text\/javascript['"].*?>([\S\s]*?)<\/script>/gi;
const LITERAL_PROPERTIES = ['category', 'color', 'icon', 'inputs', 'outputs'];
const INLINE_OBJECT_PROPERTIES = ['defaults', 'credentials'];

export interface NodeDefinition {
  type: string;
  /** Literal values of category, color, icon, inputs, outputs, paletteLabel (when literals). */
  literals: Record<string, string | number | boolean | null>;
  /** Names of every property of the definition object. */
  properties: string[];
  /** Keys of the inline `defaults` object. */
  defaults: string[];
  credentials: string[];
}

export interface ParsedHtml {
  definitions: NodeDefinition[];
  /** What the scorecard would report: non-literal type, non-object definition, non-inline properties, parse errors. */
  problems: string[];
}

function keyName(property: acorn.Property | acorn.SpreadElement): string | undefined {
  if (property.type !== 'Property') return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return undefined;
}

function isRegisterType(call: acorn.CallExpression): boolean {
  const callee = call.callee;
  return callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'registerType';
}

function definitionOf(type: string, object: acorn.ObjectExpression, problems: string[]): NodeDefinition {
  const definition: NodeDefinition = { type, literals: {}, properties: [], defaults: [], credentials: [] };
  for (const property of object.properties) {
    const name = keyName(property);
    if (!name || property.type !== 'Property') continue;
    definition.properties.push(name);
    const value = property.value;
    if (LITERAL_PROPERTIES.includes(name) || name === 'paletteLabel') {
      if (value.type === 'Literal' && !('regex' in value && value.regex)) definition.literals[name] = value.value as string | number | boolean | null;
      else if (name !== 'paletteLabel') problems.push(`${type}: ${name}-not-inline (${name} must be a literal)`);
    }
    if (INLINE_OBJECT_PROPERTIES.includes(name)) {
      if (value.type !== 'ObjectExpression') problems.push(`${type}: ${name}-not-inline (${name} must be an object literal)`);
      else {
        const keys = value.properties.map(keyName).filter((key): key is string => key !== undefined);
        if (name === 'defaults') definition.defaults = keys;
        else definition.credentials = keys;
      }
    }
  }
  return definition;
}

export function parseNodeHtml(html: string): ParsedHtml {
  const definitions: NodeDefinition[] = [];
  const problems: string[] = [];
  for (const match of html.matchAll(SCORECARD_SCRIPT)) {
    let program: acorn.Program;
    try {
      program = acorn.parse(match[1], { ecmaVersion: 'latest' });
    } catch (err) {
      problems.push(`parse error in a text/javascript block: ${(err as Error).message}`);
      continue;
    }
    walk.simple(program, {
      CallExpression(call) {
        if (!isRegisterType(call)) return;
        const [typeArg, definitionArg] = call.arguments;
        if (!typeArg || typeArg.type !== 'Literal' || typeof typeArg.value !== 'string') {
          problems.push('non-literal: the first argument of registerType must be a string literal');
          return;
        }
        if (!definitionArg || definitionArg.type !== 'ObjectExpression') {
          problems.push(`${typeArg.value}: non-objectexpression (the definition must be an object literal)`);
          return;
        }
        definitions.push(definitionOf(typeArg.value, definitionArg, problems));
      },
    });
  }
  return { definitions, problems };
}

/** The body of `<script type="text/html|text/markdown" data-<kind>-name="<type>">`, or undefined. */
export function namedBlock(html: string, kind: 'template' | 'help', type: string): { body: string; markdown: boolean } | undefined {
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attrs = match[1];
    const name = /data-([a-z]+)-name\s*=\s*["']([^"']+)["']/i.exec(attrs);
    if (!name || name[1] !== kind || name[2] !== type) continue;
    return { body: match[2], markdown: /type\s*=\s*["']text\/markdown["']/i.test(attrs) };
  }
  return undefined;
}

/** The help's structure: the first element and the h3 headings in order. */
export function helpOutline(help: string): { first: string; firstText: string; headings: string[] } {
  const trimmed = help.trim();
  const first = /^<([a-z0-9]+)/i.exec(trimmed)?.[1]?.toLowerCase() ?? '';
  const firstText = first === 'p' ? (/^<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(trimmed)?.[1] ?? '').replace(/<[^>]+>/g, '').trim() : '';
  const headings = [...trimmed.matchAll(/<h3\b[^>]*>([\s\S]*?)<\/h3>/gi)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());
  return { first, firstText, headings };
}

/** Every `data-i18n` key of the html (with the `[attr]` prefix removed), and every `_('key')` call. */
export function i18nKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const match of text.matchAll(/data-i18n\s*=\s*["']([^"']+)["']/g)) {
    for (const part of match[1].split(';')) keys.add(part.replace(/^\[[^\]]+\]/, '').trim());
  }
  for (const match of text.matchAll(/\b_\(\s*['"]([\w.:-]+)['"]/g)) keys.add(match[1]);
  return [...keys].filter((key) => key !== '');
}

/** Looks up a dotted key in a message catalog. */
export function lookup(catalog: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalog);
}

/**
 * The keys of the node's own catalogue that the shared editor script's form renderers read for it:
 * for every `Auth0Editor.<renderer>(` the .html calls, each `text('<key>')` in that renderer's body
 * (resources/auth0-editor.js reads them as `<type>.<key>`, through ownText).
 */
export function rendererKeys(editorScript: string, html: string, type: string): string[] {
  const keys = new Set<string>();
  for (const call of html.matchAll(/Auth0Editor\.(\w+)\(/g)) {
    const start = editorScript.indexOf(`\n    ${call[1]}: function`);
    if (start === -1) continue;
    const end = editorScript.indexOf('\n    },\n', start);
    const body = editorScript.slice(start, end === -1 ? undefined : end);
    for (const match of body.matchAll(/(?<![.\w])text\(\s*['"]([\w.-]+)['"]/g)) keys.add(`${type}.${match[1]}`);
  }
  return [...keys];
}
