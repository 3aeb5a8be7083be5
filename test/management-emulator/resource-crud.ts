/**
 * One table-driven round trip for the plain collection groups (profiles, forms, flows, templates,
 * experimentation…): create, read back, find in the list (one page and all pages), update and read
 * the change, delete, then read 404; each step checks what the emulator stored.
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, type Harness, type Msg } from './harness';
import { assertStatus } from './fixtures';

export interface CrudCase {
  group: string;
  ops: { list: string; create: string; get: string; update: string; delete: string };
  /** The input naming the item (default `id`). */
  idInput?: string;
  /** Path inputs of a nested collection (its parent's id). */
  parent?: Msg;
  /** The create body; every property must read back. */
  body: Msg;
  /** The update body; every property must read back. */
  change: Msg;
  /** The list's items key when it answers an object. */
  itemsKey: string;
  /** The list pages, so "fetch all pages" is tried too. */
  pages?: boolean;
  /** Properties written but never read back (secrets). */
  writeOnly?: readonly string[];
  /** The status Auth0 answers a create with (default 201; 200 for forms, flows and vault connections, as recorded). */
  createdStatus?: number;
}

function assertHas(item: Msg, expected: Msg, writeOnly: readonly string[], where: string): void {
  for (const [key, value] of Object.entries(expected)) {
    if (writeOnly.includes(key)) assert.ok(!(key in item), `${where}: ${key} is never shown`);
    else assert.deepEqual(item[key], value, `${where}: ${key}`);
  }
}

/** Runs the round trip; resolves with the created item (already deleted). */
export async function crudRoundTrip(h: Harness, c: CrudCase): Promise<Msg> {
  const idInput = c.idInput ?? 'id';
  const writeOnly = c.writeOnly ?? [];
  const created = await h.run(c.group, c.ops.create, { ...c.parent, body: c.body });
  assertStatus(created, c.ops.create, c.createdStatus ?? 201);
  const item = payloadOf(created);
  assert.equal(typeof item.id, 'string', `${c.group}.${c.ops.create} answers the new id`);
  assertHas(item, c.body, writeOnly, `${c.group}.${c.ops.create}`);
  const key = { ...c.parent, [idInput]: item.id };

  assertHas(payloadOf(await h.run(c.group, c.ops.get, key)), c.body, writeOnly, `${c.group}.${c.ops.get}`);
  const listed = itemsOf(payloadOf(await h.run(c.group, c.ops.list, { ...c.parent })), c.itemsKey);
  assert.ok(
    listed.some((x) => x.id === item.id),
    `${c.group}.${c.ops.list} lists the new item`,
  );
  if (c.pages) {
    const all = itemsOf(payloadOf(await h.run(c.group, c.ops.list, { ...c.parent }, 'all')));
    assert.ok(
      all.some((x) => x.id === item.id),
      `${c.group}.${c.ops.list} with all pages lists the new item`,
    );
  }

  const updated = payloadOf(await h.run(c.group, c.ops.update, { ...key, body: c.change }));
  assertHas(updated, c.change, writeOnly, `${c.group}.${c.ops.update}`);
  assertHas(payloadOf(await h.run(c.group, c.ops.get, key)), c.change, writeOnly, `${c.group}.${c.ops.get} after update`);

  assertStatus(await h.run(c.group, c.ops.delete, key), c.ops.delete, 204);
  await h.gone(c.group, c.ops.get, key);
  const after = itemsOf(payloadOf(await h.run(c.group, c.ops.list, { ...c.parent })), c.itemsKey);
  assert.ok(!after.some((x) => x.id === item.id), `${c.group}.${c.ops.list} no longer lists the deleted item`);
  return item;
}

export const CRUD_OPS = { list: 'list', create: 'create', get: 'get', update: 'update', delete: 'delete' };
