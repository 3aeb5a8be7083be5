/** A value nested `levels` deep (`{a: {a: …}}`), as a hostile message or delivery carries it. */
export function nested(levels: number): Record<string, unknown> {
  const top: Record<string, unknown> = {};
  let at = top;
  for (let i = 0; i < levels; i++) {
    const next: Record<string, unknown> = {};
    at.a = next;
    at = next;
  }
  return top;
}
