/** The `attack_protection` group: the tenant's defences against credential attacks and bots, one settings document each. */
import { common, type GroupSpec, type OperationSpec } from '../shared/catalogue';

const READ = ['read:attack_protection'];
const UPDATE = ['update:attack_protection'];

/** A settings document under /attack-protection: a GET that reads it and a PATCH that changes the properties given. */
function settingsPair(segment: string, subject: string, id: string, label: string, properties: string): OperationSpec[] {
  const path = `/api/v2/attack-protection/${segment}`;
  return [
    {
      id: `get_${id}`,
      label: `Get ${label}`,
      description: `Reads the ${subject} settings.`,
      method: 'GET',
      path,
      inputs: [],
      scopes: READ,
      group: label,
    },
    {
      id: `update_${id}`,
      label: `Update ${label}`,
      description: `Changes the ${subject} settings given in body; the others keep their values.`,
      method: 'PATCH',
      path,
      inputs: [common.body(`The settings to change: ${properties}.`)],
      scopes: UPDATE,
      group: label,
    },
  ];
}

export const attackProtectionGroup: GroupSpec = {
  type: 'auth0-attack-protection',
  name: 'attack_protection',
  paletteLabel: 'attack protection',
  api: 'management',
  summary:
    'Reads and changes the attack protection settings: breached passwords, brute force, suspicious IP throttling, bot detection, CAPTCHA and phone provider protection.',
  details: [
    'Each protection is one settings document: get reads it, update sends only the properties to change (a PATCH).',
    'Bot detection and CAPTCHA take effect only with a plan that includes them; reading them works on every tenant.',
  ],
  references: [
    { title: 'Management API: Attack Protection', url: 'https://auth0.com/docs/api/management/v2/attack-protection/get-breached-password-detection' },
    { title: 'Attack protection', url: 'https://auth0.com/docs/secure/attack-protection' },
  ],
  operations: [
    ...settingsPair(
      'breached-password-detection',
      'breached password detection',
      'breached_password_detection',
      'breached password detection',
      'enabled, shields (block, user_notification, admin_notification), admin_notification_frequency, method, stage',
    ),
    ...settingsPair(
      'brute-force-protection',
      'brute-force protection',
      'brute_force_protection',
      'brute-force protection',
      'enabled, shields (block, user_notification), allowlist, mode, max_attempts',
    ),
    ...settingsPair(
      'suspicious-ip-throttling',
      'suspicious IP throttling',
      'suspicious_ip_throttling',
      'suspicious IP throttling',
      'enabled, shields (block, admin_notification), allowlist, stage (pre-login and pre-user-registration rates)',
    ),
    ...settingsPair(
      'bot-detection',
      'bot detection',
      'bot_detection',
      'bot detection',
      'bot_detection_level, challenge_password_policy, challenge_passwordless_policy, challenge_password_reset_policy, allowlist, monitoring_mode_enabled',
    ),
    ...settingsPair(
      'captcha',
      'CAPTCHA provider',
      'captcha',
      'CAPTCHA',
      'active_provider_id and the settings of a provider (recaptcha_v2, recaptcha_enterprise, hcaptcha, friendly_captcha, arkose, auth_challenge, simple_captcha)',
    ),
    ...settingsPair(
      'phone-provider-protection',
      'phone provider protection',
      'phone_provider_protection',
      'phone provider protection',
      'type (the protection applied to phone messages)',
    ),
  ],
};
