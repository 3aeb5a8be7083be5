/**
 * A generic in-memory collection: items by id in a Map (O(1) get/delete,
 * insertion order kept for listing), plus optional secondary indexes.
 * Items must not be mutated in place when an indexed field changes: use
 * `update()`, which re-indexes.
 */
export type IndexKeyFn<T> = (item: T) => string | readonly string[] | undefined | null;

export class Collection<T extends object> {
  private readonly items = new Map<string, T>();
  /** Index key → one id, or a Set of ids when several items share the key (a Set per item would cost memory). */
  private readonly indexes = new Map<string, { keyOf: IndexKeyFn<T>; map: Map<string, IdBucket> }>();

  constructor(
    readonly name: string,
    private readonly idOf: (item: T) => string,
  ) {}

  get size(): number {
    return this.items.size;
  }

  /** Adds a secondary index; `keyOf` may return several keys, or none. */
  addIndex(indexName: string, keyOf: IndexKeyFn<T>): this {
    const map = new Map<string, IdBucket>();
    this.indexes.set(indexName, { keyOf, map });
    for (const [id, item] of this.items) this.indexItem(id, item, keyOf, map);
    return this;
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** Inserts a new item; returns false (and changes nothing) if the id exists. */
  insert(item: T): boolean {
    const id = this.idOf(item);
    if (this.items.has(id)) return false;
    this.items.set(id, item);
    for (const { keyOf, map } of this.indexes.values()) this.indexItem(id, item, keyOf, map);
    return true;
  }

  /** Inserts or replaces. */
  put(item: T): void {
    const id = this.idOf(item);
    if (this.items.has(id)) this.delete(id);
    this.insert(item);
  }

  /** Applies `change` to the stored item and re-indexes it. Returns the item, or undefined if absent. */
  update(id: string, change: (item: T) => void): T | undefined {
    const item = this.items.get(id);
    if (!item) return undefined;
    for (const { keyOf, map } of this.indexes.values()) this.unindexItem(id, item, keyOf, map);
    try {
      change(item);
    } finally {
      for (const { keyOf, map } of this.indexes.values()) this.indexItem(id, item, keyOf, map);
    }
    return item;
  }

  delete(id: string): T | undefined {
    const item = this.items.get(id);
    if (!item) return undefined;
    for (const { keyOf, map } of this.indexes.values()) this.unindexItem(id, item, keyOf, map);
    this.items.delete(id);
    return item;
  }

  /** Items whose index `indexName` holds `key`. */
  findBy(indexName: string, key: string): T[] {
    const index = this.indexes.get(indexName);
    if (!index) throw new Error(`collection ${this.name} has no index ${indexName}`);
    const bucket = index.map.get(key);
    if (bucket === undefined) return [];
    if (typeof bucket === 'string') {
      const item = this.items.get(bucket);
      return item ? [item] : [];
    }
    const out: T[] = [];
    for (const id of bucket) {
      const item = this.items.get(id);
      if (item) out.push(item);
    }
    return out;
  }

  firstBy(indexName: string, key: string): T | undefined {
    return this.findBy(indexName, key)[0];
  }

  /** All items in insertion order (a new array). */
  list(): T[] {
    return Array.from(this.items.values());
  }

  values(): IterableIterator<T> {
    return this.items.values();
  }

  ids(): IterableIterator<string> {
    return this.items.keys();
  }

  clear(): void {
    this.items.clear();
    for (const { map } of this.indexes.values()) map.clear();
  }

  private indexItem(id: string, item: T, keyOf: IndexKeyFn<T>, map: Map<string, IdBucket>): void {
    for (const key of keysOf(keyOf(item))) {
      const bucket = map.get(key);
      if (bucket === undefined) map.set(key, id);
      else if (typeof bucket === 'string') {
        if (bucket !== id) map.set(key, new Set([bucket, id]));
      } else bucket.add(id);
    }
  }

  private unindexItem(id: string, item: T, keyOf: IndexKeyFn<T>, map: Map<string, IdBucket>): void {
    for (const key of keysOf(keyOf(item))) {
      const bucket = map.get(key);
      if (bucket === undefined) continue;
      if (typeof bucket === 'string') {
        if (bucket === id) map.delete(key);
        continue;
      }
      bucket.delete(id);
      if (bucket.size === 1) map.set(key, bucket.values().next().value as string);
      else if (bucket.size === 0) map.delete(key);
    }
  }
}

type IdBucket = string | Set<string>;

function keysOf(keys: string | readonly string[] | undefined | null): readonly string[] {
  if (keys === undefined || keys === null) return [];
  return typeof keys === 'string' ? [keys] : keys;
}

/** A collection of plain JSON records keyed by a field (default `id`), for groups without a typed model. */
export type JsonRecord = Record<string, unknown>;

export function recordCollection(name: string, idField = 'id'): Collection<JsonRecord> {
  return new Collection<JsonRecord>(name, (item) => String(item[idField]));
}
