/**
 * auth0-log-alert's key table against a Map: random adds and deletes of keys that share long
 * prefixes (as `user|ip` keys do), with the table growing, every key looked up after each step.
 */
import assert from 'node:assert/strict';
import { KeyTable } from '../../nodes/logs/log-alert/key-table';
import { random } from './support';

describe('auth0-log-alert key table', function () {
  for (const seed of [1, 2, 3]) {
    it(`finds each key's slot as a Map does, through adds, deletes and growth (seed ${seed})`, () => {
      const next = random(seed);
      const keyAt: string[] = [];
      const table = new KeyTable(keyAt);
      const model = new Map<string, number>();
      const freeSlots: number[] = [];
      const universe = Array.from({ length: 5000 }, (_, i) => `auth0|${i % 1700}|10.0.${i >> 8}.${i & 255}`);
      for (let step = 0; step < 20_000; step++) {
        const key = universe[Math.floor(next() * universe.length)];
        if (model.has(key)) {
          if (next() < 0.6) {
            const slot = model.get(key) as number;
            table.delete(key);
            model.delete(key);
            freeSlots.push(slot);
          }
        } else {
          const slot = freeSlots.length > 0 ? (freeSlots.pop() as number) : keyAt.length;
          keyAt[slot] = key;
          table.set(key, slot);
          model.set(key, slot);
        }
        assert.equal(table.size, model.size);
        if (step % 500 === 0 || step > 19_900) for (const k of universe) assert.equal(table.get(k), model.get(k) ?? -1, `${k} at step ${step}`);
      }
      assert.ok(model.size > 1000, 'enough keys live at the end for the table to have grown');
    });
  }

  it('tells keys apart that differ in one character, and a key from its prefix', () => {
    const keyAt = ['a|1', 'a|2', 'a|', 'a', ''];
    const table = new KeyTable(keyAt);
    keyAt.forEach((key, slot) => table.set(key, slot));
    keyAt.forEach((key, slot) => assert.equal(table.get(key), slot));
    assert.equal(table.get('a|3'), -1);
    assert.equal(table.get(`a|${'1'}`), 0, 'a key made anew (another string) is found');
  });
});
