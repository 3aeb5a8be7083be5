/**
 * A many-to-many relation kept in both directions (user ↔ role, org ↔ member),
 * so either side's list is O(1) to reach. Insertion order is kept.
 */
export class Relation {
  private readonly forward = new Map<string, Set<string>>();
  private readonly backward = new Map<string, Set<string>>();

  add(left: string, right: string): void {
    let rights = this.forward.get(left);
    if (!rights) this.forward.set(left, (rights = new Set()));
    rights.add(right);
    let lefts = this.backward.get(right);
    if (!lefts) this.backward.set(right, (lefts = new Set()));
    lefts.add(left);
  }

  remove(left: string, right: string): boolean {
    const rights = this.forward.get(left);
    if (!rights || !rights.delete(right)) return false;
    if (rights.size === 0) this.forward.delete(left);
    const lefts = this.backward.get(right);
    if (lefts) {
      lefts.delete(left);
      if (lefts.size === 0) this.backward.delete(right);
    }
    return true;
  }

  has(left: string, right: string): boolean {
    return this.forward.get(left)?.has(right) ?? false;
  }

  rightsOf(left: string): string[] {
    return Array.from(this.forward.get(left) ?? []);
  }

  leftsOf(right: string): string[] {
    return Array.from(this.backward.get(right) ?? []);
  }

  /** Removes every pair whose left side is `left` (e.g. a deleted user). */
  removeLeft(left: string): void {
    for (const right of this.rightsOf(left)) this.remove(left, right);
  }

  /** Removes every pair whose right side is `right` (e.g. a deleted role). */
  removeRight(right: string): void {
    for (const left of this.leftsOf(right)) this.remove(left, right);
  }

  clear(): void {
    this.forward.clear();
    this.backward.clear();
  }
}
