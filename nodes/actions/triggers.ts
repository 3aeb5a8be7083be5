/**
 * Auth0's Actions triggers (the extensibility points an action binds to), as the Management API
 * reference lists them (`ActionTriggerTypeEnum`). Shared by the catalogue, the deploy-and-bind
 * executor and the emulator, so all three agree on what a trigger is.
 */
export const ACTION_TRIGGERS = [
  'post-login',
  'credentials-exchange',
  'pre-user-registration',
  'post-user-registration',
  'post-change-password',
  'send-phone-message',
  'custom-phone-provider',
  'custom-email-provider',
  'password-reset-post-challenge',
  'custom-token-exchange',
  'event-stream',
  'password-hash-migration',
  'login-post-identifier',
  'signup-post-identifier',
] as const;

export type ActionTrigger = (typeof ACTION_TRIGGERS)[number];

/** Where deploy-and-bind puts the action among a trigger's bindings. */
export const BIND_POSITIONS = ['last', 'first', 'index', 'after'] as const;
