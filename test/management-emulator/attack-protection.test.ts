/**
 * auth0-attack-protection in Node-RED against the emulator: each protection's settings document is
 * read, changed with a PATCH that keeps the other properties, and read back.
 */
import assert from 'node:assert/strict';
import { payloadOf, type Msg, useHarness } from './harness';

/** Per protection: a property of Auth0's defaults, a change, and a change Auth0 refuses. */
const PROTECTIONS: ReadonlyArray<{ id: string; kept: string; change: Msg; answered?: Msg; refused: Msg }> = [
  { id: 'breached_password_detection', kept: 'method', change: { enabled: true, shields: ['block', 'admin_notification'] }, refused: { method: 'fuzzy' } },
  { id: 'brute_force_protection', kept: 'mode', change: { max_attempts: 5, allowlist: ['198.51.100.7'] }, refused: { max_attempts: 'many' } },
  { id: 'suspicious_ip_throttling', kept: 'stage', change: { enabled: false }, refused: { enabled: 'no' } },
  { id: 'bot_detection', kept: 'challenge_password_policy', change: { bot_detection_level: 'high' }, refused: { bot_detection_level: 'extreme' } },
  {
    id: 'captcha',
    kept: 'auth_challenge',
    // Auth0 takes a provider's secret with its site key, and never answers it.
    change: { active_provider_id: 'hcaptcha', hcaptcha: { site_key: 'site', secret: 'hcaptcha-secret' } },
    answered: { active_provider_id: 'hcaptcha' },
    refused: { active_provider_id: 'my-captcha' },
  },
  { id: 'phone_provider_protection', kept: 'type', change: { type: 'exponential' }, refused: { type: 'linear' } },
];

describe('management nodes against the emulator: attack_protection', function () {
  this.timeout(60000);
  const h = useHarness();

  for (const p of PROTECTIONS) {
    it(`reads ${p.id}, changes it, and reads the change back with the rest kept`, async () => {
      const before = payloadOf(await h.run('attack_protection', `get_${p.id}`, {}));
      assert.ok(p.kept in before, `${p.kept} is among Auth0's defaults`);
      const updated = payloadOf(await h.run('attack_protection', `update_${p.id}`, { body: p.change }));
      for (const [key, value] of Object.entries(p.answered ?? p.change)) assert.deepEqual(updated[key], value, key);
      const after = payloadOf(await h.run('attack_protection', `get_${p.id}`, {}));
      assert.deepEqual(after, updated);
      if (!(p.kept in p.change)) assert.deepEqual(after[p.kept], before[p.kept], `${p.kept} kept`);
      const refused = await h.fail('attack_protection', `update_${p.id}`, { body: p.refused });
      assert.equal(refused.statusCode, 400);
      assert.deepEqual(payloadOf(await h.run('attack_protection', `get_${p.id}`, {})), after, 'a refused change changes nothing');
    });
  }

  it('exercised every attack_protection operation', () => {
    h.assertAllExercised('attack_protection');
  });
});
