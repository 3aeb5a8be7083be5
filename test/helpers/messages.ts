/**
 * The package's en-US message catalogues, for tests: node-red-node-test-helper gives node
 * modules a `RED._` that returns the key itself, where Node-RED translates it. `translate` does
 * what Node-RED's does (a `namespace:` prefix names the catalogue; `__name__` is substituted), so
 * a node's status reads in a test as a user sees it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const dist = path.resolve(__dirname, '..', '..');

let merged: Record<string, unknown> | undefined;

function catalogues(): Record<string, unknown> {
  if (merged) return merged;
  merged = {};
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json') && full.includes(`${path.sep}locales${path.sep}en-US${path.sep}`)) {
        // Each catalogue has one top key (its node type, or auth0-action for every action node).
        Object.assign(merged!, JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>);
      }
    }
  };
  walk(path.join(dist, 'nodes'));
  return merged;
}

function lookUp(name: string): unknown {
  let value: unknown = catalogues();
  for (const part of name.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

const PLURAL = new Intl.PluralRules('en-US');

/**
 * The en-US text of a message key (with or without its namespace), or the key itself when there is
 * none. A numeric `count` picks the plural form as i18next does: `<key>_one`, `<key>_other` (or
 * Node-RED's older `<key>_plural`), else the key itself.
 */
export function translate(key: string, substitutions: Record<string, unknown> = {}): string {
  const name = key.includes(':') ? key.slice(key.lastIndexOf(':') + 1) : key;
  const count = substitutions.count;
  const forms = typeof count === 'number' ? [`${name}_${PLURAL.select(count)}`, ...(PLURAL.select(count) === 'other' ? [`${name}_plural`] : [])] : [];
  const value = [...forms, name].map(lookUp).find((text) => typeof text === 'string');
  if (typeof value !== 'string') return key;
  return value.replace(/__([a-zA-Z0-9_]+)__/g, (match, param: string) => (param in substitutions ? String(substitutions[param]) : match));
}

/** A node module whose `RED._` translates like Node-RED's, instead of the test helper's echo of the key. */
export function translating(mod: unknown): unknown {
  const register = mod as (RED: Record<string, unknown>) => void;
  return Object.assign((RED: Record<string, unknown>) => {
    RED._ = translate;
    register(RED);
  }, mod as object);
}

/** The package's status texts in en-US, as a node gets them from `statusTexts(RED)`. */
export const statusText = (key: string, substitutions?: Record<string, unknown>): string => translate(`auth0-config.status.${key}`, substitutions);
