/**
 * What an exactly-once test says when a watcher's output is not what the tenant had: how many ids
 * were sent, repeated and missing, with the first few of each.
 */
export function repeatsAndGaps(sent: string[], expected: string[], expectedAre: string): string {
  const seen = new Set<string>();
  const repeated = sent.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  const missing = expected.filter((id) => !seen.has(id));
  return `${sent.length} sent, ${expected.length} ${expectedAre}; repeated ${repeated.length} (${repeated.slice(0, 3).join(', ')}), missing ${missing.length} (${missing.slice(0, 3).join(', ')})`;
}
