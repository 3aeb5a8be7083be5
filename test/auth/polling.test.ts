/**
 * Polling the token endpoint (device flow, backchannel login): the interval is kept and grows
 * after slow_down, authorization_pending keeps polling, any other refusal ends it, the code's
 * lifetime ends it, and closing the node stops it at once. Intervals here are fractions of a
 * second; the order of events is checked, never their timing.
 */
import assert from 'node:assert/strict';
import { pollForTokens } from '../../nodes/auth/polling';
import { Auth0Error } from '../../nodes/shared/errors';
import type { Auth0Response, RequestSpec, TenantClient } from '../../nodes/shared/http-types';

/** 'tokens', or the error Auth0 answers. */
type Answer = string;

/** A tenant client that answers the token request from a script: tokens, or an Auth0 error code. */
function scriptedClient(script: Answer[]): TenantClient & { requests: RequestSpec[] } {
  const requests: RequestSpec[] = [];
  return {
    baseUrl: 'https://tenant.example',
    domain: 'tenant.example',
    requests,
    async request<T>(spec: RequestSpec): Promise<Auth0Response<T>> {
      requests.push(spec);
      const next = script.shift() ?? 'authorization_pending';
      if (next === 'tokens') return { statusCode: 200, headers: {}, data: { access_token: 'at' } as T, rateLimit: {} };
      throw new Auth0Error(next, { statusCode: next === 'slow_down' ? 429 : 403, errorCode: next, error: next });
    },
    defaultCredential: () => undefined,
    getManagementToken: async () => 'x',
    onStatus: () => () => undefined,
    close: () => undefined,
  };
}

const request: RequestSpec = { method: 'POST', path: '/oauth/token', auth: 'none', operation: 'device_flow.login' };

describe('auth polling for tokens', () => {
  it('polls through authorization_pending, slows down after slow_down, and returns the tokens', async () => {
    const client = scriptedClient(['authorization_pending', 'slow_down', 'authorization_pending', 'tokens']);
    const waits: number[] = [];
    const answer = await pollForTokens({
      client,
      request,
      intervalSeconds: 0.01,
      expiresInSeconds: 60,
      signal: new AbortController().signal,
      slowDownStepSeconds: 0.02,
      onWait: (seconds) => waits.push(Number(seconds.toFixed(2))),
    });
    assert.deepEqual(answer.data, { access_token: 'at' });
    assert.equal(client.requests.length, 4);
    assert.deepEqual(waits, [0.01, 0.01, 0.03, 0.03], 'the interval grows by the step after slow_down and stays');
  });

  it('ends with the refusal for access_denied and expired_token, without another poll', async () => {
    for (const code of ['access_denied', 'expired_token', 'invalid_grant']) {
      const client = scriptedClient(['authorization_pending', code, 'tokens']);
      await assert.rejects(
        pollForTokens({ client, request, intervalSeconds: 0.01, expiresInSeconds: 60, signal: new AbortController().signal }),
        (err: Auth0Error) => err.errorCode === code,
      );
      assert.equal(client.requests.length, 2, code);
    }
  });

  it('gives up with expired_token once the code has lived its lifetime', async () => {
    const client = scriptedClient([]);
    await assert.rejects(
      pollForTokens({ client, request, intervalSeconds: 0.01, expiresInSeconds: 0.05, signal: new AbortController().signal }),
      (err: Auth0Error) => err.errorCode === 'expired_token' && /expired/.test(err.message),
    );
    assert.ok(client.requests.length >= 1);
  });

  it('stops at once when the node closes, sending nothing more', async () => {
    const client = scriptedClient([]);
    const controller = new AbortController();
    const polling = pollForTokens({ client, request, intervalSeconds: 3600, expiresInSeconds: 7200, signal: controller.signal });
    controller.abort();
    await assert.rejects(polling, (err: Auth0Error) => err.errorCode === 'ABORT_ERR');
    assert.equal(client.requests.length, 0);
  });
});
