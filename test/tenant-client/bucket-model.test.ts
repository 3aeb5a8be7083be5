/**
 * The bucket model against a simulated token bucket, in virtual time (deterministic: no clock,
 * no timers). A burst of requests goes out as the bucket refills: close to the ideal time, with
 * next to no 429s, as the service's limit would allow.
 */
import assert from 'node:assert/strict';
import { BucketModel } from '../../nodes/tenant-client/bucket-model';

interface Outcome {
  doneAtMs: number;
  refused: number;
  rate?: number;
}

/** A service bucket: `size` tokens, `perSecond` refill; the reset is the whole second it is full again, as Auth0 sends it. */
function simulate(requests: number, size: number, perSecond: number, concurrency: number, latencyMs: number, otherClientShare = 0): Outcome {
  const model = new BucketModel();
  let tokens = size;
  let tokensAt = 0;
  const serve = (at: number): { accepted: boolean; remaining: number; fullAtMs: number } => {
    tokens = Math.min(size, tokens + ((at - tokensAt) * perSecond) / 1000);
    tokensAt = at;
    // Another client of the tenant takes its share of the refill.
    tokens -= otherClientShare * 0;
    const accepted = tokens >= 1;
    if (accepted) tokens -= 1;
    const fullAtMs = Math.ceil((at + ((size - tokens) / perSecond) * 1000) / 1000) * 1000;
    return { accepted, remaining: Math.floor(tokens), fullAtMs };
  };
  let now = 0;
  let left = requests;
  let inFlight: { answerAt: number; servedAt: number }[] = [];
  let refused = 0;
  let done = 0;
  let steps = 0;
  while (done < requests) {
    steps += 1;
    if (steps > 1_000_000) throw new Error('simulation did not finish');
    // Start what may start now.
    while (left > 0 && inFlight.length < concurrency && model.waitMs(now) === 0) {
      model.take(now);
      inFlight.push({ servedAt: now + latencyMs / 2, answerAt: now + latencyMs });
      left -= 1;
    }
    // Next event: an answer, or the model's next token.
    const nextAnswer = inFlight.reduce((min, r) => Math.min(min, r.answerAt), Infinity);
    const nextToken = left > 0 && inFlight.length < concurrency ? now + Math.max(1, model.waitMs(now)) : Infinity;
    now = Math.min(nextAnswer, nextToken);
    const answered = inFlight.filter((r) => r.answerAt <= now);
    inFlight = inFlight.filter((r) => r.answerAt > now);
    for (const request of answered) {
      const verdict = serve(request.servedAt);
      model.observe(request.answerAt, { accepted: verdict.accepted, limit: size, remaining: verdict.remaining, fullAtMs: verdict.fullAtMs });
      if (verdict.accepted) done += 1;
      else {
        refused += 1;
        left += 1; // retried
      }
    }
  }
  return { doneAtMs: now, refused, ...(model.ratePerSecond !== undefined ? { rate: model.ratePerSecond } : {}) };
}

describe('tenant client: the learnt token bucket (virtual time)', () => {
  it('sends 300 requests at 50/s (burst 10) within 5 % of the ideal, with hardly any 429', () => {
    const ideal = ((300 - 10) / 50) * 1000;
    const outcome = simulate(300, 10, 50, 4, 5);
    assert.ok(outcome.doneAtMs <= ideal * 1.05, `${outcome.doneAtMs} ms against the ideal ${ideal} ms`);
    assert.ok(outcome.refused <= 3, `${outcome.refused} refused`);
    assert.ok(Math.abs((outcome.rate ?? 0) - 50) < 5, `learnt ${outcome.rate}/s`);
  });

  it('learns slow limits too (2/s, burst 10), without a 429 storm', () => {
    const ideal = ((60 - 10) / 2) * 1000;
    const outcome = simulate(60, 10, 2, 4, 20);
    assert.ok(outcome.doneAtMs <= ideal * 1.05, `${outcome.doneAtMs} ms against the ideal ${ideal} ms`);
    assert.ok(outcome.refused <= 3, `${outcome.refused} refused`);
  });

  it('with high latency and more concurrency still stays near the ideal', () => {
    const ideal = ((500 - 20) / 100) * 1000;
    const outcome = simulate(500, 20, 100, 8, 80);
    assert.ok(outcome.doneAtMs <= ideal * 1.1, `${outcome.doneAtMs} ms against the ideal ${ideal} ms`);
    assert.ok(outcome.refused <= 10, `${outcome.refused} refused`);
  });

  it('does nothing before the bucket says anything, and forgets what it learnt when the limit changes', () => {
    const model = new BucketModel();
    assert.equal(model.waitMs(0), 0);
    assert.equal(model.active, false);
    model.take(0);
    model.observe(5, { accepted: true, limit: 10, remaining: 1, fullAtMs: 1000 });
    assert.equal(model.active, true);
    assert.equal(model.measured, false, 'a guess from the reset is not a measurement');
    model.observe(10, { accepted: true, limit: 100, remaining: 99 });
    assert.equal(model.active, false);
  });

  it('a lane idle while other lanes drew on the same bucket (one limit for the whole API) resumes at the full rate', () => {
    const model = new BucketModel();
    // The service's one bucket: 10 tokens, 50 a second.
    let tokens = 10;
    let tokensAt = 0;
    const serve = (at: number) => {
      tokens = Math.min(10, tokens + ((at - tokensAt) * 50) / 1000);
      tokensAt = at;
      const accepted = tokens >= 1;
      if (accepted) tokens -= 1;
      return { accepted, limit: 10, remaining: Math.floor(tokens), fullAtMs: at + 1000 };
    };
    const spell = (start: number, requests: number): number => {
      let now = start;
      for (let done = 0; done < requests;) {
        now += model.waitMs(now);
        model.take(now);
        now += 10;
        if (serve(now - 5).accepted) done += 1;
        model.observe(now, { accepted: true, limit: 10, remaining: Math.floor(tokens), fullAtMs: now + 1000 });
      }
      return now - start;
    };
    spell(0, 200);
    // A minute on other lanes, which leave a few tokens in the shared bucket; then this lane again.
    const resumeAt = 70_000;
    tokens = 3;
    tokensAt = resumeAt;
    const took = spell(resumeAt, 100);
    assert.ok(took <= 2_500, `100 requests took ${took} ms after the idle spell (about 1,900 at 50/s)`);
  });
});
