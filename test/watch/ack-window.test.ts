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
