/**
 * Making liqe match terms the way Auth0's search does. liqe matches a term as a case-insensitive
 * substring; Auth0 matches codes and ids whole and with case, and quoted values exactly.
 */
import type { LiqeQuery } from 'liqe';

export interface AnchorRule {
  /** Whether a term on this field, quoted or not (`quoted`), is anchored to the whole value. */
  anchors(field: string, quoted: boolean): boolean;
  /** Whether the anchored match ignores case for this field. */
  ignoresCase(field: string): boolean;
}

/** Rewrites anchored terms into regular expressions (`*` and `?` of unquoted terms stay wildcards). */
export function anchorTerms(node: LiqeQuery, rule: AnchorRule): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key of ['left', 'right', 'operand']) {
    const child = record[key] as LiqeQuery | undefined;
    if (child && typeof child === 'object') anchorTerms(child, rule);
  }
  if (node.type !== 'Tag' || node.field.type !== 'Field') return;
  const expression = node.expression;
  if (expression.type !== 'LiteralExpression' || typeof expression.value !== 'string') return;
  const field = node.field.name;
  if (!rule.anchors(field, expression.quoted)) return;
  const escaped = expression.value.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
  const pattern = expression.quoted ? escaped.replace(/[*?]/g, '\\$&') : escaped.replace(/\*+/g, '.*').replace(/\?/g, '.');
  const flags = rule.ignoresCase(field) ? 'iu' : 'u';
  (node as unknown as { expression: unknown }).expression = { type: 'RegexExpression', value: `/^${pattern}$/${flags}`, location: expression.location };
}
