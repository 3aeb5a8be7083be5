/** The one backoff policy (nodes/shared/backoff.ts) with each user's numbers. */
import assert from 'node:assert/strict';
import { backoffCeilingMs, backoffMs, withJitter } from '../../nodes/shared/backoff';

describe('backoff', () => {
  const policy = { firstMs: 1000, capMs: 8000, jitter: [0.8, 1.2] as const };

  it('doubles from the first wait per failure in a row, up to the cap', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 50].map((n) => backoffCeilingMs(n, policy)),
      [1000, 2000, 4000, 8000, 8000, 8000],
    );
    assert.equal(backoffCeilingMs(0, policy), 1000, 'no failure counts as the first');
  });

  it('scales the wait by a factor drawn from the jitter range', () => {
    assert.equal(
      withJitter(1000, policy, () => 0),
      800,
    );
    assert.equal(
      withJitter(1000, policy, () => 1),
      1200,
    );
    assert.equal(
      backoffMs(3, policy, () => 0.5),
      4000,
    );
    assert.equal(
      backoffMs(3, { ...policy, jitter: [0.5, 1] }, () => 0),
      2000,
      'equal jitter waits at least half',
    );
  });
});
