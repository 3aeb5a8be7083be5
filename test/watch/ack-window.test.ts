/**
 * The acknowledged mode's window (nodes/watch/ack-window.ts): the stored position never passes an
 * unacknowledged message, and one acknowledgement that never comes holds the sender after
 * `maxUnacked` messages instead of letting the window grow without bound.
 */
import assert from 'node:assert/strict';
import { AckWindow } from '../../nodes/watch/ack-window';
import { countSetting, readAckSettings } from '../../nodes/watch/ack-settings';

describe('acknowledged mode: the window', () => {
  it('advances only past acknowledged messages, in order', () => {
    const window = new AckWindow<number>(10);
    const ids = [1, 2, 3].map((position) => {
      const id = window.nextId();
      window.sent(id, position);
      return id;
    });
    window.ack(ids[1]);
    assert.equal(window.advance(), undefined, 'moved past the first, unacknowledged message');
    window.ack(ids[0]);
    assert.equal(window.advance(), 2);
    window.pass(4);
    assert.equal(window.advance(), undefined, 'a passed position went ahead of an unacknowledged message');
    window.ack(ids[2]);
    assert.equal(window.advance(), 4);
  });

  it('one acknowledgement that never comes holds the sender after maxUnacked messages, however many later ones are acknowledged', () => {
    const window = new AckWindow<number>(3);
    const lost = window.nextId();
    window.sent(lost, 0);
    let sent = 1;
    for (; sent < 1000 && window.room() === undefined; sent++) {
      const id = window.nextId();
      window.sent(id, sent);
      window.ack(id);
    }
    assert.equal(sent, 3, `${sent} messages sent while the first was never acknowledged`);
    assert.equal(window.outstanding, 1);
    assert.equal(window.span, 3);
    assert.equal(window.advance(), undefined);
  });

  it('a late acknowledgement of the oldest gives the room back and lets the position move', async () => {
    const window = new AckWindow<number>(2);
    const first = window.nextId();
    window.sent(first, 1);
    const second = window.nextId();
    window.sent(second, 2);
    window.ack(second);
    const wait = window.room();
    assert.ok(wait, 'room while the span is full');
    window.ack(first);
    await wait;
    assert.equal(window.room(), undefined);
    assert.equal(window.advance(), 2);
  });

  it('keeps counting right across the compaction of a long window', () => {
    const window = new AckWindow<number>(5);
    for (let i = 0; i < 5000; i++) {
      const id = window.nextId();
      window.sent(id, i);
      window.ack(id);
      assert.equal(window.advance(), i);
    }
    const lost = window.nextId();
    window.sent(lost, 5000);
    for (let i = 1; i < 5; i++) {
      const id = window.nextId();
      window.sent(id, 5000 + i);
      window.ack(id);
    }
    assert.equal(window.span, 5);
    assert.ok(window.room());
  });
});

describe('acknowledged mode: its settings', () => {
  it('takes a whole number of at least 1 (a number or its digits), else a clear error naming the property', () => {
    assert.equal(readAckSettings({ ack: true, maxUnacked: '20' }).maxUnacked, 20);
    assert.equal(readAckSettings({ ack: true, maxUnacked: 7 }).maxUnacked, 7);
    assert.equal(readAckSettings({ ack: true, maxUnacked: '' }).maxUnacked, 500);
    for (const bad of [true, '0x10', '1e3', 0, -1, 2.5, 'abc', '12 units'] as unknown[]) {
      assert.throws(() => readAckSettings({ ack: true, maxUnacked: bad as string }), /"maxUnacked" must be a whole number of at least 1/, String(bad));
      assert.throws(() => countSetting('batchSize', bad, 500), /"batchSize" must be a whole number/, String(bad));
    }
  });
});

describe('acknowledged mode: the window, its ids and its waits', () => {
  it('knows only its own ids, each acknowledged once, and none given before a clear', () => {
    const window = new AckWindow<number>(10);
    const first = window.nextId();
    window.sent(first, 1);
    const other = new AckWindow<number>(10);
    const foreign = other.nextId();
    other.sent(foreign, 1);
    assert.equal(window.ack(foreign), false, "another window's id was taken");
    assert.equal(window.ack(`${first}0`), false, 'an id that was never given was taken');
    assert.equal(window.ack(first.slice(0, -1)), false, 'a cut id was taken');
    assert.equal(window.ack(first), true);
    assert.equal(window.ack(first), false, 'acknowledged twice');
    const before = window.nextId();
    window.sent(before, 2);
    window.clear();
    assert.equal(window.ack(before), false, 'an id given before clear() was taken');
    const after = window.nextId();
    assert.notEqual(after, before);
    window.sent(after, 3);
    assert.equal(window.outstanding, 1);
    assert.equal(window.ack(after), true);
    assert.equal(window.advance(), 3);
  });

  it('a message is recorded with the id nextId() gave it, once', () => {
    const window = new AckWindow<number>(10);
    const id = window.nextId();
    assert.throws(() => window.sent(`${id}x`, 1), /nextId/);
    window.sent(id, 1);
    assert.throws(() => window.sent(id, 2), /nextId/);
  });

  it('a position passed goes with the message before it, or alone when none waits', () => {
    const window = new AckWindow<string>(10);
    window.pass('p0');
    const a = window.nextId();
    window.sent(a, 'a');
    window.pass('p1');
    window.pass('p2');
    const b = window.nextId();
    window.sent(b, 'b');
    assert.equal(window.advance(), 'p0', 'the position passed before any message waits for nothing');
    window.ack(b);
    assert.equal(window.advance(), undefined);
    window.ack(a);
    assert.equal(window.advance(), 'b');
    window.pass('p3');
    assert.equal(window.advance(), 'p3');
  });

  it('a wait for room ends once the acknowledgements of the same turn are in: the sender finds room for all of them', async () => {
    const window = new AckWindow<number>(3);
    const ids = [1, 2, 3].map((position) => {
      const id = window.nextId();
      window.sent(id, position);
      return id;
    });
    const wait = window.room();
    assert.ok(wait, 'no wait while the span is full');
    let spanWhenWoken: number | undefined;
    const woken = wait.then(() => (spanWhenWoken = window.span));
    window.ack(ids[0]);
    await Promise.resolve();
    window.ack(ids[1]);
    await Promise.resolve();
    window.ack(ids[2]);
    await woken;
    assert.equal(spanWhenWoken, 0, 'the sender went on before the acknowledgements of its turn were in');
  });
});
