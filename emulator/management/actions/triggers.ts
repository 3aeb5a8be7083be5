/**
 * The triggers the emulator's Actions know: Auth0's `ActionTriggerTypeEnum`, each with its current
 * version and runtimes as GET /api/v2/actions/triggers lists them.
 */
const CURRENT_VERSIONS: Record<string, string> = {
  'post-login': 'v3',
  'credentials-exchange': 'v2',
  'pre-user-registration': 'v2',
  'post-user-registration': 'v2',
  'post-change-password': 'v2',
  'send-phone-message': 'v2',
  'custom-phone-provider': 'v1',
  'custom-email-provider': 'v1',
  'password-reset-post-challenge': 'v1',
  'custom-token-exchange': 'v1',
  'event-stream': 'v1',
  'password-hash-migration': 'v1',
  'login-post-identifier': 'v1',
  'signup-post-identifier': 'v1',
};

export const TRIGGER_IDS: readonly string[] = Object.keys(CURRENT_VERSIONS);

export function isTrigger(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(CURRENT_VERSIONS, id);
}

export function triggerList(): Record<string, unknown>[] {
  return TRIGGER_IDS.map((id) => ({
    id,
    version: CURRENT_VERSIONS[id],
    status: 'CURRENT',
    runtimes: ['node18', 'node22'],
    default_runtime: 'node22',
    compatible_triggers: [],
    binding_policy: 'trigger-bound',
  }));
}
